/**
 * The one writer of new workbooks (ooxml/xlsx-stream-writer.ts, behind writeTableStream and
 * node/files/xlsx.ts): read back with ExcelJS, every cell has the value, type, number format and font
 * its typed value asks for; formats render like a datasheet in numfmt; text that looks like a
 * formula stays text; characters XML cannot hold are dropped rather than breaking the file; a run
 * that stops early leaves a complete file saying so; a text BOM saved as a workbook keeps its
 * cells as text, with its highlight rules and changed-cell fills.
 */
import { readdirSync } from 'node:fs';
import { workbookHeaderOf } from '../../core/cells/datasheet';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { format as renderExcel } from 'numfmt';
import { VALUE_FIELDS, type ProductRecord } from '../../api/node';
import type { CellValue } from '../../core/cells/cell-values';
import { buildImportColumns } from '../../core/cells/columns';
import { buildProductRows, columnWidths } from '../../core/cells/rows';
import { catalogFor } from '../../emulator';
import { writeTableStream, type RowBatches } from '../../node/files/table-stream';
import { writeXlsxTable } from '../../node/files/xlsx';
import { fromExcelSerial } from '../../core/dates';
import { charsOfPoints, typedCellOf } from '../../ooxml/typed-cells';
import { escapeXml } from '../../ooxml/xml-text';
import { formulaCells, makeTempDir, readXlsx } from '../cli/helpers';

let home: string;
let cleanup: () => void;

beforeAll(() => {
  ({ dir: home, cleanup } = makeTempDir());
});

afterAll(() => cleanup());

/** Catalog products as the client reads them. */
function recordsOf(list: readonly { group: ProductRecord['group']; values: ProductRecord['values'] }[]): ProductRecord[] {
  return list.map((p) => ({ group: p.group, partno: String(p.values.Partno), values: p.values }));
}

const products = recordsOf(catalogFor(1).byGroup.SMD.slice(0, 400));
const columns = buildImportColumns(VALUE_FIELDS.filter((f) => f.groups.includes('SMD')).map((f) => f.key));
const rows = buildProductRows(products, columns);
// The catalog's own addresses are relative (the emulator adds its origin); give every third row a full one.
const linkColumn = columns.findIndex((c) => c.kind === 'url');
rows.forEach((r, i) => {
  if (i % 3 === 0) r[linkColumn] = `https://example.com/products/${i}?lang=en&x=1`;
});
const about = (n: number, stoppedBy: unknown): [string, string | number][] => [
  ['Category', 'ceramicCapacitorsSMD'],
  ['Products', n],
  ['Complete', stoppedBy === undefined ? 'yes' : `no: the download stopped after ${n} products; this sheet holds only those`],
];

async function* chunksOf(all: readonly CellValue[][], size: number, failAfter?: number): RowBatches {
  for (let i = 0; i < all.length; i += size) {
    if (failAfter !== undefined && i >= failAfter) throw new Error('connection cut');
    yield all.slice(i, i + size);
  }
}

/** What ExcelJS should read back from a cell holding `value` of `column`. */
function expectedCell(value: CellValue | undefined, column: (typeof columns)[number]): unknown {
  const typed = typedCellOf(value, column);
  if (!typed) return undefined;
  if (typed.type === 'date') return { value: fromExcelSerial(typed.value), numFmt: typed.numFmt, underline: undefined };
  if (typed.type === 'text' && typed.link !== undefined) return { value: { text: typed.value, hyperlink: typed.link }, numFmt: typed.numFmt, underline: true };
  return { value: typed.value, numFmt: typed.numFmt, underline: undefined };
}

test('the streamed xlsx reads back cell for cell as each value is typed, with a bold frozen header, a filter and the query sheet', async () => {
  const streamed = join(home, 'streamed.xlsx');
  const count = await writeTableStream(streamed, columns, chunksOf(rows, 200), { sheetName: 'ceramicCapacitorsSMD', about });
  expect(count).toBe(rows.length);
  const book = await readXlsx(streamed);
  const sheet = book.worksheets[0];
  expect(sheet.name).toBe('ceramicCapacitorsSMD');
  expect(sheet.actualRowCount).toBe(rows.length + 1);
  const seen = new Set<ExcelJS.ValueType>();
  const actual = rows.map((_, r) =>
    columns.map((__, c) => {
      const cell = sheet.getRow(r + 2).getCell(c + 1);
      seen.add(cell.type);
      return cell.type === ExcelJS.ValueType.Null ? undefined : { value: cell.value, numFmt: cell.numFmt ?? 'General', underline: cell.font?.underline };
    }),
  );
  expect(actual).toEqual(rows.map((values) => columns.map((column, c) => expectedCell(values[c], column))));
  // Links, dates, Booleans, datasheet ladders and text all occur in these rows.
  for (const t of [ExcelJS.ValueType.String, ExcelJS.ValueType.Number, ExcelJS.ValueType.Hyperlink, ExcelJS.ValueType.Boolean, ExcelJS.ValueType.Date]) expect(seen).toContain(t);
  expect(columns.map((c, i) => sheet.getRow(1).getCell(i + 1).value)).toEqual(columns.map(workbookHeaderOf));
  expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(String(sheet.autoFilter)).toMatch(/^A1:[A-Z]+\d+$/);
  const widths = columnWidths(columns, rows.slice(0, 200)).map(charsOfPoints);
  expect(columns.map((_, i) => sheet.getColumn(i + 1).width)).toEqual(widths);
  const query = book.getWorksheet('PartSpec query')!;
  expect(query.getRow(2).getCell(2).value).toBe(rows.length);
  expect(query.getRow(3).getCell(2).value).toBe('yes');
  expect(query.getRow(1).getCell(1).font?.bold).toBe(true);
});

test('a whole table written at once is the same workbook as the same rows streamed', async () => {
  const whole = join(home, 'whole.xlsx');
  await writeXlsxTable(whole, columns, rows.slice(0, 50), { sheetName: 'caps', about: about(50, undefined) });
  const streamed = join(home, 'streamed-50.xlsx');
  await writeTableStream(streamed, columns, chunksOf(rows.slice(0, 50), 50), { sheetName: 'caps', about });
  const texts = async (file: string): Promise<unknown[]> => (await readXlsx(file)).worksheets.flatMap((s) => s.getSheetValues());
  expect(await texts(whole)).toEqual(await texts(streamed));
});

test('a capacitance column of the streamed file reads like a datasheet (0.51 pF … 10 µF) under a header naming no unit, as numfmt renders it', async () => {
  const caps = buildImportColumns(['Partno', 'Specs.Capacitance']);
  const values = [5.1e-13, 1e-10, 4.7e-9, 2.2e-8, 1e-5].map((c) => catalogFor(1).byGroup.SMD.find((p) => p.values['Specs.Capacitance'] === c)!);
  const out = join(home, 'caps.xlsx');
  await writeTableStream(out, caps, chunksOf(buildProductRows(recordsOf(values), caps), 2), { sheetName: 'caps', about });
  const sheet = (await readXlsx(out)).worksheets[0];
  const seen = [2, 3, 4, 5, 6].map((r) => sheet.getRow(r).getCell(2)).map((cell) => renderExcel(cell.numFmt, cell.value));
  expect(sheet.getRow(1).getCell(2).text).toBe('Capacitance');
  expect(seen).toEqual(['0.51 pF', '100 pF', '4.7 nF', '22 nF', '10 µF']);
  expect([2, 3, 4, 5, 6].map((r) => sheet.getRow(r).getCell(2).value)).toEqual([0.51, 100, 4700, 22000, 10000000]);
});

test('text stays text: formulas, markup, spaces and line breaks as sent; characters XML cannot hold are dropped', async () => {
  const cols = buildImportColumns(['Partno', 'ProductName', 'ProductDetailUrl']);
  const tricky: CellValue[][] = [
    ['=1+1', '=HYPERLINK("http://x","y")', 'javascript:alert(1)'],
    ['<b>&amp;"x"</b>', '  padded  ', 'https://example.com/a?b=1&c=2'],
    ['tab\there', 'line\r\nbreak', 'http://example.com/with space'],
    ['\u0001bell\u0007', 'lone \uD800 surrogate \uDFFF', '😀 µF ±5%'],
  ];
  const out = join(home, 'tricky.xlsx');
  await writeTableStream(out, cols, chunksOf(tricky, 2), { sheetName: 'tricky', about });
  const workbook = await readXlsx(out);
  expect(formulaCells(workbook)).toEqual([]);
  const sheet = workbook.worksheets[0];
  const text = (r: number, c: number): unknown => sheet.getRow(r).getCell(c).value;
  expect(text(2, 1)).toBe('=1+1');
  expect(text(2, 2)).toBe('=HYPERLINK("http://x","y")');
  expect(text(2, 3)).toBe('javascript:alert(1)');
  expect(sheet.getRow(2).getCell(1).numFmt).toBe('@');
  expect(text(3, 1)).toBe('<b>&amp;"x"</b>');
  expect(text(3, 2)).toBe('  padded  ');
  expect(text(3, 3)).toEqual({ text: 'https://example.com/a?b=1&c=2', hyperlink: 'https://example.com/a?b=1&c=2' });
  expect(text(4, 1)).toBe('tab\there');
  expect(text(4, 2)).toBe('line\r\nbreak');
  expect(text(4, 3)).toBe('http://example.com/with space');
  expect(text(5, 1)).toBe('bell');
  expect(text(5, 2)).toBe('lone  surrogate ');
  expect(text(5, 3)).toBe('😀 µF ±5%');
});

test('escapeXml escapes markup and drops what XML 1.0 forbids, keeping pairs of surrogates', () => {
  expect(escapeXml('plain text')).toBe('plain text');
  expect(escapeXml('a<b>&"c"\r')).toBe('a&lt;b&gt;&amp;&quot;c&quot;&#13;');
  expect(escapeXml('\u0000\u0008\u000B\u000C\u001F\uFFFE\uFFFFok\t\n')).toBe('ok\t\n');
  expect(escapeXml('\uD83D\uDE00 \uD83D \uDE00')).toBe('\uD83D\uDE00  ');
});

test('rows that stop early still make a complete workbook that says how many rows it holds', async () => {
  const out = join(home, 'cut.xlsx');
  let kept: number | undefined;
  await expect(
    writeTableStream(out, columns, chunksOf(rows, 100, 200), {
      sheetName: 'ceramicCapacitorsSMD',
      about,
      onKept: (n) => {
        kept = n;
      },
    }),
  ).rejects.toThrow('connection cut');
  expect(kept).toBe(200);
  const workbook = await readXlsx(out);
  expect(workbook.worksheets[0].actualRowCount).toBe(201);
  const query = workbook.getWorksheet('PartSpec query')!;
  expect(query.getRow(2).getCell(2).value).toBe(200);
  expect(query.getRow(3).getCell(2).value).toBe('no: the download stopped after 200 products; this sheet holds only those');
  expect(readdirSync(home).filter((f) => f.includes('partspec-tmp'))).toEqual([]);
});

test('a run with no rows at all is still a workbook with its header and query sheet', async () => {
  const out = join(home, 'empty.xlsx');
  await writeTableStream(out, columns, chunksOf([], 100), { sheetName: 'empty', about });
  const workbook = await readXlsx(out);
  expect(workbook.worksheets[0].getRow(1).getCell(1).value).toBe(columns[0].header);
  expect(workbook.worksheets[0].actualRowCount).toBe(1);
  expect(workbook.getWorksheet('PartSpec query')!.getRow(2).getCell(2).value).toBe(0);
});
