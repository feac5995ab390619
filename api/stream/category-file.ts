import { DownloadFormatError } from '../errors/download-format-error';
import type { ProductRecord } from '../product';
import type { CategoryId } from '../vocabulary';
import { decodeText, takeHead } from './byte-chunks';
import { gunzipChunks } from './decompress';
import { delimitedRows } from './delimited-rows';
import { jsonProducts } from './json-products';
import { createRowReader, fallbackGroupOf, type RowReader } from './row-records';
import { SNIFF_BYTES, containerOf, encodingOf, hexOf, printableOf } from './sniff';
import { xlsxRows, isXlsxEntry, planXlsxEntry } from './xlsx-rows';
import { unzipEntries, type EntryChunk } from './zip-entries';

/*
 * A category file read as it streams, whatever format the service sends: JSON in the /v2/products
 * shape, CSV or TSV with a header of field names (UTF-8 with or without BOM, or UTF-16), xlsx
 * (first sheet, header row), plain or inside a ZIP archive or gzip, told apart by content. Products
 * come out in batches as they are parsed; the format is settled (and a file PartSpec cannot read
 * refused) before the first batch, so a caller that opens its destination after the first batch
 * writes nothing for a wrong file.
 */

export interface CategoryFileOptions {
  /** The category the link was for: its group for files whose rows do not name one. */
  category?: CategoryId;
  /** The content type the server sent, for the sentence about a file that cannot be read. */
  contentType?: string;
  /** Products per batch. @default 500 */
  batchSize?: number;
}

const DEFAULT_BATCH = 500;
/** How deep archives may nest (a gzip inside a ZIP, say) before the file is refused. */
const MAX_NESTING = 3;

/** Batches of products of a category file arriving as bytes. */
export async function* readCategoryFile(source: AsyncIterable<Uint8Array>, options: CategoryFileOptions = {}): AsyncGenerator<ProductRecord[]> {
  yield* readLayer(source, options, 0, []);
}

function refusal(head: Uint8Array, options: CategoryFileOptions, layers: readonly string[], what: string): DownloadFormatError {
  const inside = layers.length > 0 ? ` inside ${layers.join(' inside ')}` : '';
  const type = options.contentType ? `content type ${options.contentType}` : 'no content type';
  const bytes = head.length > 0 ? `first bytes ${hexOf(head)}` : 'no bytes at all';
  return new DownloadFormatError(`${what}${inside}; PartSpec reads JSON, CSV, TSV and xlsx, plain or in ZIP or gzip (${type}, ${bytes})`, printableOf(head));
}

async function* readLayer(source: AsyncIterable<Uint8Array>, options: CategoryFileOptions, depth: number, layers: string[]): AsyncGenerator<ProductRecord[]> {
  const { head, rest } = await takeHead(source[Symbol.asyncIterator](), SNIFF_BYTES);
  const container = containerOf(head);
  if (container !== 'text' && depth >= MAX_NESTING) throw refusal(head, options, layers, 'it nests archives too deep');
  if (container === 'gzip') {
    yield* readLayer(gunzipChunks(rest), options, depth + 1, ['gzip', ...layers]);
    return;
  }
  if (container === 'zip') {
    yield* readZip(rest, head, options, depth, layers);
    return;
  }
  yield* readText(rest, head, options, layers);
}

async function* readZip(source: AsyncIterable<Uint8Array>, head: Uint8Array, options: CategoryFileOptions, depth: number, layers: string[]): AsyncGenerator<ProductRecord[]> {
  let mode: 'xlsx' | 'plain' | undefined;
  let chosen: string | undefined;
  const plan = (name: string): 'stream' | 'keep' | 'skip' => {
    mode ??= isXlsxEntry(name) ? 'xlsx' : undefined;
    if (mode === 'xlsx') return planXlsxEntry(name);
    if (chosen !== undefined || name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\./.test(name)) return 'skip';
    mode = 'plain';
    chosen = name;
    return 'stream';
  };
  const entries = unzipEntries(source, plan);
  // The first entry decides: an xlsx package, or an archive whose first file is the data.
  const first = await entries.next();
  if (first.done) throw refusal(head, options, layers, mode === 'xlsx' ? 'it is an xlsx without a first sheet' : 'it is a ZIP archive with no file in it');
  async function* rest(): AsyncGenerator<EntryChunk> {
    yield first.value as EntryChunk;
    yield* { [Symbol.asyncIterator]: () => entries };
  }
  if (mode === 'xlsx') {
    yield* productsOfRows(xlsxRows(rest()), options, `xlsx${layers.length ? ` inside ${layers.join(' inside ')}` : ''}`, head, layers);
    return;
  }
  async function* bytes(): AsyncGenerator<Uint8Array> {
    for await (const e of rest()) if (e.data.length > 0) yield e.data;
  }
  yield* readLayer(bytes(), options, depth + 1, [`ZIP (${chosen})`, ...layers]);
}

async function* readText(source: AsyncIterable<Uint8Array>, head: Uint8Array, options: CategoryFileOptions, layers: string[]): AsyncGenerator<ProductRecord[]> {
  const { encoding, bom } = encodingOf(head);
  const text = decodeText(source, encoding, bom)[Symbol.asyncIterator]();
  // Enough text to see the first character and the first line.
  let start = '';
  let next = await text.next();
  while (!next.done) {
    start += next.value;
    if (start.length >= 4096 || /\n/.test(start.trimStart())) break;
    next = await text.next();
  }
  const ended = next.done === true;
  const sample = start.trimStart().slice(0, 80);
  async function* all(): AsyncGenerator<string> {
    if (start) yield start;
    if (ended) return;
    for (;;) {
      const more = await text.next();
      if (more.done) return;
      yield more.value;
    }
  }
  const first = sample[0];
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  if (first === '{' || first === '[') {
    yield* jsonProducts(all(), fallbackGroupOf(options.category), sample, batchSize);
    return;
  }
  const firstLine = sample.split(/\r?\n/, 1)[0] ?? '';
  if (first !== undefined && /[,;\t|]/.test(firstLine) && !/^\s*</.test(firstLine)) {
    yield* productsOfRows(delimitedRows(all()), options, encoding === 'utf-8' ? 'CSV' : `CSV (${encoding.toUpperCase()})`, head, layers, sample);
    return;
  }
  throw refusal(head, options, layers, first === undefined ? 'it is empty' : first === '<' ? 'it is HTML or XML, not product data' : 'it is neither JSON, CSV, TSV nor xlsx');
}

async function* productsOfRows(rows: AsyncIterable<string[]>, options: CategoryFileOptions, kind: string, head: Uint8Array, layers: string[], sample?: string): AsyncGenerator<ProductRecord[]> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  let reader: RowReader | undefined;
  let batch: ProductRecord[] = [];
  for await (const row of rows) {
    if (!reader) {
      reader = createRowReader(row, fallbackGroupOf(options.category), sample ?? row.slice(0, 8).join(','), kind);
      continue;
    }
    const record = reader(row);
    if (record) batch.push(record);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (!reader) throw refusal(head, options, layers, `it is ${kind} without a header row`);
  if (batch.length > 0) yield batch;
}
