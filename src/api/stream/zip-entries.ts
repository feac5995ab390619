import { Inflate, Unzip, UnzipInflate, type UnzipDecoder, type UnzipFile } from 'fflate';

/*
 * ZIP archives through fflate's streaming Unzip: entries are found as the bytes arrive. Each entry
 * is either inflated as it streams ('stream'), kept as its compressed bytes to be inflated later
 * ('keep': an xlsx's worksheets, which may come before the shared strings they refer to), or
 * skipped. Only the entries asked for are ever held.
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
  if (compression === 0) {
    while (parts.length > 0) yield parts.shift()!;
    return;
  }
  const out: Uint8Array[] = [];
  const inflate = new Inflate((data) => {
    if (data.length > 0) out.push(data);
  });
  if (parts.length === 0) inflate.push(new Uint8Array(0), true);
  while (parts.length > 0) {
    const part = parts.shift()!;
    inflate.push(part, parts.length === 0);
    while (out.length > 0) yield out.shift()!;
  }
  while (out.length > 0) yield out.shift()!;
}

/** The entries of a ZIP stream, as `plan` decides for each name (called in archive order). */
export async function* unzipEntries(source: AsyncIterable<Uint8Array>, plan: (name: string) => EntryPlan): AsyncGenerator<EntryChunk> {
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
    if (decision === 'keep') kept.add(file.name);
    file.ondata = (error, data, final) => {
      if (error) failure = error;
      else out.push({ name: file.name, plan: decision, compression: file.compression, data, final });
    };
    file.start();
  });
  unzip.register(KeepOrInflate);
  for await (const chunk of source) {
    unzip.push(chunk);
    if (failure) throw failure;
    while (out.length > 0) yield out.shift()!;
  }
  unzip.push(new Uint8Array(0), true);
  if (failure) throw failure;
  while (out.length > 0) yield out.shift()!;
}
