import { rangeAddress } from '../../core/address';
import type { CellValue } from '../../core/cells/cell-values';
import { cellValueText } from '../../core/cells/cell-text';
import { createChunkFiller, rowPayloadBytes, type ChunkBudget } from '../../core/tables/chunks';
import { NUMBER_FORMATS, type ColumnSpec } from '../../core/cells/columns';
import { ladderFormat, workbookCellOf, workbookHeaderOf } from '../../core/cells/datasheet';
import { columnWidths, hyperlinkCells, isLinkable } from '../../core/cells/rows';
import type { RunExcel } from './deps';
import { isCancellation } from '../../core/enrich/failures';

/** Bytes a hyperlink command adds to a payload besides its address (object path, property names). */
const HYPERLINK_OVERHEAD_BYTES = 160;
/** Rows whose lengths set the column widths. */
const WIDTH_SAMPLE = 200;

export interface TableWrite {
  /** Where the status line goes (the header row follows it). */
  sheetName: string;
  /** 0-based position of the status cell; the header row is the next row. */
  top: number;
  left: number;
  tableName: string;
  columns: readonly ColumnSpec[];
  /**
   * The rows: all of them in hand, or batches as they arrive (a category file being downloaded).
   * Batches are written in the same payload-bounded chunks, so only one chunk is held here.
   */
  rows: readonly CellValue[][] | AsyncIterable<readonly CellValue[][]>;
  /** Shown in the status cell while rows are written. */
  progressText: string;
  signal?: AbortSignal;
  budget?: ChunkBudget;
  /** Rows written so far, and rows taken from the source so far. */
  onRows?: (written: number, received: number) => void;
}

/**
 * What a write did. `received` counts the rows taken from the source; `total` is every row there
 * was, when known (rows in hand, or a source read to its end). `source` marks a failure of the
 * rows' source (a download broken off) rather than of the workbook.
 */
export type TableWriteOutcome = { written: number; received: number; total?: number } & (
  | { status: 'done' }
  | { status: 'cancelled' }
  | { status: 'failed'; error: unknown; source: boolean }
);

/** Measures rows for a payload: their JSON, plus hyperlinks and per-cell number formats. */
function rowMeasure(columns: readonly ColumnSpec[]): (row: readonly CellValue[]) => number {
  const urlColumns = columns.flatMap((c, i) => (c.kind === 'url' ? [i] : []));
  // A datasheet column sends a format per cell: the longest of its ladder's, quoted.
  const formatBytes = columns.reduce((sum, c) => sum + (c.datasheet ? ladderFormat(c.datasheet.ladder, false).length + 8 : 0), 0);
  return (row) => {
    let extra = formatBytes;
    for (const c of urlColumns) if (isLinkable(row[c])) extra += 2 * String(row[c]).length + HYPERLINK_OVERHEAD_BYTES;
    return rowPayloadBytes(row, extra);
  };
}

/** Bytes of each row in a payload, hyperlinks and per-cell number formats included. */
export function rowBytesOf(rows: readonly CellValue[][], columns: readonly ColumnSpec[]): number[] {
  return rows.map(rowMeasure(columns));
}

function isInHand(rows: TableWrite['rows']): rows is readonly CellValue[][] {
  return Array.isArray(rows);
}

/** One sync that sets up the sheet: status "in progress", header, widths (from the first rows), frozen header. */
async function setUpSheet(run: RunExcel, w: TableWrite, firstRows: readonly CellValue[][]): Promise<void> {
  const { columns, top, left } = w;
  const headerRow = top + 1;
  await run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(w.sheetName);
    const status = sheet.getCell(top, left);
    status.numberFormat = [[NUMBER_FORMATS.text]];
    status.values = [[w.progressText]];
    status.format.font.bold = true;
    const header = sheet.getRangeByIndexes(headerRow, left, 1, columns.length);
    header.numberFormat = [columns.map(() => NUMBER_FORMATS.text)];
    header.values = [columns.map(workbookHeaderOf)];
    columnWidths(columns, firstRows as CellValue[][]).forEach((points, i) => {
      sheet.getCell(headerRow, left + i).format.columnWidth = points;
    });
    sheet.freezePanes.freezeRows(headerRow + 1);
    await context.sync();
  });
}

/** One sync of one chunk, calculation suspended: each column's formats before any value, then values and hyperlinks. */
async function writeChunk(run: RunExcel, w: TableWrite, start: number, block: CellValue[][]): Promise<void> {
  const { columns, left } = w;
  const firstRow = w.top + 2 + start;
  await run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(w.sheetName);
    context.application.suspendApiCalculationUntilNextSync();
    // Datasheet columns: each number in its ladder's smallest unit, its format showing its own (100 pF, 4.7 nF, 10 µF).
    const cells = block.map((row) => row.map((value, i) => workbookCellOf(columns[i], value)));
    columns.forEach((c, i) => {
      sheet.getRangeByIndexes(firstRow, left + i, block.length, 1).numberFormat = c.datasheet ? cells.map((row) => [row[i].numberFormat]) : (c.numberFormat as unknown as string[][]);
    });
    // A cell holds at most 32,767 characters: longer text from the service is cut, by the core's one rule.
    sheet.getRangeByIndexes(firstRow, left, block.length, columns.length).values = cells.map((row) => row.map((cell) => cellValueText(cell.value ?? '')));
    for (const link of hyperlinkCells(block, columns)) {
      sheet.getCell(firstRow + link.row, left + link.column).hyperlink = { address: link.address, textToDisplay: link.address };
    }
    await context.sync();
  });
}

/**
 * Writes a table below a status cell, from rows in hand or from batches as they arrive: once the
 * first chunk is in, one sync sets up the sheet (status "in progress", header, widths, frozen
 * header), then one sync per payload-bounded chunk with calculation suspended, then one sync that
 * creates the table over the rows written and leaves the status cell to the caller. Only the chunk
 * being filled is held, however many rows arrive. A cancel stops between chunks (and stops
 * the source); a failed sync stops too, and the rows of the failed chunk are cleared so no row is
 * half-written. When the source fails (a download broken off), the rows already received are
 * written before the table is made.
 */
export async function writeTable(run: RunExcel, w: TableWrite): Promise<TableWriteOutcome> {
  const measure = rowMeasure(w.columns);
  const filler = createChunkFiller(w.columns.length, w.budget);
  const batches: AsyncIterator<readonly CellValue[][]> | Iterator<readonly CellValue[][]> = isInHand(w.rows) ? [w.rows][Symbol.iterator]() : w.rows[Symbol.asyncIterator]();
  const known = isInHand(w.rows) ? w.rows.length : undefined;
  let pending: CellValue[][] = [];
  let written = 0;
  let attempted = 0;
  let received = 0;
  let complete = false;
  let setUp = false;
  let stop: { status: 'cancelled' } | { status: 'failed'; error: unknown; source: boolean } | undefined;
  const cancelled = (): boolean => w.signal?.aborted === true;

  const flush = async (): Promise<void> => {
    if (pending.length === 0) return;
    const block = pending;
    pending = [];
    filler.reset();
    // Widths come from the first chunk's rows, so rows in hand and rows arriving get the same ones.
    if (!setUp) {
      await setUpSheet(run, w, block.slice(0, WIDTH_SAMPLE));
      setUp = true;
    }
    attempted = written + block.length;
    await writeChunk(run, w, written, block);
    written = attempted;
    w.onRows?.(written, received);
  };

  try {
    reading: for (;;) {
      if (cancelled()) {
        stop = { status: 'cancelled' };
        break;
      }
      let next: IteratorResult<readonly CellValue[][]>;
      try {
        next = await batches.next();
      } catch (error) {
        stop = cancelled() || isCancellation(error) ? { status: 'cancelled' } : { status: 'failed', error, source: true };
        break;
      }
      if (next.done) {
        complete = true;
        break;
      }
      const batch = next.value;
      received += batch.length;
      for (const row of batch) {
        const bytes = measure(row);
        if (!filler.fits(bytes)) {
          if (cancelled()) {
            stop = { status: 'cancelled' };
            break reading;
          }
          await flush();
        }
        filler.add(bytes);
        pending.push(row as CellValue[]);
      }
    }
    if (!setUp) {
      await setUpSheet(run, w, pending.slice(0, WIDTH_SAMPLE));
      setUp = true;
    }
    // The rest of the rows; after a broken-off source, the rows that did arrive.
    if (stop === undefined || (stop.status === 'failed' && !cancelled())) await flush();
  } catch (error) {
    stop = { status: 'failed', error, source: false };
  } finally {
    pending = [];
    // Stops the source (closes a download) when the write ends before it does.
    if (!complete) await Promise.resolve(batches.return?.()).catch(() => undefined);
  }
  const total = complete ? received : known;
  const outcome = { written, received, ...(total === undefined ? {} : { total }) };
  if (stop?.status === 'failed') {
    if (setUp) await finishTable(run, w, written, attempted).catch(() => undefined);
    return { ...outcome, ...stop };
  }
  await finishTable(run, w, written, attempted);
  return { ...outcome, status: stop?.status ?? 'done' };
}

/** Creates the table over the rows written, after clearing the rows of a chunk that failed. */
async function finishTable(run: RunExcel, w: TableWrite, written: number, attempted: number): Promise<void> {
  const headerRow = w.top + 1;
  await run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(w.sheetName);
    if (attempted > written) {
      // The rows of the failed chunk: no value and no leftover format.
      sheet.getRangeByIndexes(headerRow + 1 + written, w.left, attempted - written, w.columns.length).clear('All');
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
