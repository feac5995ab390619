import { cellAddress, rangeAddress, sheetAddress } from '../../core/address';
import { NUMBER_FORMATS } from '../../core/cells/columns';
import { pointsForChars } from '../../core/cells/rows';
import { SUMMARY_CHART_NAMES, type SummaryChart, type SummarySheet } from '../../core/report/sheet-layout';
import type { RunExcel } from './deps';

/* The summary sheet in Excel: the core lays it out once (core/report/sheet-layout.ts); this module
 * only writes that layout through Office.js, with native charts users can restyle, copy and print. */

/** Excel's chart type for each kind of summary chart. */
const CHART_TYPES: Record<SummaryChart['kind'], string> = {
  bar: 'BarClustered',
  column: 'ColumnClustered',
  stackedBar: 'BarStacked',
};

/** What writing the summary did, for the taskpane's and the ribbon's message. */
export interface SummaryWriteResult {
  sheetName: string;
  created: boolean;
  charts: number;
}

function widthOf(cells: readonly (readonly unknown[])[]): number {
  let width = 1;
  for (const row of cells) if (row.length > width) width = row.length;
  return width;
}

/**
 * Creates or updates the summary sheet of one BOM sheet in place (the layout names it after the
 * BOM sheet, so each BOM sheet has its own): its cells are cleared and rewritten, its own charts
 * replaced and its page setup made to print one page wide, so a re-run leaves one sheet with three
 * charts, and nothing else in the workbook changes. Text is written as text (format `@`), so a part number starting with `=` never
 * becomes a formula. Links point at the BOM rows on `bomSheet`. Two syncs; three on a re-run.
 */
export async function writeSummarySheet(run: RunExcel, layout: SummarySheet, bomSheet: string): Promise<SummaryWriteResult> {
  return run(async (context) => {
    const { sheet, created } = await sheetToRewrite(context, layout.name, SUMMARY_CHART_NAMES);
    const { rows, width } = writeCells(sheet, layout.cells);
    for (const row of layout.boldRows) sheet.getRangeByIndexes(row, 0, 1, width).format.font.bold = true;
    for (const cell of layout.rightAligned) sheet.getCell(cell.row, cell.column).format.horizontalAlignment = 'Right';
    for (const column of layout.wrapColumns) {
      layout.cells.forEach((row, r) => {
        if (row.length > 1 && row[column] !== undefined) sheet.getCell(r, column).format.wrapText = true;
      });
    }
    // Printed landscape on the locale's paper, one page wide, as tall as the layout says; a page break above the lists.
    sheet.pageLayout.orientation = 'Landscape' as Excel.PageOrientation;
    sheet.pageLayout.paperSize = layout.print.paper as Excel.PaperType;
    sheet.pageLayout.zoom = { scale: layout.print.scale };
    if (!created) sheet.horizontalPageBreaks.removePageBreaks();
    for (const row of layout.print.pageBreaks) if (row > 0 && row < rows.length) sheet.horizontalPageBreaks.add(sheet.getCell(row, 0));
    layout.columnWidths.forEach((chars, column) => {
      sheet.getCell(0, column).format.columnWidth = pointsForChars(chars);
    });
    for (const link of layout.links) {
      sheet.getCell(link.row, link.column).hyperlink = {
        documentReference: sheetAddress(bomSheet, cellAddress(link.bomRow, 0)),
        textToDisplay: String(rows[link.row]?.[link.column] ?? ''),
      };
    }
    for (const chart of layout.charts) addChart(sheet, chart);
    await context.sync();
    return { sheetName: layout.name, created, charts: layout.charts.length };
  });
}

/**
 * The sheet `name`, created, or emptied for a rewrite: its cells cleared and the charts PartSpec
 * drew on it (by name) deleted, so a re-run leaves one sheet and the user's own charts stay.
 */
export async function sheetToRewrite(context: Excel.RequestContext, name: string, chartNames: readonly string[]): Promise<{ sheet: Excel.Worksheet; created: boolean }> {
  const sheets = context.workbook.worksheets;
  const existing = sheets.getItemOrNullObject(name);
  existing.load('name');
  await context.sync();
  const created = existing.isNullObject;
  const sheet = created ? sheets.add(name) : existing;
  if (!created) {
    sheet.getRange().clear('All');
    const charts = sheet.charts;
    charts.load('items/name');
    await context.sync();
    for (const chart of charts.items) if (chartNames.includes(chart.name)) chart.delete();
  }
  return { sheet, created };
}

/**
 * Writes `cells` from A1: text as text (format `@`, so a value starting with `=` never becomes a
 * formula), numbers in the general format and right-aligned, every cell top-aligned. No sync.
 */
export function writeCells(sheet: Excel.Worksheet, cells: readonly (readonly (string | number | undefined)[])[]): { rows: (string | number)[][]; width: number } {
  const width = widthOf(cells);
  const rows = cells.map((row) => Array.from({ length: width }, (_, c) => row[c] ?? ''));
  const block = sheet.getRangeByIndexes(0, 0, rows.length, width);
  block.numberFormat = rows.map((row) => row.map((v) => (typeof v === 'number' ? NUMBER_FORMATS.general : NUMBER_FORMATS.text)));
  block.values = rows;
  // Table cells top-aligned; numbers and the headers over them right-aligned; long text wrapped (Excel sizes those rows).
  block.format.verticalAlignment = 'Top';
  rows.forEach((row, r) =>
    row.forEach((value, c) => {
      if (typeof value === 'number') sheet.getCell(r, c).format.horizontalAlignment = 'Right';
    }),
  );
  return { rows, width };
}

/** A native chart over the sheet's own cells, named so a rewrite finds and replaces it. */
export function addChart(sheet: Excel.Worksheet, chart: Omit<SummaryChart, 'name'> & { name: string }): void {
  const { categories, series, anchor } = chart;
  const source = sheet.getRange(rangeAddress(categories.row, categories.column, categories.rows, categories.columns + series.length));
  const made = sheet.charts.add(CHART_TYPES[chart.kind] as Excel.ChartType, source, 'Columns' as Excel.ChartSeriesBy);
  made.name = chart.name;
  made.title.text = chart.title;
  made.legend.visible = series.length > 1;
  series.forEach((s, i) => {
    made.series.getItemAt(i).name = s.name;
  });
  made.setPosition(sheet.getCell(anchor.row, anchor.column), sheet.getCell(anchor.row + anchor.rows - 1, anchor.column + anchor.columns - 1));
}
