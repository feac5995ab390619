import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { CellValue } from '../../core/cells/cell-values';
import type { ColumnSpec } from '../../core/cells/columns';
import { FileError } from '../../node/errors';
import { csvCell, type CellType } from '../../ooxml/cells';
import { writeFileSafely } from './files';
import { decodeTextTable, type TextLayout } from './text-encoding';

/*
 * Text tables (.csv, .tsv, .txt): read with papaparse, the delimiter detected among comma,
 * semicolon and tab, the encoding from the byte-order mark (UTF-8, UTF-16LE/BE), else UTF-8, else
 * Windows-1252 (see text-encoding.ts). A BOM read from such a file is written back the way it came:
 * the same encoding, byte-order mark, delimiter, line ends and quoting. New files are UTF-8 with a
 * BOM (so spreadsheet programs read non-ASCII text correctly) and CRLF line ends. Every text cell
 * PartSpec writes is neutralized against CSV injection (see neutralizeCsvText).
 */

export interface CsvTable {
  rows: string[][];
  delimiter: string;
  /** How the file was stored; written back the same way. */
  layout: TextLayout;
  /** True when every field of the file was quoted (EasyEDA's exports): written back so. */
  quoteAll: boolean;
  /** True when the file was not UTF-8 and was read as Windows-1252. */
  fellBack: boolean;
}

/** What a new CSV file is: UTF-8 with a BOM, CRLF. */
export const NEW_CSV_LAYOUT: TextLayout = { encoding: 'utf-8', bom: true, newline: '\r\n' };

/** Whether every field of the first lines is quoted. */
function everyFieldQuoted(text: string, delimiter: string): boolean {
  const lines = text.split(/\r\n|\n|\r/, 5).filter((l) => l !== '');
  if (lines.length === 0) return false;
  const escaped = delimiter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const field = new RegExp(`^"(?:[^"]|"")*"(?:${escaped}"(?:[^"]|"")*")*$`);
  return lines.every((line) => field.test(line));
}

/** Reads a text table; the rows keep the file's line numbering (row 1 is the first line). */
export async function readCsv(file: string): Promise<CsvTable> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FileError(code === 'ENOENT' ? `${file} does not exist.` : `${file} cannot be read (${code ?? 'error'}).`);
  }
  const { text, layout, fellBack } = decodeTextTable(bytes);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimitersToGuess: [',', ';', '\t', '|'] });
  const rows = parsed.data.map((r) => (Array.isArray(r) ? r.map((c) => String(c ?? '')) : []));
  while (rows.length > 0 && rows[rows.length - 1].every((c) => c === '')) rows.pop();
  const delimiter = parsed.meta.delimiter && parsed.meta.delimiter.length === 1 ? parsed.meta.delimiter : ',';
  return { rows, delimiter, layout, quoteAll: everyFieldQuoted(text, delimiter), fellBack };
}

/** Options of formatCsv: how the original file was stored. @default a new file's (NEW_CSV_LAYOUT, quotes where needed) */
export interface CsvFormat {
  layout?: TextLayout;
  quoteAll?: boolean;
}

/** The text of rows with the line ends of `format.layout`, before encoding (no byte-order mark). */
export function formatCsvText(rows: readonly (readonly string[])[], delimiter = ',', format: CsvFormat = {}): string {
  const newline = (format.layout ?? NEW_CSV_LAYOUT).newline;
  const quoteAll = format.quoteAll ?? false;
  return rows.map((row) => row.map((field) => quoteField(field ?? '', delimiter, quoteAll)).join(delimiter) + newline).join('');
}

/**
 * A field as RFC 4180 writes it: quoted only when the delimiter, a quote or a line end forces it
 * (or the file quoted everything). Papa's writer also quotes a field with a space at either edge,
 * which turns KiCad's unquoted `C2 C4 C6 ` into `"C2 C4 C6 "` on the way back.
 */
function quoteField(field: string, delimiter: string, quoteAll: boolean): string {
  if (quoteAll || field.includes(delimiter) || field.includes('"') || /[\r\n]/.test(field)) return `"${field.replace(/"/g, '""')}"`;
  return field;
}

/** CSV text of rows, with the BOM and CRLF line ends (a new UTF-8 file). */
export function formatCsv(rows: readonly (readonly string[])[], delimiter = ','): string {
  return `\uFEFF${formatCsvText(rows, delimiter)}`;
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
