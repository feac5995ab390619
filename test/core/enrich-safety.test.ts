/**
 * No pick destroys data: a selected or named column that holds PartSpec's answers or no part
 * numbers (Qty, Value, Fitted) is refused with the column that holds them; a row the lookup found
 * nothing for keeps its last answers; a run that changes most Match answers is told apart.
 */
import type { CellBlock } from '../../core/address';
import { enrichmentFieldColumn, resolveChoices, specialColumn } from '../../core/cells/columns';
import type { BomDocument, BomRegion } from '../../core/enrich/document';
import type { EnrichSet, MatchOutcome } from '../../core/enrich/enrich-plan';
import { findLargeChange, keepPreviousAnswers } from '../../core/enrich/keep-answers';
import { RISK_LEVEL_WORDS } from '../../core/cells/risk-levels';
import { locateBom } from '../../core/enrich/locate';
import { compareSet } from '../../core/enrich/set-columns';
import type { CellValue } from '../../core/cells/cell-values';

const HEADERS = ['Item', 'Qty', 'MPN', 'Value', 'Fitted', 'PartSpec: Match', 'PartSpec: Status'];
const PARTS = ['GRM155R71C104KA88D', 'GRM188R61A106KE69D', 'LQM18PN2R2MFRL', 'GRM1555C1H101JA01D'];
const SHEET = [HEADERS, ...PARTS.map((p, i) => [i + 1, 4 - i, p, '100nF', i === 2 ? 'DNP' : 'Yes', 'Exact', 'In Production'])];

/** A one-sheet document over `values` with `selection` (absolute) as the add-in's region gives it. */
function documentOf(values: unknown[][], selection?: CellBlock): BomDocument {
  const region: BomRegion = { sheetName: 'BOM', origin: { row: 0, column: 0 }, rowCount: values.length, lastColumn: values[0].length - 1, ...(selection ? { selection } : {}) };
  return {
    regions: async () => [region],
    read: async (_sheet, block) => values.slice(block.row, block.row + block.rowCount).map((r) => r.slice(block.column, block.column + block.columnCount)),
    write: async () => {
      throw new Error('nothing is written by locating');
    },
  };
}

const wholeColumn = (column: number): CellBlock => ({ row: 0, column, rowCount: SHEET.length, columnCount: 1 });

describe('a picked column that is not part numbers is refused, with the one that is', () => {
  test.each([
    ['PartSpec: Match (its letter clicked)', 5, "holds PartSpec's answers"],
    ['PartSpec: Status', 6, "holds PartSpec's answers"],
    ['Qty', 1, 'does not hold part numbers'],
    ['Value', 3, 'does not hold part numbers'],
    ['Fitted', 4, 'does not hold part numbers'],
  ])('%s', async (_name, column, why) => {
    const found = await locateBom(documentOf(SHEET, wholeColumn(column)));
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.kind).toBe('column');
    expect(found.message).toContain(why);
    expect(found.message).toContain("the part numbers look to be in column C ('MPN')");
    expect(found.instead?.layout.partColumn).toBe(2);
  });

  test("a single cell of Qty selected: the BOM's own column, as without the selection", async () => {
    const found = await locateBom(documentOf(SHEET, { row: 2, column: 1, rowCount: 1, columnCount: 1 }));
    // One cell in a column no header calls part numbers does not pick it: the BOM's own column is used.
    expect(found.ok && found.layout.partColumn).toBe(2);
  });

  test('named by header or letters (the command line): refused the same way', async () => {
    for (const name of ['Qty', 'B', 'PartSpec: Match', 'F']) {
      const found = await locateBom(documentOf(SHEET), { name });
      expect(found.ok).toBe(false);
      if (!found.ok) expect(found.instead?.layout.partColumn).toBe(2);
    }
  });

  test('the part-number column picked, named or found stays as it was', async () => {
    expect((await locateBom(documentOf(SHEET, wholeColumn(2)))).ok).toBe(true);
    expect((await locateBom(documentOf(SHEET), { name: 'MPN' })).ok).toBe(true);
    const auto = await locateBom(documentOf(SHEET));
    expect(auto.ok && auto.layout.partColumn).toBe(2);
  });

  test('nothing holds part numbers: refused with what to do, nothing offered', async () => {
    const found = await locateBom(documentOf([['Item', 'Qty'], [1, 2], [2, 3], [3, 4]], wholeColumn(1)));
    expect(found.ok).toBe(false);
    if (!found.ok) {
      expect(found.instead).toBeUndefined();
      expect(found.message).toContain('select a cell of the part-number column');
    }
  });
});

describe('a run that suggests parts reads a generic BOM by its values', () => {
  const GENERIC = [
    ['Reference', 'Value', 'Footprint', 'Qty'],
    ['C1', '100n', 'Capacitor_SMD:C_0402_1005Metric', 4],
    ['C2', '10uF', 'Capacitor_SMD:C_0805_2012Metric', 2],
    ['L1', '4.7uH', 'Inductor_SMD:L_0603_1608Metric', 1],
    ['R1', '10k', 'Resistor_SMD:R_0402_1005Metric', 8],
  ];
  const SUGGESTING = { describedParts: true };

  test('its Value column, picked or named, is the input when suggesting, refused otherwise', async () => {
    const picked = await locateBom(documentOf(GENERIC, { row: 0, column: 1, rowCount: GENERIC.length, columnCount: 1 }), undefined, SUGGESTING);
    expect(picked.ok && [picked.layout.partColumn, picked.layout.firstRow, picked.layout.lastRow]).toEqual([1, 1, 4]);
    const named = await locateBom(documentOf(GENERIC), { name: 'Value' }, SUGGESTING);
    expect(named.ok && named.layout.partColumn).toBe(1);
    const plain = await locateBom(documentOf(GENERIC), { name: 'Value' });
    expect(!plain.ok && plain.message).toContain("Column B ('Value') does not hold part numbers");
  });

  test('its Qty column stays refused when suggesting: a quantity describes no part', async () => {
    const found = await locateBom(documentOf(GENERIC), { name: 'Qty' }, SUGGESTING);
    expect(!found.ok && found.message).toContain("Column D ('Qty') does not hold part numbers");
  });

  test('where a column of part numbers exists, a picked Value column is refused with it, suggesting or not', async () => {
    const found = await locateBom(documentOf(SHEET, wholeColumn(3)), undefined, SUGGESTING);
    expect(found.ok).toBe(false);
    if (!found.ok) expect(found.instead?.layout.partColumn).toBe(2);
  });
});

describe('a run that finds nothing keeps the last answers', () => {
  const match = specialColumn('match');
  const status = enrichmentFieldColumn(resolveChoices(['Status'])[0]);
  const risk = specialColumn('risk');
  const set: EnrichSet = {
    partColumn: 0,
    kinds: ['part', 'part', 'part', 'part', 'blank'],
    entries: ['A1', 'A2', 'A3', 'A4', undefined],
    planned: [
      { spec: match, column: 1, existing: true },
      { spec: status, column: 2, existing: true },
      { spec: risk, column: 3, existing: true },
    ],
  };
  const previous = { headerOrigin: 0, rows: [['A1', 'Exact', 'In Production', 'OK'], ['A2', 'Exact', 'NRND', 'Risk'], ['A3', 'Exact', 'In Production', 'OK'], ['A4', 'Exact', 'In Production', 'OK'], ['', 'Exact', 'Old', 'OK']] };
  const notFound: MatchOutcome = { status: 'notFound', products: [] };

  test('not found rows keep Status and Risk; Match says Not found; a row with no part number is left as built', () => {
    const rows: CellValue[][] = [
      ['Not found', '', ''],
      ['Not found', '', ''],
      ['Not found', '', ''],
      ['Not found', '', ''],
      ['', '', ''],
    ];
    const outcomes = new Map([['A1', notFound], ['A2', notFound], ['A3', notFound], ['A4', notFound]]);
    expect(keepPreviousAnswers(set, rows, outcomes, previous)).toBe(8);
    expect(rows).toEqual([
      ['Not found', 'In Production', 'OK'],
      ['Not found', 'NRND', 'Risk'],
      ['Not found', 'In Production', 'OK'],
      ['Not found', 'In Production', 'OK'],
      ['', '', ''],
    ]);
    const changes = compareSet({ ...set, planned: [...set.planned, { spec: specialColumn('changes'), column: 4, existing: false }] }, rows.map((r) => [...r, '']), { headers: ['MPN', 'PartSpec: Match', 'PartSpec: Status', 'PartSpec: Risk'], headerOrigin: 0, rows: previous.rows });
    // Only the Match answers changed: the kept values are no change.
    expect(changes.report.changes.slice(0, 4).every((row) => row.length === 1 && row[0].column === 0)).toBe(true);
    const large = findLargeChange(set, changes, previous);
    expect(large).toMatchObject({ answered: 5, changed: 4 });
    expect(large?.message).toContain('changes the Match answer of 4 of the 5 rows');
  });

  test('a kept Risk level is said in the run language; a kept Status is kept as written', () => {
    const rows: CellValue[][] = previous.rows.map(() => ['見つかりません', '', '']);
    const outcomes = new Map([['A1', notFound], ['A2', notFound], ['A3', notFound], ['A4', notFound]]);
    keepPreviousAnswers(set, rows, outcomes, previous, 'ja');
    expect(rows.slice(0, 2)).toEqual([
      ['見つかりません', 'In Production', RISK_LEVEL_WORDS.ja.OK],
      ['見つかりません', 'NRND', RISK_LEVEL_WORDS.ja.Risk],
    ]);
  });

  test('a run with the same answers is no large change', () => {
    const rows: CellValue[][] = previous.rows.map((r) => [r[1], r[2], r[3], ''] as CellValue[]);
    const changes = compareSet({ ...set, planned: [...set.planned, { spec: specialColumn('changes'), column: 4, existing: false }] }, rows, { headers: ['MPN', 'PartSpec: Match', 'PartSpec: Status', 'PartSpec: Risk'], headerOrigin: 0, rows: previous.rows });
    expect(findLargeChange(set, changes, previous)).toBeUndefined();
  });
});
