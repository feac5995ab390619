import { PassThrough, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import ExcelJS from 'exceljs';
import { Zip, ZipDeflate } from 'fflate';
import { fieldsOfGroup, type FieldDef, type Group } from '../api';
import type { CatalogProduct } from './catalog';
import { keptLine, renderedValues, renderResultByteChunks, type RenderOptions } from './render';

/*
 * The category file in the formats a service might send (the spec says only "not shown"), so
 * every reader path is tested over real HTTP: JSON in the /v2/products shape (the default), CSV
 * (UTF-8 with BOM), TSV (UTF-16LE with BOM, as Excel's "Unicode Text"), xlsx (one sheet, header
 * row), CSV inside a ZIP archive, and CSV gzip-compressed as a file (not as a transfer encoding).
 * Every one is produced piece by piece, never as one string.
 */

export const DOWNLOAD_FORMATS = ['json', 'csv', 'tsv', 'xlsx', 'zip', 'gzip'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** True for a name of a download format. */
export function isDownloadFormat(value: string): value is DownloadFormat {
  return (DOWNLOAD_FORMATS as readonly string[]).includes(value);
}

export interface DownloadFile {
  contentType: string;
  extension: string;
  body: Readable;
}

const ROWS_PER_PIECE = 500;

/** One product's cells under a header of its group's record keys (`Specs.Capacitance`): its rendered values (renderedValues), a list joined with `|`, a value it lacks empty. */
function cellsOf(product: CatalogProduct, fields: readonly FieldDef[], options: RenderOptions): (string | number | boolean)[] {
  return renderedValues(product, fields, options).map((raw) => {
    if (raw === undefined || raw === null) return '';
    if (Array.isArray(raw)) return raw.join('|');
    return typeof raw === 'number' || typeof raw === 'boolean' ? raw : String(raw);
  });
}

/** Characters that make Papa Parse quote a field (its BAD_DELIMITERS: CR, LF, the quote, a byte order mark). */
const MUST_QUOTE = /[\r\n"\ufeff]/;

/**
 * One row as `Papa.unparse([cells], { delimiter })` writes it, character for character (the test
 * holds the two together): a field is quoted, its quotes doubled, when it holds a quote, CR, LF,
 * a byte order mark or the delimiter, or starts or ends with a space. Written here because Papa
 * Parse's general writer was most of what a whole category's delimited file cost the emulator.
 */
export function delimitedRow(cells: readonly string[], delimiter: string): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    const quoted = MUST_QUOTE.test(cell) || cell.includes(delimiter) || cell.startsWith(' ') || cell.endsWith(' ');
    if (i > 0) line += delimiter;
    line += quoted ? `"${cell.replaceAll('"', '""')}"` : cell;
  }
  return line;
}

/**
 * True when `delimitedRow` writes a cell holding `baseUrl` as it writes the same cell holding any
 * other such address: nothing in it is quoted or escaped, and it cannot start the cell with a space
 * (an address cell starts with the base URL and ends with the product's own path).
 */
function plainBase(baseUrl: string, delimiter: string): boolean {
  return !MUST_QUOTE.test(baseUrl) && !baseUrl.includes(delimiter) && !baseUrl.startsWith(' ');
}

/** Lines of delimited text, a few hundred rows per piece; each product's line is kept on it for the next file (keptLine). */
function* delimitedPieces(products: readonly CatalogProduct[], group: Group, options: RenderOptions, delimiter: string): Generator<string> {
  const fields = fieldsOfGroup(group);
  const keys = fields.map((f) => f.key);
  const write = (p: CatalogProduct, rendering: RenderOptions): string => delimitedRow(cellsOf(p, fields, rendering).map(String), delimiter);
  const line = plainBase(options.baseUrl, delimiter)
    ? (p: CatalogProduct) => keptLine(p, options, `row${delimiter}`, (standIn) => write(p, standIn))
    : (p: CatalogProduct) => write(p, options);
  yield `${delimitedRow(keys, delimiter)}\r\n`;
  for (let i = 0; i < products.length; i += ROWS_PER_PIECE) {
    yield `${products.slice(i, i + ROWS_PER_PIECE).map(line).join('\r\n')}\r\n`;
  }
}

function* utf8(pieces: Iterable<string>, bom: boolean): Generator<Uint8Array> {
  const encoder = new TextEncoder();
  if (bom) yield new Uint8Array([0xef, 0xbb, 0xbf]);
  for (const piece of pieces) yield encoder.encode(piece);
}

function* utf16le(pieces: Iterable<string>): Generator<Uint8Array> {
  yield new Uint8Array([0xff, 0xfe]);
  for (const piece of pieces) yield new Uint8Array(Buffer.from(piece, 'utf16le'));
}

/** CSV inside a ZIP archive, deflated piece by piece with fflate's streaming Zip. */
async function* zipped(name: string, pieces: Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else out.push(data);
  });
  const entry = new ZipDeflate(name, { level: 6 });
  zip.add(entry);
  for (const piece of pieces) {
    entry.push(piece);
    if (failure) throw failure;
    while (out.length > 0) yield out.shift()!;
  }
  entry.push(new Uint8Array(0), true);
  zip.end();
  if (failure) throw failure;
  while (out.length > 0) yield out.shift()!;
}

/** An xlsx written by ExcelJS's streaming writer: one sheet, a header row of record keys. */
function xlsxBody(products: readonly CatalogProduct[], group: Group, options: RenderOptions): Readable {
  const body = new PassThrough();
  void (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useSharedStrings: true, useStyles: false });
    const sheet = workbook.addWorksheet(group);
    const fields = fieldsOfGroup(group);
    sheet.addRow(fields.map((f) => f.key)).commit();
    for (let i = 0; i < products.length; i++) {
      sheet.addRow(cellsOf(products[i], fields, options)).commit();
      // Let the archive drain into the answer now and then.
      if (i % ROWS_PER_PIECE === ROWS_PER_PIECE - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: Error) => body.destroy(error));
  return body;
}

/** The category file of a group's products in a format. */
export function renderDownloadFile(format: DownloadFormat, products: readonly CatalogProduct[], group: Group, options: RenderOptions, baseName: string): DownloadFile {
  switch (format) {
    case 'json':
      return { contentType: 'application/json; charset=utf-8', extension: 'json', body: Readable.from(renderResultByteChunks(products, options)) };
    case 'csv':
      return { contentType: 'text/csv; charset=utf-8', extension: 'csv', body: Readable.from(utf8(delimitedPieces(products, group, options, ','), true)) };
    case 'tsv':
      return { contentType: 'text/tab-separated-values; charset=utf-16le', extension: 'tsv', body: Readable.from(utf16le(delimitedPieces(products, group, options, '\t'))) };
    case 'xlsx':
      return { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx', body: xlsxBody(products, group, options) };
    case 'zip':
      return { contentType: 'application/zip', extension: 'zip', body: Readable.from(zipped(`${baseName}.csv`, utf8(delimitedPieces(products, group, options, ','), false))) };
    case 'gzip':
      return { contentType: 'application/gzip', extension: 'csv.gz', body: Readable.from(utf8(delimitedPieces(products, group, options, ','), false)).pipe(createGzip()) };
  }
}
