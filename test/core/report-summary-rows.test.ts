import type { ProductRecord } from '../../api/product';
import { planSets } from '../../core/enrich/enrich-sets';
import type { MatchOutcome } from '../../core/enrich/enrich-plan';
import { findDesignatorColumn, findQuantityColumn, summaryRowsOf } from '../../core/report/summary-rows';
import { summarizeBom } from '../../core/report/summary';

const product = (partno: string, Status: string): ProductRecord => ({ group: 'SMD', partno, values: { Status } as ProductRecord['values'] });

test.each([
  [['Item', 'Qty', 'Reference', 'MPN'], 1, 2],
  [['No.', '数量', '回路記号', 'メーカー品番'], 1, 2],
  [['Designator', 'Comment', 'Quantity', 'Manufacturer Part Number'], 2, 0],
  [['Ref Des', 'Qty.', 'Part #'], 1, 0],
  [['位号', '用量', '型号'], 1, 0],
  [['Part Number', 'Value'], undefined, undefined],
])('%p: quantity column %p, designator column %p', (headers, quantity, designators) => {
  expect(findQuantityColumn(headers)).toBe(quantity);
  expect(findDesignatorColumn(headers)).toBe(designators);
});

test('the rows of a summary follow the enrichment plan: kinds, outcomes, quantities and designators of each BOM row', () => {
  const headers = ['Qty', 'Reference', 'Manufacturer', 'MPN'];
  const rows = [
    [2, 'C1, C2', 'Murata', 'GRM188R71H104KA93D'],
    ['', 'C3', 'Murata', 'GRM155R61A105KE15D'],
    [1, 'R1', 'Yageo', 'RC0603FR-0710KL'],
    [1, 'C9', 'Murata', 'DNP'],
    ['', '', '', ''],
  ];
  const [set] = planSets({ headers, headerOrigin: 1, lastColumn: 4, rows }, 4, [], []);
  const outcomes = new Map<string, MatchOutcome>([
    ['GRM188R71H104KA93D', { status: 'exact', products: [product('GRM188R71H104KA93D', 'In Production')] }],
    ['GRM155R61A105KE15D', { status: 'exact', products: [product('GRM155R61A105KE15D', 'NRND')] }],
  ]);
  const summaryRows = summaryRowsOf({ set, bom: { headers, headerOrigin: 1, rows }, firstRow: 5, outcomes, changes: [undefined, 'Status In Production → NRND'] });
  expect(summaryRows.map((r) => [r.sheetRow - 1, r.kind, r.partNumber, r.designators.join(' '), r.quantity, r.outcome?.status])).toEqual([
    [5, 'part', 'GRM188R71H104KA93D', 'C1 C2', 2, 'exact'],
    [6, 'part', 'GRM155R61A105KE15D', 'C3', '', 'exact'],
    [7, 'otherMaker', 'RC0603FR-0710KL', 'R1', 1, undefined],
    [8, 'dnp', 'DNP', 'C9', 1, undefined],
    [9, 'blank', '', '', '', undefined],
  ]);
  const summary = summarizeBom(summaryRows, { today: new Date(2026, 10, 24) });
  expect(summary.byStatus['In Production']).toEqual({ rows: 1, quantity: 2 });
  expect(summary.byStatus.NRND).toEqual({ rows: 1, quantity: 1 });
  expect(summary.byStatus['Other maker'].rows).toBe(1);
  expect(summary.changed).toEqual([{ sheetRow: 7, partNumber: 'GRM155R61A105KE15D', changes: 'Status In Production → NRND' }]);
});
