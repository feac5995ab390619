/**
 * The printed summary sheet: on the locale's paper (A4 for most, Letter for en-US), landscape, one
 * page wide with its 11 pt text at least 9 pt on paper, and no chart cut by a page break, for a
 * long BOM in every language.
 */
import type { ProductRecord } from '../../api/product';
import type { Lang } from '../../api/vocabulary';
import { layoutSummarySheet, rowLinesOf, SUMMARY_ROW_POINTS } from '../../core/report/sheet-layout';
import { columnPoints, paperOf, printablePoints, READABLE_POINTS, READABLE_SCALE, SUMMARY_FONT_POINTS, type PaperSize } from '../../core/report/sheet-print';
import { summarizeBom } from '../../core/report/summary';
import type { SummaryRow } from '../../core/report/types';

const TODAY = new Date(2026, 10, 24);

test.each([
  ['en-US', 'Letter'],
  ['en_US.UTF-8', 'Letter'],
  ['fr-CA', 'Letter'],
  ['es-MX', 'Letter'],
  ['en-GB', 'A4'],
  ['en_GB.UTF-8', 'A4'],
  ['ja-JP', 'A4'],
  ['zh-CN', 'A4'],
  ['zh-Hans-CN', 'A4'],
  ['de-DE', 'A4'],
  ['en', 'A4'],
  ['C.UTF-8', 'A4'],
  [undefined, 'A4'],
])('the paper of %p is %s', (locale, paper) => {
  expect(paperOf(locale)).toBe(paper);
});

test('the readable scale prints 11 pt text at 9 pt or more', () => {
  expect((SUMMARY_FONT_POINTS * READABLE_SCALE) / 100).toBeGreaterThanOrEqual(READABLE_POINTS);
});

/** A long BOM: 60 parts ending or gone, with long designator lists, alternatives and changes. */
function longBom(): SummaryRow[] {
  return Array.from({ length: 60 }, (_, i): SummaryRow => {
    const partno = `GRM155R61A${String(100 + i)}KE15D`;
    const values = {
      Status: i % 3 === 0 ? 'Discontinued' : 'To be discontinued',
      LastBuyDate: `2027-0${1 + (i % 9)}-15`,
      ProductionEndDate: `2027-1${i % 3}-28`,
      AlternativePartno: [`GRM155R61A${String(200 + i)}KE01D`, `GRM155R61A${String(300 + i)}KE01D`],
      'ComplianceInfo.Rohs': i % 4 !== 0,
      'ComplianceInfo.Reach': i % 5 === 0 ? false : undefined,
    };
    const product: ProductRecord = { group: 'SMD', partno, values: values as ProductRecord['values'] };
    const designators = Array.from({ length: 12 + (i % 7) }, (_, d) => `C${i * 40 + d + 1}`);
    return { sheetRow: i + 2, partNumber: partno, kind: 'part', designators, quantity: designators.length, outcome: { status: 'exact', products: [product] }, changes: 'Status: In Production → To be discontinued; LastBuyDate — → 2027-03-15' };
  });
}

describe.each<[Lang, string]>([
  ['en', 'en-US'],
  ['en', 'en-GB'],
  ['ja', 'ja-JP'],
  ['zh', 'zh-CN'],
])('a long BOM in %s on the paper of %s', (lang, locale) => {
  const sheet = layoutSummarySheet(summarizeBom(longBom(), { today: TODAY, builds: 100 }), lang, { locale });
  const paper: PaperSize = locale === 'en-US' ? 'Letter' : 'A4';
  const page = printablePoints(paper);

  test('printed on that paper, at a readable scale, one page wide', () => {
    expect(sheet.print.paper).toBe(paper);
    expect(sheet.print.scale).toBeGreaterThanOrEqual(READABLE_SCALE);
    expect((SUMMARY_FONT_POINTS * sheet.print.scale) / 100).toBeGreaterThanOrEqual(READABLE_POINTS);
    const width = sheet.columnWidths.reduce((sum, w) => sum + columnPoints(w), 0);
    expect((width * sheet.print.scale) / 100).toBeLessThanOrEqual(page.width);
  });

  test('no chart is cut by a page break, each page of charts fits its page, and the lists start a page', () => {
    const breaks = sheet.print.pageBreaks;
    const lists = breaks[breaks.length - 1];
    for (const chart of sheet.charts) {
      expect(chart.anchor.row + chart.anchor.rows).toBeLessThanOrEqual(lists);
      expect(breaks.filter((b) => b > chart.anchor.row && b < chart.anchor.row + chart.anchor.rows)).toEqual([]);
    }
    const rowPoints = sheet.cells.map((_, r) => rowLinesOf(sheet, r) * SUMMARY_ROW_POINTS);
    const tops = [0, ...breaks];
    for (let p = 0; p < tops.length - 1; p++) {
      const height = rowPoints.slice(tops[p], tops[p + 1]).reduce((sum, h) => sum + h, 0);
      expect([p, (height * sheet.print.scale) / 100 <= page.height]).toEqual([p, true]);
    }
  });
});
