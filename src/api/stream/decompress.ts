import { Gunzip } from 'fflate';

/*
 * gzip through fflate's streaming Gunzip: every input chunk is inflated as it arrives, so only one
 * chunk and its output are in memory. (ZIP archives: see zip-entries.ts.)
 */

/** The decompressed bytes of a gzip stream. */
export async function* gunzipChunks(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  const gunzip = new Gunzip((data) => {
    if (data.length > 0) out.push(data);
  });
  for await (const chunk of source) {
    gunzip.push(chunk);
    while (out.length > 0) yield out.shift()!;
  }
  gunzip.push(new Uint8Array(0), true);
  while (out.length > 0) yield out.shift()!;
}
