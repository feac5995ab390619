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
export function utf8Length(text: string): number {
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

/**
 * Splits `rowBytes.length` rows of `columnCount` cells into consecutive chunks under the budget.
 * A single row over the byte budget still gets a chunk of its own (it cannot be split).
 */
export function planChunks(rowBytes: readonly number[], columnCount: number, budget: ChunkBudget = {}): Chunk[] {
  const { maxBytes, maxCells } = { ...DEFAULT_CHUNK_BUDGET, ...budget };
  const maxRows = Math.max(1, Math.floor(maxCells / Math.max(1, columnCount)));
  const chunks: Chunk[] = [];
  let start = 0;
  let bytes = 0;
  for (let r = 0; r < rowBytes.length; r++) {
    const count = r - start;
    if (count > 0 && (count >= maxRows || bytes + rowBytes[r] > maxBytes)) {
      chunks.push({ start, count, bytes });
      start = r;
      bytes = 0;
    }
    bytes += rowBytes[r];
  }
  if (rowBytes.length > start) chunks.push({ start, count: rowBytes.length - start, bytes });
  return chunks;
}
