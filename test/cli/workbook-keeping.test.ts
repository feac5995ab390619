import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { DEMO_KEY } from '../../emulator';
import { WorkbookPatch } from '../../ooxml/workbook-patch';
import { convertWithLibreOffice } from '../fixtures/workbooks/libreoffice';
import { readXlsx, rowTexts, useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

/*
 * What survives `partspec enrich` of real workbooks, part by part: fixtures written part by part
 * as Excel lays them out and the same workbooks saved by LibreOffice Calc
 * (test/fixtures/workbooks/build-workbooks.ts). An in-place enrichment patches the package: the
 * sheet, its strings and styles change, every other part is byte-identical, whatever it holds
 * (charts, chart sheets, pivot tables, macros, form controls, sparklines, protection, …).
 * Enrichment runs against the emulator over HTTP.
 */

const FIXTURES = join(__dirname, '..', 'fixtures', 'workbooks');
const world = useEmulatorHome();
const env = (): Record<string, string> => ({ PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url });

/** Copies a fixture into the run folder under a fresh name; returns the name. */
function copyFixture(name: string, as: string): string {
  copyFileSync(join(FIXTURES, name), join(world.home, as));
  return as;
}

const parts = (file: string): Record<string, Uint8Array> => unzipSync(readFileSync(join(world.home, file)));
const text = (p: Record<string, Uint8Array>, path: string): string => (p[path] ? strFromU8(p[path]) : '');
const tempFiles = (): string[] => readdirSync(world.home).filter((f) => f.includes('partspec-tmp'));
const enrich = (input: string, out: string) => runCliInProcess(['enrich', input, '--fields', 'Status', '--out', out], { home: world.home, env: env() });
const values = (file: string, sheet = 'BOM'): unknown[][] => new WorkbookPatch(readFileSync(join(world.home, file))).values(sheet);

// Each fixture with the column its new PartSpec columns start at: right of the values, and of the
// picture, chart or form control beside them.
describe.each([
  ['kept.xlsx', 10],
  ['libreoffice-kept.xlsx', 10],
  ['charts.xlsx', 14],
  ['libreoffice-charts.xlsx', 14],
  ['pivot-and-more.xlsx', 7],
  ['libreoffice-pivot-and-more.xlsx', 4],
  ['protections.xlsx', 4],
  ['constant-name.xlsx', 10],
  ['macros.xlsm', 10],
  ['template.xltx', 4],
])('an in-place enrichment of %s', (fixture, first) => {
  let before: Record<string, Uint8Array>;
  let after: Record<string, Uint8Array>;
  let valuesBefore: unknown[][];
  const file = `inplace-${fixture}`;

  beforeAll(async () => {
    copyFixture(fixture, file);
    before = parts(file);
    valuesBefore = values(file);
    const run = await enrich(file, file);
    expect(run.stderr).not.toMatch(/not carried over|would be lost|partspec enrich:/);
    // One part number is not in the catalog: exit 1, and the file is written.
    expect(run.code).toBe(1);
    after = parts(file);
  });

  test('every part but the sheet, its strings and its styles is byte-identical, in the same order', () => {
    expect(Object.keys(after)).toEqual(Object.keys(before));
    const changed = Object.keys(before).filter((p) => !Buffer.from(before[p]).equals(Buffer.from(after[p])));
    expect(changed.sort()).toEqual(['xl/sharedStrings.xml', 'xl/styles.xml', 'xl/worksheets/sheet1.xml']);
    expect(tempFiles()).toEqual([]);
  });

  test('writes the PartSpec columns right of everything on the sheet and keeps every original cell', () => {
    const now = values(file);
    expect(now[2].slice(first)).toEqual(['PartSpec: Match', 'PartSpec: Status']);
    expect([3, 4, 5, 6].map((r) => now[r][first])).toEqual(['Exact', 'Exact', 'Exact', 'Not found']);
    expect(now.map((row) => row.slice(0, first))).toEqual(valuesBefore.map((row) => row.slice(0, first)));
  });
});

describe('what the patch keeps inside the sheet (kept.xlsx)', () => {
  const file = 'features-kept.xlsx';
  let after: Record<string, Uint8Array>;

  beforeAll(async () => {
    copyFixture('kept.xlsx', file);
    expect((await enrich(file, file)).code).toBe(1);
    after = parts(file);
  });

  test('merged cells, the conditional format, both data validations, the hyperlink, the note and the picture', async () => {
    const sheet = text(after, 'xl/worksheets/sheet1.xml');
    expect(sheet).toContain('<mergeCell ref="A1:D1"/>');
    expect(sheet).toMatch(/<conditionalFormatting sqref="B4:B7">/);
    expect(sheet).toMatch(/<dataValidation [^>]*type="whole"[^>]*sqref="B4:B7"/);
    expect(sheet).toMatch(/type="list"[^>]*sqref="D4:D7"/);
    const workbook = await readXlsx(join(world.home, file));
    expect(workbook.getWorksheet('BOM')!.getCell('A4').hyperlink).toBe('https://example.com/falcon/C1');
    expect(rowTexts(workbook.getWorksheet('BOM')!, 3).slice(10)).toEqual(['PartSpec: Match', 'PartSpec: Status']);
    expect(workbook.getWorksheet('Notes')!.getCell('B4').formula).toBe('SUM(B2:B3)');
    expect(text(after, 'xl/comments1.xml')).toMatch(/ref="C4"[\s\S]*second source approved/);
  });

  test('the hidden sheet stays hidden and every defined name is kept', () => {
    const workbookXml = text(after, 'xl/workbook.xml');
    expect(workbookXml).toMatch(/<sheet [^>]*name="Lists"[^>]*state="hidden"|<sheet [^>]*state="hidden"[^>]*name="Lists"/);
    for (const name of ['PartNumbers', 'Usage', '_xlnm.Print_Area']) expect(workbookXml).toContain(`name="${name}"`);
  });

  test('a re-run updates the same columns in place; the run after that writes the same bytes', async () => {
    expect((await enrich(file, file)).stderr).toContain('(2 updated in place)');
    const second = parts(file);
    expect(values(file)[2].slice(10)).toEqual(['PartSpec: Match', 'PartSpec: Status', 'PartSpec: Changes']);
    expect((await enrich(file, file)).code).toBe(1);
    const third = parts(file);
    expect(Object.keys(third)).toEqual(Object.keys(second));
    for (const path of Object.keys(second)) expect([path, Buffer.from(third[path]).equals(Buffer.from(second[path]))]).toEqual([path, true]);
  });
});

describe('LibreOffice opens what the patch writes', () => {
  const cases = [
    ['charts.xlsx', 'lo-charts.xlsx'],
    ['macros.xlsm', 'lo-macros.xlsm'],
  ];
  /** The first sheet's CSV of each enriched workbook as LibreOffice writes it when it opens it, by the workbook's name. */
  const opened = new Map<string, string>();

  // One LibreOffice run opens both workbooks: its start costs seconds, each further file a fraction of one.
  beforeAll(async () => {
    for (const [fixture, file] of cases) {
      copyFixture(fixture, file);
      expect((await enrich(file, file)).code).toBe(1);
    }
    const csvs = await convertWithLibreOffice(cases.map(([, file]) => join(world.home, file)), world.home, 'csv');
    for (const [, file] of cases) opened.set(file, csvs[file.replace(/\.\w+$/, '.csv')]?.toString('latin1') ?? '');
  }, 180_000);

  test.each(cases)('%s enriched in place opens, with the PartSpec columns and the BOM', (_fixture, file) => {
    const csv = opened.get(file)!;
    expect(csv).toMatch(/^Ref,Qty,Part Number,Description,+PartSpec: Match,PartSpec: Status$/m);
    expect(csv).toMatch(/^X1,1,XYZ-NOT-A-PART,unknown part,+Not found,$/m);
  });
});

describe('macro-enabled workbooks, templates and other kinds', () => {
  test('an .xlsm stays an .xlsm: the macros and the macro-enabled content type are kept', async () => {
    const file = copyFixture('macros.xlsm', 'book.xlsm');
    const before = parts(file);
    expect((await enrich(file, file)).code).toBe(1);
    const after = parts(file);
    expect(text(after, '[Content_Types].xml')).toBe(text(before, '[Content_Types].xml'));
    expect(text(after, '[Content_Types].xml')).toContain('macroEnabled.main+xml');
    expect(Buffer.from(after['xl/vbaProject.bin']).equals(Buffer.from(before['xl/vbaProject.bin']))).toBe(true);
  });

  test('an .xlsm enriched into a new .xlsx: a true .xlsx, the macros named as not carried over', async () => {
    const file = copyFixture('macros.xlsm', 'macros-source.xlsm');
    const run = await enrich(file, 'macros-out.xlsx');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`macros-out.xlsx: not carried over from ${file}: VBA macros (xl/vbaProject.bin).`);
    const out = unzipSync(readFileSync(join(world.home, 'macros-out.xlsx')));
    expect(text(out, '[Content_Types].xml')).toContain('spreadsheetml.sheet.main+xml');
    expect(text(out, '[Content_Types].xml')).not.toMatch(/macroEnabled|vbaProject/);
    expect(Object.keys(out).some((p) => p.includes('vbaProject'))).toBe(false);
  });

  test('a template stays a template in place, and becomes a workbook as a new .xlsx', async () => {
    const file = copyFixture('template.xltx', 'order.xltx');
    expect((await enrich(file, file)).code).toBe(1);
    expect(text(parts(file), '[Content_Types].xml')).toContain('template.main+xml');
    const run = await enrich(file, 'order.xlsx');
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain('not carried over');
    const out = unzipSync(readFileSync(join(world.home, 'order.xlsx')));
    expect(text(out, '[Content_Types].xml')).toContain('spreadsheetml.sheet.main+xml');
    expect(text(out, '[Content_Types].xml')).not.toContain('template.main');
  });

  test('a BOM is never written as a kind it is not: .xlsx to .xlsm, CSV to .xltx are refused before any request', async () => {
    const file = copyFixture('kept.xlsx', 'plain.xlsx');
    world.emulator.resetLog();
    const run = await enrich(file, 'plain.xlsm');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--out plain.xlsm: partspec writes a macro-enabled workbook (.xlsm) only back from a BOM of that kind; write to a .xlsx or .csv file.');
    expect(world.emulator.requests).toHaveLength(0);
    expect(readdirSync(world.home)).not.toContain('plain.xlsm');
    writeFileSync(join(world.home, 'plain.csv'), 'Part Number\r\nGRM188R71H104KA93D\r\n');
    const fromCsv = await enrich('plain.csv', 'plain.xltx');
    expect(fromCsv.code).toBe(2);
    expect(fromCsv.stderr).toContain('--out plain.xltx: partspec writes a template (.xltx) only back from a BOM of that kind; write to a .xlsx or .csv file.');
    expect(world.emulator.requests).toHaveLength(0);
    expect(readdirSync(world.home)).not.toContain('plain.xltx');
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
    expect(readdirSync(world.home)).not.toContain('never.xlsx');
  });

  test('an .xls renamed to .xlsx is named for what it is', async () => {
    const file = copyFixture('error.xls', 'renamed-old.xlsx');
    const run = await enrich(file, 'never.xlsx');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file} is password-protected or an Excel 97-2003 or binary workbook, which partspec cannot read`);
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
  expect(readFileSync(join(world.home, 'to-csv.csv'), 'utf8')).toMatch(/^Ref,Qty,Part Number,Description,+PartSpec: Match,PartSpec: Status$/m);
});
