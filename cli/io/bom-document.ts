import type { CellBlock } from '../../core/address';
import type { BomDocument, BomFile, BomRegion, ColumnBatch } from '../../core/enrich/document';

/** The widest row of a sheet's values, by a loop: a sheet of a million rows must not go through a spread. */
function widestRow(values: readonly (readonly unknown[] | undefined)[]): number {
  let width = 0;
  for (const row of values) if (row && row.length > width) width = row.length;
  return width;
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
      const values = file.values(name);
      return Array.from({ length: block.rowCount }, (_, r) => {
        const row = values[block.row + r] ?? [];
        return Array.from({ length: block.columnCount }, (_, c) => row[block.column + c]);
      });
    },
    async write(batch: ColumnBatch): Promise<number> {
      for (const column of batch.columns) file.writeColumn(batch.sheetName, column);
      return batch.rowCount;
    },
  };
}
