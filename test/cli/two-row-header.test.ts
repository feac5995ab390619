/**
 * A BOM whose header spans two rows, "Manufacturer" merged over "Name | Part number" and Ref, Qty
 * and Description merged down both, is read whole: the maker's column is found under its group,
 * so our parts are looked up and the other maker's row is "Other maker", from an xlsx with real
 * merged cells and from the same table saved as CSV; a title block above the header changes nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { readHeaderCells } from '../../core/bom/two-row-header';
import { DEMO_KEY } from '../../emulator';
import { MURATA } from '../fixtures/boms/parts';
import { columnOf, readXlsx, useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const world = useEmulatorHome();
const env = { PARTSPEC_API_KEY: DEMO_KEY };

const OURS = MURATA.filter((p) => !p.startsWith('BLM')).slice(0, 6);
const TOP = ['Ref', 'Qty', 'Manufacturer', '', 'Description'];
const BOTTOM = ['', '', 'Name', 'Part number', ''];
const DATA = [...OURS.map((p, i) => [`C${i + 1}`, 2, 'Murata', p, 'Capacitor']), ['C99', 1, 'Samsung', 'CL10B104KB8NNNC', 'Capacitor']];
const EXPECTED = [...OURS.map(() => 'Exact'), 'Other maker'];
const SUMMARY = /7 rows: 6 exact, 0 variant, 0 ambiguous, 0 not found, 0 invalid, 0 blank; not looked up: 1 other makers' part \(by 'Manufacturer Name'\)/;

const matchOf = (cell: unknown): string => String(cell ?? '').replace(/ \(synthetic\)$/, '');

test('the two rows read as one header: each column named by its group and its own name', () => {
  expect(readHeaderCells([TOP, BOTTOM], 1, 5)).toEqual(['Ref', 'Qty', 'Manufacturer Name', 'Manufacturer Part number', 'Description']);
  // A title above a one-row header is not its upper row, nor is a row naming no BOM column.
  expect(readHeaderCells([['Bill of materials', '', '', ''], ['Ref', 'Qty', 'MPN', 'Manufacturer']], 1, 4)).toEqual(['Ref', 'Qty', 'MPN', 'Manufacturer']);
  expect(readHeaderCells([['Project', 'X', '', 'Rev'], ['Ref', 'Qty', 'MPN', 'Manufacturer']], 1, 4)).toEqual(['Ref', 'Qty', 'MPN', 'Manufacturer']);
  // A column that stands alone right of a group (Value) is not in it; PartSpec's own headers never are.
  expect(readHeaderCells([['Manufacturer', '', '', ''], ['Name', 'Part number', 'Value', 'PartSpec: Match']], 1, 4)).toEqual(['Manufacturer Name', 'Manufacturer Part number', 'Value', 'PartSpec: Match']);
  expect(readHeaderCells([['Manufacturer', '', ''], ['Name', 'Part number', 'PartSpec: Match']], 1, 3)).toEqual(['Manufacturer Name', 'Manufacturer Part number', 'PartSpec: Match']);
});

test('xlsx with merged cells: the Manufacturer group is read, 6 of ours looked up, Samsung another maker’s', async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('BOM');
  sheet.addRow(['Assembly BOM PCB-0077']);
  sheet.addRow([]);
  sheet.addRow(TOP);
  sheet.addRow(BOTTOM);
  for (const row of DATA) sheet.addRow(row);
  sheet.mergeCells('C3:D3');
  for (const column of ['A', 'B', 'E']) sheet.mergeCells(`${column}3:${column}4`);
  const input = join(world.home, 'two-row.xlsx');
  await workbook.xlsx.writeFile(input);

  const output = join(world.home, 'two-row-out.xlsx');
  const run = await runCliInProcess(['enrich', input, '--fields', 'Status', '--out', output, '--base-url', world.emulator.url], { home: world.home, env });
  expect(run.stderr).toMatch(SUMMARY);
  expect(run.code).toBe(0);
  const out = (await readXlsx(output)).worksheets[0];
  const match = columnOf(out, 4, 'PartSpec: Match');
  expect(match).toBeGreaterThan(5);
  expect(DATA.map((_, i) => matchOf(out.getRow(5 + i).getCell(match).value))).toEqual(EXPECTED);
  // The top row is left as it was: PartSpec writes its headers in the header's lower row.
  expect(out.getRow(3).getCell(match).value ?? null).toBeNull();
});

test('the same table as CSV: the group is read from the cell it was exported to', async () => {
  const input = join(world.home, 'two-row.csv');
  const output = join(world.home, 'two-row-out.csv');
  writeFileSync(input, Papa.unparse([TOP, BOTTOM, ...DATA]));
  const run = await runCliInProcess(['enrich', input, '--fields', 'Status', '--out', output, '--base-url', world.emulator.url], { home: world.home, env });
  expect(run.stderr).toMatch(SUMMARY);
  expect(run.code).toBe(0);
  const rows = Papa.parse<string[]>(readFileSync(output, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  const match = rows[1].indexOf('PartSpec: Match');
  expect(rows.slice(2).map((r) => matchOf(r[match]))).toEqual(EXPECTED);
});
