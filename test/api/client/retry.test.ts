import {
  AuthError,
  CancelledError,
  NetworkError,
  RateLimitError,
  ServerError,
  TimeoutError,
  DEFAULT_RETRY,
  computeRetryDelay,
  createClient,
  isAuthError,
  isRateLimitError,
  parseRateLimitWait,
  parseRetryAfter,
  resolveRetryPolicy,
  type RequestEvent,
  type ServiceState,
} from '../../../api';

/**
 * A fetch that answers GETs from a script of steps and records what it was asked. HEAD requests
 * (the client's reachability probe after repeated network failures) are answered apart and
 * recorded in `probes`.
 */
function scriptedFetch(steps: (() => Response | Promise<Response>)[]) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const probes: string[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    if (init?.method === 'HEAD') {
      probes.push(String(url));
      return new Response(null, { status: 200 });
    }
    calls.push({ url: String(url), headers: { ...(init?.headers as Record<string, string>) } });
    const step = steps[Math.min(calls.length - 1, steps.length - 1)];
    return step();
  }) as typeof globalThis.fetch;
  return { fetch, calls, probes };
}

const EMPTY = (): Response => new Response(JSON.stringify({ HasMoreHits: false, Data: {} }), { status: 200 });
const status = (code: number, headers: Record<string, string> = {}, body = '{"message":"no"}') => (): Response =>
  new Response(body, { status: code, headers });
const refuse = (): never => {
  throw new TypeError('fetch failed');
};

const KEY = 'secret-key-123456';
const fast = { initialDelay: 1, backoffLimit: 5, jitter: false } as const;

describe('retry policy as data', () => {
  test.each([
    ['5', 5000],
    ['0', 0],
    ['1.5', 1500],
    ['', undefined],
    ['soon', undefined],
    [null, undefined],
  ])('Retry-After %p → %p ms', (header, ms) => {
    expect(parseRetryAfter(header)).toBe(ms);
  });

  test('Retry-After as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
  });

  test('exponential backoff, capped, with jitter between half and all of the delay', () => {
    const policy = resolveRetryPolicy({ initialDelay: 100, backoffLimit: 1000, jitter: false });
    expect([1, 2, 3, 4, 5].map((n) => computeRetryDelay(n, policy))).toEqual([100, 200, 400, 800, 1000]);
    const jittered = resolveRetryPolicy({ initialDelay: 100, backoffLimit: 1000 });
    expect(computeRetryDelay(3, jittered, undefined, () => 0)).toBe(200);
    expect(computeRetryDelay(3, jittered, undefined, () => 1)).toBe(400);
  });

  test('rate headers: a wait only when none is left, reset in seconds or as a Unix time', () => {
    const headers = (h: Record<string, string>) => new Headers(h);
    const now = 1_800_000_000_000;
    expect(parseRateLimitWait(headers({ 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': '1' }), now)).toBeUndefined();
    expect(parseRateLimitWait(headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '2' }), now)).toBe(2000);
    expect(parseRateLimitWait(headers({ 'ratelimit-remaining': '0', 'ratelimit-reset': String(now / 1000 + 3) }), now)).toBe(3000);
    expect(parseRateLimitWait(headers({ 'x-ratelimit-remaining': '0' }), now)).toBeUndefined();
    expect(parseRateLimitWait(headers({}), now)).toBeUndefined();
  });

  test('the defaults: a time budget, not a count', () => {
    expect(DEFAULT_RETRY).toMatchObject({ limit: Number.POSITIVE_INFINITY, budgetMs: 120_000 });
    expect(resolveRetryPolicy({ limit: undefined, budgetMs: 500 })).toMatchObject({ limit: Number.POSITIVE_INFINITY, budgetMs: 500 });
    expect(resolveRetryPolicy(false)).toMatchObject({ limit: 0 });
  });

  test('Retry-After wins over backoff and is capped by maxRetryAfter', () => {
    const policy = resolveRetryPolicy({ maxRetryAfter: 2000 });
    expect(computeRetryDelay(1, policy, 1500)).toBe(1500);
    expect(computeRetryDelay(1, policy, 90_000)).toBe(2000);
  });
});

describe('retries through the client (injected fetch)', () => {
  const search = (fetch: typeof globalThis.fetch, retry: object = fast, onRequest?: (e: RequestEvent) => void) =>
    createClient({ baseUrl: 'http://api.test', apiKey: KEY, fetch, retry, cache: false, onRequest }).search({ filter: "Partno eq 'X'" });

  test('429 then 503 then success: three attempts, one result', async () => {
    const { fetch, calls } = scriptedFetch([status(429, { 'retry-after': '0' }), status(503), EMPTY]);
    const result = await search(fetch);
    expect(calls).toHaveLength(3);
    expect(result.stats.requests).toBe(3);
    expect(result.products).toEqual([]);
  });

  test('network failures are retried; only the repeated one is probed', async () => {
    const { fetch, calls, probes } = scriptedFetch([refuse, refuse, EMPTY]);
    await expect(search(fetch)).resolves.toMatchObject({ hasMoreHits: false });
    expect(calls).toHaveLength(3);
    expect(probes).toHaveLength(1);
  });

  test.each([400, 403, 404, 414])('status %i is never retried, even when listed', async (code) => {
    const { fetch, calls } = scriptedFetch([status(code), EMPTY]);
    await expect(search(fetch, { ...fast, statusCodes: [code, 500] })).rejects.toMatchObject({ status: code });
    expect(calls).toHaveLength(1);
  });

  test('bounded: 500 on every attempt ends in ServerError after limit + 1 attempts', async () => {
    const { fetch, calls } = scriptedFetch([status(500)]);
    const error = await search(fetch, { ...fast, limit: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(calls).toHaveLength(4);
    expect((error as ServerError).attempts).toBe(4);
    expect((error as ServerError).userMessage).toMatch(/problem on its side \(500\) after 4 attempts/);
  });

  test('a 429 with Retry-After is a wait, not a failed attempt: five of them do not spend a limit of 1', async () => {
    const limited = status(429, { 'retry-after': '0' });
    const { fetch, calls } = scriptedFetch([limited, limited, limited, limited, limited, EMPTY]);
    const result = await search(fetch, { ...fast, limit: 1 });
    expect(calls).toHaveLength(6);
    expect(result.stats.requests).toBe(6);
  });

  test('a 429 without Retry-After counts as a failed attempt', async () => {
    const { fetch, calls } = scriptedFetch([status(429)]);
    const error = await search(fetch, { ...fast, limit: 1 }).catch((e: unknown) => e);
    expect(isRateLimitError(error)).toBe(true);
    expect(calls).toHaveLength(2);
  });

  test('429 until the time budget is spent: RateLimitError with retryAfter and a sentence to act on', async () => {
    const { fetch, calls } = scriptedFetch([status(429, { 'retry-after': '0' })]);
    const error = await search(fetch, { ...fast, budgetMs: 150 }).catch((e: unknown) => e);
    expect(isRateLimitError(error)).toBe(true);
    expect((error as RateLimitError).retryAfter).toBe(0);
    expect((error as RateLimitError).attempts).toBe(calls.length);
    expect((error as RateLimitError).userMessage).toMatch(/limiting requests \(429\) and still refused after \d+ attempts/);
  });

  test('a Retry-After beyond the time budget ends the request at once', async () => {
    const { fetch, calls } = scriptedFetch([status(429, { 'retry-after': '30' })]);
    const error = await search(fetch, { ...fast, budgetMs: 5_000 }).catch((e: unknown) => e);
    expect(isRateLimitError(error)).toBe(true);
    expect((error as RateLimitError).retryAfter).toBe(30_000);
    expect(calls).toHaveLength(1);
  });

  test('bounded by time: 500 on every attempt ends once the budget is spent, whatever the count', async () => {
    const { fetch, calls } = scriptedFetch([status(500)]);
    // A second of retries every 10 to 40 ms: about 25 attempts, and more than 4 even when a busy machine runs each one late.
    const budgetMs = 1_000;
    const started = Date.now();
    const error = await search(fetch, { initialDelay: 10, backoffLimit: 40, budgetMs }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    // No wait is started that would end after the budget; the one attempt then running is instant here.
    expect(Date.now() - started).toBeLessThan(budgetMs + 1_000);
    expect(calls.length).toBeGreaterThan(4);
    expect((error as ServerError).attempts).toBe(calls.length);
  });

  test('the service-state hook hears failing, limiting and ok as they change, once each', async () => {
    const { fetch } = scriptedFetch([status(503), status(503), EMPTY, status(429, { 'retry-after': '0' }), EMPTY]);
    const states: ServiceState[] = [];
    const client = createClient({ baseUrl: 'http://api.test', apiKey: KEY, fetch, retry: fast, cache: false, onServiceState: (s) => states.push(s) });
    const watched: string[] = [];
    const stop = client.watchService((s) => watched.push(s.condition));
    await client.search({ filter: "Partno eq 'A'" });
    await client.search({ filter: "Partno eq 'B'" });
    stop();
    // After a 429 the client paces itself for a while, and says so.
    expect(states.map((s) => s.condition)).toEqual(['failing', 'ok', 'limiting']);
    expect(watched).toEqual(['failing', 'ok', 'limiting']);
    expect(client.serviceState().condition).toBe('limiting');
  });

  test('nothing listening at the address three times in a row ends the request, saying it cannot be reached', async () => {
    const refused = (): never => {
      throw Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) });
    };
    const { fetch, calls } = scriptedFetch([refused]);
    const error = await search(fetch, fast).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(calls).toHaveLength(3);
    expect((error as NetworkError).userMessage).toMatch(/cannot be reached/);
  });

  test('in a browser (a bare "Failed to fetch", and a probe nothing answers either) the request also ends after three attempts, within seconds', async () => {
    const calls: string[] = [];
    const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${String(url)}`);
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    const started = Date.now();
    // The default policy (a two-minute budget): only the unreachable rule can end it this soon.
    const error = await search(fetch, { jitter: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).userMessage).toMatch(/cannot be reached/);
    expect(calls.filter((c) => c.startsWith('GET'))).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test('unreachableLimit is part of the policy: 1 gives up at the first refused connection', async () => {
    const refused = (): never => {
      throw Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) });
    };
    const { fetch, calls } = scriptedFetch([refused]);
    await expect(search(fetch, { ...fast, unreachableLimit: 1 })).rejects.toBeInstanceOf(NetworkError);
    expect(calls).toHaveLength(1);
    expect(resolveRetryPolicy(undefined).unreachableLimit).toBe(3);
  });

  test('retry: false sends once, even a 429 that says when to come back', async () => {
    const { fetch, calls } = scriptedFetch([status(429, { 'retry-after': '0' }), EMPTY]);
    const client = createClient({ baseUrl: 'http://api.test', apiKey: KEY, fetch, retry: false, cache: false });
    await expect(client.search({ filter: "Partno eq 'X'" })).rejects.toMatchObject({ status: 429 });
    expect(calls).toHaveLength(1);
  });

  test('network failure on every attempt: NetworkError without a status', async () => {
    const { fetch } = scriptedFetch([refuse]);
    const error = await search(fetch, { ...fast, limit: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toHaveProperty('status');
  });

  test('the key goes only in x-api-key and is redacted from errors and hooks', async () => {
    const events: RequestEvent[] = [];
    const { fetch, calls } = scriptedFetch([status(403, {}, JSON.stringify({ message: `key ${KEY} is not valid` }))]);
    const error = await search(fetch, fast, (e) => events.push(e)).catch((e: unknown) => e);
    expect(isAuthError(error)).toBe(true);
    const auth = error as AuthError;
    expect(auth.userMessage).toBe('The API key was rejected (403). Check it in Settings.');
    expect(calls[0].headers['x-api-key']).toBe(KEY);
    expect(calls[0].url).not.toContain(KEY);
    const shown = JSON.stringify({ message: auth.message, body: auth.body, request: auth.request, events, stack: auth.stack });
    expect(shown).not.toContain(KEY);
    expect(auth.request?.headers['x-api-key']).toBe('[REDACTED]');
  });

  test('getApiKey is read when the request is sent', async () => {
    let key = 'first-key-0001';
    const { fetch, calls } = scriptedFetch([EMPTY]);
    const client = createClient({ baseUrl: 'http://api.test', getApiKey: async () => key, fetch, cache: false });
    await client.search({ filter: "Partno eq 'A'" });
    key = 'second-key-0002';
    await client.search({ filter: "Partno eq 'A'" });
    expect(calls.map((c) => c.headers['x-api-key'])).toEqual(['first-key-0001', 'second-key-0002']);
  });

  test('a timeout is reported as TimeoutError once retries are spent', async () => {
    const hang = ((_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof globalThis.fetch;
    const client = createClient({ baseUrl: 'http://api.test', apiKey: KEY, fetch: hang, cache: false, timeoutMs: 30, retry: { ...fast, limit: 1 } });
    const error = await client.search({ filter: "Partno eq 'A'" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).attempts).toBe(2);
  });

  test('cancelling during backoff stops at once with CancelledError', async () => {
    const { fetch, calls } = scriptedFetch([status(503)]);
    const controller = new AbortController();
    const client = createClient({ baseUrl: 'http://api.test', apiKey: KEY, fetch, cache: false, retry: { initialDelay: 10_000, jitter: false } });
    const pending = client.search({ filter: "Partno eq 'A'", signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    expect(calls).toHaveLength(1);
  });
});
