/**
 * What the relay saves the upstream: identical requests go once, answers are reused, the budget
 * queues instead of letting the upstream answer 429, and pass-through never hands a cached answer
 * to a key the upstream has not accepted.
 */
import { DEMO_KEY } from '../../emulator';
import { BudgetTimeoutError } from '../../server/state/types';
import { createSlidingBudget } from '../../server/state/sliding-budget';
import { PRODUCTS, get, startRelayWorld } from './support';

/** A search that is not an exact lookup, so the server sends each one as it is (exact lookups are batched). */
const partQuery = (partno: string): string => `/v2/products?$filter=${encodeURIComponent(`startswith(Partno,'${partno}')`)}&lang=en`;

test('ten identical concurrent requests cost one upstream request; a repeat is served from the cache; --no-cache sends each', async () => {
  const world = await startRelayWorld({ emulator: { latencyMs: 150 } });
  const uncached = await startRelayWorld({ server: { cacheTtlMs: 0 } });
  try {
    const answers = await Promise.all(Array.from({ length: 10 }, () => get(`${world.url}${PRODUCTS}`, world.token)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(world.upstreamCount()).toBe(1);
    expect((await get(`${world.url}${PRODUCTS}`, world.token)).text).toBe(answers[0].text);
    expect(world.upstreamCount()).toBe(1);

    for (let i = 0; i < 3; i++) expect((await get(`${uncached.url}${PRODUCTS}`, uncached.token)).status).toBe(200);
    expect(uncached.upstreamCount()).toBe(3);
  } finally {
    await world.close();
    await uncached.close();
  }
});

test('under an upstream budget the rate-limited upstream never answers 429 and every user gets 200', async () => {
  const world = await startRelayWorld({
    emulator: { rateLimit: { max: 4, windowSeconds: 1 } },
    // The upstream counts arrivals, the budget starts, so an operator sets the budget below the
    // upstream's limit: a start can arrive late on a busy machine (a tenth of headroom once let a
    // request that started in one window arrive in the next upstream second with the next four).
    state: { upstreamRate: { max: 4, windowMs: 2000 } },
  });
  try {
    const parts = world.emulator.catalog.products.slice(0, 12).map((p) => String(p.values.Partno));
    const answers = await Promise.all(parts.map((p) => get(`${world.url}${partQuery(p)}`, world.token)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(world.emulator.requests.filter((r) => r.status === 429)).toHaveLength(0);
    expect(world.upstreamCount()).toBe(12);
  } finally {
    await world.close();
  }
});

test('an upstream 429 pauses every request for its Retry-After; users get 200, not 429', async () => {
  const world = await startRelayWorld({ emulator: { rateLimit: { max: 2, windowSeconds: 1 } } });
  try {
    const parts = world.emulator.catalog.products.slice(0, 5).map((p) => String(p.values.Partno));
    const answers = await Promise.all(parts.map((p) => get(`${world.url}${partQuery(p)}`, world.token)));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
    const refused = world.emulator.requests.filter((r) => r.status === 429).length;
    expect(refused).toBeGreaterThanOrEqual(1);
    // After the first 429 everyone waits, so the upstream refuses few: never one per waiting user.
    expect(refused).toBeLessThan(5);
  } finally {
    await world.close();
  }
});

test('a wait longer than the request timeout is a 503 with a sentence and Retry-After', async () => {
  const world = await startRelayWorld({
    state: { upstreamRate: { max: 1, windowMs: 10_000 } },
    server: { requestTimeoutMs: 1500 },
  });
  try {
    const parts = world.emulator.catalog.products.slice(0, 2).map((p) => String(p.values.Partno));
    expect((await get(`${world.url}${partQuery(parts[0])}`, world.token)).status).toBe(200);
    const late = await get(`${world.url}${partQuery(parts[1])}`, world.token);
    expect(late.status).toBe(503);
    expect(Number(late.headers.get('retry-after'))).toBeGreaterThanOrEqual(8);
    expect((late.json() as { message: string }).message).toMatch(/request budget is used up for the next \d+ s.*try again in \d+ s/);
    expect(world.upstreamCount()).toBe(1);
  } finally {
    await world.close();
  }
});

test('pass-through: a key the upstream refused is never served the cached answer of an accepted key', async () => {
  const world = await startRelayWorld({ server: { passThrough: true }, emulator: { keys: [DEMO_KEY, 'second-good-key'] } });
  try {
    expect((await get(`${world.url}${PRODUCTS}`, DEMO_KEY)).status).toBe(200);
    expect(world.upstreamCount()).toBe(1);
    expect((await get(`${world.url}${PRODUCTS}`, DEMO_KEY)).status).toBe(200);
    expect(world.upstreamCount()).toBe(1);

    const wrong = await get(`${world.url}${PRODUCTS}`, 'a-wrong-key');
    expect(wrong.status).toBe(403);
    expect(world.upstreamCount()).toBe(2);
    expect(wrong.text).not.toContain('HasMoreHits');
    expect((await get(`${world.url}${PRODUCTS}`, 'a-wrong-key')).status).toBe(403);
    expect(world.upstreamCount()).toBe(3);

    // Another good key goes upstream once to be accepted, then shares the cache.
    expect((await get(`${world.url}${PRODUCTS}`, 'second-good-key')).status).toBe(200);
    expect((await get(`${world.url}${PRODUCTS}`, 'second-good-key')).status).toBe(200);
    expect(world.upstreamCount()).toBe(4);

    // A key the upstream stops accepting is refused at once, not served from the cache.
    world.emulator.configure({ keys: ['second-good-key'] });
    expect((await get(`${world.url}${partQuery('X')}`, DEMO_KEY)).status).toBe(403);
    expect((await get(`${world.url}${PRODUCTS}`, DEMO_KEY)).status).toBe(403);
  } finally {
    await world.close();
  }
});

test('the sliding budget starts at most N in any window, first come first served, and refuses a wait past the deadline', async () => {
  // Jest's clock: each start is read when the budget grants it, not when a busy machine runs the callback.
  jest.useFakeTimers({ now: 1_000_000 });
  try {
    const budget = createSlidingBudget({ rate: { max: 3, windowMs: 300 }, marginMs: 0 });
    const started: number[] = [];
    const t0 = Date.now();
    const all = Promise.all(Array.from({ length: 9 }, (_, i) => budget.acquire(t0 + 5000).then(() => (started[i] = Date.now() - t0))));
    // Three windows of 300 ms: the last three start at 600 ms, and the window is full again.
    await jest.advanceTimersByTimeAsync(600);
    await all;
    expect(started[8]).toBe(600);
    for (let i = 3; i < 9; i++) expect(started[i] - started[i - 3]).toBeGreaterThanOrEqual(300);
    expect([...started].sort((a, b) => a - b)).toEqual(started);
    const refused = expect(budget.acquire(Date.now() + 10)).rejects.toBeInstanceOf(BudgetTimeoutError);
    await jest.advanceTimersByTimeAsync(20);
    await refused;
    await budget.pause(200);
    const paused = await budget.pausedUntil();
    expect(paused).toBeGreaterThan(Date.now());
  } finally {
    jest.useRealTimers();
  }
});

test('overlapping exact lookups share parts: only the parts nobody asked for yet go upstream, and the answer is the upstream’s', async () => {
  const world = await startRelayWorld();
  try {
    const parts = world.emulator.catalog.products.slice(100, 115).map((p) => String(p.values.Partno));
    const lookup = (list: string[]): string => `/v2/products?$filter=${encodeURIComponent(`Partno eq '${list.join('|')}'`)}&lang=en`;
    expect((await get(`${world.url}${lookup(parts.slice(0, 10))}`, world.token)).status).toBe(200);
    world.emulator.resetLog();
    const second = await get(`${world.url}${lookup([...parts.slice(5, 15), 'NOT-A-PART-1'])}`, world.token);
    expect(world.emulator.requests).toHaveLength(1);
    expect(world.emulator.requests[0].url).toBe(`/v2/products?$filter=${encodeURIComponent(`Partno eq '${[...parts.slice(10, 15), 'NOT-A-PART-1'].join('|')}'`).replace(/'/g, '%27')}&lang=en`);
    const direct = await get(`${world.emulator.url}${lookup([...parts.slice(5, 15), 'NOT-A-PART-1'])}`, DEMO_KEY);
    expect(second.json()).toEqual(direct.json());
  } finally {
    await world.close();
  }
});

test('exact lookups of different parts arriving together go upstream packed into one request', async () => {
  const world = await startRelayWorld();
  try {
    const parts = world.emulator.catalog.products.slice(0, 12).map((p) => String(p.values.Partno));
    const exact = (partno: string): string => `/v2/products?$filter=${encodeURIComponent(`Partno eq '${partno}'`)}&lang=en`;
    const answers = await Promise.all(parts.map((p) => get(`${world.url}${exact(p)}`, world.token)));
    answers.forEach((answer, i) => expect(answer.text).toContain(`"Partno":"${parts[i]}"`));
    expect(world.upstreamCount()).toBe(1);
  } finally {
    await world.close();
  }
});
