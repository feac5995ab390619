import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { isApiError } from '../../../api';
import { gunzipChunks } from '../../../api/stream/decompress';
import { unzipEntries } from '../../../api/stream/zip-entries';

/*
 * gzip category files and ZIP entries inflate as they arrive, through the platform's DecompressionStream and,
 * where a platform has none, through fflate: the same bytes either way, the source ended when the
 * reader stops early, and a cut or failing source never leaves the reader waiting.
 */

const text = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ Partno: `GRM${String(i).padStart(6, '0')}`, Status: i % 7 === 0 ? 'NRND' : 'In Production' })));
const gz = new Uint8Array(gzipSync(text));

async function* chunksOf(bytes: Uint8Array, size: number, onEnd?: () => void, failAt?: number): AsyncGenerator<Uint8Array> {
  try {
    for (let i = 0; i < bytes.length; i += size) {
      if (failAt !== undefined && i >= failAt) throw new Error('connection reset');
      yield bytes.slice(i, i + size);
    }
  } finally {
    onEnd?.();
  }
}

async function inflate(source: AsyncIterable<Uint8Array>): Promise<{ text: string; chunks: number }> {
  const parts: Buffer[] = [];
  for await (const chunk of gunzipChunks(source)) parts.push(Buffer.from(chunk));
  return { text: Buffer.concat(parts).toString('utf8'), chunks: parts.length };
}

describe.each([
  ['DecompressionStream', false],
  ['fflate (no DecompressionStream)', true],
])('gzip through %s', (_name, hideNative) => {
  const native = globalThis.DecompressionStream;
  beforeAll(() => {
    if (hideNative) Object.defineProperty(globalThis, 'DecompressionStream', { value: undefined, configurable: true, writable: true });
  });
  afterAll(() => {
    Object.defineProperty(globalThis, 'DecompressionStream', { value: native, configurable: true, writable: true });
  });

  test('inflates to the same text, in several chunks as the bytes arrive', async () => {
    const result = await inflate(chunksOf(gz, 4096));
    expect(result.text).toBe(text);
    expect(result.chunks).toBeGreaterThan(1);
  });

  test('a reader that stops early ends the source', async () => {
    let ended = false;
    for await (const chunk of gunzipChunks(chunksOf(gz, 1024, () => (ended = true)))) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    expect(ended).toBe(true);
  });

  test('a failing source rejects with its own error', async () => {
    await expect(inflate(chunksOf(gz, 1024, undefined, 8192))).rejects.toThrow('connection reset');
  });

  test('a cut-off or damaged file rejects instead of waiting, with a sentence for the user', async () => {
    const damaged = gz.slice();
    damaged.fill(7, 40, 60);
    // fflate's streaming Gunzip does not check the CRC, so only the platform's inflate tells all damage.
    for (const bytes of hideNative ? [gz.slice(0, Math.floor(gz.length / 2))] : [gz.slice(0, Math.floor(gz.length / 2)), damaged]) {
      const error: unknown = await inflate(chunksOf(bytes, 1024)).then(() => undefined, (e: unknown) => e);
      expect(isApiError(error)).toBe(true);
      expect((error as { userMessage: string }).userMessage).toMatch(/^The downloaded file is damaged or was cut off part-way\. Rows read before that point are kept/);
    }
  });

  const zip = zipSync({ 'readme.txt': new TextEncoder().encode('not this one'), 'smd.json': new TextEncoder().encode(text) }, { level: 6 });

  test('a ZIP entry streamed inflates to the same text, in order, ending with its final chunk', async () => {
    const parts: Buffer[] = [];
    let finals = 0;
    for await (const e of unzipEntries(chunksOf(zip, 4096), (name) => (name === 'smd.json' ? 'stream' : 'skip'))) {
      expect(e.name).toBe('smd.json');
      expect(finals).toBe(0);
      parts.push(Buffer.from(e.data));
      if (e.final) finals++;
    }
    expect(finals).toBe(1);
    expect(parts.length).toBeGreaterThan(2);
    expect(Buffer.concat(parts).toString('utf8')).toBe(text);
  });

  test('a ZIP cut inside its entry rejects instead of waiting', async () => {
    const cut = async (): Promise<void> => {
      for await (const e of unzipEntries(chunksOf(zip.slice(0, Math.floor(zip.length / 2)), 1024), () => 'stream')) expect(e.data).toBeDefined();
    };
    await expect(cut()).rejects.toThrow(/could not be inflated/);
  });
});
