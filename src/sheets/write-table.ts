import { rangeAddress } from './core/address';
import type { CellValue } from './core/cell-values';
import { planChunks, rowPayloadBytes, type ChunkBudget } from './core/chunks';
import { NUMBER_FORMATS, type ColumnSpec } from './core/columns';
import { columnCellFormats, hasCellFormats } from './core/number-formats';
import { columnWidths, hyperlinkCells, isLinkable } from './core/rows';
import type { RunExcel } from './deps';

/** Bytes a hyperlink command adds to a payload besides its address (object path, property names). */
const HYPERLINK_OVERHEAD_BYTES = 160;

export interface TableWrite {
  /** Where the status line goes (the header row follows it). */
  sheetName: string;
  /** 0-based position of the status cell; the header row is the next row. */
  top: number;
  left: number;
  tableName: string;
  columns: readonly ColumnSpec[];
  rows: readonly CellValue[][];
  /** Shown in the status cell while rows are written. */
  progressText: string;
  signal?: AbortSignal;
  budget?: ChunkBudget;
  onRows?: (written: number, total: number) => void;
}

export type TableWriteOutcome = { status: 'done'; written: number } | { status: 'cancelled'; written: number } | { status: 'failed'; written: number; error: unknown };

/** Bytes of each row in a payload, hyperlinks and per-cell number formats included. */
export function rowBytesOf(rows: readonly CellValue[][], columns: readonly ColumnSpec[]): number[] {
  const urlColumns = columns.flatMap((c, i) => (c.kind === 'url' ? [i] : []));
  const formatBytes = columns.reduce((sum, c) => sum + (hasCellFormats(c) ? c.numberFormat.length + 8 : 0), 0);
  return rows.map((row) => {
    let extra = formatBytes;
    for (const c of urlColumns) if (isLinkable(row[c])) extra += 2 * String(row[c]).length + HYPERLINK_OVERHEAD_BYTES;
    return rowPayloadBytes(row, extra);
  });
}

/**
 * Writes a table below a status cell: one sync sets up the sheet (status "in progress", text
 * formats before any value, header, widths, frozen header), then one sync per chunk with
 * calculation suspended, then one sync that creates the table over the rows written and leaves
 * the status cell to the caller. A cancel stops between chunks; a failed sync stops too, and the
 * rows of the failed chunk are cleared so no row is half-written.
 */
export async function writeTable(run: RunExcel, w: TableWrite): Promise<TableWriteOutcome> {
  const { columns, rows, top, left } = w;
  const width = columns.length;
  const headerRow = top + 1;
  const firstRow = headerRow + 1;
  const chunks = planChunks(rowBytesOf(rows, columns), width, w.budget);
  let written = 0;
  try {
    await run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(w.sheetName);
      const status = sheet.getCell(top, left);
      status.numberFormat = [[NUMBER_FORMATS.text]];
      status.values = [[w.progressText]];
      status.format.font.bold = true;
      const header = sheet.getRangeByIndexes(headerRow, left, 1, width);
      header.numberFormat = [columns.map(() => NUMBER_FORMATS.text)];
      header.values = [columns.map((c) => c.header)];
      if (rows.length > 0) {
        columns.forEach((c, i) => {
          sheet.getRangeByIndexes(firstRow, left + i, rows.length, 1).numberFormat = c.numberFormat as unknown as string[][];
        });
      }
      columnWidths(columns, rows).forEach((points, i) => {
        sheet.getCell(headerRow, left + i).format.columnWidth = points;
      });
      sheet.freezePanes.freezeRows(headerRow + 1);
      await context.sync();

      for (const chunk of chunks) {
        if (w.signal?.aborted) return;
        context.application.suspendApiCalculationUntilNextSync();
        const block = rows.slice(chunk.start, chunk.start + chunk.count) as CellValue[][];
        columns.forEach((c, i) => {
          // Datasheet columns: each cell's format shows its own prefix (100 pF, 4.7 nF, 10 µF).
          if (hasCellFormats(c)) sheet.getRangeByIndexes(firstRow + chunk.start, left + i, chunk.count, 1).numberFormat = columnCellFormats(rows, i, c, chunk.start, chunk.count);
        });
        sheet.getRangeByIndexes(firstRow + chunk.start, left, chunk.count, width).values = block;
        for (const link of hyperlinkCells(rows as CellValue[][], columns, chunk.start, chunk.count)) {
          sheet.getCell(firstRow + chunk.start + link.row, left + link.column).hyperlink = { address: link.address, textToDisplay: link.address };
        }
        await context.sync();
        written = chunk.start + chunk.count;
        w.onRows?.(written, rows.length);
      }
    });
  } catch (error) {
    await finishTable(run, w, written).catch(() => undefined);
    return { status: 'failed', written, error };
  }
  await finishTable(run, w, written);
  return { status: written < rows.length ? 'cancelled' : 'done', written };
}

/** Creates the table over the rows written, after clearing the rows past them. */
async function finishTable(run: RunExcel, w: TableWrite, written: number): Promise<void> {
  const headerRow = w.top + 1;
  await run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(w.sheetName);
    if (written < w.rows.length) {
      // Rows never reached (cancel) or of the failed chunk: no value and no leftover format.
      sheet.getRangeByIndexes(headerRow + 1 + written, w.left, w.rows.length - written, w.columns.length).clear('All');
    }
    const table = sheet.tables.add(rangeAddress(headerRow, w.left, Math.max(1, written) + 1, w.columns.length), true);
    table.name = w.tableName;
    await context.sync();
  });
}

/** Writes the status cell (text-formatted, so a message starting with `=` or `-` stays text). */
export async function writeStatusCell(run: RunExcel, sheetName: string, row: number, column: number, text: string, tone: 'ok' | 'warning'): Promise<void> {
  await run(async (context) => {
    const cell = context.workbook.worksheets.getItem(sheetName).getCell(row, column);
    cell.numberFormat = [[NUMBER_FORMATS.text]];
    cell.values = [[text]];
    cell.format.font.color = tone === 'ok' ? '#375623' : '#9C0006';
    if (tone === 'warning') cell.format.fill.color = '#FFC7CE';
    else cell.format.fill.clear();
    await context.sync();
  });
}
