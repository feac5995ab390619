/*
 * Writes an enrichment's columns into Excel: one sync for headers, new table columns, formats,
 * highlights and change fills, then one sync per chunk of rows within the payload budget.
 */
import type { CellValue } from '../../core/cells/cell-values';
import { cellValueText } from '../../core/cells/cell-text';
import { NUMBER_FORMATS } from '../../core/cells/columns';
import { workbookCellOf, workbookHeaderOf } from '../../core/cells/datasheet';
import { enrichmentColumnWidth, hyperlinkCells } from '../../core/cells/rows';
import { CHANGE_FILL } from '../../core/enrich/changes';
import type { ColumnBatch } from '../../core/enrich/document';
import { enrichmentNumberFormat } from '../../core/enrich/enrich-plan';
import { ruleFormula, type HighlightRule } from '../../core/enrich/highlight';
import { planChunks, type ChunkBudget } from '../../core/tables/chunks';
import type { RunExcel } from './deps';
import { rowBytesOf } from './write-table';

/** The core's highlight rules as conditional formats: Cell Value equal to the label, as the command line's files have them. */
function addRules(range: Excel.Range, rules: readonly HighlightRule[]): void {
  range.conditionalFormats.clearAll();
  for (const rule of rules) {
    const cf = range.conditionalFormats.add('CellValue');
    cf.cellValue.format.fill.color = rule.fill;
    cf.cellValue.format.font.color = rule.font;
    cf.cellValue.rule = { formula1: `=${ruleFormula(rule)}`, operator: 'EqualTo' };
  }
}

/** The runs of consecutive true flags, as [first, last] pairs. */
function runsOf(flags: readonly boolean[]): [number, number][] {
  const runs: [number, number][] = [];
  flags.forEach((on, r) => {
    if (!on) return;
    const last = runs[runs.length - 1];
    if (last && last[1] === r - 1) last[1] = r;
    else runs.push([r, r]);
  });
  return runs;
}

/** Headers, number formats, highlights and change fills of the columns (queued, synced by the caller). */
function formatColumns(sheet: Excel.Worksheet, table: Excel.Table | undefined, batch: ColumnBatch): void {
  for (const w of batch.columns) {
    if (!w.existing && table) table.columns.add(undefined, undefined, workbookHeaderOf(w.spec));
    const header = sheet.getCell(batch.headerRow, w.column);
    header.numberFormat = [[NUMBER_FORMATS.text]];
    header.values = [[workbookHeaderOf(w.spec)]];
    if (!w.existing && !table) header.format.font.bold = true;
    // The Changes column holds sentences: wide enough to read a status and a date move.
    if (!w.existing) header.format.columnWidth = enrichmentColumnWidth(w.spec);
    const body = sheet.getRangeByIndexes(batch.firstRow, w.column, batch.rowCount, 1);
    body.numberFormat = enrichmentNumberFormat(w.spec, batch.mode) as unknown as string[][];
    if (w.highlight?.length) addRules(body, w.highlight);
  }
  // The fill of the last run's changes is cleared first, so highlights never pile up.
  for (const w of batch.columns) {
    if (!w.changed) continue;
    sheet.getRangeByIndexes(batch.firstRow, w.column, batch.rowCount, 1).format.fill.clear();
    for (const [a, b] of runsOf(w.changed)) sheet.getRangeByIndexes(batch.firstRow + a, w.column, b - a + 1, 1).format.fill.color = CHANGE_FILL;
  }
}

/** The columns' cells row by row (`rows[r][c]` follows `columns`). */
function sideBySide(columns: readonly (readonly (CellValue | undefined)[])[], count: number): CellValue[][] {
  return Array.from({ length: count }, (_, r) => columns.map((column) => cellValueText(column[r] ?? '')));
}

/**
 * Writes a batch of columns: with `valuesOnly` their cells in one sync, else the headers and
 * formats in one sync and then one sync per chunk of rows. Resolves to the rows written (fewer
 * when `signal` stopped it between chunks).
 */
export async function writeColumnBatch(run: RunExcel, batch: ColumnBatch, options: { tableName?: string; budget?: ChunkBudget }): Promise<number> {
  const { columns, rowCount: count } = batch;
  const specs = columns.map((w) => w.spec);
  // Datasheet columns: each number in its ladder's smallest unit, with the format that shows its own (100 pF, 4.7 nF, 10 µF).
  const cells = columns.map((w) => w.cells.map((v) => workbookCellOf(w.spec, v)));
  const rows = sideBySide(cells.map((column) => column.map((cell) => cell.value)), count);
  const formatsOf = (c: number, start: number, n: number): string[][] => cells[c].slice(start, start + n).map((cell) => [cell.numberFormat]);
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(batch.sheetName);
    if (batch.valuesOnly) {
      columns.forEach((w, c) => {
        const range = sheet.getRangeByIndexes(batch.firstRow, w.column, count, 1);
        if (w.spec.datasheet) range.numberFormat = formatsOf(c, 0, count);
        range.values = rows.map((r) => [r[c]]);
      });
      if (columns.length > 0 && count > 0) await context.sync();
      return count;
    }
    formatColumns(sheet, options.tableName ? context.workbook.tables.getItem(options.tableName) : undefined, batch);
    await context.sync();
    let written = 0;
    for (const chunk of planChunks(rowBytesOf(rows, specs), columns.length, options.budget)) {
      if (batch.signal?.aborted) break;
      context.application.suspendApiCalculationUntilNextSync();
      columns.forEach((w, c) => {
        const values = rows.slice(chunk.start, chunk.start + chunk.count).map((r) => [r[c]]);
        const range = sheet.getRangeByIndexes(batch.firstRow + chunk.start, w.column, chunk.count, 1);
        if (w.spec.datasheet) range.numberFormat = formatsOf(c, chunk.start, chunk.count);
        if (batch.mode === 'formulas' && w.spec.special !== 'match' && w.spec.special !== 'replacement') range.formulas = values;
        else range.values = values;
      });
      if (batch.mode === 'values') {
        for (const link of hyperlinkCells(rows, specs, chunk.start, chunk.count)) {
          sheet.getCell(batch.firstRow + chunk.start + link.row, columns[link.column].column).hyperlink = { address: link.address, textToDisplay: link.address };
        }
      }
      await context.sync();
      written = chunk.start + chunk.count;
      batch.onRows?.(written);
    }
    return written;
  });
}
