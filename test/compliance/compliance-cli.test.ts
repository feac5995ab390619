/**
 * `partspec compliance` against the emulator over real HTTP: the demo BOM's pack lists every line
 * with the maker's flags and links as the API gives them; the workbook (read back, and opened by
 * LibreOffice) and the page agree with the JSON; --documents fetches each document once with its
 * hash in the manifest; several BOMs are looked up once for the union of their parts; a bad
 * --out is refused before anything is asked.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { createClient, readValue } from '../../api';
import { DEMO_KEY } from '../../emulator';
import type { CompliancePack } from '../../core/compliance/pack';
import { flagWord } from '../../core/compliance/pack-layout';
import { ROOT, useEmulatorHome, type CliRun } from '../cli/helpers';
import { runCliInProcess } from '../cli/in-process';

const world = useEmulatorHome();
const cli = (args: string[]): Promise<CliRun> => runCliInProcess([...args, '--base-url', world.emulator.url], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY } });
const apiRequests = () => world.emulator.requests.filter((r) => r.url.startsWith('/v2/'));
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

test('the demo BOM: every line with the API\'s flags and links, one workbook, page and JSON, each document fetched once and hashed', async () => {
  copyFileSync(join(ROOT, 'assets', 'demo-bom.xlsx'), join(world.home, 'demo-bom.xlsx'));
  world.emulator.resetLog();
  const run = await cli(['compliance', 'demo-bom.xlsx', '--out', 'pack', '--documents']);
  expect(run.stderr).toMatch(/Compliance pack of \d+ lines \(1 BOM\) written to pack, with (\d+) of \1 documents\./);
  expect(run.code).toBe(0);
  const pack = readJson<CompliancePack>(join(world.home, 'pack', 'compliance.json'));

  // Every line of the BOM (its 22 item rows), in order, with its 1-based sheet row.
  expect(pack.lines.map((l) => l.sheetRow)).toEqual(Array.from({ length: pack.lines.length }, (_, i) => i + 2));
  expect(pack.lines.length).toBeGreaterThanOrEqual(20);

  // The flags and links are the API's, looked up here on their own.
  const client = createClient({ baseUrl: world.emulator.url, apiKey: DEMO_KEY, cache: false, retry: false });
  const found = pack.lines.filter((l) => l.state === 'found');
  expect(found.length).toBeGreaterThan(10);
  const outcomes = await client.lookup([...new Set(found.map((l) => l.partNumber))]);
  for (const line of found) {
    const products = outcomes.get(line.partNumber)!.products;
    expect(line.partnos).toEqual(products.map((p) => p.partno));
    if (products.length !== 1) continue;
    for (const flag of ['Rohs', 'Reach', 'LeadFree', 'AecQ200Support'] as const) {
      const value = readValue(products[0], `ComplianceInfo.${flag}`);
      expect([line.partNumber, flag, line.flags[flag]]).toEqual([line.partNumber, flag, value === true ? 'yes' : value === false ? 'no' : 'unknown']);
    }
    expect(line.documents.rohsCertificate).toBe(readValue(products[0], 'MediaFileUrls.RohsDirectiveCertificateUrl'));
    expect(line.documents.svhc).toBe(readValue(products[0], 'ComplianceInfo.SvhcDocumentUrl'));
  }
  for (const t of pack.totals) expect(t.yes + t.no + t.unknown + t.missing).toBe(pack.lines.filter((l) => l.state !== 'notFitted').length);

  // Each document once: one request per address, its bytes on disk, its hash in the manifest.
  const manifest = readJson<{ files: { file: string; sha256: string }[]; documents: { url: string; file: string; sha256: string; refused?: string }[] }>(join(world.home, 'pack', 'manifest.json'));
  expect(manifest.documents.map((d) => d.url)).toEqual(pack.documents.map((d) => d.url));
  const media = world.emulator.requests.filter((r) => r.url.startsWith('/media/')).map((r) => r.url);
  expect(media.sort()).toEqual(pack.documents.map((d) => new URL(d.url).pathname).sort());
  for (const doc of manifest.documents) {
    expect(doc.refused).toBeUndefined();
    const bytes = readFileSync(join(world.home, 'pack', doc.file));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(doc.sha256);
  }
  for (const entry of manifest.files) expect(createHash('sha256').update(readFileSync(join(world.home, 'pack', entry.file))).digest('hex')).toBe(entry.sha256);

  // The workbook and the page say what the JSON says.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(join(world.home, 'pack', 'compliance.xlsx'));
  expect(workbook.worksheets.map((w) => w.name)).toEqual(['Compliance', 'Compliance summary', 'Documents']);
  const sheet = workbook.getWorksheet('Compliance')!;
  expect(sheet.rowCount).toBe(pack.lines.length + 1);
  pack.lines.forEach((line, i) => {
    const cells = sheet.getRow(i + 2).values as unknown[];
    expect(cells[3]).toBe(line.sheetRow);
    if (line.state === 'found') expect(cells[8]).toBe(flagWord(line.flags.Rohs, 'en'));
  });
  const html = readFileSync(join(world.home, 'pack', 'compliance.html'), 'utf8');
  for (const line of found) expect(html).toContain(`<td>${line.partNumber}</td>`);
  // The page links the fetched copies, not the addresses.
  expect(html).toContain(`href="${manifest.documents[0].file}"`);
  // Each link shows the document's file name, its whole address as the title.
  expect(html).toContain(`title="${found[0].documents.rohsCertificate}" rel="noopener noreferrer">rohs-directive-certificate.pdf</a>`);
  expect(html).not.toMatch(/<script/i);
});

test('several BOMs in Japanese, into a .zip: one lookup for the union of their parts, lines keep their file and sheet', async () => {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Main').addRows([
    ['Ref', 'Qty', 'MPN'],
    ['C101, C102', 2, 'GRM155R71C104KA88D'],
    ['L7', 1, 'LQM18PN2R2MFRL'],
  ]);
  workbook.addWorksheet('Notes').addRows([['Rev B', 'checked']]);
  workbook.addWorksheet('Power').addRows([
    ['Designator', 'Quantity', 'Part Number'],
    ['C9', 1, 'GRM188R61A106KE69D'],
    ['C10', 1, 'GRM155R71C104KA88D'],
  ]);
  mkdirSync(join(world.home, 'boms'), { recursive: true });
  await workbook.xlsx.writeFile(join(world.home, 'boms', 'board-b.xlsx'));
  copyFileSync(join(ROOT, 'assets', 'demo-bom.csv'), join(world.home, 'boms', 'board-a.csv'));

  world.emulator.resetLog();
  const run = await cli(['compliance', 'boms', '--out', 'pack.zip', '--lang', 'ja', '--no-cache']);
  expect(run.stderr).toContain('3 件の BOM の');
  expect(run.stderr).toContain('のコンプライアンス資料を pack.zip に書き込みました。');
  expect(run.code).toBe(0);
  const both = apiRequests().length;

  const files = unzipSync(readFileSync(join(world.home, 'pack.zip')));
  expect(Object.keys(files).sort()).toEqual(['compliance.html', 'compliance.json', 'compliance.xlsx', 'manifest.json']);
  const pack = JSON.parse(strFromU8(files['compliance.json'])) as CompliancePack;
  expect(pack.sources).toEqual([
    { file: 'board-a.csv', sheet: expect.any(String) },
    { file: 'board-b.xlsx', sheet: 'Main' },
    { file: 'board-b.xlsx', sheet: 'Power' },
  ]);
  const c10 = pack.lines.find((l) => l.source.sheet === 'Power' && l.partNumber === 'GRM155R71C104KA88D')!;
  expect(c10).toMatchObject({ sheetRow: 3, designators: ['C10'] });
  writeFileSync(join(world.home, 'from-zip.xlsx'), files['compliance.xlsx']);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(join(world.home, 'from-zip.xlsx'));
  expect(book.worksheets.map((w) => w.name)).toEqual(['コンプライアンス', 'コンプライアンス集計', '資料']);

  // The lower bound: the same requests as one BOM holding just the union of the part numbers.
  const union = [...new Set(pack.lines.filter((l) => l.state === 'found' || l.state === 'notFound').map((l) => l.partNumber))];
  writeFileSync(join(world.home, 'union.csv'), ['MPN', ...union].join('\n'));
  world.emulator.resetLog();
  expect((await cli(['compliance', 'union.csv', '--out', 'union-pack', '--lang', 'ja', '--no-cache'])).code).toBe(0);
  expect(both).toBe(apiRequests().length);
});

test('a bad --out is refused in a sentence before anything is asked', async () => {
  mkdirSync(join(world.home, 'full'), { recursive: true });
  writeFileSync(join(world.home, 'full', 'keep.txt'), 'mine');
  symlinkSync(join(world.home, 'elsewhere.zip'), join(world.home, 'planted.zip'));
  copyFileSync(join(ROOT, 'assets', 'demo-bom.csv'), join(world.home, 'demo.csv'));
  world.emulator.resetLog();
  const full = await cli(['compliance', 'demo.csv', '--out', 'full']);
  expect(full.code).toBe(2);
  expect(full.stderr).toContain('--out full is a folder that is not empty');
  const planted = await cli(['compliance', 'demo.csv', '--out', 'planted.zip']);
  expect(planted.code).toBe(2);
  expect(planted.stderr).toContain('--out planted.zip is a link');
  expect(existsSync(join(world.home, 'elsewhere.zip'))).toBe(false);
  const nowhere = await cli(['compliance', 'demo.csv', '--out', join('no-such-folder', 'pack')]);
  expect(nowhere.code).toBe(2);
  expect(nowhere.stderr).toContain(`The pack cannot be written to ${join('no-such-folder', 'pack')}: the folder ${join(world.home, 'no-such-folder')} does not exist.`);
  expect(readFileSync(join(world.home, 'full', 'keep.txt'), 'utf8')).toBe('mine');
  expect(world.emulator.requests).toEqual([]);
});
