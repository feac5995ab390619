/**
 * Data rows pasted one column beside their header: once the part numbers are found beside their
 * header, the manufacturer, quantity and second-source columns are read with the same shift, so
 * our parts are looked up and other makers' rows are still told apart.
 */
import { detectBomLayout, findAlternateColumns } from '../../core/bom/bom';
import { findDataShift, shiftIndex } from '../../core/bom/data-shift';
import { planSets } from '../../core/enrich/enrich-sets';
import { summaryRowsOf } from '../../core/report/summary-rows';

const OURS = Array.from({ length: 25 }, (_, i) => `GRM155R71C${String(100 + i)}KA88D`);
const HEADER = ['Ref', 'Qty', 'MPN', 'Manufacturer', 'Description'];

/** A BOM whose data rows sit `shift` columns right of the header: 25 of our parts, a Samsung part and a DNP row. */
function shiftedBom(shift: number): unknown[][] {
  const pad = (row: unknown[]): unknown[] => (shift > 0 ? [...Array<unknown>(shift).fill(''), ...row] : row.slice(-shift));
  const data = [
    ...OURS.map((p, i) => [`C${i + 1}`, i + 2, p, 'Murata', 'Cap 0402']),
    ['C90', 1, 'CL10B104KB8NNNC', 'Samsung', 'Cap 0603'],
    ['C91', 1, 'GRM188R61A106KE69D', 'Murata', 'DNP'],
  ];
  return [HEADER, ...data.map(pad)];
}

function planOf(values: unknown[][]) {
  const layout = detectBomLayout({ values, origin: { row: 0, column: 0 } });
  if (!layout.ok) throw new Error(layout.message);
  const headers = values[layout.headerRow];
  const rows = values.slice(layout.firstRow, layout.lastRow + 1);
  const [set] = planSets({ headers, headerOrigin: 0, lastColumn: 6, rows }, layout.partColumn, [], []);
  return { layout, headers, rows, set };
}

test('rows one column right of the header: the part numbers in D, the manufacturer read in E, 25 of ours looked up', () => {
  const { layout, set } = planOf(shiftedBom(1));
  expect(layout).toMatchObject({ partColumn: 3, headerRow: 0, shift: 1 });
  expect(layout.note).toBe("The rows sit one column right of their header: the part numbers under 'MPN' (column C) are in column D, so PartSpec used column D and reads the manufacturer and the other columns one to the right as well.");
  expect(set.makerColumn).toBe(4);
  expect(set.kinds.filter((k) => k === 'part')).toHaveLength(25);
  expect(set.kinds.slice(25)).toEqual(['otherMaker', 'dnp']);
  expect(set.entries.slice(0, 25)).toEqual(OURS);
});

test('the quantity of a summary row is read with the same shift', () => {
  const { headers, rows, set, layout } = planOf(shiftedBom(1));
  const summary = summaryRowsOf({ set, bom: { headers, headerOrigin: 0, rows }, firstRow: layout.firstRow, outcomes: new Map() });
  expect(summary.slice(0, 3).map((r) => r.quantity)).toEqual([2, 3, 4]);
});

test('rows under their header have no shift; the manufacturer column is its header’s', () => {
  const { layout, set } = planOf(shiftedBom(0));
  expect(layout).toMatchObject({ partColumn: 2 });
  expect(layout.shift).toBeUndefined();
  expect(set.makerColumn).toBe(3);
  expect(set.kinds.slice(25)).toEqual(['otherMaker', 'dnp']);
});

test('a part-number header over an almost empty column, the part numbers beside it, is one misplaced column, not a shift', () => {
  const values = [['Line #', 'Designator', 'Part Number', '', 'Manufacturer'], ...OURS.slice(0, 6).map((p, i) => [i + 1, `C${i + 1}`, ' ', p, 'Murata'])];
  expect(planOf(values).layout).toMatchObject({ partColumn: 3 });
  expect(planOf(values).layout.shift).toBeUndefined();
  expect(planOf(values).set.makerColumn).toBe(4);
});

test('findDataShift: one column left, and nothing from too few rows', () => {
  const left = [['Ref', 'MPN', 'Qty', 'Manufacturer'], ...OURS.slice(0, 5).map((p, i) => [p, i + 1, 'Murata', ''])];
  expect(findDataShift(left[0], left.slice(1), 0)).toBe(-1);
  expect(findDataShift(left[0], left.slice(1, 3), 0)).toBe(0);
  expect(shiftIndex(3, -1)).toBe(2);
  expect(shiftIndex(0, -1)).toBeUndefined();
  expect(shiftIndex(undefined, 1)).toBeUndefined();
});

test('second sources are found by their headers and read with the shift', () => {
  const headers = ['Ref', 'MPN', 'MPN2', 'Qty'];
  expect(findAlternateColumns(headers, 2, 1)).toEqual([3]);
  expect(findAlternateColumns(headers, 1)).toEqual([2]);
});

test('a picked column of shifted rows carries the shift the sets are planned with', () => {
  const values = shiftedBom(1);
  const layout = detectBomLayout({ values, origin: { row: 0, column: 0 }, selection: { row: 1, column: 3, rowCount: values.length - 1, columnCount: 1 } });
  expect(layout).toMatchObject({ ok: true, partColumn: 3, shift: 1 });
});

test('a shifted BOM of part numbers outside the maker numbering (the emulator catalog) is found beside its header too', () => {
  const parts = ['MCA155C0J112JA1D', 'MLA25R72A220KA1A', 'MCS18R71H104KZ9D', 'MCA15L81C392KA1J', 'MLF18FST05R6KB2J', 'MCA18C71A104MA2J'];
  const values: unknown[][] = [['Ref', 'Qty', 'Part number', 'Manufacturer', 'Description'], ...parts.map((p, i) => ['', `C${i + 1}`, i + 1, p, 'Murata', `Line ${i}`])];
  const layout = detectBomLayout({ values, origin: { row: 0, column: 0 } });
  expect(layout.ok && [layout.partColumn, layout.shift]).toEqual([3, 1]);
});
