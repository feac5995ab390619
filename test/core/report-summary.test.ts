import type { ProductRecord } from '../../api/product';
import { MAX_BUILDS, parseBuilds, parseQuantity, quantityPerBoard, splitDesignators } from '../../core/report/quantities';
import { layoutSummarySheet, SUMMARY_SHEET_NAME, textWidth } from '../../core/report/sheet-layout';
import { READABLE_SCALE } from '../../core/report/sheet-print';
import { lastTimeBuyOf, summarizeBom } from '../../core/report/summary';
import { PAST_QUARTER, type SummaryRow } from '../../core/report/types';
import { isSummarySheetName, summarySheetName } from '../../core/names';

const TODAY = new Date(2026, 10, 24);

function product(partno: string, values: Record<string, unknown>): ProductRecord {
  return { group: 'SMD', partno, values: values as ProductRecord['values'] };
}

function part(sheetRow: number, partNumber: string, products: ProductRecord[], extra: Partial<SummaryRow> = {}): SummaryRow {
  return { sheetRow, partNumber, kind: 'part', designators: [], outcome: { status: products.length ? 'exact' : 'notFound', products }, ...extra };
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
  { sheetRow: 7, partNumber: 'RC0603FR-0710KL', kind: 'otherMaker', designators: ['R1', 'R2'] },
  { sheetRow: 8, partNumber: 'GRM188R71H104KA93D', kind: 'dnp', designators: ['C10'] },
  { sheetRow: 9, partNumber: '', kind: 'blank', designators: [] },
  { sheetRow: 10, partNumber: 'Total', kind: 'total', designators: [], quantity: 99 },
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
    expect(summary.ending.map((e) => [e.partNumber, e.date, e.dateField, e.horizon, e.quarter, e.quantityPerBoard, e.lastTimeBuy, e.sheetRows])).toEqual([
      // Past its date: no quantity, too late to buy.
      ['GRM21BR71C475KA73L', '2025-01-31', 'ProductionEndDate', 'past', '2025-Q1', 1, undefined, [3]],
      ['GRM155R61A105KE15D', '2027-03-31', 'LastBuyDate', 'within6', '2027-Q1', 3, 1500, [2, 4]],
      ['LQM21PN1R0MC0D', '2028-06-30', 'LastBuyDate', 'within24', '2028-Q2', 3, 1500, [5]],
    ]);
    expect(summary.endingByHorizon).toEqual({ past: 1, within6: 1, within12: 0, within24: 1 });
    // The parts already past are a bucket of their own, first: the most urgent are never left out.
    expect(summary.timeline).toEqual([
      { quarter: PAST_QUARTER, parts: 1, quantity: 1 },
      { quarter: '2027-Q1', parts: 1, quantity: 3 },
      { quarter: '2028-Q2', parts: 1, quantity: 3 },
    ]);
    expect(summary.ending.map((e) => e.tooLate)).toEqual([true, false, false]);
  });

  test('a last-time buy is rounded up to whole minimum orders (a reel), and none is given once the last buy has passed', () => {
    const reel = product('GRM155R71C104KA88D', { Status: 'NRND', LastBuyDate: '2027-05-31', MinOrderQuantity: 10000 });
    const passed = product('GRM155R71C103KA01D', { Status: 'Discontinued', LastBuyDate: '2026-01-31', MinOrderQuantity: 10000 });
    const rows = [part(1, 'GRM155R71C104KA88D', [reel], { quantity: 2 }), part(2, 'GRM155R71C103KA01D', [passed], { quantity: 2 })];
    const ends = summarizeBom(rows, { today: TODAY, builds: 250 }).ending;
    expect(ends.map((e) => [e.partNumber, e.lastTimeBuy, e.minOrderQuantity, e.tooLate])).toEqual([
      ['GRM155R71C103KA01D', undefined, 10000, true],
      ['GRM155R71C104KA88D', 10000, 10000, false],
    ]);
    expect(lastTimeBuyOf(2, 250, 10000)).toBe(10000);
    expect(lastTimeBuyOf(3, 5000, 10000)).toBe(20000);
    expect(lastTimeBuyOf(3, 500, undefined)).toBe(1500);
    const sheet = layoutSummarySheet(summarizeBom(rows, { today: TODAY, builds: 250 }), 'en');
    const header = sheet.cells.find((r) => r[0] === 'Part number' && r.includes('MOQ'))!;
    const at = header.indexOf('Last-time buy');
    expect(sheet.cells.find((r) => String(r[0]).startsWith('Parts ending'))?.[0]).toBe('Parts ending within 24 months · Last-time buy for 250 builds, rounded up to whole minimum orders (MOQ)');
    expect(sheet.cells.find((r) => r[0] === 'GRM155R71C103KA01D' && r.length > 2)?.[at]).toBe('too late: replace');
    expect(sheet.cells.find((r) => r[0] === 'GRM155R71C104KA88D' && r.length > 2)?.[at]).toBe(10000);
  });

  test('not-found part numbers are named with their rows', () => {
    expect(summary.notFound).toEqual([{ sheetRow: 6, partNumber: 'GRM0000TYPO' }]);
    const sheet = layoutSummarySheet(summary, 'en');
    const title = sheet.cells.findIndex((r) => r[0] === 'Part numbers not found');
    expect(sheet.cells[title + 2]).toEqual(['GRM0000TYPO', '6']);
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
    expect(summary.changed).toEqual([{ sheetRow: 2, partNumber: 'GRM155R61A105KE15D', changes: 'Status: In Production → To be discontinued' }]);
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
    expect(labels).toEqual(['In Production', 'Under Development', 'NRND', 'To be discontinued', 'Discontinued', 'Several statuses', 'Unknown status', 'Not found', 'Other maker', 'No part number', 'Not fitted', 'Blank']);
    const values = sheet.cells.slice(status.series[0].values.row, status.series[0].values.row + status.series[0].values.rows).map((r) => r[1]);
    expect(values).toEqual([2, 0, 0, 2, 1, 0, 0, 1, 1, 0, 1, 1]);
    expect(sheet.charts.map((c) => c.name)).toEqual(['PartSpecStatus', 'PartSpecTimeline', 'PartSpecCompliance']);
    for (const link of sheet.links) expect(ROWS.some((r) => r.sheetRow === link.bomRow + 1 && sheet.cells[link.row][0] === r.partNumber)).toBe(true);
  });

  test('AEC-Q200 appears only when the BOM is automotive or the user asks; labels follow the language', () => {
    const plain = layoutSummarySheet(summary, 'en').cells.flat();
    expect(plain).not.toContain('AEC-Q200');
    const automotive = layoutSummarySheet(summarizeBom(ROWS, { today: TODAY, automotive: true }), 'ja').cells.flat();
    expect(automotive).toContain('AEC-Q200');
    expect(automotive).toContain('生産中止');
    expect(automotive).toContain('PartSpec サマリー');
  });

  test('the summary names its BOM (file and sheet) and has a sheet of its own per BOM sheet', () => {
    const named = layoutSummarySheet(summarizeBom(ROWS, { today: TODAY, source: { file: 'board.xlsx', sheet: 'Main' } }), 'en');
    expect(named.name).toBe('PartSpec Summary - Main');
    expect(named.cells[1]).toEqual(["BOM: board.xlsx, sheet 'Main'"]);
    expect(layoutSummarySheet(summarizeBom(ROWS, { today: TODAY, source: { sheet: 'Power' } }), 'en').name).toBe('PartSpec Summary - Power');
    const long = [summarySheetName('Main board rev C (2026)'), summarySheetName('Main board rev C (2027)')];
    expect(long[0]).not.toBe(long[1]);
    for (const name of long) expect([...name].length).toBeLessThanOrEqual(31);
    expect(long.every(isSummarySheetName)).toBe(true);
    expect(isSummarySheetName('PartSpec Summary')).toBe(true);
    expect(isSummarySheetName('BOM')).toBe(false);
  });

  test('every number column’s header is aligned right, over its numbers; every column fits its longest text or wraps', () => {
    const sheet = layoutSummarySheet(summary, 'en');
    const right = new Set(sheet.rightAligned.map((c) => `${c.row}:${c.column}`));
    const bold = new Set(sheet.boldRows);
    sheet.cells.forEach((row, r) => {
      row.forEach((value, c) => {
        if (typeof value !== 'number') return;
        // The header of this number's table: the nearest bold row above that has more than a title.
        let h = r - 1;
        while (h >= 0 && !(bold.has(h) && sheet.cells[h].length > 1)) h--;
        expect([r, c, right.has(`${h}:${c}`)]).toEqual([r, c, true]);
      });
      if (row.length < 2) return;
      row.forEach((value, c) => {
        if (value === undefined || sheet.wrapColumns.includes(c)) return;
        expect([String(value), sheet.columnWidths[c] >= textWidth(value, bold.has(r))]).toEqual([String(value), true]);
      });
    });
    // Printed at a scale, so the page break before the lists holds (a sheet set to fit ignores breaks).
    expect(sheet.print.orientation).toBe('landscape');
    expect(sheet.print.scale).toBeGreaterThanOrEqual(READABLE_SCALE);
    expect(sheet.print.scale).toBeLessThanOrEqual(100);
    // The charts are all above the last page break (the lists'), and none is split between pages.
    const breaks = sheet.print.pageBreaks;
    for (const chart of sheet.charts) {
      expect(chart.anchor.row + chart.anchor.rows).toBeLessThanOrEqual(breaks[breaks.length - 1]);
      expect(breaks.filter((b) => b > chart.anchor.row && b < chart.anchor.row + chart.anchor.rows)).toEqual([]);
    }
  });
});

test('builds as typed: a whole number from 1 to MAX_BUILDS, blank for none, anything else invalid (the taskpane field and --builds share the bound)', () => {
  expect(['', ' ', '1', '500', ' 250 ', String(MAX_BUILDS)].map(parseBuilds)).toEqual([undefined, undefined, 1, 500, 250, MAX_BUILDS]);
  for (const bad of ['0', '-5', '2.5', 'abc', '1e3', '５００', String(MAX_BUILDS + 1), '9999999999']) expect([bad, parseBuilds(bad)]).toEqual([bad, 'invalid']);
});
