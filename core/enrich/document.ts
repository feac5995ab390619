import type { CellBlock } from '../address';
import type { CellValue } from '../cells/cell-values';
import type { ColumnSpec } from '../cells/columns';
import type { EnrichMode } from './enrich-plan';
import type { HighlightRule } from './highlight';

/** One enrichment column to write: its header, then one typed cell per BOM row. */
export interface ColumnWrite {
  /** Absolute 0-based sheet column. */
  column: number;
  headerRow: number;
  spec: ColumnSpec;
  /** True when the column is a PartSpec column from an earlier run (its formatting is kept). */
  existing: boolean;
  firstRow: number;
  /** The cells written: values, or in formulas mode `=PART.…` formulas for the looked-up columns. */
  cells: readonly (CellValue | undefined)[];
  /** Highlight rules for the data cells (risk levels, problem matches). */
  highlight?: readonly HighlightRule[];
  /**
   * Per data cell, true when it changed since the last run: filled with CHANGE_FILL. When given,
   * the other data cells of the column lose the fill, so highlights never pile up.
   */
  changed?: readonly boolean[];
}

/**
 * Where a BOM may be: a worksheet's region (in Excel a table or the used range; in a file the
 * sheet from A1), with what the shell knows of it before anything is detected.
 */
export interface BomRegion {
  sheetName: string;
  /** Absolute 0-based top-left cell of the region. */
  origin: { row: number; column: number };
  /** Rows of the region; 0 for an empty sheet. */
  rowCount: number;
  /** Absolute last column the BOM occupies: new PartSpec columns go right of it. */
  lastColumn: number;
  /** The header row when it is fixed (a table's). */
  headerRow?: number;
  /** The user's selection (absolute), cut to the region. */
  selection?: CellBlock;
  /**
   * True when the selection is a column the user named (an address, a picked column), not where
   * the cursor happens to be: then a title block's "Part No." above the real header does not
   * decide the header row (see pinHeaderRow).
   */
  named?: boolean;
  /** The Excel table the region is, when it is one. */
  tableName?: string;
}

/** Columns written in one go: every set's columns side by side, rows `firstRow` on. */
export interface ColumnBatch {
  sheetName: string;
  headerRow: number;
  firstRow: number;
  rowCount: number;
  mode: EnrichMode;
  columns: readonly ColumnWrite[];
  /** Only the cells' values: no headers, formats, highlights or links (the rows a cancel did not reach). */
  valuesOnly?: boolean;
  /** Stops writing between chunks of rows (the add-in's Cancel). */
  signal?: AbortSignal;
  onRows?: (written: number) => void;
}

/**
 * The BOM document port: what runEnrichment needs of a workbook, implemented by the add-in's
 * Excel adapter (Office.js, batched) and by the command line's BOM files (node/files/bom-document.ts:
 * xlsx through the patcher, CSV/TSV). Reads and writes are asynchronous because Excel's are.
 */
export interface BomDocument {
  /** The regions a BOM may be in, in the order they are tried: the add-in's one around the selection, a file's named sheet or each of its sheets. */
  regions(): Promise<readonly BomRegion[]>;
  /** The values of `block` on a sheet, rows × columns (empty cells undefined or ''). */
  read(sheetName: string, block: CellBlock): Promise<unknown[][]>;
  /** Writes the columns; resolves to how many rows were written (fewer when `signal` stopped it). */
  write(batch: ColumnBatch): Promise<number>;
}
