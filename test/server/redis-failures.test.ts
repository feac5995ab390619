/**
 * The shared state layer when Redis misbehaves: killed and restarted, absent at start, frozen. On
 * purpose, so the file starts a redis-server of its own rather than use the worker's
 * (test/support/shared-redis.ts).
 */
import { Redis } from 'ioredis';
import { createRedisState } from '../../server/state/redis';
import { TokenStoreUnavailableError } from '../../server/state/redis-tokens';
import { answer, eventually, useRedisInstances } from './redis-state-support';

const world = useRedisInstances();
const { openInstances, opened } = world;

describe('when Redis misbehaves', () => {
  test('killed and restarted: every call still answers, health says degraded, one log line per change, tokens survive', async () => {
    const { states: [a, b], logs, prefix } = await openInstances(2, { upstreamRate: { max: 50, windowMs: 1000 } });
    const token = await a.tokens!.add('carol');
    await eventually(() => b.tokens!.verify(token), (v) => v === 'carol');
    expect(a.health()).toMatchObject({ kind: 'redis', state: 'ok' });

    await world.redis.kill();
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

    await world.redis.restart();
    await eventually(async () => a.health().state, (s) => s === 'ok', 8000);
    await eventually(async () => b.health().state, (s) => s === 'ok', 8000);
    expect(a.health().state).toBe('ok');
    const warns = logs[0].filter((l) => l.level === 'warn');
    const infos = logs[0].filter((l) => l.level === 'info');
    expect(warns).toHaveLength(1);
    expect(infos.length).toBe(2);
    expect(warns[0].message).toMatch(/Redis at redis:\/\/127\.0\.0\.1:\d+ is unavailable/);

    // The restarted Redis came back empty; the instances put the token table back.
    const probe = new Redis(world.redis.url);
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
    await world.redis.kill();
    const { states: [a], logs, prefix } = await openInstances(1, { connectWaitMs: 200 });
    expect(a.health().state).toBe('degraded');
    await world.redis.restart();
    await eventually(async () => a.health().state, (s) => s === 'ok', 8000);
    await a.cache.set('after-start', answer('shared'), 60_000);
    const { states: [b] } = await openInstances(1, { prefix });
    expect((await b.cache.get('after-start'))?.body.toString()).toBe('shared');
    expect(logs[0].map((l) => l.level)).toEqual(['warn', 'info']);
  });

  test('a frozen Redis (no answers) costs a call at most the command timeout; after two such calls the instance goes local', async () => {
    const { states: [a] } = await openInstances(1, { commandTimeoutMs: 300 });
    await a.cache.set('warm', answer('warm'), 60_000);
    world.redis.freeze();
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
      world.redis.thaw();
    }
    await eventually(async () => a.health().state, (s) => s === 'ok', 5000);
    expect(a.health().state).toBe('ok');
  });
});

describe('coalescing after a frozen Redis', () => {
  test('a lock whose SET timed out is released once Redis answers again, so no waiter hangs on it', async () => {
    const { states: [a, b], prefix } = await openInstances(2, { commandTimeoutMs: 200 });
    world.redis.freeze();
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
      world.redis.thaw();
    }
    await eventually(async () => a.health().state, (s) => s === 'ok', 5000);
    const probe = new Redis(world.redis.url);
    const locks = await eventually(() => probe.keys(`${prefix}lock:*`), (k) => k.length === 0, 2000);
    await probe.quit();
    expect(locks).toEqual([]);
    const started = Date.now();
    // Either a's answer (its publish reached Redis after the thaw) or b's own: never a wait on a dead lock.
    expect(['local', 'fresh']).toContain((await b.coalescer.run('orphan', async () => answer('fresh'))).body.toString());
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
