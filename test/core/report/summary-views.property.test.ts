/**
 * Property: over generated BOMs (our parts with statuses in and outside the vocabulary, generic
 * lines with no part number, other makers' parts, not-fitted rows in the common marks, blank
 * lines), the summary's placed quantity is the fitted Qty, every fitted line is named exactly once
 * by its 1-based sheet row, a Status outside the vocabulary is never In Production, and the sheet
 * layout writes the summary's sheet rows as they are.
 */
import fc from 'fast-check';
import type { ProductRecord } from '../../../api/product';
import { planSets } from '../../../core/enrich/enrich-sets';
import type { MatchOutcome } from '../../../core/enrich/enrich-plan';
import { layoutSummarySheet } from '../../../core/report/sheet-layout';
import { summaryRowsOf } from '../../../core/report/summary-rows';
import { summarizeBom } from '../../../core/report/summary';

const HEADERS = ['Item', 'Qty', 'Reference', 'Manufacturer', 'MPN', 'Description', 'DNP'];
const STATUSES = ['In Production', 'NRND', 'Discontinued', '生産中', 'Obsolete', 'EOL', 'in production', 'nrnd', 'Active', ''];
const PARTS = ['GRM155R71C104KA88D', 'GRM188R61A106KE69D', 'GRM21BR61E226ME44L', 'GCM188R71H104KA57D', 'LQM18PN2R2MFRL'];
const DNP_MARKS = ['DNP', 'DNI', 'NF', 'No Fit', 'Not fitted', 'Do not populate'];
const DNP_COLUMN_MARKS = [1, 'Yes', 'x', 'true', 'TRUE', 'y'];

type Line =
  | { kind: 'ours'; part: number; qty: number }
  | { kind: 'generic'; text: string; qty: number }
  | { kind: 'other'; qty: number }
  | { kind: 'dnpMark'; part: number; mark: string; qty: number }
  | { kind: 'dnpColumn'; part: number; mark: string | number; qty: number }
  | { kind: 'blank' };

const qty = fc.integer({ min: 1, max: 40 });
const line: fc.Arbitrary<Line> = fc.oneof(
  fc.record({ kind: fc.constant('ours' as const), part: fc.nat(PARTS.length - 1), qty }),
  fc.record({ kind: fc.constant('generic' as const), text: fc.constantFrom('100n 0402 X7R 16V', '10uH 0603', 'Test point', '4.7k 1% 0402'), qty }),
  fc.record({ kind: fc.constant('other' as const), qty }),
  fc.record({ kind: fc.constant('dnpMark' as const), part: fc.nat(PARTS.length - 1), mark: fc.constantFrom(...DNP_MARKS), qty }),
  fc.record({ kind: fc.constant('dnpColumn' as const), part: fc.nat(PARTS.length - 1), mark: fc.constantFrom(...DNP_COLUMN_MARKS), qty }),
  fc.constant({ kind: 'blank' as const }),
);

function cellsOf(l: Line, i: number): unknown[] {
  switch (l.kind) {
    case 'ours':
      return [i + 1, l.qty, `C${i}`, 'Murata', PARTS[l.part], 'cap', ''];
    case 'generic':
      return [i + 1, l.qty, `X${i}`, '', '', l.text, ''];
    case 'other':
      return [i + 1, l.qty, `R${i}`, 'Samsung', 'CL10B104KB8NNNC', 'resistor', ''];
    case 'dnpMark':
      return [i + 1, l.qty, `C${i}`, 'Murata', PARTS[l.part], l.mark, ''];
    case 'dnpColumn':
      return [i + 1, l.qty, `C${i}`, 'Murata', PARTS[l.part], 'cap', l.mark];
    case 'blank':
      return ['', '', '', '', '', '', ''];
  }
}

const fittedQty = (l: Line): number => (l.kind === 'ours' || l.kind === 'generic' || l.kind === 'other' ? l.qty : 0);

test('placed is the fitted Qty, each fitted line is named once by its sheet row, and a Status outside the vocabulary is never In Production', () => {
  fc.assert(
    fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), fc.array(fc.constantFrom(...STATUSES), { minLength: PARTS.length, maxLength: PARTS.length }), fc.nat(40), (lines, statuses, firstRow) => {
      const rows = lines.map(cellsOf);
      const [set] = planSets({ headers: HEADERS, headerOrigin: 0, lastColumn: HEADERS.length - 1, rows: rows as never }, 4, [], []);
      const outcomes = new Map<string, MatchOutcome>(
        PARTS.map((partno, p) => {
          const product: ProductRecord = { group: 'SMD', partno, values: statuses[p] === '' ? {} : { Status: statuses[p] } };
          return [partno, { status: 'exact', products: [product] }];
        }),
      );
      const summary = summarizeBom(summaryRowsOf({ set, bom: { headers: HEADERS, headerOrigin: 0, rows: rows as never }, firstRow, outcomes }), { today: new Date(2026, 10, 28) });

      expect(summary.placed).toBe(lines.reduce((sum, l) => sum + fittedQty(l), 0));
      const sheetRowOf = (i: number): number => firstRow + i + 1;
      const named = [...summary.notLookedUp.map((l) => l.sheetRow), ...summary.notFound.map((n) => n.sheetRow)];
      const placesRows = new Set([...summary.atRisk.flatMap((p) => p.sheetRows), ...summary.compliance[0].failing.flatMap((p) => p.sheetRows)]);
      lines.forEach((l, i) => {
        if (l.kind === 'generic' || l.kind === 'other') expect(named.filter((r) => r === sheetRowOf(i))).toHaveLength(1);
        if (l.kind === 'blank' || l.kind === 'dnpMark' || l.kind === 'dnpColumn') {
          expect(named).not.toContain(sheetRowOf(i));
          expect(placesRows.has(sheetRowOf(i))).toBe(false);
        }
      });
      expect(summary.byStatus['Not fitted'].rows).toBe(lines.filter((l) => l.kind === 'dnpMark' || l.kind === 'dnpColumn').length);
      // A part whose Status is outside the vocabulary (or none) is counted Unknown, never In Production.
      const inProduction = lines.filter((l) => l.kind === 'ours' && ['In Production', '生産中', 'in production'].includes(statuses[l.part]));
      expect(summary.byStatus['In Production'].rows).toBe(inProduction.length);
      const unknown = lines.filter((l) => l.kind === 'ours' && ['Obsolete', 'EOL', 'Active', ''].includes(statuses[l.part]));
      expect(summary.byStatus['Unknown status'].rows).toBe(unknown.length);

      const layout = layoutSummarySheet(summary, 'en');
      for (const l of summary.notLookedUp) expect(layout.cells.some((row) => row[0] === l.text && row[1] === String(l.sheetRow))).toBe(true);
      for (const link of layout.links) expect(String(layout.cells[link.row][1]).split(', ')[0]).toBe(String(link.bomRow + 1));
    }),
    { numRuns: 150 },
  );
});
