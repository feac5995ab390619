import { extname } from 'node:path';
import type { CellValue } from '../../core/cells/cell-values';
import type { ColumnSpec } from '../../core/cells/columns';
import { FILE_LIMITS, FileLimitError } from '../../core/limits';
import { FileError } from '../errors';
import { csvCell, type CellType } from '../../ooxml/cells';
import { writeFileSafely } from './files';
import { decodeTextTable, encodeTextTable, TextEncodingError, type TextLayout } from './text-encoding';
import { readTextFile } from './text-file';
import { detectDelimiter, fieldStarts, parseTextRecords, TextRecordError, type TextRecord } from './text-records';

/*
 * Text tables (.csv, .tsv, .txt): the encoding from the byte-order mark, else UTF-16 by its zero
 * bytes, else UTF-8, else Shift_JIS or Windows-1252 (text-encoding.ts: every decoding writes back
 * the same bytes); the delimiter among comma, semicolon, tab and bar (text-records.ts); each line's own
 * line end. A BOM read from such a file is written back the way it came: every original line as
 * it stands, the new columns after it (csv-bom.ts). New files are UTF-8 with a BOM (so spreadsheet
 * programs read non-ASCII text correctly) and CRLF line ends. Every text cell PartSpec writes is
 * neutralized against CSV injection (see neutralizeCsvText). Size, line and field length are
 * bounded by FILE_LIMITS.
 */

export interface CsvTable {
  /** The file it was read from. */
  file: string;
  /** The fields of each record, trailing empty records left out. */
  rows: string[][];
  delimiter: string;
  /** The decoded text and its records, each with its own line end: original lines are written back as they stand. */
  text: string;
  records: TextRecord[];
  /** How the file was stored; written back the same way. */
  layout: TextLayout;
  /** True when every field of the file was quoted (EasyEDA's exports): written back so. */
  quoteAll: boolean;
  /** True when the file was not UTF-8 and was read as Windows-1252. */
  fellBack: boolean;
  /** Bytes of a UTF-8 file that are not UTF-8, kept as they are. */
  strayBytes: number;
}

/** What a new CSV file is: UTF-8 with a BOM, CRLF. */
export const NEW_CSV_LAYOUT: TextLayout = { encoding: 'utf-8', bom: true, newline: '\r\n' };

/**
 * Whether every field of the first records is quoted. An empty unquoted field does not count
 * against it: lines such a file gets from PartSpec (padding before the new columns) have them.
 */
function everyFieldQuoted(text: string, records: readonly TextRecord[], delimiter: string): boolean {
  let seen = 0;
  for (const r of records) {
    const quoted = fieldStarts(text, r, delimiter).map((s) => text[s] === '"');
    if (!quoted.some((q, i) => q || r.fields[i] !== '')) continue;
    if (!quoted.every((q, i) => q || r.fields[i] === '')) return false;
    if (++seen === 5) break;
  }
  return seen > 0;
}

/** What of a file the limit names: its line or field length. */
function refusalOf(file: string, error: unknown): Error {
  if (error instanceof TextRecordError) {
    if (error.kind === 'line-length') return new FileError(new FileLimitError('textLineBytes', `Line ${error.line} of ${file}`).message);
    if (error.kind === 'field-length') return new FileError(new FileLimitError('textFieldChars', `A field on line ${error.line} of ${file}`).message);
    return new FileError(`${file} cannot be read as a table: ${error.message}; PartSpec changed nothing.`);
  }
  if (error instanceof TextEncodingError) return new FileError(`${file} ${error.message}; PartSpec changed nothing.`);
  return error as Error;
}

/** Lines over the byte limit once encoded (the parser bounded them in characters, which never outnumber bytes). */
function checkLineBytes(file: string, text: string, records: readonly TextRecord[], layout: TextLayout): void {
  const limit = FILE_LIMITS.textLineBytes.value;
  // Bytes a character takes at most: lines that could pass the limit are encoded to count them.
  const most = { 'utf-8': 3, 'utf-16le': 2, 'utf-16be': 2, shift_jis: 2, 'windows-1252': 1 }[layout.encoding];
  for (const r of records) {
    if ((r.end - r.start) * most <= limit) continue;
    if (encodeTextTable(text.slice(r.start, r.end), { ...layout, bom: false }).length > limit) throw new FileError(new FileLimitError('textLineBytes', `Line ${r.line} of ${file}`).message);
  }
}

/** Reads a text table; row i of `rows` is record i of the file. */
export async function readCsv(file: string): Promise<CsvTable> {
  const bytes = await readTextFile(file);
  try {
    const { text, layout, fellBack, strayBytes } = decodeTextTable(bytes);
    const delimiter = detectDelimiter(text, extname(file).toLowerCase() === '.tsv' ? '\t' : undefined);
    // One record past Excel's last row is enough to refuse: the rest is never split.
    const records = parseTextRecords(text, { delimiter, maxRecordChars: FILE_LIMITS.textLineBytes.value, maxFieldChars: FILE_LIMITS.textFieldChars.value, maxRecords: FILE_LIMITS.sheetRows.value + 1 });
    if (records.length > FILE_LIMITS.sheetRows.value) throw new FileError(new FileLimitError('sheetRows', `The text BOM ${file}`).message);
    checkLineBytes(file, text, records, layout);
    let count = records.length;
    while (count > 0 && records[count - 1].fields.every((c) => c === '')) count--;
    const rows = records.slice(0, count).map((r) => r.fields);
    return { file, rows, delimiter, text, records, layout, quoteAll: everyFieldQuoted(text, records, delimiter), fellBack, strayBytes };
  } catch (error) {
    throw refusalOf(file, error);
  }
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
  return rows.map((row) => row.map((field) => quoteField(field ?? '', quoteAll)).join(delimiter) + newline).join('');
}

/**
 * A field as RFC 4180 writes it: quoted only when a quote or a line end forces it, or a character
 * that is, or could be taken for, the delimiter (so the delimiter of a file PartSpec wrote is
 * found again), or when the file quoted everything. Papa's writer also quotes a field with a space
 * at either edge, which turns KiCad's unquoted `C2 C4 C6 ` into `"C2 C4 C6 "` on the way back.
 */
export function quoteField(field: string, quoteAll = false): string {
  if (quoteAll || /[",;\t|\r\n]/.test(field)) return `"${field.replace(/"/g, '""')}"`;
  return field;
}

/** CSV text of rows, with the BOM and CRLF line ends (a new UTF-8 file). */
export function formatCsv(rows: readonly (readonly string[])[], delimiter = ','): string {
  return `\uFEFF${formatCsvText(rows, delimiter)}`;
}

/** Writes a product table (header row, then typed rows) as CSV to a file, or to the run's `stdout` for `-`. */
export async function writeCsvTable(file: string, columns: readonly ColumnSpec[], rows: readonly CellValue[][], stdout?: NodeJS.WritableStream): Promise<void> {
  const text = formatCsv([columns.map((c) => c.header), ...rows.map((r) => r.map((v, i) => csvCell(v, columns[i].kind)))]);
  if (file === '-') {
    if (!stdout) throw new Error("writeCsvTable: '-' needs the run's stdout");
    await new Promise<void>((resolve, reject) => stdout.write(text.replace(/^\uFEFF/, ''), (error) => (error ? reject(error) : resolve())));
    return;
  }
  await writeFileSafely(file, text);
}

/** A cell a BOM holds after enrichment: the file's own text, or a typed PartSpec value. */
/** A grid cell: the BOM's own text, or PartSpec's typed value (with `workbook`, the text a workbook shows instead: a datasheet column's header). */
export type GridCell = string | { value: CellValue | undefined; type: CellType; workbook?: string };

/** Text of a grid cell for a CSV file: the BOM's own cells exactly as read, PartSpec's neutralized. */
export function csvGridCell(cell: GridCell | undefined): string {
  if (cell === undefined) return '';
  return typeof cell === 'string' ? cell : csvCell(cell.value, cell.type.kind);
}
