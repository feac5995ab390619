import {
  AuthError,
  CancelledError,
  NetworkError,
  RateLimitError,
  ServerError,
  TimeoutError,
  computeRetryDelay,
  createClient,
  isAuthError,
  isRateLimitError,
  parseRetryAfter,
  resolveRetryPolicy,
  type RequestEvent,
} from '../../../src/api';

/** A fetch that answers from a script of steps and records what it was asked. */
function scriptedFetch(steps: (() => Response | Promise<Response>)[]) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), headers: { ...(init?.headers as Record<string, string>) } });
    const step = steps[Math.min(calls.length - 1, steps.length - 1)];
    return step();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
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

  test('network failures are retried', async () => {
    const { fetch, calls } = scriptedFetch([refuse, refuse, EMPTY]);
    await expect(search(fetch)).resolves.toMatchObject({ hasMoreHits: false });
    expect(calls).toHaveLength(3);
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

  test('429 exhausted: RateLimitError with retryAfter and a sentence to act on', async () => {
    const { fetch } = scriptedFetch([status(429, { 'retry-after': '0' })]);
    const error = await search(fetch, { ...fast, limit: 1 }).catch((e: unknown) => e);
    expect(isRateLimitError(error)).toBe(true);
    expect((error as RateLimitError).retryAfter).toBe(0);
    expect((error as RateLimitError).userMessage).toMatch(/limiting requests \(429\)/);
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
