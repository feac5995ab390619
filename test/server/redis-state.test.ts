/**
 * The shared state layer on its own, against a real redis-server: several instances in one process.
 * Redis is only their store, so the file uses the worker's redis-server under a key prefix of its
 * own; the one test that restarts Redis starts a redis-server of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createRedisState } from '../../server/state/redis';
import { createTokenFileStore } from '../../server/tokens/token-file';
import type { CachedAnswer } from '../../server/state/types';
import { startRedisServer } from '../../testkit/redis-server';
import { answer, eventually, sleep, useSharedRedisInstances } from './redis-state-support';

const world = useSharedRedisInstances();
const { openInstances, opened } = world;

describe('answers shared through Redis', () => {
  test('an answer stored by one instance is read by another, bytes intact, and expires with its TTL', async () => {
    const { states: [a, b] } = await openInstances(2);
    const body = Buffer.from([0x1f, 0x8b, 0x00, 0xff, 0x10]);
    await a.cache.set('GET /v2/products?x', { status: 200, headers: { 'content-encoding': 'gzip' }, body }, 400);
    const read = await b.cache.get('GET /v2/products?x');
    expect(read?.status).toBe(200);
    expect(read?.headers).toEqual({ 'content-encoding': 'gzip' });
    expect(read?.body.equals(body)).toBe(true);
    // Redis expires the key on its own clock: this wait cannot be a moved clock.
    await sleep(500);
    const c = (await openInstances(1)).states[0];
    expect(await c.cache.get('GET /v2/products?x')).toBeUndefined();
  });

  test('Redis holds digests of cache keys, never the query text itself', async () => {
    const prefix = `${world.redis.prefix}digest-check:`;
    const { states: [a] } = await openInstances(1, { prefix });
    await a.cache.set('GET /v2/products?$filter=Partno eq secret-part', answer('{}'), 10_000);
    const probe = new Redis(world.redis.url);
    const keys = await probe.keys(`${prefix}*`);
    await probe.quit();
    expect(keys.some((k) => k.includes('secret-part'))).toBe(false);
    expect(keys.some((k) => k.startsWith(`${prefix}answer:`))).toBe(true);
  });
});

describe('coalescing across instances', () => {
  test('identical requests in flight on three instances run the producer once; all get its answer', async () => {
    const { states } = await openInstances(3);
    let produced = 0;
    const produce = async (): Promise<CachedAnswer> => {
      produced += 1;
      await sleep(300);
      return answer('{"winner":true}');
    };
    const results = await Promise.all(states.flatMap((s) => [s.coalescer.run('k', produce), s.coalescer.run('k', produce)]));
    expect(produced).toBe(1);
    expect(results.map((r) => r.body.toString())).toEqual(new Array(6).fill('{"winner":true}'));
  });

  test('a failed producer frees the lock: a waiter on another instance produces instead', async () => {
    const { states: [a, b] } = await openInstances(2);
    const failing = a.coalescer.run('k', async () => {
      await sleep(200);
      throw new Error('upstream dropped the connection');
    });
    await sleep(50);
    const waiting = b.coalescer.run('k', async () => answer('second try'));
    await expect(failing).rejects.toThrow('upstream dropped the connection');
    expect((await waiting).body.toString()).toBe('second try');
  });
});

describe('one upstream budget', () => {
  test('two instances together never start more than N requests in any window', async () => {
    const { states } = await openInstances(2, { upstreamRate: { max: 5, windowMs: 1000 } });
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 16 }, (_, i) => states[i % 2].budget.acquire(Date.now() + 20_000).then(() => starts.push(Date.now()))),
    );
    starts.sort((x, y) => x - y);
    expect(starts).toHaveLength(16);
    for (let i = 0; i + 5 < starts.length; i += 1) expect(starts[i + 5] - starts[i]).toBeGreaterThanOrEqual(1000);
  });

  test('a 429 pause set on one instance holds every instance', async () => {
    const { states: [a, b] } = await openInstances(2, { upstreamRate: { max: 100, windowMs: 1000 } });
    await a.budget.pause(700);
    const until = await b.budget.pausedUntil();
    expect(until).toBeGreaterThan(Date.now() + 400);
    const started = Date.now();
    await b.budget.acquire(Date.now() + 5000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  test('a wait beyond the deadline is refused with the budget sentence', async () => {
    const { states: [a] } = await openInstances(1, { upstreamRate: { max: 1, windowMs: 5000 } });
    await a.budget.acquire(Date.now() + 1000);
    await expect(a.budget.acquire(Date.now() + 300)).rejects.toThrow(/request budget is used up/);
  });
});

describe('tokens shared through Redis', () => {
  test('an instance just started hears of a token added elsewhere through the notice, not its periodic read', async () => {
    // A minute between periodic reads: only the change notice, subscribed to before the instance serves, can tell b in time.
    const { states: [a, b] } = await openInstances(2, { tokens: { refreshMs: 60_000 } });
    const token = await a.tokens!.add('bob');
    expect(await eventually(() => b.tokens!.verify(token), (v) => v === 'bob', 3000)).toBe('bob');
  });

  test('a token added on one instance works on all; revoked on another, it stops working everywhere within seconds', async () => {
    const { states: [a, b, c] } = await openInstances(3);
    const token = await a.tokens!.add('alice');
    // Each instance hears of the change and reads the table again on its own.
    for (const s of [b, c]) expect(await eventually(() => s.tokens!.verify(token), (v) => v === 'alice')).toBe('alice');
    expect(await b.tokens!.revoke('alice')).toBe(true);
    for (const s of [a, b, c]) expect(await eventually(() => s.tokens!.verify(token), (v) => v === undefined, 3000)).toBeUndefined();
    expect((await a.tokens!.list()).map((r) => r.name)).toEqual([]);
  });

  test('Redis stores only the hash of a token', async () => {
    const prefix = `${world.redis.prefix}hash-check:`;
    const { states: [a] } = await openInstances(1, { prefix });
    const token = await a.tokens!.add('bob');
    const probe = new Redis(world.redis.url);
    const table = await probe.hgetall(`${prefix}tokens`);
    await probe.quit();
    expect(JSON.stringify(table)).not.toContain(token);
    expect(JSON.stringify(table)).not.toContain(token.slice(4));
    expect(Object.keys(table)).toEqual(['bob']);
  });
});

describe('tokens from --tokens FILE with --redis', () => {
  test('seed an empty Redis once, and answer while Redis has never been reached', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'partspec-seed-'));
    try {
      const file = path.join(dir, 'tokens.json');
      const fileToken = await createTokenFileStore(file).add('from-file');
      const { states: [a], prefix } = await openInstances(1, { local: { tokensFile: file } });
      expect(await a.tokens!.verify(fileToken)).toBe('from-file');
      const probe = new Redis(world.redis.url);
      expect(Object.keys(await probe.hgetall(`${prefix}tokens`))).toEqual(['from-file']);
      await probe.quit();
      // Revoked in Redis, the token stays revoked although the file still holds it.
      expect(await a.tokens!.revoke('from-file')).toBe(true);
      const { states: [b] } = await openInstances(1, { prefix, local: { tokensFile: file } });
      expect(await b.tokens!.verify(fileToken)).toBeUndefined();

      const offline = await createRedisState({ url: 'redis://127.0.0.1:1', teamMode: true, local: { tokensFile: file }, connectWaitMs: 100 });
      opened.push(offline);
      expect(await offline.tokens!.verify(fileToken)).toBe('from-file');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('download-link secret', () => {
  test("instances agree on it: the first instance's own secret, kept in Redis (and put back after a restart), never derived from the maker key", async () => {
    // Restarted on purpose: a redis-server of this test's own, not the worker's.
    const redis = await startRedisServer();
    try {
      const { states: [a, b], prefix } = await openInstances(2, { url: redis.url });
      const first = Buffer.alloc(32, 7);
      const shared = await a.linkSecret(first);
      expect(shared.equals(first)).toBe(true);
      expect((await b.linkSecret(Buffer.alloc(32, 9))).equals(first)).toBe(true);
      expect((await b.linkSecret()).equals(first)).toBe(true);
      await redis.restart();
      const probe = new Redis(redis.url);
      const stored = await eventually(() => probe.get(`${prefix}link-secret`), (v) => v !== null, 8000);
      await probe.quit();
      expect(Buffer.from(stored ?? '', 'base64').equals(shared)).toBe(true);
    } finally {
      await Promise.all(opened.splice(0).map((s) => s.close()));
      await redis.stop();
    }
  });
});
