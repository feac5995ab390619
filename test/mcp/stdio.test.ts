/**
 * `partspec mcp` as an assistant runs it: the SDK's own client starts the process over stdio,
 * against the emulator over real HTTP. Every tool answers what `partspec … --json` prints for the
 * same inputs; malformed calls and refusals are one sentence; the key appears nowhere. The command
 * line it is compared with runs in this process (test/cli/in-process.ts), as it prints.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import Papa from 'papaparse';
import { DEMO_KEY, HOSTILE_PARTNOS, HOSTILE_STRINGS, type CatalogProduct } from '../../emulator';
import { LIFECYCLE_BOM } from '../fixtures/boms/lifecycle-bom';
import { useEmulatorHome, type CliRun } from '../cli/helpers';
import { runCliInProcess } from '../cli/in-process';
import { call, jsonTextOf, resourceText, startStdioSession, textOf, type StdioSession } from './support';

const world = useEmulatorHome();
let session: StdioSession;
let root: string;
const answers: string[] = [];

const env = (): Record<string, string> => ({ HOME: world.home, XDG_CACHE_HOME: join(world.home, '.cache'), PARTSPEC_BASE_URL: world.emulator.url, PARTSPEC_API_KEY: DEMO_KEY });
const cli = (args: string[]): Promise<CliRun> => runCliInProcess(args, { home: world.home, env: env() });
const partnoOf = (p: CatalogProduct): string => p.values.Partno as string;

async function tool(name: string, args: Record<string, unknown>): ReturnType<typeof call> {
  const result = await call(session.client, name, args);
  answers.push(JSON.stringify(result));
  return result;
}

beforeAll(async () => {
  root = join(world.home, 'boms');
  mkdirSync(root);
  writeFileSync(join(root, 'lifecycle.csv'), Papa.unparse(LIFECYCLE_BOM, { newline: '\n' }));
  session = await startStdioSession(['--root', root], env());
}, 60_000);

afterAll(async () => {
  await session?.close();
});

test('initialize names the server; tools/list offers its seven tools with schemas a JSON Schema validator compiles', async () => {
  expect(session.client.getServerVersion()?.name).toBe('partspec');
  const { tools } = await session.client.listTools();
  expect(tools.map((t) => t.name)).toEqual(['lookup', 'search', 'find_parts', 'replacements', 'check_bom', 'check_portfolio', 'download_url']);
  const validator = new AjvJsonSchemaValidator();
  for (const t of tools) {
    expect(t.inputSchema.type).toBe('object');
    expect(t.description!.length).toBeGreaterThan(80);
    expect(t.annotations?.readOnlyHint).toBe(true);
    expect(() => validator.getValidator(t.inputSchema)).not.toThrow();
  }
  const lookup = tools.find((t) => t.name === 'lookup')!;
  expect(validator.getValidator(lookup.inputSchema)({ partnos: ['GRM155R71C104KA88D'] }).valid).toBe(true);
  expect(validator.getValidator(lookup.inputSchema)({ partnos: 'GRM' }).valid).toBe(false);
});

test('lookup answers what partspec lookup --json prints, and each part becomes a resource', async () => {
  const smd = world.emulator.catalog.byGroup.SMD;
  const inputs = [partnoOf(smd[0]), partnoOf(smd[5]), 'NOTAPART-0000', partnoOf(smd[0])];
  const result = await tool('lookup', { partnos: inputs, fields: ['Status', 'Capacitance:nF', 'LastBuyDate'] });
  expect(result.isError).toBeFalsy();
  const printed = await cli(['lookup', ...inputs, '--fields', 'Status,Capacitance:nF,LastBuyDate', '--json']);
  expect(printed.code).toBe(1);
  expect(result.structuredContent).toEqual({ results: JSON.parse(printed.stdout) });
  expect(textOf(result)).toBe('3 part numbers looked up: 2 Exact, 1 Not found.');

  const { resources } = await session.client.listResources();
  const uris = resources.map((r) => r.uri);
  expect(uris).toEqual(expect.arrayContaining([`partspec://part/${encodeURIComponent(inputs[0])}`, 'partspec://part/NOTAPART-0000', 'partspec://vocabulary/inductors/ja']));
  const read = await session.client.readResource({ uri: `partspec://part/${encodeURIComponent(inputs[1])}` });
  expect(JSON.parse(resourceText(read))).toEqual(JSON.parse(printed.stdout)[1]);
});

test("a part number one look-alike character from a real one (O for 0) is named in the text, as the command line names it", async () => {
  const result = await tool('lookup', { partnos: ['GRM155R71C1O4KA88D'] });
  expect(result.isError).toBeFalsy();
  expect(textOf(result)).toBe("1 part number looked up: 1 Not found. 'GRM155R71C1O4KA88D' not found: did you mean 'GRM155R71C104KA88D'?");
  const printed = await cli(['lookup', 'GRM155R71C1O4KA88D', '--json']);
  expect(result.structuredContent).toEqual({ results: JSON.parse(printed.stdout) });
  expect(printed.stderr).toContain("Did you mean 'GRM155R71C104KA88D'?");
});

test('text the service sends (markup, formulas) stays inside the data fields; the sentence carries none of it', async () => {
  const inputs = HOSTILE_PARTNOS.slice(0, 6);
  const result = await tool('lookup', { partnos: inputs, fields: ['ProductName', 'Notices'] });
  const printed = await cli(['lookup', ...inputs, '--fields', 'ProductName,Notices', '--json']);
  expect(result.structuredContent).toEqual({ results: JSON.parse(printed.stdout) });
  const data = JSON.stringify(result.structuredContent);
  for (const hostile of [HOSTILE_STRINGS.hyperlink, HOSTILE_STRINGS.formula, HOSTILE_STRINGS.script]) expect(data).toContain(JSON.stringify(hostile).slice(1, -1));
  // The sentence, then the same data as JSON text (for a client that reads only text).
  expect(result.content).toHaveLength(2);
  expect(jsonTextOf(result)).toEqual(result.structuredContent);
  expect(textOf(result)).toBe(`${inputs.length} part numbers looked up: ${inputs.length} Exact.`);
});

test('an ambiguous start lists at most 100 products and counts the rest', async () => {
  const catalog = [...world.emulator.catalog.byPartno.keys()];
  const counts = new Map<string, number>();
  for (const partno of catalog) counts.set(partno.slice(0, 5), (counts.get(partno.slice(0, 5)) ?? 0) + 1);
  const [prefix] = [...counts].find(([, n]) => n > 150)!;
  const result = await tool('lookup', { partnos: [prefix], fields: ['Status'] });
  const [entry] = (result.structuredContent as { results: { match: string; products: unknown[]; moreProducts?: number }[] }).results;
  const printed = (JSON.parse((await cli(['lookup', prefix, '--fields', 'Status', '--json'])).stdout) as { products: unknown[] }[])[0];
  expect(entry.products).toEqual(printed.products.slice(0, 100));
  expect(entry.moreProducts).toBe(printed.products.length - 100);
});

test('the vocabulary resource lists fields, units and allowed values in the language asked', async () => {
  const read = await session.client.readResource({ uri: 'partspec://vocabulary/ceramicCapacitorsSMD/ja' });
  const vocabulary = JSON.parse(resourceText(read)) as { fields: { key: string; unit?: string; allowedValues?: string[] }[]; filters: { field: string; operators: string[] }[] };
  expect(vocabulary.fields.find((f) => f.key === 'Specs.Capacitance')).toMatchObject({ unit: 'F' });
  expect(vocabulary.fields.find((f) => f.key === 'Status')?.allowedValues).toContain('生産中');
  expect(vocabulary.filters.find((f) => f.field === 'Capacitance')?.operators).toEqual(['eq', 'ge', 'le', 'gt', 'lt']);
});

test('search: structured conditions give the products of partspec search, in pages with a cursor; a wrong field gets the command line sentence', async () => {
  const conditions = [
    { field: 'Capacitance', op: 'ge', value: '100n' },
    { field: 'Status', op: 'eq', value: 'In Production' },
  ];
  const first = await tool('search', { category: 'ceramicCapacitorsSMD', conditions, limit: 5 });
  expect(first.isError).toBeFalsy();
  const page1 = first.structuredContent as { products: Record<string, unknown>[]; more: boolean; next?: { cursor: string } };
  expect(page1.more).toBe(true);
  const second = await tool('search', { category: 'ceramicCapacitorsSMD', conditions, limit: 5, cursor: page1.next!.cursor });
  const page2 = second.structuredContent as { products: Record<string, unknown>[] };
  const printed = await cli(['search', '--category', 'ceramicCapacitorsSMD', '--filter', "Capacitance ge 100n and Status eq 'In Production'", '--max', '10', '--out', '-']);
  expect(printed.code).toBe(0);
  const rows = Papa.parse<Record<string, string>>(printed.stdout, { header: true, skipEmptyLines: true }).data;
  const partnoHeader = Object.keys(page1.products[0])[0];
  expect([...page1.products, ...page2.products].map((p) => p[partnoHeader])).toEqual(rows.map((r) => r[partnoHeader]));
  expect(Object.keys(page1.products[0])).toEqual(Object.keys(rows[0]));

  const wrong = await tool('search', { category: 'ceramicCapacitorsSMD', conditions: [{ field: 'Capacitanse', op: 'ge', value: '100n' }] });
  const refused = await cli(['search', '--category', 'ceramicCapacitorsSMD', '--filter', 'Capacitanse ge 100n', '--out', '-']);
  expect(wrong.isError).toBe(true);
  expect(refused.stderr.trim()).toBe(`partspec search: ${textOf(wrong)}`);
});

test('find_parts answers what partspec suggest --json prints: what was understood and candidates for generic lines and other makers\' numbers', async () => {
  const lines = ['100nF 16V X7R 0402', 'CAP CER 1UF 25V X5R 0603', 'CL05B104KO5NNNC', '10k 0402 resistor'];
  const result = await tool('find_parts', { lines, count: 2 });
  expect(result.isError).toBeFalsy();
  const printed = await cli(['suggest', ...lines, '--count', '2', '--json']);
  const fromCli = JSON.parse(printed.stdout) as { input: string; candidates: { Partno: string }[]; reason?: string }[];
  expect(result.structuredContent).toEqual({ answers: fromCli });
  expect(fromCli.map((a) => a.input)).toEqual(lines);
  expect(fromCli[0].candidates.length).toBeGreaterThan(0);
  expect(fromCli[3].candidates).toEqual([]);
  expect(fromCli[3].reason).toBeTruthy();
});

test('replacements answers what partspec replacements --json prints', async () => {
  const ending = world.emulator.catalog.byGroup.SMD.filter((p) => p.values.Status === 'NRND').slice(0, 3).map(partnoOf);
  const inputs = [...ending, 'NOTAPART-0000'];
  const result = await tool('replacements', { partnos: inputs, max: 3 });
  const printed = await cli(['replacements', ...inputs, '--max', '3', '--json']);
  expect(result.structuredContent).toEqual({ answers: JSON.parse(printed.stdout) });
});

test('check_bom answers the summary of partspec report --json and leaves the file as it was', async () => {
  const file = join(root, 'lifecycle.csv');
  const before = readFileSync(file);
  const result = await tool('check_bom', { path: 'lifecycle.csv' });
  expect(result.isError).toBeFalsy();
  const printed = await cli(['report', file, '--json']);
  expect(printed.code).toBe(0);
  const { fetchedAt: _a, ...fromCli } = JSON.parse(printed.stdout) as Record<string, unknown>;
  const { fetchedAt: _b, ...fromTool } = result.structuredContent as Record<string, unknown>;
  expect(fromTool).toEqual(fromCli);
  expect(readFileSync(file)).toEqual(before);
});

test('download_url answers the link of partspec url --json', async () => {
  const result = await tool('download_url', { category: 'inductors' });
  const printed = JSON.parse((await cli(['url', '--category', 'inductors', '--json'])).stdout) as Record<string, string>;
  const link = result.structuredContent as Record<string, string>;
  expect(Object.keys(link).sort()).toEqual(Object.keys(printed).sort());
  expect({ category: link.category, language: link.language, url: new URL(link.url).origin }).toEqual({ category: printed.category, language: printed.language, url: new URL(printed.url).origin });
  expect(Date.parse(link.expiresAt) - Date.parse(link.issuedAt)).toBe(7 * 24 * 3600_000);
});

test('check_bom refuses a path outside --root, a link leading out and a hostile file, each in one sentence, touching none', async () => {
  const outside = join(world.home, 'secret.csv');
  writeFileSync(outside, 'MPN\nGRM155R71C104KA88D\n');
  symlinkSync(outside, join(root, 'link.csv'));
  const hostile = join(root, 'hostile.xlsx');
  writeFileSync(hostile, Buffer.from('PK\u0003\u0004 not really a workbook'.repeat(10)));
  const files = [outside, hostile].map((f) => [f, readFileSync(f)] as const);

  const cases: [Record<string, unknown>, RegExp][] = [
    [{ path: outside }, /is outside the folders this server may read/],
    [{ path: '../secret.csv' }, /is outside the folders this server may read/],
    [{ path: 'link.csv' }, /is a link that leads outside the folders this server may read/],
    [{ path: 'hostile.xlsx' }, /is not a readable \.xlsx workbook/],
  ];
  for (const [args, sentence] of cases) {
    const result = await tool('check_bom', args);
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toMatch(sentence);
    expect(text.split('\n')).toHaveLength(1);
    expect(text).not.toMatch(/\n\s+at /);
  }
  for (const [file, bytes] of files) expect(readFileSync(file)).toEqual(bytes);
});

test('a malformed call gets one sentence, not a trace; the key appears in no answer and no log line', async () => {
  const malformed = await tool('lookup', { partnos: 5 });
  expect(malformed.isError).toBe(true);
  expect(textOf(malformed).split('\n')).toHaveLength(1);
  expect(textOf(malformed)).toMatch(/Invalid arguments for tool lookup: partnos must be a list of the maker's part numbers/);
  const unknownTool = await tool('nope', {});
  expect(unknownTool.isError).toBe(true);
  for (const answer of answers) expect(answer).not.toContain(DEMO_KEY);
  expect(session.stderr()).not.toContain(DEMO_KEY);
});
