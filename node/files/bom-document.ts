import type { CellBlock } from '../../core/address';
import type { BomDocument, BomRegion, ColumnBatch, ColumnWrite } from '../../core/enrich/document';
import { UsageError } from '../errors';
import { checkBomOutput, type BomOutput } from './files';
import { refuseLockedTarget } from './lock-files';

/** The widest row of a sheet's values, by a loop: a sheet of a million rows must not go through a spread. */
function widestRow(values: readonly (readonly unknown[] | undefined)[]): number {
  let width = 0;
  for (let r = 0; r < values.length; r++) {
    const row = values[r];
    if (row && row.length > width) width = row.length;
  }
  return width;
}

/** Rows longer than this are walked by their keys, not their slots. */
const SPARSE_WALK = 1024;

/**
 * The values of `block`, rows × columns, as sparse as the sheet: each row holds only the values
 * it has (an empty row is an empty array, a value at XFD does not fill the columns before it),
 * so what a read costs follows the values, never the block's area. Reading past a row's end
 * gives undefined, as an empty cell.
 */
function sparseBlock(values: readonly (readonly unknown[] | undefined)[], block: CellBlock): unknown[][] {
  const out: unknown[][] = new Array<unknown[]>(block.rowCount);
  const end = block.column + block.columnCount;
  for (let r = 0; r < block.rowCount; r++) {
    const row = values[block.row + r];
    const slice: unknown[] = [];
    // A long row is walked by its keys: a value at XFD makes a row of 16,384 slots with one used.
    if (row && row.length > SPARSE_WALK) {
      for (const key in row) {
        const c = Number(key);
        if (c >= block.column && c < end) slice[c - block.column] = row[c];
      }
    } else if (row) {
      row.forEach((value, c) => {
        if (c >= block.column && c < end) slice[c - block.column] = value;
      });
    }
    out[r] = slice;
  }
  return out;
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
  private target: BomOutput | undefined;

  /** The file's name as it was given. */
  abstract get file(): string;
  /** Worksheet names; a CSV file has one, named after the file. */
  abstract get sheetNames(): readonly string[];
  /** The values of a sheet from A1, 0-based; empty cells undefined. */
  abstract values(sheetName: string): unknown[][];
  abstract writeColumn(sheetName: string, write: ColumnWrite): void;
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

  /**
   * Names the file save writes to, checked already (checkBomOutput), and refuses it (UsageError,
   * exit 2) while it is open in Excel or LibreOffice, before any request is sent.
   */
  writesTo(out: BomOutput): this {
    refuseLockedTarget(out.file);
    this.target = out;
    return this;
  }

  /** The format `file` is saved in: as checked for writesTo, or checked now for another file. */
  protected outputFormat(file: string): BomOutput['format'] {
    return this.target?.file === file ? this.target.format : checkBomOutput(this.file, file).format;
  }

  /** Lets go of the file (a workbook's open handle); reading after it fails, closing again does nothing. */
  close(): void {}

  /** Refuses (UsageError, exit 2) a sheet the file does not have, naming those it has. */
  protected checkSheet(name: string): void {
    if (!this.sheetNames.includes(name)) throw new UsageError(`${this.file} has no sheet '${name}'; it has ${this.sheetNames.map((n) => `'${n}'`).join(', ')}.`, { showUsage: false });
  }

  /** Looks for the BOM in `sheetName` alone (--sheet), refusing a sheet the file does not have; undefined: in each sheet in turn. */
  searchIn(sheetName: string | undefined): this {
    if (sheetName !== undefined) this.checkSheet(sheetName);
    this.searched = sheetName === undefined ? undefined : [sheetName];
    return this;
  }

  /** The sheets the BOM is looked for in: the one searchIn named, or every sheet. */
  get searchedSheets(): readonly string[] {
    return this.searched ?? this.sheetNames;
  }

  async regions(): Promise<BomRegion[]> {
    // Each sheet is measured when the search for the BOM reaches it: the sheets after the BOM are never read.
    return this.searchedSheets.map((name) => {
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
    return sparseBlock(this.values(name), block);
  }

  async write(batch: ColumnBatch): Promise<number> {
    for (const column of batch.columns) this.writeColumn(batch.sheetName, column);
    return batch.rowCount;
  }
}
