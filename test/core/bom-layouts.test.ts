/**
 * Finding the part numbers in BOM layouts real tools export, by header and by content: generic
 * headers (KiCad's Field1, Field2), a title block above the header, a header over an empty column
 * with the part numbers beside it, marked headers, distributor columns beside the maker's.
 */
import { detectBomLayout, findAlternateColumns, isAlternateHeader } from '../../core/bom/bom';
import { describeRowSummary, isOurMaker } from '../../core/bom/bom-rows';
import { looksLikeMakerPartNumber } from '../../core/bom/maker-numbering';
import { partNumberShape } from '../../core/bom/part-number-shape';

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
  ['Line 12', undefined],
  ['Cap 0603 X7R', undefined],
])('%s reads as %s', (text, shape) => {
  expect(partNumberShape(text)).toBe(shape);
});

test("a Description column of 'Line 1', 'Line 2'… is no candidate beside the part numbers", () => {
  const values = [['Ref', 'Qty', 'Part number', 'Description'], ...PARTS.map((p, i) => [`C${i + 1}`, '1', p, `Line ${i + 10}`])];
  const found = detect(values);
  expect(found).toMatchObject({ ok: true, partColumn: 2, ambiguous: false });
  expect(found.ok && found.candidates.map((c) => c.column)).toEqual([2]);
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

describe('candidates and closeness', () => {
  const OTHERS = ['GRM188R71H104KA93D', 'GRM21BR61E106KA73L', 'GCM155R71H103KA55D', 'LQH3NPN100MM0L', 'LQW18AN10NG00D', 'GRM155R61A105KE15D'];

  test('every column that could hold part numbers is a candidate, best first, with up to five samples', () => {
    const values = [['Ref', 'Digi-Key Part Number', 'Manufacturer Part Number', 'Qty'], ...PARTS.map((p, i) => [`C${i + 1}`, `490-${1000 + i}-1-ND`, p, '1'])];
    const found = detect(values);
    expect(found).toMatchObject({ ok: true, partColumn: 2, ambiguous: false });
    if (!found.ok) return;
    expect(found.candidates.map((c) => [c.column, c.header])).toEqual([
      [2, 'Manufacturer Part Number'],
      [1, 'Digi-Key Part Number'],
    ]);
    expect(found.candidates[0].samples).toEqual(PARTS.slice(0, 5));
    expect(found.candidates[0].score).toBeGreaterThan(found.candidates[1].score);
  });

  test("'Mfr PN' and 'Part Number' both full of different maker part numbers are ambiguous; the maker's wins", () => {
    const values = [['Ref', 'Part Number', 'Mfr PN', 'Qty'], ...PARTS.map((p, i) => [`C${i + 1}`, OTHERS[i], p, '1'])];
    const found = detect(values);
    expect(found).toMatchObject({ ok: true, partColumn: 2, ambiguous: true });
    expect(found.ok && found.candidates.map((c) => c.header)).toEqual(['Mfr PN', 'Part Number']);
  });

  test('two columns holding the same numbers need no choice', () => {
    const values = [['Part Number', 'Mfr PN'], ...PARTS.map((p) => [p, p])];
    expect(detect(values)).toMatchObject({ ok: true, partColumn: 1, ambiguous: false });
  });

  test('MPN beside a mostly empty MPN2 is not ambiguous, nor is a full MPN2 (a second source, not a rival)', () => {
    const sparse = [['Ref', 'MPN', 'MPN2'], ...PARTS.map((p, i) => [`C${i + 1}`, p, i === 0 ? OTHERS[0] : ''])];
    expect(detect(sparse)).toMatchObject({ ok: true, partColumn: 1, ambiguous: false });
    const full = [['Ref', 'PN', 'PN_1'], ...PARTS.map((p, i) => [`C${i + 1}`, p, OTHERS[i]])];
    expect(detect(full)).toMatchObject({ ok: true, partColumn: 1, ambiguous: false });
  });

  test("'Part Number' holding Digi-Key numbers beside 'Manufacturer Part Number' is not ambiguous", () => {
    const values = [['Part Number', 'Manufacturer Part Number'], ...PARTS.map((p, i) => [`399-${1171 + i}-1-ND`, p])];
    expect(detect(values)).toMatchObject({ ok: true, partColumn: 1, ambiguous: false });
  });

  test('a selected column has no candidates to offer', () => {
    const values = [['Part Number', 'Mfr PN'], ...PARTS.map((p, i) => [OTHERS[i], p])];
    expect(detectBomLayout({ values, origin: { row: 0, column: 0 }, selection: { row: 1, column: 0, rowCount: PARTS.length, columnCount: 1 } })).toMatchObject({ ok: true, partColumn: 0, candidates: [], ambiguous: false });
  });

  test("a header word among the part numbers ('部品番号' typed in row 8 of the column) is a value, not a second header row", () => {
    const column = [...PARTS, ...OTHERS];
    column.splice(6, 0, '部品番号');
    const values = [['Ref', 'Qty', 'Part number', 'Description'], ...column.map((p, i) => [`C${i + 1}`, '1', p, `Line ${i + 1}`])];
    expect(detect(values)).toMatchObject({ ok: true, headerRow: 0, partColumn: 2, firstRow: 1, lastRow: column.length });
  });

  test('a "Part No." in a title block loses to the header row of the BOM below it', () => {
    const values = [['Assembly', 'Part No.', 'PX-100'], ['Rev', 'C'], [], ['Item', 'Qty', 'Mfr Part Number'], ...PARTS.map((p, i) => [String(i + 1), '2', p])];
    expect(detect(values)).toMatchObject({ ok: true, headerRow: 3, partColumn: 2 });
  });

  test.each([
    [['MPN', 'MPN2'], true],
    [['PN', 'PN_1'], true],
    [['MPN1', 'MPN 2'], true],
    [['Manufacturer Part Number', 'Manufacturer Part Number 2'], true],
    [['MPN', 'Alt MPN'], true],
    [['MPN', 'Mfr'], false],
    [['Part Number', 'Mfr PN'], false],
    [['MPN', 'MPN'], false],
  ])('%j: the second is a second source of the first → %s', ([a, b], expected) => {
    expect(isAlternateHeader(a, b)).toBe(expected);
  });

  test('findAlternateColumns lists MPN2…MPN5 beside MPN', () => {
    expect(findAlternateColumns(['Ref', 'MPN', 'Mfr', 'MPN2', 'Mfr2', 'MPN3', 'Qty'], 1)).toEqual([3, 5]);
  });
});

describe("the maker's numbering and name", () => {
  test.each([
    ['GRM155R71C104KA88D', true],
    ['grm188r71h104ka93d', true],
    ['GCM155R71H103KA55D', true],
    ['LQM18PN2R2MFRL', true],
    ['LQH3NPN100MM0L', true],
    ['DFE322512F-2R2M=P2', true],
    ['RCER71H104K0DBH03A', true],
    ['DE2E3KY222MA3BM01F', true],
    ['BLM18AG601SN1D', true],
    ['NCP18XH103F03RB', true],
    ['GRM-TYPO-0001', true],
    ['CL10B104KB8NNNC', false],
    ['C1608X7R1H104K080AA', false],
    ['RC0603FR-0710KL', false],
    ['XYZ-NOT-A-PART', false],
    ['GRM', false],
    ['GRM 155', false],
    ['', false],
  ])('%s looks like the maker’s numbering → %s', (partno, expected) => {
    expect(looksLikeMakerPartNumber(partno)).toBe(expected);
  });

  test.each(['Murata', 'MURATA', 'murata manufacturing co., ltd.', 'Murata(村田)', '村田製作所', '村田 Murata', 'ムラタ', 'M u r a t a'])('%s is our maker', (name) => {
    expect(isOurMaker(name)).toBe(true);
  });

  test.each(['Samsung Electro-Mechanics', 'TDK', 'Yageo', '', undefined])('%s is not our maker', (name) => {
    expect(isOurMaker(name)).toBe(false);
  });

  test('the summary line says what was found, what is not ours and what was not looked up', () => {
    const kinds = { part: 9, blank: 1, dnp: 2, total: 1, otherMaker: 40 };
    expect(describeRowSummary({ rows: 53, exact: 5, variant: 1, ambiguous: 0, notFound: 3, invalid: 0, blank: 1, notOurs: 2, kinds, makerHeader: 'Manufacturer' })).toBe(
      "53 rows: 5 exact, 1 variant, 0 ambiguous, 3 not found (2 not in Murata's numbering), 0 invalid, 1 blank; not looked up: 2 not fitted (DNP), 1 total row, 40 other makers' parts (by 'Manufacturer')",
    );
    expect(describeRowSummary({ rows: 2, exact: 2, variant: 0, ambiguous: 0, notFound: 0, invalid: 0, blank: 0, kinds: { part: 2, blank: 0, dnp: 0, total: 0, otherMaker: 0 } })).toBe('2 rows: 2 exact, 0 variant, 0 ambiguous, 0 not found, 0 invalid, 0 blank');
  });
});

test.each([2, 3, 8, 15])('a header on row %i, below title lines and blank rows, is found; its marks and padding do not matter', (headerRow) => {
  const title = Array.from({ length: headerRow - 1 }, (_, i) => (i % 3 === 0 ? [`Title line ${i + 1}`, 'Rev B'] : []));
  for (const header of ['  * MPN', 'メーカー品番', '型号', '型番', '品番', '料号']) {
    const values = [...title, ['No.', 'Qty', header, 'Note'], ...PARTS.map((p, i) => [String(i + 1), '1', p, ''])];
    expect([header, detect(values)]).toMatchObject([header, { ok: true, headerRow: headerRow - 1, partColumn: 2, firstRow: headerRow, ambiguous: false }]);
  }
});

test("internal codes shaped like part numbers beside the maker's own numbering are no question: the maker's numbering wins", () => {
  const values = [['Part Number', 'Vendor P/N', 'Qty'], ...PARTS.map((p, i) => [`ACME-CAP-${1000 + i}A`, p, '1'])];
  const found = detect(values);
  expect(found).toMatchObject({ ok: true, partColumn: 1, ambiguous: false });
  const swapped = [['Mfr PN', 'Part Number', 'Qty'], ...PARTS.map((p, i) => [`ACME-CAP-${1000 + i}A`, p, '1'])];
  expect(detect(swapped)).toMatchObject({ ok: true, partColumn: 1, ambiguous: false });
});

test("PartSpec's own columns are never taken for the part numbers, even when they hold part numbers under no part header", () => {
  // Moved left of the BOM's own columns, the Replacement column would win a tie by position.
  const values: unknown[][] = [['PartSpec: Replacement', 'PartSpec (Alt): Match', 'Item', 'Value', 'Ref']];
  PARTS.forEach((p, i) => values.push([PARTS[(i + 1) % PARTS.length], 'Exact', `Cap ${i}`, p, `C${i + 1}`]));
  const found = detect(values);
  expect(found.ok && found.partColumn).toBe(3);
});
