import { startEmulator, DEMO_KEY, type RunningEmulator } from '../../../emulator';
import { DOWNLOAD_FORMATS, type DownloadFormat } from '../../../emulator/download-formats';
import { CancelledError, createClient, type ProductRecord } from '../../../api';

/*
 * Every category-file format the emulator can send, read over real HTTP by the streaming reader:
 * each gives exactly the records the JSON file gives, in batches, with byte progress.
 */

const emulators = new Map<DownloadFormat, RunningEmulator>();
let reference: ProductRecord[];

beforeAll(async () => {
  for (const format of DOWNLOAD_FORMATS) emulators.set(format, await startEmulator({ port: 0, downloadFormat: format }));
  const json = emulators.get('json')!;
  const client = createClient({ baseUrl: json.url, apiKey: DEMO_KEY, cache: false });
  reference = await client.downloadCategory((await client.getDownloadUrl('inductors', 'en')).url, { category: 'inductors' });
}, 60_000);

afterAll(async () => {
  for (const e of emulators.values()) await e.close();
});

const sortByPartno = (records: ProductRecord[]): ProductRecord[] => [...records].sort((a, b) => (a.partno < b.partno ? -1 : a.partno > b.partno ? 1 : 0));
// Addresses in records name the emulator that served them; compared without it.
const text = (r: ProductRecord, base: string): string => JSON.stringify(r).replaceAll(base, 'BASE');
/** The reference's records as text in part-number order, written once for every format's comparison. */
let wanted: string[] | undefined;
const referenceTexts = (): string[] => (wanted ??= sortByPartno(reference).map((r) => text(r, emulators.get('json')!.url)));

describe('category files in every format, over HTTP', () => {
  test('the JSON reference holds the whole category', () => {
    expect(reference.length).toBe(emulators.get('json')!.catalog.byGroup.Ind.length);
  });

  test.each(DOWNLOAD_FORMATS.filter((f) => f !== 'json'))('%s gives the same records as JSON, in batches, with byte progress', async (format) => {
    const emulator = emulators.get(format)!;
    const client = createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false });
    const link = await client.getDownloadUrl('inductors', 'en');
    const progress: number[] = [];
    const batches: number[] = [];
    const records: ProductRecord[] = [];
    for await (const batch of client.streamCategory(link.url, { category: 'inductors', onProgress: (p) => progress.push(p.bytes) })) {
      batches.push(batch.length);
      records.push(...batch);
    }
    expect(batches.length).toBeGreaterThan(1);
    expect(Math.max(...batches)).toBeLessThanOrEqual(500);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(records.length).toBe(reference.length);
    // Compared record by record, so a difference shows one product instead of a diff of thousands.
    const got = sortByPartno(records).map((r) => text(r, emulator.url));
    const want = referenceTexts();
    const firstDifferent = got.findIndex((r, i) => r !== want[i]);
    expect(got[firstDifferent]).toBe(want[firstDifferent]);
  }, 60_000);

  test('a cancel stops the download between batches with CancelledError', async () => {
    const emulator = emulators.get('csv')!;
    const client = createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false });
    const link = await client.getDownloadUrl('ceramicCapacitorsSMD', 'en');
    const controller = new AbortController();
    let seen = 0;
    const error = await (async () => {
      for await (const batch of client.streamCategory(link.url, { signal: controller.signal, category: 'ceramicCapacitorsSMD' })) {
        seen += batch.length;
        if (seen >= 1000) controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
    expect(seen).toBeLessThan(emulator.catalog.byGroup.SMD.length);
  }, 60_000);
});
