import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { CellValue } from '../../src/sheets/core/cell-values';
import type { ColumnSpec } from '../../src/sheets/core/columns';
import { FileError } from '../errors';
import { csvCell, type CellType } from './cells';
import { writeFileSafely } from './files';

/*
 * CSV files: read with papaparse (delimiter detected, a UTF-8 BOM dropped), written as UTF-8 with
 * a BOM (so spreadsheet programs read non-ASCII text correctly) and CRLF line ends. Every text cell
 * PartSpec writes is neutralized against CSV injection (see neutralizeCsvText).
 */

export interface CsvTable {
  rows: string[][];
  delimiter: string;
}

/** Reads a CSV file; the rows keep the file's line numbering (row 1 is the first line). */
export async function readCsv(file: string): Promise<CsvTable> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FileError(code === 'ENOENT' ? `${file} does not exist.` : `${file} cannot be read (${code ?? 'error'}).`);
  }
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const rows = parsed.data.map((r) => (Array.isArray(r) ? r.map((c) => String(c ?? '')) : []));
  while (rows.length > 0 && rows[rows.length - 1].every((c) => c === '')) rows.pop();
  const delimiter = parsed.meta.delimiter && parsed.meta.delimiter.length === 1 ? parsed.meta.delimiter : ',';
  return { rows, delimiter };
}

/** CSV text of rows, with the BOM and CRLF line ends. */
export function formatCsv(rows: readonly (readonly string[])[], delimiter = ','): string {
  return `\uFEFF${Papa.unparse(rows as string[][], { delimiter, newline: '\r\n', quotes: false })}\r\n`;
}

/** Writes a product table (header row, then typed rows) as CSV to a file, or to stdout for `-`. */
export async function writeCsvTable(file: string, columns: readonly ColumnSpec[], rows: readonly CellValue[][]): Promise<void> {
  const text = formatCsv([columns.map((c) => c.header), ...rows.map((r) => r.map((v, i) => csvCell(v, columns[i].kind)))]);
  if (file === '-') {
    await new Promise<void>((resolve, reject) => process.stdout.write(text.replace(/^\uFEFF/, ''), (error) => (error ? reject(error) : resolve())));
    return;
  }
  await writeFileSafely(file, text);
}

/** A cell a BOM holds after enrichment: the file's own text, or a typed PartSpec value. */
export type GridCell = string | { value: CellValue | undefined; type: CellType };

/** Text of a grid cell for a CSV file: the BOM's own cells exactly as read, PartSpec's neutralized. */
export function csvGridCell(cell: GridCell | undefined): string {
  if (cell === undefined) return '';
  return typeof cell === 'string' ? cell : csvCell(cell.value, cell.type.kind);
}
