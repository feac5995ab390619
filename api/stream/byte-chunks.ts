/*
 * Small tools over byte streams as async iterables, the shape every stage of a download shares:
 * the network body, gunzip, unzip, text decoding. Each stage holds at most one chunk and what it
 * produced from it.
 */

/** Reads bytes from an async iterable until at least `n` are in hand (or the source ends). */
export async function takeHead(source: AsyncIterator<Uint8Array>, n: number): Promise<{ head: Uint8Array; rest: AsyncIterable<Uint8Array> }> {
  const parts: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (size < n) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    parts.push(next.value);
    size += next.value.length;
  }
  const head = concatBytes(parts);
  const rest: AsyncIterable<Uint8Array> = {
    async *[Symbol.asyncIterator]() {
      if (head.length > 0) yield head;
      if (ended) return;
      for (;;) {
        const next = await source.next();
        if (next.done) return;
        yield next.value;
      }
    },
  };
  return { head, rest };
}

/** One array of several. */
function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** An async iterable of one byte array (a file already in memory). */
export async function* bytesOnce(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  if (bytes.length > 0) yield bytes;
}

/** Text of a byte stream in an encoding, decoded chunk by chunk (characters split across chunks kept whole). */
export async function* decodeText(source: AsyncIterable<Uint8Array>, encoding: string, skip: number): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  let toSkip = skip;
  for await (const chunk of source) {
    let bytes = chunk;
    if (toSkip > 0) {
      const n = Math.min(toSkip, bytes.length);
      bytes = bytes.subarray(n);
      toSkip -= n;
    }
    const text = decoder.decode(bytes, { stream: true });
    if (text) yield text;
  }
  const tail = decoder.decode();
  if (tail) yield tail;
}
