import { Unzip, UnzipInflate, type UnzipDecoder, type UnzipFile } from 'fflate';
import { damagedData, hasNativeInflate, inflateChunks } from './decompress';

/*
 * ZIP archives through fflate's streaming Unzip: entries are found as the bytes arrive. Each entry
 * is either inflated as it streams ('stream'), kept as its compressed bytes to be inflated later
 * ('keep': an xlsx's worksheets, which may come before the shared strings they refer to), or
 * skipped. Only the entries asked for are ever held. Where the platform inflates natively
 * (DecompressionStream), streamed entries are inflated by it rather than by fflate's JavaScript
 * inflate, whose output buffers the collector reaches late (the SMD category as CSV in a ZIP
 * peaked 70-80 MB higher that way).
 */

export type EntryPlan = 'stream' | 'keep' | 'skip';

/** Bytes of one entry: inflated for 'stream', compressed (`compression` 8) or stored (0) for 'keep'. */
export interface EntryChunk {
  name: string;
  plan: 'stream' | 'keep';
  compression: number;
  data: Uint8Array;
  final: boolean;
}

/**
 * Inflates an entry kept compressed, chunk by chunk. `parts` is emptied as it goes, so each
 * compressed part is let go once inflated rather than held until the whole entry is read.
 */
export async function* inflateKept(parts: Uint8Array[], compression: number): AsyncGenerator<Uint8Array> {
  async function* handOver(): AsyncGenerator<Uint8Array> {
    while (parts.length > 0) yield parts.shift()!;
  }
  if (compression === 0) {
    yield* handOver();
    return;
  }
  yield* inflateChunks(handOver(), 'deflate-raw');
}

/** The entries of a ZIP stream, as `plan` decides for each name (called in archive order). */
export async function* unzipEntries(source: AsyncIterable<Uint8Array>, plan: (name: string) => EntryPlan): AsyncGenerator<EntryChunk> {
  const native = hasNativeInflate('deflate-raw');
  const raw = readEntries(source, plan, native)[Symbol.asyncIterator]();
  try {
    let next = await raw.next();
    while (!next.done) {
      const entry = next.value;
      if (!(native && entry.plan === 'stream' && entry.compression === 8)) {
        yield entry;
        next = await raw.next();
        continue;
      }
      // One entry's compressed chunks (entries follow one another in a ZIP stream), inflated natively.
      let current: EntryChunk = entry;
      const compressed = async function* (): AsyncGenerator<Uint8Array> {
        for (;;) {
          if (current.data.length > 0) yield current.data;
          if (current.final) return;
          const more = await raw.next();
          if (more.done || more.value.name !== entry.name) throw damagedData('deflate-raw', new Error(`the ZIP entry ${entry.name} ends before its data does`));
          current = more.value;
        }
      };
      for await (const data of inflateChunks(compressed(), 'deflate-raw')) yield { name: entry.name, plan: 'stream', compression: 0, data, final: false };
      yield { name: entry.name, plan: 'stream', compression: 0, data: new Uint8Array(0), final: true };
      next = await raw.next();
    }
  } finally {
    await raw.return?.(undefined);
  }
}

/** The entries as fflate finds them; `passStreamed` hands streamed entries over compressed too. */
async function* readEntries(source: AsyncIterable<Uint8Array>, plan: (name: string) => EntryPlan, passStreamed: boolean): AsyncGenerator<EntryChunk> {
  const out: EntryChunk[] = [];
  let failure: Error | undefined;
  const kept = new Set<string>();
  /** Deflate decoder that hands over the compressed bytes of kept entries instead of inflating them. */
  class KeepOrInflate implements UnzipDecoder {
    static compression = 8;
    ondata: UnzipDecoder['ondata'] = () => undefined;
    private readonly inner?: UnzipInflate;
    constructor(name: string) {
      if (!kept.has(name)) {
        this.inner = new UnzipInflate();
        this.inner.ondata = (error, data, final) => this.ondata(error, data, final);
      }
    }
    push(chunk: Uint8Array, final: boolean): void {
      if (this.inner) this.inner.push(chunk, final);
      else this.ondata(null, chunk.slice(), final);
    }
  }
  const unzip = new Unzip((file: UnzipFile) => {
    const decision = plan(file.name);
    if (decision === 'skip') return;
    if (decision === 'keep' || passStreamed) kept.add(file.name);
    file.ondata = (error, data, final) => {
      if (error) failure = error;
      else out.push({ name: file.name, plan: decision, compression: file.compression, data, final });
    };
    file.start();
  });
  unzip.register(KeepOrInflate);
  const push = (chunk: Uint8Array, final: boolean): void => {
    try {
      unzip.push(chunk, final);
    } catch (error) {
      failure ??= error as Error;
    }
    if (failure) throw damagedData('deflate-raw', failure);
  };
  for await (const chunk of source) {
    push(chunk, false);
    while (out.length > 0) yield out.shift()!;
  }
  push(new Uint8Array(0), true);
  while (out.length > 0) yield out.shift()!;
}
