/**
 * New workbooks of the command line that are not product tables (a text BOM saved as .xlsx, several
 * sheets) go through the same streamed writer: the BOM's own cells stay text, PartSpec's cells are
 * typed, highlight rules and changed-cell fills are there, and LibreOffice reads every sheet.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { NUMBER_FORMATS } from '../../core/cells/columns';
import { lifecycleRules } from '../../core/enrich/highlight';
import { writeGridWorkbook, writeNewWorkbook } from '../../node/files/xlsx';
import type { GridCell } from '../../node/files/csv';
import { convertWithLibreOffice } from '../fixtures/workbooks/libreoffice';
import { makeTempDir, readXlsx } from '../cli/helpers';

let home: string;
let cleanup: () => void;

beforeAll(() => {
  ({ dir: home, cleanup } = makeTempDir());
});

afterAll(() => cleanup());

const risk: GridCell = { value: 'EOL', type: { kind: 'text', numberFormat: NUMBER_FORMATS.text } };
const GRID: GridCell[][] = [
  ['Part No.', 'Qty', 'Risk', 'Last buy'],
  ['GRM155R71C104KA88D', '0805', risk, { value: 46000, type: { kind: 'date', numberFormat: NUMBER_FORMATS.date } }],
  ['=1+1', '10', { value: 'OK', type: risk.type }, ''],
];

test('a text BOM saved as a workbook keeps its own cells as text and marks what PartSpec wrote', async () => {
  const out = join(home, 'bom.xlsx');
  await writeGridWorkbook(out, 'bom', GRID, { highlights: [{ column: 2, firstRow: 1, lastRow: 2, rules: lifecycleRules() }], changed: [[1, 2]] });
  const sheet = (await readXlsx(out)).worksheets[0];
  expect(sheet.name).toBe('bom');
  expect(sheet.getCell('B2').value).toBe('0805');
  expect(sheet.getCell('B2').numFmt).toBe('@');
  expect(sheet.getCell('A3').value).toBe('=1+1');
  expect(sheet.getCell('A3').formula).toBeUndefined();
  expect(sheet.getCell('D2').value).toEqual(new Date(Date.UTC(2025, 11, 9)));
  expect(sheet.getCell('C2').fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFCE4D6' } });
  expect(sheet.getCell('C3').fill).not.toMatchObject({ pattern: 'solid' });
  const xml = strFromU8(unzipSync(readFileSync(out))['xl/worksheets/sheet1.xml']);
  // One `cellIs equal` rule per risk level on the Risk column's data cells, after the cells as the schema orders.
  expect(xml).toMatch(/<\/sheetData><conditionalFormatting sqref="C2:C3"><cfRule type="cellIs" dxfId="0" priority="1" operator="equal"><formula>"EOL"<\/formula><\/cfRule>/);
  expect(xml.match(/<cfRule /g)).toHaveLength(lifecycleRules().length);
});

test('several sheets with widths and a frozen header, read by LibreOffice', async () => {
  const out = join(home, 'two.xlsx');
  const text = (value: string, bold = false) => ({ type: 'text' as const, value, numFmt: NUMBER_FORMATS.text, bold });
  await writeNewWorkbook(out, [
    { name: 'Parts', rows: [[text('Part', true), text('Status', true)], [text('A-1'), text('EOL')]], options: { widths: [20, 12], frozenRows: 1 }, autoFilterColumns: 2 },
    { name: 'Notes', rows: [[text('written by PartSpec'), { type: 'number', value: 2.5, numFmt: NUMBER_FORMATS.general }]] },
  ]);
  const book = await readXlsx(out);
  expect(book.worksheets.map((s) => s.name)).toEqual(['Parts', 'Notes']);
  expect(book.worksheets[0].getColumn(1).width).toBe(20);
  expect(book.worksheets[0].views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(book.worksheets[0].getCell('A1').font?.bold).toBe(true);
  const files = await convertWithLibreOffice(out, home, 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1');
  const csv = Object.entries(files).sort(([a], [b]) => a.localeCompare(b)).map(([, bytes]) => bytes.toString('utf8').trim());
  expect(csv).toEqual(['written by PartSpec,2.5', 'Part,Status\nA-1,EOL']);
}, 120_000);
