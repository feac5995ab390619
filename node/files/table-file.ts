import type { CellValue } from '../../core/cells/cell-values';
import type { ColumnSpec } from '../../core/cells/columns';
import { writeCsvTable } from './csv';
import { formatOfFile } from './files';
import { writeXlsxTable, type XlsxTableOptions } from './xlsx';

/** Writes a product table to `.xlsx` or `.csv` by the file's extension (`-` is CSV on the run's `stdout`). */
export async function writeTableFile(file: string, columns: readonly ColumnSpec[], rows: readonly CellValue[][], options: XlsxTableOptions & { stdout?: NodeJS.WritableStream }): Promise<void> {
  if (file === '-' || formatOfFile(file, '--out') === 'csv') return writeCsvTable(file, columns, rows, options.stdout);
  return writeXlsxTable(file, columns, rows, options);
}
