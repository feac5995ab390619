import type { ProductRecord } from '../../api/product';
import { MAX_BUILDS, parseBuilds, parseQuantity, quantityPerBoard, splitDesignators } from '../../core/report/quantities';
import { layoutSummarySheet, SUMMARY_SHEET_NAME } from '../../core/report/sheet-layout';
import { summarizeBom } from '../../core/report/summary';
import type { SummaryRow } from '../../core/report/types';

const TODAY = new Date(2026, 10, 24);

function product(partno: string, values: Record<string, unknown>): ProductRecord {
  return { group: 'SMD', partno, values: values as ProductRecord['values'] };
}

function part(row: number, partNumber: string, products: ProductRecord[], extra: Partial<SummaryRow> = {}): SummaryRow {
  return { row, partNumber, kind: 'part', designators: [], outcome: { status: products.length ? 'exact' : 'notFound', products }, ...extra };
}

const ok = product('GRM188R71H104KA93D', { Status: 'In Production', 'ComplianceInfo.Rohs': true, 'ComplianceInfo.Reach': true, 'ComplianceInfo.LeadFree': true, 'ComplianceInfo.AecQ200Support': false });
const ending = product('GRM155R61A105KE15D', {
  Status: 'To be discontinued',
  LastBuyDate: '2027-03-31',
  ProductionEndDate: '2027-09-30',
  AlternativePartno: ['GRM155R61A105KE01D'],
  'ComplianceInfo.Rohs': true,
  'ComplianceInfo.Reach': false,
});
const gone = product('GRM21BR71C475KA73L', { Status: '生産中止', ProductionEndDate: '2025-01-31', 'ComplianceInfo.Rohs': true });
const soon = product('LQM21PN1R0MC0D', { Status: 'In Production', LastBuyDate: '2028-06-30', 'ComplianceInfo.Rohs': true });

const ROWS: SummaryRow[] = [
  part(1, 'GRM188R71H104KA93D', [ok], { designators: splitDesignators('C1-C4, C9'), quantity: undefined }),
  part(2, 'GRM155R61A105KE15D', [ending], { designators: ['C5', 'C6'], quantity: '2 pcs', changes: 'Status: In Production → To be discontinued' }),
  part(3, 'GRM21BR71C475KA73L', [gone], { designators: ['C7'], quantity: 1 }),
  part(4, 'GRM155R61A105KE15D', [ending], { designators: ['C8'], quantity: 1 }),
  part(5, 'LQM21PN1R0MC0D', [soon], { designators: ['L1'], quantity: '３' }),
  part(6, 'GRM0000TYPO', []),
  { row: 7, partNumber: 'RC0603FR-0710KL', kind: 'otherMaker', designators: ['R1', 'R2'] },
  { row: 8, partNumber: 'GRM188R71H104KA93D', kind: 'dnp', designators: ['C10'] },
  { row: 9, partNumber: '', kind: 'blank', designators: [] },
  { row: 10, partNumber: 'Total', kind: 'total', designators: [], quantity: 99 },
];

describe('quantities as BOMs write them', () => {
  test.each([
    ['C1-C4, C9', ['C1', 'C2', 'C3', 'C4', 'C9']],
    ['R10–R12 R15', ['R10', 'R11', 'R12', 'R15']],
    ['C1 - 3', ['C1', 'C2', 'C3']],
    ['C1;C2/C3', ['C1', 'C2', 'C3']],
    ['U1-U99999', ['U1-U99999']],
    [42, []],
  ])('%p splits into %p', (cell, expected) => {
    expect(splitDesignators(cell)).toEqual(expected);
  });

  test.each([
    [4, 4],
    ['4 pcs', 4],
    ['1,000', 1000],
    ['４個', 4],
    ['n/a', undefined],
    [-1, undefined],
  ])('quantity %p reads %p', (cell, expected) => {
    expect(parseQuantity(cell)).toBe(expected);
  });

  test('the quantity cell wins, then the designators, then one', () => {
    expect(quantityPerBoard('3', ['C1'])).toBe(3);
    expect(quantityPerBoard(undefined, ['C1', 'C2'])).toBe(2);
    expect(quantityPerBoard(undefined, [])).toBe(1);
  });
});

describe('summarizeBom', () => {
  const summary = summarizeBom(ROWS, { today: TODAY, builds: 500 });

  test('rows and placed quantity by lifecycle status; totals are not counted', () => {
    expect(summary.rows).toBe(10);
    expect(summary.byStatus['In Production']).toEqual({ rows: 2, quantity: 5 + 3 });
    expect(summary.byStatus['To be discontinued']).toEqual({ rows: 2, quantity: 2 + 1 });
    expect(summary.byStatus.Discontinued).toEqual({ rows: 1, quantity: 1 });
    expect(summary.byStatus['Not found']).toEqual({ rows: 1, quantity: 1 });
    expect(summary.byStatus['Other maker']).toEqual({ rows: 1, quantity: 2 });
    expect(summary.byStatus['Not fitted']).toEqual({ rows: 1, quantity: 0 });
    expect(summary.byStatus.Blank).toEqual({ rows: 1, quantity: 0 });
    expect(summary.placed).toBe(8 + 3 + 1 + 1 + 2);
  });

  test('parts ending: the earlier date, its horizon and quarter, quantity per board over all rows, last-time buy for the builds', () => {
    expect(summary.ending.map((e) => [e.partNumber, e.date, e.dateField, e.horizon, e.quarter, e.quantityPerBoard, e.lastTimeBuy, e.rows])).toEqual([
      ['GRM21BR71C475KA73L', '2025-01-31', 'ProductionEndDate', 'past', '2025-Q1', 1, 500, [3]],
      ['GRM155R61A105KE15D', '2027-03-31', 'LastBuyDate', 'within6', '2027-Q1', 3, 1500, [2, 4]],
      ['LQM21PN1R0MC0D', '2028-06-30', 'LastBuyDate', 'within24', '2028-Q2', 3, 1500, [5]],
    ]);
    expect(summary.endingByHorizon).toEqual({ past: 1, within6: 1, within12: 0, within24: 1 });
    expect(summary.timeline).toEqual([
      { quarter: '2027-Q1', parts: 1, quantity: 3 },
      { quarter: '2028-Q2', parts: 1, quantity: 3 },
    ]);
  });

  test('compliance over distinct parts found: a false flag fails, a missing one is unknown', () => {
    const rohs = summary.compliance.find((c) => c.flag === 'Rohs')!;
    expect([rohs.yes, rohs.no, rohs.unknown]).toEqual([4, 0, 0]);
    const reach = summary.compliance.find((c) => c.flag === 'Reach')!;
    expect([reach.yes, reach.no, reach.unknown]).toEqual([1, 1, 2]);
    expect(reach.failing.map((f) => [f.partNumber, f.value])).toEqual([
      ['GRM155R61A105KE15D', 'no'],
      ['GRM21BR71C475KA73L', 'unknown'],
      ['LQM21PN1R0MC0D', 'unknown'],
    ]);
    expect(summary.automotive).toBe(false);
    expect(summarizeBom(ROWS, { today: TODAY, automotive: true }).automotive).toBe(true);
  });

  test('parts at risk, EOL first, with the maker’s alternatives; the dates in Japanese status words count the same', () => {
    expect(summary.atRisk.map((p) => [p.partNumber, p.risk, p.status])).toEqual([
      ['GRM21BR71C475KA73L', 'EOL', 'Discontinued'],
      ['GRM155R61A105KE15D', 'Risk', 'To be discontinued'],
    ]);
    expect(summary.atRisk[1].instead).toEqual([{ partno: 'GRM155R61A105KE01D', dropIn: false, makerAlternative: true, differs: ['not checked against the drop-in rules'] }]);
  });

  test('changes since the last check and the day of the figures', () => {
    expect(summary.changed).toEqual([{ row: 2, partNumber: 'GRM155R61A105KE15D', changes: 'Status: In Production → To be discontinued' }]);
    expect(summary.asOf).toBe('2026-11-24');
    expect(summary.builds).toBe(500);
  });
});

describe('layoutSummarySheet', () => {
  const summary = summarizeBom(ROWS, { today: TODAY, builds: 500 });

  test('the status chart points at the status table, and links point at the BOM rows', () => {
    const sheet = layoutSummarySheet(summary, 'en');
    expect(sheet.name).toBe(SUMMARY_SHEET_NAME);
    const status = sheet.charts.find((c) => c.name === 'PartSpecStatus')!;
    const labels = sheet.cells.slice(status.categories.row, status.categories.row + status.categories.rows).map((r) => r[0]);
    expect(labels).toEqual(['In Production', 'Under Development', 'NRND', 'To be discontinued', 'Discontinued', 'Several statuses', 'Not found', 'Other maker', 'Not fitted', 'Blank']);
    const values = sheet.cells.slice(status.series[0].values.row, status.series[0].values.row + status.series[0].values.rows).map((r) => r[1]);
    expect(values).toEqual([2, 0, 0, 2, 1, 0, 1, 1, 1, 1]);
    expect(sheet.charts.map((c) => c.name)).toEqual(['PartSpecStatus', 'PartSpecTimeline', 'PartSpecCompliance']);
    for (const link of sheet.links) expect(ROWS.some((r) => r.row === link.bomRow && sheet.cells[link.row][0] === r.partNumber)).toBe(true);
  });

  test('AEC-Q200 appears only when the BOM is automotive or the user asks; labels follow the language', () => {
    const plain = layoutSummarySheet(summary, 'en').cells.flat();
    expect(plain).not.toContain('AEC-Q200');
    const automotive = layoutSummarySheet(summarizeBom(ROWS, { today: TODAY, automotive: true }), 'ja').cells.flat();
    expect(automotive).toContain('AEC-Q200');
    expect(automotive).toContain('生産中止');
    expect(automotive).toContain('PartSpec サマリー');
  });
});

test('builds as typed: a whole number from 1 to MAX_BUILDS, blank for none, anything else invalid (the taskpane field and --builds share the bound)', () => {
  expect(['', ' ', '1', '500', ' 250 ', String(MAX_BUILDS)].map(parseBuilds)).toEqual([undefined, undefined, 1, 500, 250, MAX_BUILDS]);
  for (const bad of ['0', '-5', '2.5', 'abc', '1e3', '５００', String(MAX_BUILDS + 1), '9999999999']) expect([bad, parseBuilds(bad)]).toEqual([bad, 'invalid']);
});
