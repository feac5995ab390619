import { DEMO_KEY } from '../../../emulator';
import { CancelledError, CATEGORIES, createClient, MAX_PRODUCTS_PER_CALL, ValidationError, type CategoryId, type HarvestPages, type HarvestResult, type ProductRecord } from '../../../api';
import { expectEqualJson } from '../../support/equal-json';
import { logSettled, maxUrlBytes, searchCalls, useSettledEmulator } from './emulator-support';

// Whole categories of up to 52,000 products over HTTP: well over a minute on a busy 2-core machine.
jest.setTimeout(180_000);

const live = useSettledEmulator({ failRate: 0, dropRate: 0, rateLimit: undefined });
/**
 * The whole SMD category's harvest as the first test collected it, which the page-by-page test
 * compares against instead of collecting it again: kept as each record's JSON text and the counts,
 * so tens of thousands of records do not stay alive (and be walked by every collection) meanwhile.
 */
let cleanSmd: CollectedHarvest | undefined;

/** What a page-by-page harvest is held against: each record as JSON text, and the request count. */
interface CollectedHarvest {
  texts: string[];
  requests: number;
}

const collectedOf = (result: HarvestResult): CollectedHarvest => ({ texts: result.products.map((p) => JSON.stringify(p)), requests: result.stats.requests });

/**
 * `expect(records).toEqual(collected records)`, record by record: equal JSON texts mean equal
 * records; a record whose text differs is compared with toEqual (which still passes a difference
 * of key order alone), so a failure shows the first product that differs.
 */
function expectRecordsAre(records: readonly ProductRecord[], texts: readonly string[]): void {
  for (let i = 0; i < Math.min(records.length, texts.length); i++) {
    if (JSON.stringify(records[i]) !== texts[i]) expect({ index: i, record: records[i] }).toEqual({ index: i, record: JSON.parse(texts[i]) as unknown });
  }
  expect(records.length).toBe(texts.length);
}

const client = (extra: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ baseUrl: live.emulator.url, apiKey: DEMO_KEY, cache: false, ...extra });

const partnosOf = (products: readonly { values: Record<string, unknown> }[]): string[] => products.map((p) => p.values.Partno as string);
const bound = (n: number): number => 1.15 * Math.ceil(n / MAX_PRODUCTS_PER_CALL);

describe('harvest beyond 2000', () => {
  test.each<CategoryId>(['ceramicCapacitorsSMD', 'ceramicCapacitorsLead', 'inductors', 'ceramicCapacitors'])(
    'whole category %s: complete, no duplicates, ≤ 1.15 × ⌈N/2000⌉ requests',
    async (category) => {
      const expected = CATEGORIES[category].groups.flatMap((g) => partnosOf(live.emulator.catalog.byGroup[g])).sort();
      const progress: number[] = [];
      const result = await client().harvest({ category }, { onProgress: (p) => progress.push(p.products) });
      await logSettled(live.emulator);
      if (category === 'ceramicCapacitorsSMD') cleanSmd = collectedOf(result);
      const got = result.products.map((p) => p.partno);
      expectEqualJson(got, expected);
      expect(new Set(got).size).toBe(got.length);
      const requests = searchCalls(live.emulator).length;
      expect(requests).toBeLessThanOrEqual(bound(expected.length));
      expect(result.stats.requests).toBe(requests);
      expect(result.hasMoreHits).toBe(false);
      expect(maxUrlBytes(live.emulator)).toBeLessThanOrEqual(2082);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    },
  );

  test('heavy ties: SMD Capacitance eq 100n', async () => {
    const expected = partnosOf(live.emulator.catalog.byGroup.SMD.filter((p) => Math.abs((p.values['Specs.Capacitance'] as number) - 1e-7) < 1e-18)).sort();
    expect(expected.length).toBeGreaterThanOrEqual(2500);
    const result = await client().harvest({ category: 'ceramicCapacitorsSMD', filter: 'Capacitance eq 100n' });
    await logSettled(live.emulator);
    expectEqualJson(result.products.map((p) => p.partno), expected);
    expect(searchCalls(live.emulator).length).toBeLessThanOrEqual(bound(expected.length));
  });

  test('orderby is applied client-side with Partno as tie-breaker; max ≤ 2000 with orderby is one request', async () => {
    const result = await client().harvest({ category: 'inductors', orderby: 'Inductance desc' });
    const values = result.products.map((p) => p.values['Specs.Inductance'] as number);
    // Every neighbour pair out of order, gathered so that one assertion (not one per product) says which.
    const outOfOrder: string[] = [];
    for (let i = 1; i < values.length; i++) {
      const [before, after] = [result.products[i - 1], result.products[i]];
      if (!(values[i] <= values[i - 1]) || (values[i] === values[i - 1] && !(after.partno > before.partno))) {
        outOfOrder.push(`${i}: ${before.partno} (${values[i - 1]}) then ${after.partno} (${values[i]})`);
      }
    }
    expect(outOfOrder).toEqual([]);
    await logSettled(live.emulator);
    live.emulator.resetLog();
    const top = await client().harvest({ category: 'inductors', orderby: 'Inductance desc' }, { max: 50 });
    await logSettled(live.emulator);
    expect(searchCalls(live.emulator)).toHaveLength(1);
    expect(top.products.map((p) => p.partno)).toEqual(result.products.slice(0, 50).map((p) => p.partno));
    expect(top.hasMoreHits).toBe(true);
  });

  test('max stops early', async () => {
    const result = await client().harvest({ category: 'ceramicCapacitorsSMD' }, { max: 4500 });
    await logSettled(live.emulator);
    expect(result.products.map((p) => p.partno)).toEqual(partnosOf(live.emulator.catalog.byGroup.SMD).slice(0, 4500));
    expect(result.hasMoreHits).toBe(true);
    expect(searchCalls(live.emulator).length).toBe(3);

    // Ordered by Partno ascending, the harvest's own walk is the order: it stops early too.
    live.emulator.resetLog();
    const ordered = await client().harvest({ category: 'ceramicCapacitorsSMD', orderby: 'Partno asc' }, { max: 4500 });
    await logSettled(live.emulator);
    expect(ordered.products.map((p) => p.partno)).toEqual(result.products.map((p) => p.partno));
    expect(searchCalls(live.emulator).length).toBe(3);
  });

  test('cancellation mid-harvest throws CancelledError and stops sending', async () => {
    const controller = new AbortController();
    const pending = client().harvest(
      { category: 'ceramicCapacitorsSMD' },
      { signal: controller.signal, onProgress: (p) => p.requests === 2 && controller.abort() },
    );
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    await logSettled(live.emulator);
    expect(searchCalls(live.emulator).length).toBe(2);
  });
});

/** Every page of a harvest, read to the end. */
async function readPages(pages: HarvestPages): Promise<ProductRecord[][]> {
  const read: ProductRecord[][] = [];
  for await (const page of pages) read.push(page);
  return read;
}

describe('harvest page by page', () => {
  test('the whole SMD category: the pages joined are the collected harvest, no product twice, the same requests', async () => {
    const collected = cleanSmd ?? collectedOf(await client().harvest({ category: 'ceramicCapacitorsSMD' }));
    await logSettled(live.emulator);
    live.emulator.resetLog();
    const progress: number[] = [];
    const pages = client().harvestPages({ category: 'ceramicCapacitorsSMD' }, { onProgress: (p) => progress.push(p.products) });
    expect(pages.inOrder).toBe(true);
    const read = await readPages(pages);
    await logSettled(live.emulator);
    expectRecordsAre(read.flat(), collected.texts);
    for (const page of read) {
      expect(page.length).toBeGreaterThan(0);
      expect(page.length).toBeLessThanOrEqual(MAX_PRODUCTS_PER_CALL);
    }
    const partnos = read.flat().map((p) => p.partno);
    expect(partnos.filter((partno, i) => i > 0 && !(partno > partnos[i - 1]))).toEqual([]);
    expect(searchCalls(live.emulator)).toHaveLength(collected.requests);
    // Continuations received some part numbers again; none of them came out twice.
    const received = searchCalls(live.emulator).reduce((n, r) => n + r.products, 0);
    expect(received).toBeGreaterThan(collected.texts.length);
    expect(pages.stats.requests).toBe(collected.requests);
    expect(pages.products).toBe(collected.texts.length);
    expect(pages.hasMoreHits).toBe(false);
    expect(progress[progress.length - 1]).toBe(collected.texts.length);
  }, 180_000);

  test('max: the pages stop at max in part-number order, with no call beyond what it needs', async () => {
    const pages = client().harvestPages({ category: 'ceramicCapacitorsSMD' }, { max: 4500 });
    const read = await readPages(pages);
    await logSettled(live.emulator);
    expect(read.flat().map((p) => p.partno)).toEqual(partnosOf(live.emulator.catalog.byGroup.SMD).sort().slice(0, 4500));
    expect(pages.hasMoreHits).toBe(true);
    expect(searchCalls(live.emulator)).toHaveLength(3);
  });

  test('a custom order over more than 2000 matches comes in part-number order for the reader to sort; a wrong filter is refused before any call', async () => {
    const pages = client().harvestPages({ category: 'inductors', orderby: 'Inductance desc' }, { max: 2500 });
    expect(pages.inOrder).toBe(false);
    expect(pages.orderby).toEqual([{ field: 'Inductance', direction: 'desc' }]);
    const read = (await readPages(pages)).flat();
    expect(read.map((p) => p.partno)).toEqual(partnosOf(live.emulator.catalog.byGroup.Ind).sort());
    await logSettled(live.emulator);
    live.emulator.resetLog();
    expect(() => client().harvestPages({ category: 'inductors', filter: 'Inductance eq banana' })).toThrow(ValidationError);
    await logSettled(live.emulator);
    expect(live.emulator.requests).toHaveLength(0);
  });

  test('cancelled between pages: the pages read stay, the next read throws CancelledError, no further call', async () => {
    const controller = new AbortController();
    const pages = client().harvestPages({ category: 'ceramicCapacitorsSMD' }, { signal: controller.signal });
    const read: ProductRecord[][] = [];
    await expect(
      (async () => {
        for await (const page of pages) {
          read.push(page);
          if (read.length === 2) controller.abort();
        }
      })(),
    ).rejects.toBeInstanceOf(CancelledError);
    await logSettled(live.emulator);
    expect(searchCalls(live.emulator)).toHaveLength(2);
    expect(read.flat().map((p) => p.partno)).toEqual(partnosOf(live.emulator.catalog.byGroup.SMD).sort().slice(0, pages.products));
  });
});
