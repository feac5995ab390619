/**
 * Second sources read their own maker column: `Alternate Mfg 1` beside `Alternate Part Number 1`,
 * `Manufacturer2` beside `MPN2`, so the alternates of other makers are "Other maker" rows, not
 * part numbers looked up and not found; with rows shifted beside their header, every maker column
 * shifts with its part-number column.
 */
import { findMakerColumn, findMakerColumnOf } from '../../core/bom/bom-rows';
import { isAlternateHeader } from '../../core/bom/header-score';
import { planSets } from '../../core/enrich/enrich-sets';

const HEADERS = ['Item', 'Qty', 'Reference', 'Part Number', 'Mfg', 'Alternate Part Number 1', 'Alternate Mfg 1', 'Alternate Part Number 2', 'Alternate Mfg 2', 'Description'];

const ROWS = [
  [1, 2, 'C1,C2', 'GRM155R71C104KA88D', 'Murata', 'CL05B104KO5NNNC', 'Samsung', 'C1005X7R1C104K050BC', 'TDK', 'CAP 100nF'],
  [2, 1, 'C3', 'GRM188R61A106KE69D', 'Murata', 'GRM188R61A106KA73D', 'Murata', '', '', 'CAP 10uF'],
  [3, 1, 'R1', 'RC0402FR-0710KL', 'Yageo', 'ERJ-2RKF1002X', 'Panasonic', 'CRCW040210K0FKED', 'Vishay', 'RES 10k'],
];

test.each([
  [['Part Number', 'Mfg', 'Alternate Part Number 1', 'Alternate Mfg 1'], 2, 3],
  [['Part Number', 'Mfg', 'Alternate Part Number 1', 'Alternate Mfg 1'], 0, 1],
  [['MPN', 'Manufacturer', 'MPN2', 'Manufacturer2'], 2, 3],
  [['Manufacturer 1', 'MPN 1', 'Manufacturer 2', 'MPN 2'], 3, 2],
  [['Alt Manufacturer', 'Alt MPN', 'Manufacturer', 'MPN'], 1, 0],
  [['MPN', 'Manufacturer', 'MPN2'], 2, undefined],
])('%j: the maker column of column %i is %s', (headers, part, maker) => {
  expect(findMakerColumnOf(headers, part)).toBe(maker);
});

test("'Alternate Part Number 1' is a second source of 'Part Number', 'Alternate Mfg 1' a manufacturer column", () => {
  expect(isAlternateHeader('Part Number', 'Alternate Part Number 1')).toBe(true);
  expect(isAlternateHeader('Part Number', 'Alternate Part Number 2')).toBe(true);
  expect(isAlternateHeader('Part Number', 'Alternate Mfg 1')).toBe(false);
  expect(findMakerColumn(['Alternate Mfg 1'])).toBe(0);
});

test('each second source is told apart by its own maker column: the other makers’ alternates are not looked up', () => {
  const sets = planSets({ headers: HEADERS, headerOrigin: 0, lastColumn: 9, rows: ROWS }, 3, [], [
    { column: 5, source: 'Alternate Part Number 1' },
    { column: 7, source: 'Alternate Part Number 2' },
  ]);
  expect(sets.map((s) => s.makerColumn)).toEqual([4, 6, 8]);
  expect(sets.map((s) => s.kinds)).toEqual([
    ['part', 'part', 'otherMaker'],
    ['otherMaker', 'part', 'otherMaker'],
    ['otherMaker', 'blank', 'otherMaker'],
  ]);
});

test('rows shifted one column right of their header: every maker column shifts with its part-number column', () => {
  const shifted = ROWS.map((r) => ['', ...r]);
  const sets = planSets({ headers: HEADERS, headerOrigin: 0, lastColumn: 10, rows: shifted }, 4, [], [
    { column: 6, source: 'Alternate Part Number 1' },
    { column: 8, source: 'Alternate Part Number 2' },
  ]);
  expect(sets.map((s) => [s.makerColumn, s.shift])).toEqual([
    [5, 1],
    [7, 1],
    [9, 1],
  ]);
  expect(sets[1].kinds).toEqual(['otherMaker', 'part', 'otherMaker']);
});
