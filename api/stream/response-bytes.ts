import { CancelledError } from '../errors/cancelled-error';
import { NetworkError } from '../errors/network-error';

/*
 * The body of a download as it arrives, chunk by chunk: progress by bytes, cancel between chunks
 * (the connection is closed at once), and a connection that goes quiet for too long ends with a
 * sentence instead of waiting forever.
 */

export interface BodyStreamOptions {
  signal?: AbortSignal;
  /** Bytes received so far and the announced length, if the server sent one. */
  onBytes?: (bytes: number, totalBytes?: number) => void;
  /** Longest wait for the next chunk. @default 60 000 */
  idleTimeoutMs?: number;
}

/** The chunks of a response body. */
export async function* responseChunks(response: Response, options: BodyStreamOptions = {}): AsyncGenerator<Uint8Array> {
  const lengthHeader = response.headers.get('content-length');
  const total = lengthHeader && response.headers.get('content-encoding') === null ? Number(lengthHeader) : undefined;
  const { signal } = options;
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    options.onBytes?.(bytes.length, total);
    if (bytes.length > 0) yield bytes;
    return;
  }
  const reader = response.body.getReader();
  const idleMs = options.idleTimeoutMs ?? 60_000;
  let received = 0;
  let finished = false;
  const onAbort = (): void => {
    void reader.cancel().catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) throw new CancelledError({ cause: signal.reason });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const idle = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new NetworkError(`the download stalled: nothing arrived for ${Math.round(idleMs / 1000)} s after ${received} bytes`)), idleMs);
      });
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await Promise.race([reader.read(), idle]);
      } catch (error) {
        if (signal?.aborted) throw new CancelledError({ cause: signal.reason });
        if (error instanceof NetworkError) throw error;
        throw new NetworkError(`the connection was cut after ${received} bytes of the download (${error instanceof Error ? error.message : String(error)})`);
      } finally {
        clearTimeout(timer);
      }
      if (next.done) break;
      received += next.value.length;
      options.onBytes?.(received, total);
      yield next.value;
    }
    finished = true;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}
