import type { CellBlock } from '../../core/address';
import type { BomDocument, BomRegion, ColumnBatch, ColumnWrite } from '../../core/enrich/document';

/** The widest row of a sheet's values, by a loop: a sheet of a million rows must not go through a spread. */
function widestRow(values: readonly (readonly unknown[] | undefined)[]): number {
  let width = 0;
  for (const row of values) if (row && row.length > width) width = row.length;
  return width;
}

/**
 * A BOM file opened by the command line, as the core's BomDocument: each sheet (or the one named
 * with --sheet, see searchIn) is a region from A1, as wide as everything on it (in a workbook
 * notes, validations, merges, tables and drawings too, so new columns go right of them); reads are
 * slices of its values, writes go to its columns. Only the cells of the columns written change;
 * everything else (other sheets, other cells, their formats) is saved as it was read.
 */
export abstract class BomFile implements BomDocument {
  private searched: readonly string[] | undefined;

  /** Worksheet names; a CSV file has one, named after the file. */
  abstract get sheetNames(): readonly string[];
  /** The values of a sheet from A1, 0-based; empty cells undefined. */
  abstract values(sheetName: string): unknown[][];
  abstract writeColumn(sheetName: string, write: ColumnWrite): void;
  /**
   * Refuses (UsageError, exit 2) before any request is sent a write to `file` the BOM cannot
   * become: a macro-enabled workbook or template from a BOM of another kind.
   */
  abstract checkTarget(file: string): Promise<void>;
  /**
   * Saves to a workbook or a text table (by extension) through a temporary file; a workbook is
   * patched, so a save to the same kind keeps everything; saved as CSV it keeps only `sheetName`.
   * Resolves to what of the input was not carried over (phrases such as "VBA macros
   * (xl/vbaProject.bin)" for an .xlsm saved as .xlsx), for the caller to name.
   */
  abstract save(file: string, sheetName: string): Promise<readonly string[]>;

  /**
   * How many columns from A something other than values occupies (in a workbook notes,
   * hyperlinks, validations, conditional formats, merges, tables and drawings): new columns go
   * right of it and of the widest row. A text table has nothing but values.
   */
  occupiedWidth(_sheetName: string): number {
    return 0;
  }

  /** Looks for the BOM in `sheetName` alone (--sheet); undefined: in each sheet in turn. */
  searchIn(sheetName: string | undefined): this {
    this.searched = sheetName === undefined ? undefined : [sheetName];
    return this;
  }

  async regions(): Promise<BomRegion[]> {
    // Each sheet is measured when the search for the BOM reaches it: the sheets after the BOM are never read.
    return (this.searched ?? this.sheetNames).map((name) => {
      let extent: { rowCount: number; lastColumn: number } | undefined;
      const measure = (): { rowCount: number; lastColumn: number } => {
        if (extent) return extent;
        const values = this.values(name);
        extent = { rowCount: values.length, lastColumn: Math.max(widestRow(values), this.occupiedWidth(name)) - 1 };
        return extent;
      };
      return {
        sheetName: name,
        origin: { row: 0, column: 0 },
        get rowCount() {
          return measure().rowCount;
        },
        get lastColumn() {
          return measure().lastColumn;
        },
      };
    });
  }

  async read(name: string, block: CellBlock): Promise<unknown[][]> {
    const values = this.values(name);
    return Array.from({ length: block.rowCount }, (_, r) => {
      const row = values[block.row + r] ?? [];
      return Array.from({ length: block.columnCount }, (_, c) => row[block.column + c]);
    });
  }

  async write(batch: ColumnBatch): Promise<number> {
    for (const column of batch.columns) this.writeColumn(batch.sheetName, column);
    return batch.rowCount;
  }
}
