import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createRedisState, type RedisSharedState } from '../../server/state/redis';
import { TokenStoreUnavailableError } from '../../server/state/redis-tokens';
import { createTokenFileStore } from '../../server/tokens/token-file';
import type { CachedAnswer } from '../../server/state/types';
import { startRedisServer, type RedisServerFixture } from '../support/redis-server';

/** The shared state layer on its own, against a real redis-server: several instances in one process. */

interface Logged {
  level: 'info' | 'warn';
  message: string;
}

const answer = (text: string): CachedAnswer => ({ status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(text) });
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > until) return value;
    await sleep(50);
  }
}

let redis: RedisServerFixture;
const opened: RedisSharedState[] = [];
let prefixCounter = 0;

async function openInstances(count: number, extra: Partial<Parameters<typeof createRedisState>[0]> = {}): Promise<{ states: RedisSharedState[]; logs: Logged[][]; prefix: string }> {
  const prefix = extra.prefix ?? `t${(prefixCounter += 1)}:`;
  const logs: Logged[][] = [];
  const states: RedisSharedState[] = [];
  for (let i = 0; i < count; i += 1) {
    const log: Logged[] = [];
    logs.push(log);
    const state = await createRedisState({
      url: redis.url,
      prefix,
      teamMode: true,
      log: { info: (message) => log.push({ level: 'info', message }), warn: (message) => log.push({ level: 'warn', message }) },
      ...extra,
    });
    states.push(state);
    opened.push(state);
  }
  return { states, logs, prefix };
}

beforeAll(async () => {
  redis = await startRedisServer();
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
  if (!redis.running()) await redis.restart();
});

afterAll(async () => {
  await redis.stop();
});

describe('answers shared through Redis', () => {
  test('an answer stored by one instance is read by another, bytes intact, and expires with its TTL', async () => {
    const { states: [a, b] } = await openInstances(2);
    const body = Buffer.from([0x1f, 0x8b, 0x00, 0xff, 0x10]);
    await a.cache.set('GET /v2/products?x', { status: 200, headers: { 'content-encoding': 'gzip' }, body }, 400);
    const read = await b.cache.get('GET /v2/products?x');
    expect(read?.status).toBe(200);
    expect(read?.headers).toEqual({ 'content-encoding': 'gzip' });
    expect(read?.body.equals(body)).toBe(true);
    await sleep(500);
    const c = (await openInstances(1)).states[0];
    expect(await c.cache.get('GET /v2/products?x')).toBeUndefined();
  });

  test('Redis holds digests of cache keys, never the query text itself', async () => {
    const { states: [a] } = await openInstances(1, { prefix: 'digest-check:' });
    await a.cache.set('GET /v2/products?$filter=Partno eq secret-part', answer('{}'), 10_000);
    const probe = new Redis(redis.url);
    const keys = await probe.keys('digest-check:*');
    await probe.quit();
    expect(keys.some((k) => k.includes('secret-part'))).toBe(false);
    expect(keys.some((k) => k.startsWith('digest-check:answer:'))).toBe(true);
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
  test('a token added on one instance works on all; revoked on another, it stops working everywhere within seconds', async () => {
    const { states: [a, b, c] } = await openInstances(3);
    const token = await a.tokens!.add('alice');
    expect(await eventually(() => c.tokens!.verify(token), (v) => v === 'alice')).toBe('alice');
    expect(await b.tokens!.verify(token)).toBe('alice');
    expect(await b.tokens!.revoke('alice')).toBe(true);
    for (const s of [a, b, c]) expect(await eventually(() => s.tokens!.verify(token), (v) => v === undefined, 3000)).toBeUndefined();
    expect((await a.tokens!.list()).map((r) => r.name)).toEqual([]);
  });

  test('Redis stores only the hash of a token', async () => {
    const { states: [a] } = await openInstances(1, { prefix: 'hash-check:' });
    const token = await a.tokens!.add('bob');
    const probe = new Redis(redis.url);
    const table = await probe.hgetall('hash-check:tokens');
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
      const probe = new Redis(redis.url);
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
  test('instances agree on it: derived from the maker key in team mode, kept in Redis (and put back after a restart) in pass-through mode', async () => {
    const { states: [a, b], prefix } = await openInstances(2);
    expect((await a.linkSecret('maker-key')).equals(await b.linkSecret('maker-key'))).toBe(true);
    expect((await a.linkSecret('maker-key')).equals(await a.linkSecret('other-key'))).toBe(false);
    const shared = await a.linkSecret(undefined);
    expect(shared.equals(await b.linkSecret(undefined))).toBe(true);
    expect(shared.equals(await a.linkSecret('maker-key'))).toBe(false);
    await redis.restart();
    const probe = new Redis(redis.url);
    const stored = await eventually(() => probe.get(`${prefix}link-secret`), (v) => v !== null, 8000);
    await probe.quit();
    expect(Buffer.from(stored ?? '', 'base64').equals(shared)).toBe(true);
  });
});

describe('when Redis misbehaves', () => {
  test('killed and restarted: every call still answers, health says degraded, one log line per change, tokens survive', async () => {
    const { states: [a, b], logs, prefix } = await openInstances(2, { upstreamRate: { max: 50, windowMs: 1000 } });
    const token = await a.tokens!.add('carol');
    await eventually(() => b.tokens!.verify(token), (v) => v === 'carol');
    expect(a.health()).toMatchObject({ kind: 'redis', state: 'ok' });

    await redis.kill();
    await eventually(async () => a.health().state, (s) => s === 'degraded');
    for (let i = 0; i < 20; i += 1) {
      await a.cache.set(`k${i}`, answer(`v${i}`), 60_000);
      expect((await a.cache.get(`k${i}`))?.body.toString()).toBe(`v${i}`);
      expect((await a.coalescer.run(`c${i}`, async () => answer('local'))).body.toString()).toBe('local');
      await a.budget.acquire(Date.now() + 5000);
      expect(await a.tokens!.verify(token)).toBe('carol');
    }
    expect(a.health()).toMatchObject({ kind: 'redis', state: 'degraded' });
    await expect(a.tokens!.add('dave')).rejects.toBeInstanceOf(TokenStoreUnavailableError);

    await redis.restart();
    await eventually(async () => a.health().state, (s) => s === 'ok', 8000);
    await eventually(async () => b.health().state, (s) => s === 'ok', 8000);
    expect(a.health().state).toBe('ok');
    const warns = logs[0].filter((l) => l.level === 'warn');
    const infos = logs[0].filter((l) => l.level === 'info');
    expect(warns).toHaveLength(1);
    expect(infos.length).toBe(2);
    expect(warns[0].message).toMatch(/Redis at redis:\/\/127\.0\.0\.1:\d+ is unavailable/);

    // The restarted Redis came back empty; the instances put the token table back.
    const probe = new Redis(redis.url);
    const names = await eventually(async () => Object.keys(await probe.hgetall(`${prefix}tokens`)), (n) => n.includes('carol'));
    await probe.quit();
    expect(names).toContain('carol');
  });

  test('a Redis that is not there at start: the instance serves from its own state and names Redis without its password', async () => {
    const log: string[] = [];
    const state = await createRedisState({
      url: 'redis://:s3cret-pass@127.0.0.1:1/0',
      teamMode: false,
      connectWaitMs: 300,
      log: { info: (line) => log.push(line), warn: (line) => log.push(line) },
    });
    opened.push(state);
    await state.cache.set('k', answer('v'), 60_000);
    expect((await state.cache.get('k'))?.body.toString()).toBe('v');
    await state.budget.acquire(Date.now() + 1000);
    expect(state.health()).toMatchObject({ kind: 'redis', state: 'degraded' });
    expect(log).toEqual([expect.stringMatching(/^Shared state: Redis at redis:\/\/127\.0\.0\.1:1\/0 is unavailable/)]);
    expect(JSON.stringify([log, state.health()])).not.toContain('s3cret');
  });

  test('an instance started while Redis is down goes over to shared state when Redis appears', async () => {
    await redis.kill();
    const { states: [a], logs, prefix } = await openInstances(1, { connectWaitMs: 200 });
    expect(a.health().state).toBe('degraded');
    await redis.restart();
    await eventually(async () => a.health().state, (s) => s === 'ok', 8000);
    await a.cache.set('after-start', answer('shared'), 60_000);
    const { states: [b] } = await openInstances(1, { prefix });
    expect((await b.cache.get('after-start'))?.body.toString()).toBe('shared');
    expect(logs[0].map((l) => l.level)).toEqual(['warn', 'info']);
  });

  test('a frozen Redis (no answers) costs a call at most the command timeout; after two such calls the instance goes local', async () => {
    const { states: [a] } = await openInstances(1, { commandTimeoutMs: 300 });
    await a.cache.set('warm', answer('warm'), 60_000);
    redis.freeze();
    try {
      for (const key of ['cold-1', 'cold-2']) {
        const started = Date.now();
        expect(await a.cache.get(key)).toBeUndefined();
        expect(Date.now() - started).toBeLessThan(5000);
      }
      expect(a.health()).toMatchObject({ state: 'degraded', detail: 'command timed out' });
      const again = Date.now();
      await a.cache.get('cold-3');
      expect(Date.now() - again).toBeLessThan(2000);
      expect((await a.cache.get('warm'))?.body.toString()).toBe('warm');
    } finally {
      redis.thaw();
    }
    await eventually(async () => a.health().state, (s) => s === 'ok', 5000);
    expect(a.health().state).toBe('ok');
  });
});

describe('coalescing after a frozen Redis', () => {
  test('a lock whose SET timed out is released once Redis answers again, so no waiter hangs on it', async () => {
    const { states: [a, b], prefix } = await openInstances(2, { commandTimeoutMs: 200 });
    redis.freeze();
    try {
      // Redis receives the SET NX but runs it only after the instance gave up on it; two timeouts send the instance local.
      const produced = await a.coalescer.run('orphan', async () => {
        // A second timed-out command while producing: the instance goes local and publishes nothing.
        await a.cache.get('second-timeout');
        return answer('local');
      });
      expect(produced.body.toString()).toBe('local');
      expect(a.health().state).toBe('degraded');
    } finally {
      redis.thaw();
    }
    await eventually(async () => a.health().state, (s) => s === 'ok', 5000);
    const probe = new Redis(redis.url);
    const locks = await eventually(() => probe.keys(`${prefix}lock:*`), (k) => k.length === 0, 2000);
    await probe.quit();
    expect(locks).toEqual([]);
    const started = Date.now();
    // Either a's answer (its publish reached Redis after the thaw) or b's own: never a wait on a dead lock.
    expect(['local', 'fresh']).toContain((await b.coalescer.run('orphan', async () => answer('fresh'))).body.toString());
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
