/**
 * Finding the part numbers in BOM layouts real tools export, by header and by content: generic
 * headers (KiCad's Field1, Field2), a title block above the header, a header over an empty column
 * with the part numbers beside it, marked headers, distributor columns beside the maker's.
 */
import { detectBomLayout } from '../../src/sheets/core/bom';
import { partNumberShape } from '../../src/sheets/core/part-number-shape';

const PARTS = ['GRM155R71C104KA88D', 'GRM188R61A106KE69D', 'GRM21BR61E226ME44L', 'LQM18PN2R2MFRL', 'DFE322512F-2R2M=P2', 'GCM188R71H104KA57D'];
const detect = (values: unknown[][]) => detectBomLayout({ values, origin: { row: 0, column: 0 } });

test.each([
  ['GRM155R71C104KA88D', 'part'],
  ['DFE322512F-2R2M=P2', 'part'],
  ['LQH3NPN100MJRL', 'part'],
  ['399-1171-1-ND', 'distributor'],
  ['81-GRM155R71C104KA8D', 'distributor'],
  ['C1, C3, C4', undefined],
  ['C2 C4 C6 ', undefined],
  ['C2;C4;C9', undefined],
  ['100nF', undefined],
  ['4k7', undefined],
  ['0.1uF 50V', undefined],
  ['Ceramic capacitor 100nF', undefined],
  ['', undefined],
  ['12', undefined],
])('%s reads as %s', (text, shape) => {
  expect(partNumberShape(text)).toBe(shape);
});

test("a KiCad export with generic headers: the part numbers are found in Field2 by what it holds, and the user is told", () => {
  const values = [['ref', 'value', 'Field1', 'Field2'], ...PARTS.map((p, i) => [`C${i + 1}`, '100n', 'Murata', p])];
  const found = detect(values);
  expect(found).toMatchObject({ ok: true, headerRow: 0, partColumn: 3, firstRow: 1, lastRow: PARTS.length });
  expect(found.ok && found.note).toMatch(/No header names the part numbers; column D \('Field2'\) holds them from D2 on/);
});

test('a 14-line title block, and data shifted one column right of its header: the part numbers beside the empty column are used, with a sentence', () => {
  const title = Array.from({ length: 14 }, (_, i) => (i === 0 ? ['Bill of Materials', 'Project X'] : i === 3 ? ['Rev', 'B'] : []));
  const header = ['Item', 'Qty', 'Reference', 'Part Number', '', 'Description'];
  const rows = PARTS.map((p, i) => [String(i + 1), '2', `C${i + 1}`, ' ', p, 'MLCC']);
  const found = detect([...title, header, ...rows]);
  expect(found).toMatchObject({ ok: true, headerRow: 14, partColumn: 4, firstRow: 15 });
  expect(found.ok && found.note).toMatch(/'Part Number' \(column D\) is almost empty and the part numbers are in column E beside it/);
});

test('marked and padded headers are headers; a distributor column loses to the maker part number', () => {
  expect(detect([['  * Qty', ' * MPN ', 'Desc'], ...PARTS.map((p) => ['1', p, 'x'])])).toMatchObject({ ok: true, partColumn: 1 });
  const distributor = [['Digi-Key Part Number', 'Mfr Part Number', 'Qty'], ...PARTS.map((p, i) => [`490-${1000 + i}-1-ND`, p, '1'])];
  expect(detect(distributor)).toMatchObject({ ok: true, partColumn: 1 });
  const misnamed = [['Part Number', 'Manufacturer Part Number'], ...PARTS.map((p, i) => [`399-${1171 + i}-1-ND`, p])];
  expect(detect(misnamed)).toMatchObject({ ok: true, partColumn: 1 });
});

test('a sheet with neither a header nor part-number-like cells is still refused with the sentence', () => {
  const found = detect([['a', 'b'], ['1', '2'], ['3', '4'], ['5', '6']]);
  expect(found).toMatchObject({ ok: false });
  expect(!found.ok && found.message).toMatch(/No part-number column was found/);
});
