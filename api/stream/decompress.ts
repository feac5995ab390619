import { Gunzip, Inflate } from 'fflate';
import { ApiError } from '../errors/api-error';

/*
 * gzip (and a ZIP entry's raw deflate) inflated as it arrives, so only one chunk and its output are in memory. The platform's own
 * DecompressionStream (native in Node and in the webviews Excel uses) is preferred: for the SMD
 * category it peaks about 70 MB lower than fflate's JavaScript inflate, whose output buffers are
 * garbage the collector reaches late. fflate's streaming Gunzip stands in where the platform has
 * none. (ZIP archives: see zip-entries.ts.)
 */

export type Compression = 'gzip' | 'deflate-raw';

/**
 * True where the platform inflates this format natively (then ZIP entries are handed over
 * compressed to it). Older webviews have DecompressionStream without 'deflate-raw'.
 */
export function hasNativeInflate(format: Compression): boolean {
  if (typeof DecompressionStream !== 'function') return false;
  try {
    new DecompressionStream(format);
    return true;
  } catch {
    return false;
  }
}

/**
 * Compressed data that cannot be inflated (damaged, or cut off part-way): one sentence for the
 * user instead of the decompressor's own words. A failure of the source itself (a dropped
 * connection) is passed on unchanged, since it says more.
 */
export function damagedData(format: Compression, cause: unknown): ApiError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new ApiError(
    `The downloaded ${format === 'gzip' ? 'gzip' : 'ZIP'} data could not be inflated (${detail})`,
    'The downloaded file is damaged or was cut off part-way. Rows read before that point are kept, and the sheet or file says how many; request a new download link and try again.',
    { cause },
  );
}

/** The decompressed bytes of a gzip stream. */
export function gunzipChunks(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  return inflateChunks(source, 'gzip');
}

/** The decompressed bytes of a gzip or raw-deflate stream, as its compressed bytes arrive. */
export async function* inflateChunks(source: AsyncIterable<Uint8Array>, format: Compression): AsyncGenerator<Uint8Array> {
  if (hasNativeInflate(format)) {
    yield* nativeInflate(source, format);
    return;
  }
  const out: Uint8Array[] = [];
  const take = (data: Uint8Array): void => {
    if (data.length > 0) out.push(data);
  };
  const inflater = format === 'gzip' ? new Gunzip(take) : new Inflate(take);
  const push = (chunk: Uint8Array, final: boolean): void => {
    try {
      inflater.push(chunk, final);
    } catch (error) {
      throw damagedData(format, error);
    }
  };
  for await (const chunk of source) {
    push(chunk, false);
    while (out.length > 0) yield out.shift()!;
  }
  push(new Uint8Array(0), true);
  while (out.length > 0) yield out.shift()!;
}

/** Inflated by DecompressionStream, fed only as fast as its output is read. */
async function* nativeInflate(source: AsyncIterable<Uint8Array>, format: Compression): AsyncGenerator<Uint8Array> {
  const stream = new DecompressionStream(format);
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const input = source[Symbol.asyncIterator]();
  let feeding: Promise<void> | undefined;
  let sourceFailure: { error: unknown } | undefined;
  const failure = (error: unknown): unknown => (sourceFailure ? sourceFailure.error : damagedData(format, error));
  const feed = async (): Promise<void> => {
    try {
      for (;;) {
        const next = await input.next().catch((error: unknown) => {
          sourceFailure = { error };
          throw error;
        });
        if (next.done) break;
        await writer.ready;
        await writer.write(next.value as Uint8Array<ArrayBuffer>);
      }
      await writer.close();
    } catch (error) {
      await writer.abort(error).catch(() => undefined);
      throw error;
    }
  };
  try {
    feeding = feed();
    // A failed feed (a cut connection, a corrupt stream) errors the readable side too.
    feeding.catch(() => undefined);
    for (;;) {
      const { done, value } = await reader.read().catch((error: unknown) => {
        throw failure(error);
      });
      if (done) break;
      if (value.length > 0) yield value;
    }
    await feeding.catch((error: unknown) => {
      throw failure(error);
    });
  } finally {
    // Stopped early (cancel, or the reader of the products stopped): end both sides and the source.
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
    await input.return?.();
  }
}
