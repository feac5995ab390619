import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../emulator';
import { makeTempDir, readXlsx, rowTexts, runCli } from './helpers';

/*
 * What survives `partspec enrich` of real workbooks, part by part: fixtures written part by part
 * as Excel lays them out and the same workbooks saved by LibreOffice Calc
 * (test/fixtures/workbooks/build-workbooks.ts). Enrichment runs against the emulator over HTTP.
 */

const FIXTURES = join(__dirname, '..', 'fixtures', 'workbooks');
let emulator: RunningEmulator;
let home: string;
let cleanup: () => void;
const env = (): Record<string, string> => ({ PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: emulator.url });

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  ({ dir: home, cleanup } = makeTempDir());
});

afterAll(async () => {
  await emulator.close();
  cleanup();
});

/** Copies a fixture into the run folder under a fresh name; returns the name. */
function copyFixture(name: string, as: string): string {
  copyFileSync(join(FIXTURES, name), join(home, as));
  return as;
}

const parts = (file: string): Record<string, Uint8Array> => unzipSync(readFileSync(join(home, file)));
const text = (p: Record<string, Uint8Array>, path: string): string => (p[path] ? strFromU8(p[path]) : '');
const tempFiles = (): string[] => readdirSync(home).filter((f) => f.includes('partspec-tmp'));
const enrich = (input: string, out: string) => runCli(['enrich', input, '--fields', 'Status', '--out', out], { home, env: env() });

describe.each(['kept.xlsx', 'libreoffice-kept.xlsx'])('an in-place enrichment of %s (only what partspec models)', (fixture) => {
  let before: Record<string, Uint8Array>;
  let after: Record<string, Uint8Array>;
  const file = `inplace-${fixture}`;

  beforeAll(async () => {
    copyFixture(fixture, file);
    before = parts(file);
    const run = await enrich(file, file);
    expect(run.stderr).not.toMatch(/not carried over|would be lost/);
    // One part number is not in the catalog: exit 1, and the file is written.
    expect(run.code).toBe(1);
    after = parts(file);
  });

  test('writes the PartSpec columns beside the BOM and keeps its cells, formula and other sheets', async () => {
    const workbook = await readXlsx(join(home, file));
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['BOM', 'Notes', 'Lists']);
    const bom = workbook.getWorksheet('BOM')!;
    expect(rowTexts(bom, 3)).toEqual(['Ref', 'Qty', 'Part Number', 'Description', 'PartSpec: Match', 'PartSpec: Status']);
    expect([4, 5, 6, 7].map((r) => bom.getCell(r, 5).text)).toEqual(['Exact', 'Exact', 'Exact', 'Not found']);
    expect(bom.getCell('A1').text).toBe('Project Falcon — BOM rev C');
    expect(workbook.getWorksheet('Notes')!.getCell('B4').formula).toBe('SUM(B2:B3)');
    expect(tempFiles()).toEqual([]);
  });

  test('keeps the hidden sheet hidden and every defined name', () => {
    const workbookXml = text(after, 'xl/workbook.xml');
    expect(workbookXml).toMatch(/<sheet [^>]*name="Lists"[^>]*state="hidden"|<sheet [^>]*state="hidden"[^>]*name="Lists"/);
    for (const name of ['PartNumbers', 'Usage', '_xlnm.Print_Area']) expect(workbookXml).toContain(`name="${name}"`);
    expect(workbookXml).toMatch(/name="PartNumbers"[^>]*>('?BOM'?)!\$C\$4:\$C\$7</);
  });

  test('keeps merged cells, conditional format, both data validations and the hyperlink', async () => {
    const sheet = text(after, 'xl/worksheets/sheet1.xml');
    expect(sheet).toContain('<mergeCell ref="A1:D1"/>');
    expect(sheet).toMatch(/<conditionalFormatting sqref="B4:B7">/);
    expect(sheet).toMatch(/<dataValidation [^>]*type="whole"[^>]*sqref="B4:B7"|<dataValidation [^>]*sqref="B4:B7"[^>]*type="whole"/);
    expect(sheet).toMatch(/<dataValidation [^>]*sqref="D4:D7"[^>]*>\s*<formula1>Usage<\/formula1>|type="list"[^>]*sqref="D4:D7"/);
    const workbook = await readXlsx(join(home, file));
    expect(workbook.getWorksheet('BOM')!.getCell('A4').hyperlink).toBe('https://example.com/falcon/C1');
  });

  test('keeps the note on C4 and the picture, whose image bytes are identical', () => {
    const comments = Object.keys(after).filter((p) => /^xl\/comments\d*\.xml$/.test(p));
    expect(comments).toHaveLength(1);
    expect(text(after, comments[0])).toMatch(/ref="C4"[\s\S]*second source approved/);
    const imagesBefore = Object.keys(before).filter((p) => p.startsWith('xl/media/') && !p.endsWith('/'));
    const imagesAfter = Object.keys(after).filter((p) => p.startsWith('xl/media/') && !p.endsWith('/'));
    expect(imagesAfter).toHaveLength(imagesBefore.length);
    expect(Buffer.from(after[imagesAfter[0]]).equals(Buffer.from(before[imagesBefore[0]]))).toBe(true);
    const drawings = Object.keys(after).filter((p) => /^xl\/drawings\/drawing\d+\.xml$/.test(p));
    expect(drawings.map((d) => (text(after, d).match(/<xdr:pic>/g) ?? []).length)).toEqual([1]);
  });
});

describe('a workbook holding parts partspec cannot keep', () => {
  test.each([
    ['charts.xlsx', "holds a chart on sheet 'BOM' and a chart sheet 'Chart1' that would be lost; write to a new file with --out."],
    ['libreoffice-charts.xlsx', "holds a chart on sheet 'BOM' and a chart on sheet 'Chart1' that would be lost; write to a new file with --out."],
    [
      'pivot-and-more.xlsx',
      "holds form controls on sheet 'BOM', threaded comments on sheet 'BOM', sparklines on sheet 'BOM', the pivot table 'QtyByRef' on sheet 'Pivot' and a link to the external workbook 'prices.xlsx' that would be lost; write to a new file with --out.",
    ],
    ['libreoffice-pivot-and-more.xlsx', "holds sparklines on sheet 'BOM' and the pivot table 'QtyByRef' on sheet 'Pivot' that would be lost; write to a new file with --out."],
    [
      'protections.xlsx',
      "holds the protection of the workbook structure, protected ranges on sheet 'BOM' and furigana (phonetic) settings on sheet 'BOM' that would be lost; write to a new file with --out.",
    ],
  ])('%s: an in-place write is refused before any request, naming each part, the file byte-identical', async (fixture, sentence) => {
    const file = copyFixture(fixture, `refused-${fixture}`);
    const original = readFileSync(join(home, file));
    emulator.resetLog();
    const run = await enrich(file, file);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(`partspec enrich: ${file} ${sentence}`);
    expect(emulator.requests).toHaveLength(0);
    expect(readFileSync(join(home, file)).equals(original)).toBe(true);
    expect(tempFiles()).toEqual([]);
  });

  test('a loss found only in the written copy (a constant defined name) still refuses the in-place write and leaves the file byte-identical', async () => {
    const file = copyFixture('constant-name.xlsx', 'refused-constant-name.xlsx');
    const original = readFileSync(join(home, file));
    const run = await enrich(file, file);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file} holds the defined name 'VatRate' that would be lost; write to a new file with --out.`);
    expect(readFileSync(join(home, file)).equals(original)).toBe(true);
    expect(tempFiles()).toEqual([]);
  });

  test('to a new file: enriched, each part not carried over named on stderr, the input untouched', async () => {
    const file = copyFixture('pivot-and-more.xlsx', 'lossy-source.xlsx');
    const original = readFileSync(join(home, file));
    const run = await enrich(file, 'lossy-out.xlsx');
    expect(run.code).toBe(1);
    const named = run.stderr.split('\n').filter((l) => l.includes('not carried over'));
    expect(named).toEqual(
      [
        "form controls on sheet 'BOM'",
        "threaded comments on sheet 'BOM'",
        "sparklines on sheet 'BOM'",
        "the pivot table 'QtyByRef' on sheet 'Pivot'",
        "a link to the external workbook 'prices.xlsx'",
        "the defined name 'VatRate'",
      ].map((what) => expect.stringContaining(`lossy-out.xlsx: not carried over from ${file}: ${what}.`)),
    );
    expect(readFileSync(join(home, file)).equals(original)).toBe(true);
    const workbook = await readXlsx(join(home, 'lossy-out.xlsx'));
    expect(rowTexts(workbook.getWorksheet('BOM')!, 3).slice(4)).toEqual(['PartSpec: Match', 'PartSpec: Status']);
    expect(workbook.getWorksheet('Pivot')!.getCell('B6').value).toBe(8);
  });

  test('a chart sheet to a new file: the chart sheet and chart are named, everything modelled is kept', async () => {
    const file = copyFixture('charts.xlsx', 'charts-source.xlsx');
    const run = await enrich(file, 'charts-out.xlsx');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`charts-out.xlsx: not carried over from ${file}: a chart on sheet 'BOM'.`);
    expect(run.stderr).toContain(`charts-out.xlsx: not carried over from ${file}: a chart sheet 'Chart1'.`);
    const out = unzipSync(readFileSync(join(home, 'charts-out.xlsx')));
    expect(Object.keys(out).filter((p) => p.startsWith('xl/media/') && !p.endsWith('/'))).toHaveLength(1);
    expect(text(out, 'xl/worksheets/sheet1.xml')).toContain('<mergeCell ref="A1:D1"/>');
  });
});

test('a workbook enriched into CSV: every sheet, format and part the CSV file cannot hold is named', async () => {
  const file = copyFixture('charts.xlsx', 'to-csv.xlsx');
  const run = await enrich(file, 'to-csv.csv');
  expect(run.code).toBe(1);
  const named = run.stderr
    .split('\n')
    .filter((l) => l.startsWith(`to-csv.csv: not carried over from ${file}: `))
    .map((l) => l.slice(`to-csv.csv: not carried over from ${file}: `.length));
  expect(named).toEqual(["the sheets 'Notes', 'Lists'.", "the formats and formulas of sheet 'BOM' (a CSV file holds values only).", "a chart on sheet 'BOM'.", "a chart sheet 'Chart1'."]);
  expect(readFileSync(join(home, 'to-csv.csv'), 'utf8')).toContain('Part Number,Description,PartSpec: Match,PartSpec: Status');
});

describe('macro-enabled workbooks, templates and other formats', () => {
  test('an .xlsm is never written back: --out the same .xlsm is refused, the file byte-identical', async () => {
    const file = copyFixture('macros.xlsm', 'book.xlsm');
    const original = readFileSync(join(home, file));
    emulator.resetLog();
    const run = await enrich(file, file);
    expect(run.code).toBe(2);
    expect(emulator.requests).toHaveLength(0);
    expect(run.stderr).toContain('--out book.xlsm: a macro-enabled workbook (.xlsm) would lose its macros; write to a new .xlsx or .csv file.');
    expect(readFileSync(join(home, file)).equals(original)).toBe(true);
  });

  test('an .xlsm enriched into a new .xlsx: a true .xlsx, the macros named as not carried over', async () => {
    const file = copyFixture('macros.xlsm', 'macros-source.xlsm');
    const run = await enrich(file, 'macros-out.xlsx');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`macros-out.xlsx: not carried over from ${file}: VBA macros (xl/vbaProject.bin).`);
    const out = unzipSync(readFileSync(join(home, 'macros-out.xlsx')));
    expect(text(out, '[Content_Types].xml')).toContain('spreadsheetml.sheet.main+xml');
    expect(text(out, '[Content_Types].xml')).not.toMatch(/macroEnabled|vbaProject/);
    expect(Object.keys(out).some((p) => p.includes('vbaProject'))).toBe(false);
  });

  test('a template (.xltx) is read and enriched into a new .xlsx workbook, never written back as a template', async () => {
    const file = copyFixture('template.xltx', 'order.xltx');
    const refused = await enrich(file, file);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--out order.xltx: partspec writes workbooks, not templates (.xltx); write to a new .xlsx or .csv file.');
    const run = await enrich(file, 'order.xlsx');
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain('not carried over');
    const out = unzipSync(readFileSync(join(home, 'order.xlsx')));
    expect(text(out, '[Content_Types].xml')).toContain('spreadsheetml.sheet.main+xml');
    expect(text(out, '[Content_Types].xml')).not.toContain('template.main');
  });

  test.each([
    ['error.xlsb', 'error.xlsb is a binary workbook (.xlsb), which partspec cannot read; save it as .xlsx (Excel Workbook) and enrich that.'],
    ['error.xls', 'error.xls is an Excel 97-2003 workbook (.xls), which partspec cannot read; save it as .xlsx (Excel Workbook) and enrich that.'],
    ['error.truncated.xlsx', 'error.truncated.xlsx is not a readable .xlsx workbook'],
  ])('%s is refused with one sentence, exit 2, nothing written', async (fixture, sentence) => {
    const file = copyFixture(fixture, fixture);
    const run = await enrich(file, 'never.xlsx');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(sentence);
    expect(readdirSync(home)).not.toContain('never.xlsx');
  });

  test('an .xls renamed to .xlsx is named for what it is', async () => {
    const file = copyFixture('error.xls', 'renamed-old.xlsx');
    const run = await enrich(file, 'never.xlsx');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file} is password-protected or an Excel 97-2003 or binary workbook, which partspec cannot read`);
  });
});
