import { strToU8, zipSync, type Zippable } from 'fflate';
import { readCategoryFile } from '../../../api/stream/category-file';
import { planXlsxEntry, xlsxRows } from '../../../api/stream/xlsx-rows';
import { unzipEntries } from '../../../api/stream/zip-entries';
import type { ProductRecord } from '../../../api';

/*
 * The xlsx reader on archives built here, entry order chosen: the first sheet is read as it
 * arrives when the workbook precedes it and its strings are known (shared strings before the
 * sheet, or inline strings), and held compressed until the strings arrive when they come after
 * it. Whatever the order, the same products come out.
 */

const ROWS = 3000;
const HEADER = ['Partno', 'Status', 'Specs.Capacitance', 'Specs.RatedVoltage'];
const cellsOf = (i: number): string[] => [`GRM${String(i).padStart(6, '0')}X`, i % 3 === 0 ? 'In Production' : 'Not Recommended <&> "new"', String((i + 1) * 1e-12), String(16 + (i % 5))];

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const ref = (column: number, row: number): string => `${String.fromCharCode(65 + column)}${row}`;

/** The sheet XML: text as shared-string indices (`shared`) or inline strings; numbers as numbers. */
function sheetXml(strings: 'shared' | 'inline', table: string[]): string {
  const index = new Map<string, number>();
  const text = (value: string, cell: string): string => {
    if (strings === 'inline') return `<c r="${cell}" t="inlineStr"><is><t>${escape(value)}</t></is></c>`;
    if (!index.has(value)) {
      index.set(value, table.length);
      table.push(value);
    }
    return `<c r="${cell}" t="s"><v>${index.get(value)}</v></c>`;
  };
  const rows = [HEADER, ...Array.from({ length: ROWS }, (_, i) => cellsOf(i))].map(
    (cells, r) => `<row r="${r + 1}">${cells.map((v, c) => (r > 0 && c >= 2 ? `<c r="${ref(c, r + 1)}"><v>${v}</v></c>` : text(v, ref(c, r + 1)))).join('')}</row>`,
  );
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`;
}

const sharedXml = (table: readonly string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${table.length}" uniqueCount="${table.length}">${table.map((s) => `<si><t>${escape(s)}</t></si>`).join('')}</sst>`;

const PARTS: Record<string, string> = {
  '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  '_rels/.rels': '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
  'xl/workbook.xml':
    '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Products" sheetId="1" r:id="rId7"/><sheet name="Notes" sheetId="2" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Type="worksheet" Target="worksheets/sheet2.xml"/></Relationships>',
  'xl/styles.xml': '<?xml version="1.0"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
};

/** An xlsx whose first sheet (sheet2.xml, by the workbook) holds the products, entries in `order`. */
function buildXlsx(order: readonly string[], strings: 'shared' | 'inline' = 'shared'): Uint8Array {
  const table: string[] = [];
  const products = sheetXml(strings, table);
  const notes = '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>not this sheet</t></is></c></row></sheetData></worksheet>';
  const parts: Record<string, string> = { ...PARTS, 'xl/worksheets/sheet2.xml': products, 'xl/worksheets/sheet1.xml': notes, 'xl/sharedStrings.xml': sharedXml(table) };
  const zippable: Zippable = {};
  for (const name of order) zippable[name] = strToU8(parts[name]);
  return zipSync(zippable, { level: 6 });
}

const EXCEL_ORDER = ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet2.xml', 'xl/worksheets/sheet1.xml', 'xl/styles.xml', 'xl/sharedStrings.xml'];
const STRINGS_FIRST = ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml', 'xl/styles.xml'];
const WORKBOOK_LAST = ['xl/worksheets/sheet2.xml', 'xl/worksheets/sheet1.xml', '[Content_Types].xml', 'xl/sharedStrings.xml', 'xl/styles.xml', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', '_rels/.rels'];

/** The archive in 4 KiB chunks, counting how many have been handed out. */
function chunked(bytes: Uint8Array, counter: { sent: number; total: number }): AsyncIterable<Uint8Array> {
  counter.total = Math.ceil(bytes.length / 4096);
  return (async function* chunks() {
    for (let at = 0; at < bytes.length; at += 4096) {
      counter.sent++;
      yield bytes.subarray(at, at + 4096);
    }
  })();
}

/** Every row of the first sheet, and how much of the archive had been read when the first data row came out. */
async function readRows(bytes: Uint8Array): Promise<{ rows: string[][]; sentAtFirstRow: number; total: number }> {
  const counter = { sent: 0, total: 0 };
  const rows: string[][] = [];
  let sentAtFirstRow = 0;
  for await (const row of xlsxRows(unzipEntries(chunked(bytes, counter), planXlsxEntry))) {
    if (rows.length === 1) sentAtFirstRow = counter.sent;
    rows.push(row);
  }
  return { rows, sentAtFirstRow, total: counter.total };
}

async function readProducts(bytes: Uint8Array): Promise<ProductRecord[]> {
  const products: ProductRecord[] = [];
  for await (const batch of readCategoryFile(chunked(bytes, { sent: 0, total: 0 }), { category: 'ceramicCapacitorsSMD' })) products.push(...batch);
  return products;
}

const EXPECTED_ROWS = [HEADER, ...Array.from({ length: ROWS }, (_, i) => cellsOf(i))];

describe('xlsx first sheet, whatever the entry order', () => {
  test('shared strings before the sheet: rows come out while the sheet is still arriving', async () => {
    const { rows, sentAtFirstRow, total } = await readRows(buildXlsx(STRINGS_FIRST));
    expect(rows).toEqual(EXPECTED_ROWS);
    expect(total).toBeGreaterThan(4);
    expect(sentAtFirstRow).toBeLessThan(total / 2);
  });

  test('inline strings: rows come out as the sheet arrives, even with the strings part after it', async () => {
    const { rows, sentAtFirstRow, total } = await readRows(buildXlsx(EXCEL_ORDER, 'inline'));
    expect(rows).toEqual(EXPECTED_ROWS);
    expect(sentAtFirstRow).toBeLessThan(total / 2);
  });

  test("shared strings after the sheet (Excel's order): the sheet waits for them, then every row resolves", async () => {
    const bytes = buildXlsx(EXCEL_ORDER);
    const { rows, sentAtFirstRow, total } = await readRows(bytes);
    expect(rows).toEqual(EXPECTED_ROWS);
    // The strings are the archive's last large part: no row can be resolved before most of it is read.
    expect(sentAtFirstRow).toBeGreaterThan(total / 2);
  });

  test('the workbook after the sheets: which sheet is first is known only at the end, and it is still the right one', async () => {
    const { rows } = await readRows(buildXlsx(WORKBOOK_LAST));
    expect(rows).toEqual(EXPECTED_ROWS);
  });

  test('the same products from every order', async () => {
    const reference = await readProducts(buildXlsx(EXCEL_ORDER));
    expect(reference).toHaveLength(ROWS);
    expect(reference[0].partno).toBe(cellsOf(0)[0]);
    expect(reference[1].values.Status).toBe('Not Recommended <&> "new"');
    for (const bytes of [buildXlsx(STRINGS_FIRST), buildXlsx(WORKBOOK_LAST), buildXlsx(EXCEL_ORDER, 'inline'), buildXlsx(STRINGS_FIRST, 'inline')]) {
      expect(await readProducts(bytes)).toEqual(reference);
    }
  });
});
