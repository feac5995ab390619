import type { Writable } from 'node:stream';

/*
 * Backpressure for the streamed writers: a writer that gets `false` from `write` waits here until
 * the stream has taken what it was given, so nothing piles up in memory when the disk (or zlib)
 * falls behind. Both listeners go away whichever event comes first.
 */

/** Resolves on the stream's next 'drain'; rejects on its next 'error'. */
export function whenDrained(stream: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error): void => {
      stream.off('drain', done).off('error', done);
      if (error) reject(error);
      else resolve();
    };
    stream.once('drain', done).once('error', done);
  });
}

/** Writes a chunk, then waits only when the stream asks the writer to. */
export async function writeWaiting(stream: Writable, chunk: string | Uint8Array): Promise<void> {
  if (!stream.write(chunk)) await whenDrained(stream);
}
