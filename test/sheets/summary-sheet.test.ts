import type { ProductRecord } from '../../api/product';
import { layoutSummarySheet, SUMMARY_SHEET_NAME } from '../../core/report/sheet-layout';
import { summarizeBom } from '../../core/report/summary';
import type { SummaryRow } from '../../core/report/types';
import { writeSummarySheet } from '../../src/sheets/summary-sheet';
import { createExcelDouble } from '../../src/workbench/excel-double';

/* The summary sheet as the add-in writes it through Office.js, into the workbook double: the
 * core's layout cell for cell, three native charts over the right cells, links to the BOM rows,
 * and a re-run that updates the same sheet and charts without touching anything else. */

const TODAY = new Date(2026, 10, 24);
const product = (partno: string, values: Record<string, unknown>): ProductRecord => ({ group: 'SMD', partno, values: values as ProductRecord['values'] });
const ok = product('GRM188R71H104KA93D', { Status: 'In Production', 'ComplianceInfo.Rohs': true, 'ComplianceInfo.Reach': true, 'ComplianceInfo.LeadFree': true });
const ending = product('=GRM155R61A105KE15D', { Status: 'To be discontinued', LastBuyDate: '2027-03-31', 'ComplianceInfo.Rohs': true, 'ComplianceInfo.Reach': false });
const part = (sheetRow: number, partNumber: string, products: ProductRecord[], designators: string[]): SummaryRow => ({ sheetRow, partNumber, kind: 'part', designators, outcome: { status: 'exact', products } });
const ROWS: SummaryRow[] = [part(1, 'GRM188R71H104KA93D', [ok], ['C1', 'C2']), part(2, '=GRM155R61A105KE15D', [ending], ['C3']), part(3, 'GRM188R71H104KA93D', [ok], ['C4'])];

function bomWorkbook() {
  const excel = createExcelDouble({ sheets: ['BOM', 'Notes'] });
  excel.setCells('BOM', 'A1', [['Ref', 'MPN'], ['C1, C2', 'GRM188R71H104KA93D'], ['C3', "'=GRM155R61A105KE15D"], ['C4', 'GRM188R71H104KA93D']]);
  excel.setCells('Notes', 'A1', [['kept']]);
  return excel;
}

test('the summary sheet holds the core layout, as text where it is text, with three native charts and links to the BOM rows', async () => {
  const excel = bomWorkbook();
  const layout = layoutSummarySheet(summarizeBom(ROWS, { today: TODAY, builds: 100 }), 'en');
  const result = await writeSummarySheet(excel.run, layout, 'BOM');
  expect(result).toEqual({ sheetName: SUMMARY_SHEET_NAME, created: true, charts: 3 });
  expect(excel.sheetNames()).toEqual(['BOM', 'Notes', SUMMARY_SHEET_NAME]);

  const values = excel.values(SUMMARY_SHEET_NAME);
  layout.cells.forEach((row, r) => row.forEach((v, c) => expect(values[r][c]).toBe(v ?? '')));
  // A part number that starts with '=' stays text: no formula anywhere on the sheet.
  expect(excel.formulaCells(SUMMARY_SHEET_NAME)).toEqual([]);
  expect(values.flat()).toContain('=GRM155R61A105KE15D');
  for (const row of layout.boldRows) expect(excel.model.cell(excel.model.sheet(SUMMARY_SHEET_NAME), row, 0)?.bold).toBe(true);

  const charts = excel.charts(SUMMARY_SHEET_NAME);
  expect(charts.map((c) => [c.name, c.type, c.title])).toEqual(layout.charts.map((c) => [c.name, { bar: 'BarClustered', column: 'ColumnClustered', stackedBar: 'BarStacked' }[c.kind], c.title]));
  charts.forEach((chart, i) => {
    const spec = layout.charts[i];
    expect(chart.categories).toEqual({ row: spec.categories.row, column: spec.categories.column, rowCount: spec.categories.rows, columnCount: 1 });
    expect(chart.series.map((s) => [s.name, s.values.column, s.values.row, s.values.rowCount])).toEqual(spec.series.map((s) => [s.name, s.values.column, s.values.row, s.values.rows]));
    expect(chart.from).toEqual({ row: spec.anchor.row, column: spec.anchor.column });
    expect(chart.legendVisible).toBe(spec.series.length > 1);
  });
  // The status chart's categories read the status names, its series the row counts of the table.
  const status = charts[0];
  const labels = values.slice(status.categories.row, status.categories.row + status.categories.rowCount).map((r) => r[0]);
  expect(labels).toContain('In Production');
  expect(values[labels.indexOf('In Production') + status.categories.row][1]).toBe(2);

  expect(layout.links.length).toBeGreaterThan(0);
  for (const link of layout.links) {
    const cell = excel.model.cell(excel.model.sheet(SUMMARY_SHEET_NAME), link.row, link.column);
    expect(cell?.hyperlink?.documentReference).toBe(`'BOM'!A${link.bomRow + 1}`);
  }
});

test('a re-run updates the same sheet and replaces its charts; the BOM, other sheets and a chart of the user are untouched', async () => {
  const excel = bomWorkbook();
  await writeSummarySheet(excel.run, layoutSummarySheet(summarizeBom(ROWS, { today: TODAY }), 'en'), 'BOM');
  await excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(SUMMARY_SHEET_NAME);
    sheet.charts.add('Pie' as Excel.ChartType, sheet.getRange('A5:B7'), 'Columns' as Excel.ChartSeriesBy).name = 'Mine';
    await context.sync();
  });
  const bomBefore = JSON.stringify([excel.values('BOM'), excel.values('Notes')]);

  const fewer = layoutSummarySheet(summarizeBom(ROWS.slice(0, 1), { today: TODAY }), 'ja');
  const result = await writeSummarySheet(excel.run, fewer, 'BOM');
  expect(result.created).toBe(false);
  expect(excel.sheetNames()).toEqual(['BOM', 'Notes', SUMMARY_SHEET_NAME]);
  expect(JSON.stringify([excel.values('BOM'), excel.values('Notes')])).toBe(bomBefore);
  const values = excel.values(SUMMARY_SHEET_NAME);
  expect(values.length).toBe(fewer.cells.length);
  expect(values[0][0]).toBe(fewer.cells[0][0]);
  expect(excel.charts(SUMMARY_SHEET_NAME).map((c) => c.name).sort()).toEqual(['Mine', ...fewer.charts.map((c) => c.name)].sort());
});

test('numbers and their headers are right-aligned, long text wraps, the sheet prints one page wide; a second BOM sheet gets a summary of its own', async () => {
  const excel = bomWorkbook();
  const layout = layoutSummarySheet(summarizeBom(ROWS, { today: TODAY, builds: 100, source: { sheet: 'BOM' } }), 'en');
  expect(layout.name).toBe('PartSpec Summary - BOM');
  await writeSummarySheet(excel.run, layout, 'BOM');
  const sheet = excel.model.sheet(layout.name);
  layout.cells.forEach((row, r) =>
    row.forEach((value, c) => {
      if (typeof value === 'number') expect([r, c, excel.model.cell(sheet, r, c)?.horizontalAlignment]).toEqual([r, c, 'Right']);
    }),
  );
  expect(layout.rightAligned.length).toBeGreaterThan(0);
  for (const cell of layout.rightAligned) expect(excel.model.cell(sheet, cell.row, cell.column)?.horizontalAlignment).toBe('Right');
  expect(sheet.pageLayout).toEqual({ orientation: 'Landscape', paperSize: 'A4', zoom: { scale: layout.print.scale } });
  expect(sheet.pageBreaks).toEqual(layout.print.pageBreaks);

  const other = layoutSummarySheet(summarizeBom(ROWS.slice(0, 1), { today: TODAY, source: { sheet: 'Notes' } }), 'en');
  await writeSummarySheet(excel.run, other, 'Notes');
  expect(excel.sheetNames()).toEqual(['BOM', 'Notes', 'PartSpec Summary - BOM', 'PartSpec Summary - Notes']);
  expect(excel.values('PartSpec Summary - BOM')[1][0]).toBe("BOM: sheet 'BOM'");
});

test('the sheet prints on the paper of Office’s display language: Letter for en-US, A4 for ja-JP', async () => {
  for (const [locale, paper] of [['en-US', 'Letter'], ['ja-JP', 'A4']] as const) {
    const excel = bomWorkbook();
    const layout = layoutSummarySheet(summarizeBom(ROWS, { today: TODAY }), 'en', { locale });
    await writeSummarySheet(excel.run, layout, 'BOM');
    expect(excel.model.sheet(layout.name).pageLayout?.paperSize).toBe(paper);
  }
});
