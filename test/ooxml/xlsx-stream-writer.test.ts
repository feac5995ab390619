/**
 * The streamed xlsx writer (cli/io/xlsx-stream-writer.ts behind writeTableStream) against the
 * ExcelJS workbook writer the command line used before, for the same rows: read back with
 * ExcelJS, every cell has the same value, type, number format and font; formats render like a
 * datasheet in numfmt; text that looks like a formula stays text; characters XML cannot hold are
 * dropped rather than breaking the file; a run that stops early leaves a complete file saying so.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { format as renderExcel } from 'numfmt';
import { VALUE_FIELDS, type ProductRecord } from '../../api/node';
import type { CellValue } from '../../core/cells/cell-values';
import { buildImportColumns } from '../../core/cells/columns';
import { buildProductRows } from '../../core/cells/rows';
import { catalogFor } from '../../emulator';
import { writeTableStream, type RowBatches } from '../../cli/io/table-stream';
import { writeXlsxTable } from '../../cli/io/xlsx';
import { escapeXml } from '../../ooxml/xlsx-stream-writer';
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

/** Value, type, number format and font of every cell, as ExcelJS reads them. */
function cellsOf(sheet: ExcelJS.Worksheet): Map<string, unknown> {
  const out = new Map<string, unknown>();
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      const font = cell.font ? Object.fromEntries(Object.entries(cell.font).sort(([a], [b]) => a.localeCompare(b))) : {};
      out.set(cell.address, { value: cell.value, type: cell.type, numFmt: cell.numFmt ?? 'General', font });
    }),
  );
  return out;
}

test('the streamed xlsx reads back cell for cell as the ExcelJS writer wrote the same rows', async () => {
  const streamed = join(home, 'streamed.xlsx');
  const whole = join(home, 'whole.xlsx');
  // Widths come from the first chunk; the whole-table writer samples the first 200 rows too.
  const count = await writeTableStream(streamed, columns, chunksOf(rows, 200), { sheetName: 'ceramicCapacitorsSMD', about });
  expect(count).toBe(rows.length);
  await writeXlsxTable(whole, columns, rows, { sheetName: 'ceramicCapacitorsSMD', about: about(rows.length, undefined) });
  const [a, b] = [await readXlsx(whole), await readXlsx(streamed)];
  const [sa, sb] = [a.worksheets[0], b.worksheets[0]];
  expect(sb.name).toBe('ceramicCapacitorsSMD');
  expect(sb.actualRowCount).toBe(rows.length + 1);
  const expected = cellsOf(sa);
  const actual = cellsOf(sb);
  expect(actual.size).toBe(expected.size);
  // Links, dates, Booleans, datasheet ladders and text all occur in these rows.
  const types = new Set([...actual.values()].map((c) => (c as { type: ExcelJS.ValueType }).type));
  for (const t of [ExcelJS.ValueType.String, ExcelJS.ValueType.Number, ExcelJS.ValueType.Hyperlink, ExcelJS.ValueType.Boolean]) expect(types).toContain(t);
  for (const [address, cell] of expected) expect([address, actual.get(address)]).toEqual([address, cell]);
  expect(sb.getRow(1).getCell(1).font?.bold).toBe(true);
  expect(sb.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(String(sb.autoFilter)).toMatch(/^A1:[A-Z]+\d+$/);
  for (let c = 1; c <= columns.length; c++) if (sa.getColumn(c).width !== undefined) expect(sb.getColumn(c).width).toBe(sa.getColumn(c).width);
  const query = b.getWorksheet('PartSpec query')!;
  expect(query.getRow(2).getCell(2).value).toBe(rows.length);
  expect(query.getRow(3).getCell(2).value).toBe('yes');
  expect(query.getRow(1).getCell(1).font?.bold).toBe(true);
});

test('datasheet formats of the streamed file render as a datasheet reads in numfmt', async () => {
  const caps = buildImportColumns(['Partno', 'Specs.Capacitance']);
  const values = [5.1e-13, 1e-10, 4.7e-9, 2.2e-8, 1e-5].map((c) => catalogFor(1).byGroup.SMD.find((p) => p.values['Specs.Capacitance'] === c)!);
  const out = join(home, 'caps.xlsx');
  await writeTableStream(out, caps, chunksOf(buildProductRows(recordsOf(values), caps), 2), { sheetName: 'caps', about });
  const sheet = (await readXlsx(out)).worksheets[0];
  const seen = [2, 3, 4, 5, 6].map((r) => sheet.getRow(r).getCell(2)).map((cell) => renderExcel(cell.numFmt, cell.value));
  expect(seen).toEqual(['0.51 pF', '100 pF', '4.7 nF', '22 nF', '10 µF']);
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
