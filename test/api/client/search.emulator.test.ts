import { createServer } from 'node:net';
import { DEMO_KEY } from '../../../emulator';
import {
  AuthError,
  CancelledError,
  NetworkError,
  RateLimitError,
  ServerError,
  STATUS_MEANINGS,
  TimeoutError,
  ValidationError,
  and,
  createClient,
  inCategory,
  where,
} from '../../../api';
import { logSettled, searchCalls, useSettledEmulator } from './emulator-support';

const live = useSettledEmulator({ failRate: 0, dropRate: 0, rateLimit: undefined, latencyMs: 0 });

const client = (extra: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ baseUrl: live.emulator.url, apiKey: DEMO_KEY, cache: false, ...extra });

describe('search', () => {
  test('a text filter and a built filter send the same query and get the same products', async () => {
    const text = await client().search({ category: 'inductors', filter: "Inductance ge 1u and Inductance le 10u and Status eq 'In Production'" });
    const built = await client().search({
      filter: and(inCategory('inductors'), where('Inductance').between(1e-6, 1e-5), where('Status').in(['In Production'])),
    });
    expect(text.products.length).toBeGreaterThan(0);
    expect(built.products).toEqual(text.products);
    expect(text.products.every((p) => p.group === 'Ind' && (p.values['Specs.Inductance'] as number) >= 1e-6)).toBe(true);
    expect(text.stats).toMatchObject({ requests: 1, urlBytes: expect.any(Number) });
  });

  test.each([
    ['Capacitanse ge 100n', 'unknownField', /did you mean 'Capacitance'/],
    ['Inductance ge 1u', 'fieldNotUsable', /not usable with category ceramicCapacitorsSMD/],
    ["Status eq 'Active'", 'valueNotAllowed', /allowed: 'Under Development'/],
    ['Capacitance ge 1.2.3n', 'malformedNumber', /Malformed number/],
    ["Status eq 'NRND", 'unbalancedQuote', /Unbalanced quote/],
    ["startswith(Status,'In')", 'operatorNotAllowed', /exact match only/],
  ])('%p is refused before any request (%s)', async (filter, code, message) => {
    const error = await client().search({ category: 'ceramicCapacitorsSMD', filter }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ code });
    expect((error as Error).message).toMatch(message);
    await logSettled(live.emulator);
    expect(live.emulator.requests).toHaveLength(0);
  });

  test('a value in the wrong language, a bad orderby and a URL over budget are refused with zero requests', async () => {
    await expect(client().search({ filter: "Status eq 'In Production'", lang: 'ja' })).rejects.toMatchObject({ code: 'valueNotAllowed' });
    await expect(client().search({ category: 'inductors', orderby: 'Capacitance desc' })).rejects.toMatchObject({ code: 'fieldNotUsable' });
    const many = Array.from({ length: 200 }, (_, i) => `MCS18R71H${String(i).padStart(3, '0')}KA1D`).join('|');
    await expect(client().search({ filter: `Partno eq '${many}'` })).rejects.toMatchObject({ code: 'urlTooLong' });
    await expect(client().search({ filter: '', lang: 'fr' as 'en' })).rejects.toMatchObject({ code: 'unknownLanguage' });
    await logSettled(live.emulator);
    expect(live.emulator.requests).toHaveLength(0);
  });

  test.each([
    ['ja', '生産中'],
    ['zh', '目前生产'],
    ['en', 'In Production'],
  ] as const)('values in %s, filter values in the same language', async (lang, inProduction) => {
    const result = await client({ lang }).search({ category: 'inductors', filter: `Status eq '${inProduction}' and Inductance eq 1u` });
    expect(result.products.length).toBeGreaterThan(0);
    expect(result.products.every((p) => p.values.Status === inProduction)).toBe(true);
  });

  test('a warm cache answers a repeated search with zero requests', async () => {
    const c = client({ cache: {} });
    const first = await c.search({ category: 'inductors', filter: 'Inductance eq 1u' });
    const second = await c.search({ category: 'inductors', filter: 'Inductance eq 1u' });
    await logSettled(live.emulator);
    expect(second.products).toEqual(first.products);
    expect(second.stats.requests).toBe(0);
    expect(searchCalls(live.emulator)).toHaveLength(1);
    expect(c.stats()).toMatchObject({ requests: 1, cacheHits: 1, cacheMisses: 1 });
  });
});

describe('errors from the emulator, each with its sentence', () => {
  const ping = (c: ReturnType<typeof client>) => c.search({ filter: "Partno eq 'MCS18R71H104KA1D'" });

  test('403 for a wrong key: AuthError, not retried, key redacted', async () => {
    const key = 'wrong-key-98765';
    const error = await ping(createClient({ baseUrl: live.emulator.url, apiKey: key, cache: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).userMessage).toBe('The API key was rejected (403). Check it in Settings.');
    expect((error as AuthError).meaning).toBe(STATUS_MEANINGS[403]);
    expect(JSON.stringify({ ...(error as object), message: (error as Error).message })).not.toContain(key);
    await logSettled(live.emulator);
    expect(live.emulator.requests).toHaveLength(1);
  });

  test('429 until the time budget is spent: RateLimitError', async () => {
    // Every request refused with Retry-After 1 s: waits as asked (none counts as a failure) until 2.5 s are spent.
    live.emulator.configure({ rateLimit: { max: 0, windowSeconds: 1 } });
    const c = client({ retry: { budgetMs: 2_500 } });
    const error = await ping(c).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBeGreaterThan(0);
    expect((error as RateLimitError).attempts).toBeGreaterThan(1);
    expect((error as RateLimitError).userMessage).toMatch(/limiting requests \(429\) and still refused after \d+ attempts/);
  });

  test('a Retry-After longer than the budget ends the request after one 429', async () => {
    live.emulator.configure({ rateLimit: { max: 1, windowSeconds: 60 } });
    await ping(client());
    const c = client({ retry: { budgetMs: 5_000 } });
    const error = await ping(c).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).attempts).toBe(1);
    expect((error as RateLimitError).retryAfter).toBeGreaterThan(5_000);
  });

  test('500 exhausted: ServerError', async () => {
    live.emulator.configure({ failRate: 1 });
    const error = await ping(client({ retry: { limit: 2, initialDelay: 5 } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).userMessage).toMatch(/problem on its side \(500\) after 3 attempts/);
    await logSettled(live.emulator);
    expect(live.emulator.requests).toHaveLength(3);
  });

  test('connection refused on a closed port: NetworkError, no status', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const c = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: DEMO_KEY, retry: { limit: 1, initialDelay: 5 } });
    const error = await ping(c).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toHaveProperty('status');
    expect((error as NetworkError).userMessage).toBe(`http://127.0.0.1:${port} cannot be reached. Check the network connection and the service address in Settings.`);
    expect((error as NetworkError).reachability).toBe('unreachable');
    const result = await c.testConnection();
    expect(result).toMatchObject({ ok: false, status: undefined });
  });

  test('timeout: TimeoutError', async () => {
    live.emulator.configure({ latencyMs: 500 });
    const error = await ping(client({ timeoutMs: 100, retry: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).userMessage).toMatch(/did not answer/);
  });

  test('cancellation while waiting: CancelledError', async () => {
    live.emulator.configure({ latencyMs: 500 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await client().search({ filter: "Partno eq 'X1234'", signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
  });

  test('testConnection: ok with the key, the spec meaning of 403 without it', async () => {
    await expect(client().testConnection()).resolves.toMatchObject({ ok: true });
    const bad = await createClient({ baseUrl: live.emulator.url, apiKey: 'nope-nope' }).testConnection();
    expect(bad).toMatchObject({ ok: false, status: 403, meaning: STATUS_MEANINGS[403] });
  });
});

describe('download', () => {
  test('link with 7-day validity, cached; the file reads as the whole category', async () => {
    const c = client({ cache: {} });
    const link = await c.getDownloadUrl('inductors', 'en');
    expect(Date.parse(link.expiresAt) - Date.parse(link.issuedAt)).toBe(7 * 24 * 60 * 60 * 1000);
    expect(await c.getDownloadUrl('inductors', 'en')).toEqual(link);
    const progress: number[] = [];
    const products = await c.downloadCategory(link.url, { onProgress: (p) => progress.push(p.bytes) });
    expect(products.map((p) => p.partno)).toEqual(live.emulator.catalog.byGroup.Ind.map((p) => p.values.Partno));
    expect(progress.length).toBeGreaterThan(0);
    await logSettled(live.emulator);
    expect(live.emulator.requests.filter((r) => r.url.includes('getproductdatadownloadurl'))).toHaveLength(1);
    await expect(c.getDownloadUrl('ceramicCapacitors' as 'inductors')).rejects.toMatchObject({ code: 'unknownCategory' });
  });
});
