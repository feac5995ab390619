import type { CellBlock } from '../../core/address';
import type { BomDocument, BomFile, BomRegion, ColumnBatch } from '../../core/enrich/document';

/** The widest row of a sheet's values, by a loop: a sheet of a million rows must not go through a spread. */
function widestRow(values: readonly (readonly unknown[] | undefined)[]): number {
  let width = 0;
  for (let r = 0; r < values.length; r++) {
    const row = values[r];
    if (row && row.length > width) width = row.length;
  }
  return width;
}

/**
 * The values of `block`, rows × columns, as sparse as the sheet: each row holds only the values
 * it has (an empty row is an empty array, a value at XFD does not fill the columns before it),
 * so what a read costs follows the values, never the block's area. Reading past a row's end
 * gives undefined, as an empty cell.
 */
const SPARSE_WALK = 1024;

export function sparseBlock(values: readonly (readonly unknown[] | undefined)[], block: CellBlock): unknown[][] {
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
 * The command line's side of the BomDocument port over an opened BOM file: each sheet (or the one
 * named with --sheet) is a region from A1, as wide as everything on it (notes, validations, merges,
 * tables and drawings too, so new columns go right of them); reads are slices of its values,
 * writes go to the file's columns, to be saved by the caller.
 */
export function fileDocument(file: Pick<BomFile, 'sheetNames' | 'values' | 'occupiedWidth' | 'writeColumn'>, sheetName?: string): BomDocument {
  const names = sheetName === undefined ? file.sheetNames : [sheetName];
  return {
    async regions(): Promise<BomRegion[]> {
      // Each sheet is measured when the search for the BOM reaches it: the sheets after the BOM are never read.
      return names.map((name) => {
        let extent: { rowCount: number; lastColumn: number } | undefined;
        const measure = (): { rowCount: number; lastColumn: number } => {
          if (extent) return extent;
          const values = file.values(name);
          extent = { rowCount: values.length, lastColumn: Math.max(widestRow(values), file.occupiedWidth?.(name) ?? 0) - 1 };
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
    },
    async read(name: string, block: CellBlock): Promise<unknown[][]> {
      return sparseBlock(file.values(name), block);
    },
    async write(batch: ColumnBatch): Promise<number> {
      for (const column of batch.columns) file.writeColumn(batch.sheetName, column);
      return batch.rowCount;
    },
  };
}
