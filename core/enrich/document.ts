import type { CellValue } from '../cells/cell-values';
import type { ColumnSpec } from '../cells/columns';
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
  /**
   * How many columns from A something occupies: values, and in a workbook also notes,
   * hyperlinks, validations, conditional formats, merges, tables and drawings. New columns go to
   * its right. Without it, the widest row of `values` is the extent.
   */
  occupiedWidth?(sheetName: string): number;
  writeColumn(sheetName: string, write: ColumnWrite): void;
  /**
   * Refuses (UsageError, exit 2) before any request is sent a write to `file` the BOM cannot
   * become: a macro-enabled workbook or template from a BOM of another kind.
   */
  checkTarget(file: string): Promise<void>;
  /**
   * Saves to a workbook or a text table (by extension) through a temporary file; a workbook is
   * patched, so a save to the same kind keeps everything; saved as CSV it keeps only `sheetName`.
   * Resolves to what of the input was not carried over (phrases such as "VBA macros
   * (xl/vbaProject.bin)" for an .xlsm saved as .xlsx), for the caller to name.
   */
  save(file: string, sheetName: string): Promise<readonly string[]>;
}
