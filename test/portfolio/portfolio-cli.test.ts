/**
 * `partspec portfolio` over a folder of BOMs in several layouts (CSV, semicolon CSV from KiCad, a
 * Japanese workbook with a cover sheet, a workbook with two BOM sheets under a title block and a
 * prose sheet), against the emulator over real HTTP: every where-used row points at the file,
 * sheet and 1-based row that holds the part; each part's demand is Σ over its BOMs of quantity
 * per board × the plan's builds; the workbook (read back with exceljs) and the HTML page agree
 * with the JSON; the union of part numbers is looked up once, in as few requests as the lower
 * bound allows; the BOMs are only read.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { lowerBoundRequests, normalizePartnoInput } from '../../api';
import { DEMO_KEY } from '../../emulator';
import type { Portfolio } from '../../core/portfolio/types';
import { logSettled } from '../../testkit/settle';
import { ROOT, useEmulatorHome, type CliRun } from '../cli/helpers';
import { runCliInProcess } from '../cli/in-process';

const world = useEmulatorHome();
const cli = (args: string[], cwd?: string): Promise<CliRun> => runCliInProcess([...args, '--base-url', world.emulator.url], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY }, ...(cwd ? { cwd } : {}) });
const FIXTURES = join(ROOT, 'test', 'fixtures', 'boms');

/** Every file of the BOM folder as it was written, to check nothing was changed. */
const before = new Map<string, Buffer>();
let folder: string;
let portfolio: Portfolio;
let run: CliRun;
let searches: { eq: number; startswith: number };

async function writeBoards(file: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Notes').addRows([['Board notes'], ['Assembly by the usual house; see the drawing.']]);
  // A title block above the header: the rows are the sheet's own, 1-based.
  workbook.addWorksheet('Main').addRows([
    ['Main board BOM', '', '', ''],
    ['Rev C', '', '', ''],
    ['Ref', 'Qty', 'MPN', 'Manufacturer'],
    ['C20-C23', 4, 'GRM155R71C104KA88D', 'Murata'],
    ['C30', 1, 'GRM188R71H104KA93D', 'Murata'],
    ['C31', 1, 'MCS18R71H104KZ9D', 'Murata'],
  ]);
  workbook.addWorksheet('Aux').addRows([
    ['Designator', 'Part Number', 'Quantity', 'Description'],
    ['C1 C2', 'GRM155R71C104KA88D', 2, ''],
    ['R1', '', 1, '<b>10k</b> 0603 resistor'],
    ['C5', 'grm188r71h104ka93d', 1, ''],
  ]);
  await workbook.xlsx.writeFile(file);
}

/** The cells of a BOM sheet by 1-based row, as text. */
async function sheetRows(file: string, sheet: string): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (/\.(csv|tsv)$/.test(file)) {
    const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    Papa.parse<string[]>(text, { skipEmptyLines: false }).data.forEach((row, i) => out.set(i + 1, row.map((c) => c.trim())));
    return out;
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  workbook.getWorksheet(sheet)!.eachRow((row, r) => out.set(r, (row.values as unknown[]).slice(1).map((v) => String(v ?? '').trim())));
  return out;
}

beforeAll(async () => {
  folder = join(world.home, 'boms');
  mkdirSync(folder);
  for (const name of ['mixed-makers.csv', 'kicad-fields.csv', 'japanese.xlsx']) copyFileSync(join(FIXTURES, name), join(folder, name));
  await writeBoards(join(folder, 'boards.xlsx'));
  writeFileSync(join(world.home, 'plan.csv'), 'BOM,Builds\nmixed-makers.csv,100\nboards.xlsx#Main,250\nboards.xlsx,20\njapanese.xlsx,3\n');
  for (const name of ['mixed-makers.csv', 'kicad-fields.csv', 'japanese.xlsx', 'boards.xlsx']) before.set(name, readFileSync(join(folder, name)));
  await logSettled(world.emulator);
  world.emulator.resetLog();
  run = await cli(['portfolio', 'boms', '--plan', 'plan.csv', '--builds', '5', '--json', 'portfolio.json', '--html', 'portfolio.html', '--out', 'portfolio.xlsx', '--no-cache']);
  await logSettled(world.emulator);
  const calls = world.emulator.requests.filter((r) => r.method === 'GET' && /\/v2\/products\?/.test(r.url));
  searches = { eq: calls.filter((r) => r.url.includes('Partno%20eq')).length, startswith: calls.filter((r) => r.url.includes('startswith')).length };
  portfolio = JSON.parse(readFileSync(join(world.home, 'portfolio.json'), 'utf8')) as Portfolio;
}, 120_000);

test('every BOM sheet is read with its builds from the plan; the prose and cover sheets are named as not read', () => {
  expect(run.code).toBe(0);
  expect(run.stderr).not.toMatch(/partspec portfolio:/);
  const boms = portfolio.boms.map((b) => [b.file.replace(/\\/g, '/'), b.sheet, b.builds]);
  expect(boms).toEqual(
    expect.arrayContaining([
      ['boms/boards.xlsx', 'Main', 250],
      ['boms/boards.xlsx', 'Aux', 20],
      ['boms/japanese.xlsx', '部品表', 3],
      ['boms/kicad-fields.csv', 'kicad-fields', 5],
      ['boms/mixed-makers.csv', 'mixed-makers', 100],
    ]),
  );
  expect(boms).toHaveLength(5);
  expect(run.stderr).toMatch(/boards\.xlsx, sheet 'Notes': not read as a BOM/);
  expect(run.stderr).toMatch(/japanese\.xlsx, sheet '表紙': not read as a BOM/);
});

test('each where-used row points at the file, sheet and 1-based row that holds the part', async () => {
  const cache = new Map<string, Map<number, string[]>>();
  let checked = 0;
  for (const part of portfolio.parts) {
    for (const use of part.uses) {
      const key = `${use.file}#${use.sheet}`;
      if (!cache.has(key)) cache.set(key, await sheetRows(join(world.home, use.file), use.sheet));
      const row = cache.get(key)!.get(use.sheetRow) ?? [];
      if (part.kind === 'generic') expect(row.join(' ')).toContain(use.written.split(' · ')[0]);
      else expect(row).toContain(use.written);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(20);
  // The same part in several BOMs, each with its own designators.
  const cap = portfolio.parts.find((p) => p.partNumber === 'GRM155R71C104KA88D')!;
  const at = (file: string, sheet: string) => cap.uses.find((u) => u.file.endsWith(file) && u.sheet === sheet)!;
  expect(at('boards.xlsx', 'Main')).toMatchObject({ sheetRow: 4, designators: ['C20', 'C21', 'C22', 'C23'], quantity: 4 });
  expect(at('boards.xlsx', 'Aux')).toMatchObject({ sheetRow: 2, designators: ['C1', 'C2'], quantity: 2 });
  expect(at('mixed-makers.csv', 'mixed-makers')).toMatchObject({ sheetRow: 2, designators: ['C1', 'C7'] });
  // The part written in lower case in Aux is the same line.
  const other = portfolio.parts.find((p) => p.partNumber.toUpperCase() === 'GRM188R71H104KA93D')!;
  expect(other.uses.map((u) => u.written)).toContain('grm188r71h104ka93d');
});

test("each part's demand is the sum over its BOMs of quantity per board × builds", () => {
  const builds = new Map(portfolio.boms.map((b) => [`${b.file}#${b.sheet}`, b.builds]));
  for (const part of portfolio.parts) {
    for (const bom of part.boms) {
      const rows = part.uses.filter((u) => u.file === bom.file && u.sheet === bom.sheet);
      expect(bom.quantityPerBoard).toBe(rows.reduce((sum, u) => sum + u.quantity, 0));
      expect(bom.builds).toBe(builds.get(`${bom.file}#${bom.sheet}`));
      expect(bom.demand).toBe(bom.quantityPerBoard * bom.builds);
    }
    expect(part.demand).toBe(part.boms.reduce((sum, b) => sum + b.demand, 0));
    if (part.lastTimeBuy !== undefined && part.minOrderQuantity !== undefined) expect(part.lastTimeBuy).toBe(Math.ceil(part.demand / part.minOrderQuantity) * part.minOrderQuantity);
  }
  const cap = portfolio.parts.find((p) => p.partNumber === 'GRM155R71C104KA88D')!;
  // boards Main 4 × 250, Aux 2 × 20, mixed-makers 2 × 100, kicad 2 × 5, japanese 4 × 3.
  expect(cap.demand).toBe(4 * 250 + 2 * 20 + 2 * 100 + 2 * 5 + 4 * 3);
});

test('the union of part numbers is looked up once: requests at the lower bound for the union', () => {
  const union = [...new Set(portfolio.parts.filter((p) => p.kind === 'part').flatMap((p) => p.uses.map((u) => normalizePartnoInput(u.written))).flatMap((n) => (n.ok ? [n.partno] : [])))];
  expect(portfolio.lookedUp).toBeGreaterThanOrEqual(union.length);
  const context = { baseUrl: world.emulator.url, lang: 'en' as const, budget: 2082 };
  const misses = portfolio.parts.filter((p) => p.kind === 'part' && !p.found).map((p) => p.partNumber.toUpperCase());
  expect(searches.eq).toBe(lowerBoundRequests(union, 'eq', context));
  expect(searches.eq).toBe(1);
  expect(searches.startswith).toBe(lowerBoundRequests(misses.filter((p) => p.length >= 5), 'startswith', context));
});

test('the BOMs are only read', () => {
  for (const [name, bytes] of before) expect(readFileSync(join(folder, name)).equals(bytes)).toBe(true);
});

test('the workbook agrees with the JSON: Parts in use, Where used, At risk, with three native charts', async () => {
  const file = join(world.home, 'portfolio.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  expect(workbook.worksheets.map((s) => s.name)).toEqual(['Parts in use', 'Where used', 'At risk']);
  const table = (name: string): Record<string, unknown>[] => {
    const sheet = workbook.getWorksheet(name)!;
    const header = Array.from((sheet.getRow(1).values as unknown[]).slice(1), (v) => String(v ?? ''));
    const width = header.indexOf('') < 0 ? header.length : header.indexOf('');
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((row, r) => {
      if (r === 1 || row.getCell(1).value === null) return;
      rows.push(Object.fromEntries(header.slice(0, width).map((h, c) => [h, row.getCell(c + 1).value])));
    });
    return rows;
  };
  const parts = table('Parts in use');
  expect(parts.map((r) => r['Part number'])).toEqual(portfolio.parts.map((p) => p.partNumber));
  expect(parts.map((r) => r.Demand)).toEqual(portfolio.parts.map((p) => p.demand));
  const where = table('Where used');
  const uses = portfolio.parts.flatMap((p) => p.uses.map((u) => [p.partNumber, u.file, u.sheet, u.sheetRow]));
  expect(where.map((r) => [r['Part number'], r.File, r.Sheet, r.Row])).toEqual(uses);
  const atRisk = table('At risk');
  expect(atRisk.map((r) => r['Part number'])).toEqual(portfolio.parts.filter((p) => p.risk === 'EOL' || p.risk === 'Risk').map((p) => p.partNumber));
  const entries = Object.keys(unzipSync(readFileSync(file)));
  expect(entries.filter((e) => /^xl\/charts\/chart\d+\.xml$/.test(e))).toHaveLength(3);
  expect(entries).toEqual(expect.arrayContaining(['xl/drawings/drawing1.xml', 'xl/drawings/drawing2.xml', 'xl/drawings/drawing3.xml']));
});

test('the HTML page agrees with the JSON, self-contained, with the BOM and service text escaped', () => {
  const html = readFileSync(join(world.home, 'portfolio.html'), 'utf8');
  expect(html).not.toMatch(/<script|<link|src="http/i);
  const section = (name: string): string => html.slice(html.indexOf(`data-sheet="${name}"`), html.indexOf('</section>', html.indexOf(`data-sheet="${name}"`)));
  const where = section('Where used');
  const rows = where.slice(where.lastIndexOf('<table>')).match(/<tr>/g) ?? [];
  expect(rows.length).toBe(1 + portfolio.parts.reduce((sum, p) => sum + p.uses.length, 0));
  expect(html).toContain('&lt;b&gt;10k&lt;/b&gt; 0603 resistor');
  expect(html).not.toContain('<b>10k</b>');
  for (const part of portfolio.parts.filter((p) => p.kind !== 'generic')) expect(section('Parts in use')).toContain(`<td>${part.partNumber}</td>`);
});

test('the terminal table and --json on stdout carry the same lines', async () => {
  const json = await cli(['portfolio', 'boms/kicad-fields.csv', 'boms/boards.xlsx', '--json']);
  expect(json.code).toBe(0);
  const small = JSON.parse(json.stdout) as Portfolio;
  expect(small.boms.map((b) => b.sheet)).toEqual(['kicad-fields', 'Main', 'Aux']);
  const text = await cli(['portfolio', 'boms/*.csv']);
  expect(text.code).toBe(0);
  expect(text.stdout).toMatch(/^Parts in use across BOMs\n2 BOMs/);
  expect(text.stdout).toContain('GRM155R71C104KA88D');
});

test("--suggest gives other makers' numbers the maker's part, and found parts none", async () => {
  const run = await cli(['portfolio', 'boms/mixed-makers.csv', 'boms/boards.xlsx', '--suggest', '--json']);
  expect(run.code).toBe(0);
  const suggested = JSON.parse(run.stdout) as Portfolio;
  const samsung = suggested.parts.find((p) => p.partNumber === 'CL10B104KB8NNNC')!;
  expect(samsung.kind).toBe('otherMaker');
  // The Samsung 100 nF 0603 capacitor: the maker's own 100 nF part.
  expect(samsung.suggestion?.partno).toMatch(/^[A-Z]{3}\d/);
  expect(samsung.suggestion?.why).toMatch(/100 nF/);
  expect(suggested.parts.filter((p) => p.kind === 'part' && p.found).every((p) => p.suggestion === undefined)).toBe(true);
});

test('an output that is one of the BOMs is refused: the BOMs are only read', async () => {
  const refused = await cli(['portfolio', 'boms', '--out', 'boms/boards.xlsx']);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toMatch(/boms\/boards\.xlsx is one of the BOMs read; the BOMs are only read/);
  expect(readFileSync(join(folder, 'boards.xlsx')).equals(before.get('boards.xlsx')!)).toBe(true);
});

test('a plan line that is not a BOM and its builds is refused before anything is sent', async () => {
  writeFileSync(join(world.home, 'bad-plan.csv'), 'boards.xlsx,lots\n');
  const bad = await cli(['portfolio', 'boms', '--plan', 'bad-plan.csv']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/--plan bad-plan\.csv: line 1 of the plan should be a BOM file name and its builds/);
});

test("the team's rules judge every row: a part on the do-not-use list is named with each BOM row it is on, in the JSON, the Checks column and by --fail-on", async () => {
  writeFileSync(join(world.home, 'team-rules.json'), JSON.stringify({ name: 'Team A', extends: 'partspec:default', rules: [{ id: 'banned', level: 'fatal', when: { doNotUse: ['GRM155R71C104KA88*'] } }] }));
  const judged = await cli(['portfolio', 'boms/boards.xlsx', 'boms/mixed-makers.csv', '--rules', 'team-rules.json', '--fail-on', 'fatal', '--json', 'judged.json', '--out', 'judged.xlsx']);
  expect(judged.code).toBe(4);
  const result = JSON.parse(readFileSync(join(world.home, 'judged.json'), 'utf8')) as Portfolio;
  const banned = result.parts.find((p) => p.partNumber === 'GRM155R71C104KA88D')!;
  expect(banned.checks?.level).toBe('fatal');
  const fired = banned.checks!.said.filter((c) => c.rule === 'banned');
  // Every row of every BOM that holds it, with its file, sheet and 1-based row.
  expect(fired.map((c) => `${c.file}#${c.sheet}:${c.sheetRow}`).sort()).toEqual(banned.uses.map((u) => `${u.file}#${u.sheet}:${u.sheetRow}`).sort());
  expect(result.checks).toMatchObject({ rules: 'Team A', level: 'fatal' });
  expect(judged.stderr).toContain(`'GRM155R71C104KA88D' fatal: banned: On the do-not-use list (boms/boards.xlsx#Main row 4, boms/boards.xlsx#Aux row 2, boms/mixed-makers.csv#mixed-makers row 2)`);
  expect(judged.stderr).toMatch(/--fail-on fatal: 1 line with checks at fatal or worse \(rules: Team A\); exit 4\./);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(join(world.home, 'judged.xlsx'));
  const sheet = workbook.getWorksheet('Parts in use')!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const checksAt = header.indexOf('Checks');
  expect(checksAt).toBeGreaterThan(0);
  let cell = '';
  sheet.eachRow((row) => {
    if (String(row.getCell(1).value) === 'GRM155R71C104KA88D') cell = String(row.getCell(checksAt).value);
  });
  expect(cell).toMatch(/^Fatal — (.*; )?banned: On the do-not-use list/);
  // Without --fail-on a level, the same portfolio exits 0; a wrong level is refused before anything is sent.
  const wrong = await cli(['portfolio', 'boms/boards.xlsx', '--fail-on', 'eol']);
  expect(wrong.code).toBe(2);
  expect(wrong.stderr).toContain("--fail-on takes fatal, error or warning here (the BOM rules' levels), not 'eol'.");
});
