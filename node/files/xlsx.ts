import type { CellValue } from '../../core/cells/cell-values';
import { NUMBER_FORMATS, type ColumnSpec } from '../../core/cells/columns';
import { CHANGE_FILL } from '../../core/enrich/changes';
import type { CellType } from '../../ooxml/cells';
import { argbOf, type ColumnHighlight } from '../../ooxml/conditional-formats';
import { typedCellOf } from '../../ooxml/typed-cells';
import { XlsxStreamWriter, type XlsxCell, type XlsxSheetCharts, type XlsxSheetOptions } from '../../ooxml/xlsx-stream-writer';
import type { GridCell } from './csv';
import { writeFileSafely } from './files';
import { writeTableStream, type AboutRows } from './table-stream';
import { displayWidth } from '../terminal-text';

/*
 * New workbooks from the command line. Every one is written by the one streamed writer
 * (ooxml/xlsx-stream-writer.ts): product tables and replacements through table-stream.ts, a text
 * BOM saved as .xlsx here. Rows go to the file in batches as they are turned into cells, so the
 * writer adds no copy of the table to what the caller already holds.
 */

const TEXT: CellType = { kind: 'text', numberFormat: NUMBER_FORMATS.text };
const ROWS_PER_WRITE = 500;

/** One sheet of a new workbook. */
export interface NewSheet {
  name: string;
  /** Rows from row 1, each a list of cells from column A (`undefined` leaves a cell empty). */
  rows: Iterable<readonly (XlsxCell | undefined)[]>;
  options?: XlsxSheetOptions;
  /** Columns from A covered by a filter on row 1. */
  autoFilterColumns?: number;
  highlights?: readonly ColumnHighlight[];
  /** Native charts over the sheet's cells. */
  charts?: XlsxSheetCharts;
}

/** Writes a new workbook with these sheets, through a temporary file renamed over `file`. */
export async function writeNewWorkbook(file: string, sheets: Iterable<NewSheet>): Promise<void> {
  await writeFileSafely(file, async (temp) => {
    const writer = new XlsxStreamWriter(temp);
    try {
      for (const sheet of sheets) {
        await writer.startSheet(sheet.name, sheet.options);
        let batch: (readonly (XlsxCell | undefined)[])[] = [];
        for (const row of sheet.rows) {
          batch.push(row);
          if (batch.length < ROWS_PER_WRITE) continue;
          await writer.writeRows(batch);
          batch = [];
        }
        if (batch.length > 0) await writer.writeRows(batch);
        await writer.endSheet({ autoFilterColumns: sheet.autoFilterColumns, highlights: sheet.highlights, charts: sheet.charts });
      }
      await writer.close();
    } catch (error) {
      await writer.abort();
      throw error;
    }
  });
}

/** What a text BOM saved as a workbook marks: its highlight rules, and the cells an enrichment changed (0-based row, column). */
export interface GridMarks {
  highlights: readonly ColumnHighlight[];
  changed: readonly (readonly [number, number])[];
}

/** The cells of a text BOM's rows: its own cells as text (a part number such as 0805 or =X keeps its type), PartSpec's typed. */
function* gridRows(grid: readonly (readonly GridCell[])[], changed: ReadonlySet<string>): Generator<(XlsxCell | undefined)[]> {
  const fill = argbOf(CHANGE_FILL);
  for (let r = 0; r < grid.length; r++) {
    yield Array.from(grid[r], (cell, c) => {
      if (cell === undefined || cell === '') return undefined;
      const typed = typeof cell === 'string' ? typedCellOf(cell, TEXT) : typedCellOf(cell.workbook ?? cell.value, cell.type);
      return typed && changed.has(`${r}:${c}`) ? { ...typed, fill } : typed;
    });
  }
}

/** Rows of a text BOM measured for its column widths (the header and what follows). */
const WIDTH_SAMPLE_ROWS = 200;

/**
 * Widths in characters for a text BOM's columns, from its header and first rows as they read
 * (CJK text counted twice), at least 6 and at most 50: part numbers and statuses are not clipped.
 */
function gridColumnWidths(grid: readonly (readonly GridCell[])[]): number[] {
  const widths: number[] = [];
  for (const row of grid.slice(0, WIDTH_SAMPLE_ROWS)) {
    row.forEach((cell, c) => {
      const text = cell === undefined ? '' : typeof cell === 'string' ? cell : cell.type.kind === 'date' ? '0000-00-00' : String(cell.value);
      widths[c] = Math.max(widths[c] ?? 6, Math.min(50, displayWidth(text.slice(0, 60)) + 2));
    });
  }
  return Array.from(widths, (w) => w ?? 6);
}

/** A text BOM (CSV, TSV) saved as a one-sheet workbook, its columns as wide as their text. */
export async function writeGridWorkbook(file: string, sheetName: string, grid: readonly (readonly GridCell[])[], marks: GridMarks): Promise<void> {
  const changed = new Set(marks.changed.map(([r, c]) => `${r}:${c}`));
  await writeNewWorkbook(file, [{ name: sheetName, rows: gridRows(grid, changed), options: { widths: gridColumnWidths(grid) }, highlights: marks.highlights }]);
}

export interface XlsxTableOptions {
  sheetName: string;
  /** Label/value lines for a second sheet that says where the data came from (never the key). */
  about?: AboutRows;
}

/** Rows that are all there, as the one batch a streamed table takes. */
async function* oneBatch(rows: readonly CellValue[][]): AsyncGenerator<CellValue[][]> {
  yield rows as CellValue[][];
}

/**
 * Writes a product table as a new workbook: a bold, frozen header row with a filter, typed
 * columns, hyperlinks, widths from the core, and the 'PartSpec query' sheet.
 */
export async function writeXlsxTable(file: string, columns: readonly ColumnSpec[], rows: readonly CellValue[][], options: XlsxTableOptions): Promise<void> {
  await writeTableStream(file, columns, oneBatch(rows), { sheetName: options.sheetName, about: () => options.about ?? [] });
}
