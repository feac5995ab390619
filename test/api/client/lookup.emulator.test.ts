import { getEventListeners } from 'node:events';
import { DEMO_KEY, startEmulator } from '../../../emulator';
import { createClient, createMapStore, lowerBoundRequests, normalizePartnoInput, type Lang } from '../../../api';
import { logSettled, maxUrlBytes, searchCalls, useSettledEmulator } from './emulator-support';
import { PING_PARTNO } from '../../../api/client/create-client';

const live = useSettledEmulator();

const client = (extra: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ baseUrl: live.emulator.url, apiKey: DEMO_KEY, ...extra });

/** A deterministic spread of real part numbers. */
function realPartnos(count: number, stride = 97): string[] {
  const all = live.emulator.catalog.products;
  return Array.from({ length: count }, (_, i) => all[(i * stride) % all.length].values.Partno as string);
}

describe('lookup against the emulator', () => {
  test('500 real part numbers plus misses: each pass uses the lower bound of requests', async () => {
    const real = [...new Set(realPartnos(500))];
    const bases = realPartnos(20, 1009).map((p) => live.emulator.catalog.byPartno.get(p)!.values.PartnoWithoutPackageCode as string);
    const absent = Array.from({ length: 30 }, (_, i) => `ZZX${String(i).padStart(5, '0')}QQ`);
    const short = ['MCS', 'ZZ'];
    const invalid = ['', 'A|B', 'X'.repeat(70)];
    const inputs = [...real.map((p, i) => (i % 7 === 0 ? ` ${p.toLowerCase()}# ` : p)), ...bases, ...absent, ...short, ...invalid];
    const c = client({ cache: false });

    const result = await c.lookup(inputs);
    await logSettled(live.emulator);

    const context = { baseUrl: live.emulator.url, lang: 'en' as Lang, budget: 2082 };
    const valid = [...new Set(inputs.map(normalizePartnoInput).flatMap((n) => (n.ok ? [n.partno] : [])))];
    const misses = valid.filter((p) => !live.emulator.catalog.byPartno.has(p));
    const pass1 = lowerBoundRequests(valid, 'eq', context);
    const pass2 = lowerBoundRequests(misses.filter((p) => p.length >= 5), 'startswith', context);
    const calls = searchCalls(live.emulator);
    expect(calls.filter((r) => r.url.includes('Partno%20eq')).length).toBe(pass1);
    expect(calls.filter((r) => r.url.includes('startswith')).length).toBe(pass2);
    expect(calls.length).toBe(pass1 + pass2);
    expect(maxUrlBytes(live.emulator)).toBeLessThanOrEqual(2082);

    for (const [i, p] of real.entries()) {
      const input = i % 7 === 0 ? ` ${p.toLowerCase()}# ` : p;
      expect(result.get(input)).toMatchObject({ status: 'exact', products: [{ partno: p }] });
    }
    for (const b of bases) {
      const outcome = result.get(b)!;
      const expected = live.emulator.catalog.products.filter((p) => p.values.PartnoWithoutPackageCode === b).map((p) => p.values.Partno);
      expect(outcome.status).toBe('variant');
      expect(outcome.products.map((p) => p.partno).sort()).toEqual([...expected].sort());
    }
    for (const a of [...absent, ...short]) expect(result.get(a)?.status).toBe('notFound');
    for (const bad of invalid) expect(result.get(bad)).toMatchObject({ status: 'invalid', products: [], reason: expect.any(String) });
  });

  test('a prefix of several base parts is ambiguous; one over 2000 matches is split off and named', async () => {
    const p = realPartnos(1)[0];
    const prefix = p.slice(0, 9);
    const c = client({ cache: false });
    const result = await c.lookup([prefix, 'MCS18', realPartnos(2, 331)[1].slice(0, -1)]);
    expect(result.get(prefix)?.status).toBe('ambiguous');
    expect(result.get(prefix)?.reason).toMatch(/different part numbers/);
    const broad = result.get('MCS18')!;
    expect(broad.status).toBe('ambiguous');
    expect(broad.reason).toMatch(/more than 2000/);
    expect(result.get(realPartnos(2, 331)[1].slice(0, -1))?.status).toBe('variant');
  });

  test('a warm cache sends only the one request that confirms the key; outcomes survive in the persistent store', async () => {
    const store = createMapStore();
    const inputs = [...realPartnos(120, 211), 'ZZX00000QQ'];
    const first = await client({ cache: { store } }).lookup(inputs);
    await logSettled(live.emulator);
    expect(searchCalls(live.emulator).length).toBeGreaterThan(0);
    live.emulator.resetLog();
    const fresh = client({ cache: { store } });
    const second = await fresh.lookup(inputs);
    await logSettled(live.emulator);
    expect(searchCalls(live.emulator).map((r) => [decodeURIComponent(r.url).includes(PING_PARTNO), r.products])).toEqual([[true, 0]]);
    expect(second).toEqual(first);
    expect(fresh.stats().cacheHits).toBe(inputs.length);
    await fresh.clearCache();
    expect(store.size).toBe(0);
  });

  test('concurrent callers share passes and never ask twice for a part number', async () => {
    const a = realPartnos(150, 13);
    const b = [...realPartnos(100, 13).slice(50), ...realPartnos(60, 101)];
    const c = client({ cache: false });
    const [ra, rb] = await Promise.all([c.lookup(a), c.lookup(b)]);
    await logSettled(live.emulator);
    const union = [...new Set([...a, ...b])];
    expect(searchCalls(live.emulator).length).toBe(lowerBoundRequests(union, 'eq', { baseUrl: live.emulator.url, lang: 'en', budget: 2082 }));
    const asked = searchCalls(live.emulator).flatMap((r) => decodeURIComponent(r.url).match(/'([^']*)'/)![1].split('|'));
    expect(asked.length).toBe(union.length);
    expect([...ra.values(), ...rb.values()].every((o) => o.status === 'exact')).toBe(true);
  });

  test('a signal that outlives many lookups keeps no listener from them', async () => {
    const c = client({ cache: false });
    const controller = new AbortController();
    const parts = realPartnos(40, 131);
    for (const part of parts) await c.lookup([part], { signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  test('a 900-part lookup under one signal: no signal ever holds more than one abort listener', async () => {
    // Every abort listener added anywhere during the lookup (the caller's signal, the batch's, each
    // attempt's): counted on its signal right after it is added, so the peak is seen.
    const peaks = new Map<AbortSignal, number>();
    const add = EventTarget.prototype.addEventListener;
    const spy = jest.spyOn(EventTarget.prototype, 'addEventListener').mockImplementation(function (this: EventTarget, ...args: Parameters<EventTarget['addEventListener']>) {
      add.apply(this, args);
      if (this instanceof AbortSignal && args[0] === 'abort') peaks.set(this, Math.max(peaks.get(this) ?? 0, getEventListeners(this, 'abort').length));
    });
    const controller = new AbortController();
    let result: Map<string, unknown>;
    try {
      result = await client({ cache: false, concurrency: 4 }).lookup(realPartnos(900, 7), { signal: controller.signal });
    } finally {
      spy.mockRestore();
    }
    expect([...result.values()].every((o) => (o as { status: string }).status === 'exact')).toBe(true);
    // Many requests waited on the same batch signal at once; they share one listener.
    expect(searchCalls(live.emulator).length).toBeGreaterThan(8);
    expect(Math.max(...peaks.values())).toBe(1);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  test('values come back in the chosen language', async () => {
    const p = live.emulator.catalog.products.find((x) => x.values.Status === 'In Production')!.values.Partno as string;
    const c = client({ cache: false });
    const expected: Record<Lang, string> = { en: 'In Production', ja: '生産中', zh: '目前生产' };
    for (const lang of ['en', 'ja', 'zh'] as const) {
      const outcome = (await c.lookup([p], { lang })).get(p)!;
      expect(outcome.products[0].values.Status).toBe(expected[lang]);
    }
  });

  test('quirk variants normalize to the same records', async () => {
    const inputs = realPartnos(60, 389);
    const plain = await client({ cache: false }).lookup(inputs);
    const quirky = await startEmulator({ port: 0, quirks: { groupLevelFields: true, numbersAsStrings: true, nullFields: true } });
    try {
      const other = await createClient({ baseUrl: quirky.url, apiKey: DEMO_KEY, cache: false }).lookup(inputs);
      const strip = (url: string) => url.replace(/^http:\/\/[^/]+/, '');
      for (const p of inputs) {
        const [x, y] = [plain.get(p)!.products[0], other.get(p)!.products[0]];
        const urls = (r: typeof x) =>
          Object.fromEntries(Object.entries(r.values).map(([k, v]) => [k, typeof v === 'string' ? strip(v) : v]));
        expect(urls(y)).toEqual(urls(x));
        expect(y.group).toBe(x.group);
      }
    } finally {
      await quirky.close();
    }
  });
});
