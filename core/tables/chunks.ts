/**
 * Chunk plans for writing many rows: Excel on the web rejects a request payload over 5 MB, so
 * every `context.sync()` carries at most a budget of cells and bytes.
 */

/** Excel on the web's limit on one request payload. */
export const PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

export interface ChunkBudget {
  /** Most bytes of JSON one chunk's writes may take. @default 3.5 MB (headroom for request framing and formats) */
  maxBytes?: number;
  /** Most cells one chunk may write. @default 250,000 */
  maxCells?: number;
}

export const DEFAULT_CHUNK_BUDGET: Required<ChunkBudget> = { maxBytes: 3.5 * 1024 * 1024, maxCells: 250_000 };

/** One chunk: rows `start` .. `start + count - 1`. */
export interface Chunk {
  start: number;
  count: number;
  bytes: number;
}

/** Bytes of a string in UTF-8, without allocating. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Bytes a row takes in a request payload: its JSON, plus what else is written with it (hyperlinks). */
export function rowPayloadBytes(row: readonly unknown[], extraBytes = 0): number {
  return utf8Length(JSON.stringify(row)) + 1 + extraBytes;
}

/** Fills one chunk at a time as rows arrive (a streamed import plans chunks without all the rows). */
export interface ChunkFiller {
  /** True when a row of these bytes still fits the chunk being filled (an empty chunk takes any row). */
  fits(rowBytes: number): boolean;
  add(rowBytes: number): void;
  /** Rows and bytes of the chunk filled so far. */
  readonly count: number;
  readonly bytes: number;
  /** Starts the next chunk. */
  reset(): void;
}

/** A filler of chunks of `columnCount` cells per row under the budget; planChunks is the same rule over rows in hand. */
export function createChunkFiller(columnCount: number, budget: ChunkBudget = {}): ChunkFiller {
  const { maxBytes, maxCells } = { ...DEFAULT_CHUNK_BUDGET, ...budget };
  const maxRows = Math.max(1, Math.floor(maxCells / Math.max(1, columnCount)));
  let count = 0;
  let bytes = 0;
  return {
    fits: (rowBytes) => count === 0 || (count < maxRows && bytes + rowBytes <= maxBytes),
    add(rowBytes) {
      count += 1;
      bytes += rowBytes;
    },
    get count() {
      return count;
    },
    get bytes() {
      return bytes;
    },
    reset() {
      count = 0;
      bytes = 0;
    },
  };
}

/**
 * Splits `rowBytes.length` rows of `columnCount` cells into consecutive chunks under the budget.
 * A single row over the byte budget still gets a chunk of its own (it cannot be split).
 */
export function planChunks(rowBytes: readonly number[], columnCount: number, budget: ChunkBudget = {}): Chunk[] {
  const filler = createChunkFiller(columnCount, budget);
  const chunks: Chunk[] = [];
  let start = 0;
  for (const bytes of rowBytes) {
    if (!filler.fits(bytes)) {
      chunks.push({ start, count: filler.count, bytes: filler.bytes });
      start += filler.count;
      filler.reset();
    }
    filler.add(bytes);
  }
  if (filler.count > 0) chunks.push({ start, count: filler.count, bytes: filler.bytes });
  return chunks;
}

/**
 * Bytes a cell is assumed to take before any row of a block has been read: reads start small and
 * grow once the rows' real size is known; a first read Excel refuses as too large is asked again with half the rows.
 */
export const FIRST_READ_CELL_BYTES = 256;

/** What is known when the next read of a block is sized. */
export interface ReadProgress {
  columnCount: number;
  /** Rows of the block still to read. */
  remaining: number;
  /** Bytes of the widest row read so far (its JSON, as in a payload); undefined before the first read. */
  widestRowBytes?: number;
  /** Most rows the host took in one answer after refusing a bigger one (halved on each refusal). */
  refusedAbove?: number;
}

/**
 * Rows to read in the next sync so that the answer stays within the byte budget (Excel on the web
 * refuses a response over 5 MB, as it refuses such a request) and the cell budget: sized from the
 * widest row seen so far, else from FIRST_READ_CELL_BYTES a cell. At least one row.
 */
export function planNextRead(progress: ReadProgress, budget: ChunkBudget = {}): number {
  const { maxBytes, maxCells } = { ...DEFAULT_CHUNK_BUDGET, ...budget };
  const columns = Math.max(1, progress.columnCount);
  const rowBytes = progress.widestRowBytes ?? columns * FIRST_READ_CELL_BYTES;
  const byBytes = Math.floor(maxBytes / Math.max(1, rowBytes));
  const byCells = Math.floor(maxCells / columns);
  const rows = Math.min(byBytes, byCells, progress.remaining, progress.refusedAbove ?? Infinity);
  return Math.max(1, Math.min(rows, progress.remaining));
}
