import type { CellValue } from '../../src/sheets/core/cell-values';
import type { ColumnSpec } from '../../src/sheets/core/columns';
import type { HighlightRule } from '../../src/sheets/core/highlight';

/** One enrichment column to write: its header, then one typed cell per BOM row. */
export interface ColumnWrite {
  /** Absolute 0-based sheet column. */
  column: number;
  headerRow: number;
  spec: ColumnSpec;
  /** True when the column is a PartSpec column from an earlier run (its formatting is kept). */
  existing: boolean;
  firstRow: number;
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
 * A BOM file opened for enrichment. Only the cells of the columns written change; everything else
 * (other sheets, other cells, their formats) is saved as it was read.
 */
export interface BomDocument {
  /** Worksheet names; a CSV file has one, named after the file. */
  sheetNames: readonly string[];
  /** The values of a sheet from A1, 0-based; empty cells undefined. */
  values(sheetName: string): unknown[][];
  writeColumn(sheetName: string, write: ColumnWrite): void;
  /**
   * Refuses (FileError, exit 2) before any request is sent a write to `file` that would lose part
   * of the input: an in-place write of a workbook holding parts a rewrite cannot keep.
   */
  checkTarget(file: string): Promise<void>;
  /**
   * Saves to `.xlsx` or `.csv` (by extension) through a temporary file; a workbook saved as CSV
   * keeps only `sheetName`. Resolves to what of the input was not carried over (phrases such as
   * "a chart sheet 'Chart1'"), for the caller to name; an in-place save never loses anything.
   */
  save(file: string, sheetName: string): Promise<readonly string[]>;
}
