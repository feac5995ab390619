import { createWriteStream, type WriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { workbookHeaderOf } from '../../core/cells/datasheet';
import type { CellValue } from '../../core/cells/cell-values';
import { NUMBER_FORMATS, type ColumnSpec } from '../../core/cells/columns';
import { csvCell } from '../../ooxml/cells';
import { writeWaiting } from '../../ooxml/drain';
import { formatCsvText } from './csv';
import { formatOfFile, writeFileSafely } from './files';
import { columnWidths } from '../../core/cells/rows';
import { aboutCellType, charsOfPoints, typedCellOf } from '../../ooxml/typed-cells';
import { XlsxStreamWriter, type XlsxCell } from '../../ooxml/xlsx-stream-writer';

/*
 * Product tables written as their rows arrive: CSV through a file stream, xlsx through our own
 * streamed package writer (xlsx-stream-writer.ts: nothing kept per row, not even hyperlinks,
 * which ExcelJS's streaming writer holds until the end). Both go to a
 * temporary file renamed over the target (files.ts), so a crash leaves the old file or the new
 * one. A run that stops early (cancel, a cut connection) still finishes its file with the rows it
 * has, and the xlsx's 'PartSpec query' sheet says how many that is and why it stopped.
 */

export type AboutRows = [string, string | number][];

export interface StreamedTable {
  /** Rows written. */
  rows: number;
  /** Why the rows stopped before the end, when they did (the error is rethrown after the file is kept). */
  stoppedBy?: unknown;
}

export interface TableStreamOptions {
  sheetName: string;
  /** The query sheet of an xlsx, once the row count and how the run ended are known. */
  about: (rows: number, stoppedBy: unknown) => AboutRows;
}

/** Rows per chunk of a file written for a chunk of products; the first chunk sets the xlsx column widths. */
export type RowBatches = AsyncIterable<CellValue[][]>;

function end(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once('error', reject);
    stream.end(resolve);
  });
}

/**
 * Pulls every batch into `take`, remembering (not throwing) what stopped the batches, so the file
 * is finished with the rows it has. A failure of `take` itself (a full disk) is the file's own and
 * is thrown, after the batches are stopped, so no torn file is kept.
 */
export async function drain<T extends unknown[]>(batches: AsyncIterable<T>, take: (rows: T) => Promise<void>): Promise<{ rows: number; stoppedBy?: unknown }> {
  const iterator = batches[Symbol.asyncIterator]();
  let rows = 0;
  for (;;) {
    let next: IteratorResult<T>;
    try {
      next = await iterator.next();
    } catch (error) {
      return { rows, stoppedBy: error };
    }
    if (next.done) return { rows };
    try {
      await take(next.value);
    } catch (error) {
      await iterator.return?.(undefined).catch(() => undefined);
      throw error;
    }
    rows += next.value.length;
  }
}

async function writeCsvStream(stream: Writable, columns: readonly ColumnSpec[], batches: RowBatches, bom: boolean): Promise<StreamedTable> {
  // The same RFC 4180 rule as every other CSV PartSpec writes (csv.ts), CRLF line ends.
  await writeWaiting(stream, `${bom ? '\uFEFF' : ''}${formatCsvText([columns.map((c) => c.header)])}`);
  return drain(batches, async (rows) => {
    if (rows.length === 0) return;
    await writeWaiting(stream, formatCsvText(rows.map((r) => r.map((v, i) => csvCell(v, columns[i].kind)))));
  });
}

/** The typed cells of a chunk of rows. */
function typedRows(rows: readonly CellValue[][], columns: readonly ColumnSpec[]): (XlsxCell | undefined)[][] {
  return rows.map((values) => columns.map((c, i) => typedCellOf(values[i], c)));
}

async function writeXlsxStream(temp: string, columns: readonly ColumnSpec[], batches: RowBatches, options: TableStreamOptions): Promise<StreamedTable> {
  const writer = new XlsxStreamWriter(temp);
  try {
    let started = false;
    const start = async (sample: readonly CellValue[][]): Promise<void> => {
      started = true;
      // Widths from the first chunk: the header is the sheet's first row, so they cannot wait for more.
      const widths = columnWidths(columns, sample as CellValue[][]).map(charsOfPoints);
      await writer.startSheet(options.sheetName, { widths, frozenRows: 1 });
      await writer.writeRows([columns.map((c): XlsxCell => ({ type: 'text', value: workbookHeaderOf(c), numFmt: NUMBER_FORMATS.general, bold: true }))]);
    };
    const result = await drain(batches, async (rows) => {
      if (!started) await start(rows);
      await writer.writeRows(typedRows(rows, columns));
    });
    if (!started) await start([]);
    await writer.endSheet({ autoFilterColumns: columns.length });
    await writer.startSheet('PartSpec query', { widths: [18, 60] });
    await writer.writeRows(
      options.about(result.rows, result.stoppedBy).map(([label, value]): (XlsxCell | undefined)[] => [{ type: 'text', value: label, numFmt: NUMBER_FORMATS.general, bold: true }, typedCellOf(value, aboutCellType(value))]),
    );
    await writer.endSheet();
    await writer.close();
    return result;
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/**
 * Writes a product table as its rows arrive, to `.xlsx` or `.csv` by the file's extension (`-` is
 * CSV on stdout). When the rows stop early the file is still completed with what arrived, then the
 * reason is rethrown to the caller after it knows how many rows the file holds (`onKept`).
 */
export async function writeTableStream(
  file: string,
  columns: readonly ColumnSpec[],
  batches: RowBatches,
  options: TableStreamOptions & { onKept?: (rows: number, stoppedBy: unknown) => void; stdout?: NodeJS.WritableStream },
): Promise<number> {
  let result: StreamedTable = { rows: 0 };
  if (file === '-') {
    // The run's stdout (the command's context), never the process's: a run in a test collects it.
    if (!options.stdout) throw new Error("writeTableStream: '-' needs the run's stdout");
    result = await writeCsvStream(options.stdout as Writable, columns, batches, false);
  } else if (formatOfFile(file, '--out') === 'csv') {
    await writeFileSafely(file, async (temp) => {
      const stream = createWriteStream(temp);
      result = await writeCsvStream(stream, columns, batches, true);
      await end(stream);
    });
  } else {
    await writeFileSafely(file, async (temp) => {
      result = await writeXlsxStream(temp, columns, batches, options);
    });
  }
  if (result.stoppedBy !== undefined) {
    options.onKept?.(result.rows, result.stoppedBy);
    throw result.stoppedBy;
  }
  return result.rows;
}
