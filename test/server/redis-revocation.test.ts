/**
 * Revocation against a real redis-server when the network and Redis misbehave: a revoke leaves a
 * tombstone no repair undoes, and an instance cut off from Redis stops accepting tokens it can no
 * longer confirm once the grace period has passed. The file partitions and restarts Redis on
 * purpose, so it starts a redis-server of its own rather than use the worker's
 * (test/support/shared-redis.ts).
 */
import { Redis } from 'ioredis';
import { TokenUnconfirmedError } from '../../server/tokens/token-types';
import { jumpingClock } from '../support/clock';
import { startPartition, type Partition } from './redis-partition';
import { eventually, sleep, useRedisInstances } from './redis-state-support';
import type { RedisSharedState } from '../../server/state/redis';

const world = useRedisInstances();
const GRACE_MS = 6000;
const tokens = { graceMs: GRACE_MS, refreshMs: 300 };
let partition: Partition | undefined;

afterEach(async () => {
  await partition?.close();
  partition = undefined;
});

/** 'accepted', 'refused' or 'unconfirmed' (refused because the instance cannot reach the token table). */
async function check(state: RedisSharedState, token: string): Promise<string> {
  try {
    return (await state.tokens!.verify(token)) ? 'accepted' : 'refused';
  } catch (error) {
    if (error instanceof TokenUnconfirmedError) return 'unconfirmed';
    throw error;
  }
}

test('partitioned instance, revoke, Redis restarted empty, reconnect: the token is refused everywhere within the grace period and never again', async () => {
  partition = await startPartition(world.redis.port);
  const { states: [b, c], prefix } = await world.openInstances(2, { tokens });
  // The cut-off instance's clock: the grace period is passed by moving it, not by waiting 6 s.
  const clock = jumpingClock();
  const { states: [a] } = await world.openInstances(1, { prefix, url: partition.url, tokens: { ...tokens, now: clock.now } });
  const all = [a, b, c];
  const erin = await b.tokens!.add('erin');
  const frank = await b.tokens!.add('frank');
  for (const state of all) expect(await eventually(() => check(state, erin), (v) => v === 'accepted')).toBe('accepted');

  partition.cut();
  await eventually(async () => a.health().state, (s) => s === 'degraded');
  const cutAt = clock.now();
  expect(await b.tokens!.revoke('erin')).toBe(true);
  for (const state of [b, c]) expect(await eventually(() => check(state, erin), (v) => v === 'refused', 2000)).toBe('refused');
  // The cut-off instance missed the revocation; past the grace period (by its clock) it confirms no token at all.
  clock.advance(GRACE_MS);
  const onA = await eventually(() => check(a, erin), (v) => v !== 'accepted', 2000);
  expect(onA).toBe('unconfirmed');
  expect(clock.now() - cutAt).toBeLessThanOrEqual(GRACE_MS + 1500);
  expect(await check(a, frank)).toBe('unconfirmed');

  // From now on the revoked token must never be accepted again, by any instance.
  const seen: string[] = [];
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      for (const state of all) seen.push(await check(state, erin));
      await sleep(25);
    }
  })();

  await world.redis.restart();
  await eventually(async () => b.health().state === 'ok' && c.health().state === 'ok', (v) => v, 8000);
  partition.heal();
  await eventually(async () => a.health().state, (s) => s === 'ok', 8000);
  // Frank's token (never revoked) is back on every instance, from the instances that kept up.
  for (const state of all) expect(await eventually(() => check(state, frank), (v) => v === 'accepted', 8000)).toBe('accepted');
  // Keep watching for 30 more answers after everything healed (counted, not timed: a busy machine is slow, not wrong).
  const healed = seen.length;
  expect(await eventually(async () => seen.length, (n) => n >= healed + 30, 15000)).toBeGreaterThanOrEqual(healed + 30);
  watching = false;
  await watcher;
  expect(seen).not.toContain('accepted');
  for (const state of all) expect(await check(state, erin)).toBe('refused');

  const probe = new Redis(world.redis.url);
  try {
    expect(Object.keys(await probe.hgetall(`${prefix}tokens`))).toEqual(['frank']);
    expect(Object.values(await probe.hgetall(`${prefix}tokens-revoked`)).join()).toContain('"erin"');
  } finally {
    await probe.quit();
  }
});

test('a stale copy never repairs: an instance cut off past the grace period re-reads an emptied Redis instead of writing its old table back', async () => {
  partition = await startPartition(world.redis.port);
  const { states: [b], prefix } = await world.openInstances(1, { tokens });
  const clock = jumpingClock();
  const { states: [a] } = await world.openInstances(1, { prefix, url: partition.url, tokens: { ...tokens, now: clock.now } });
  const gina = await b.tokens!.add('gina');
  expect(await eventually(() => check(a, gina), (v) => v === 'accepted')).toBe('accepted');
  partition.cut();
  expect(await b.tokens!.revoke('gina')).toBe(true);
  await b.close();
  await eventually(async () => a.health().state, (s) => s === 'degraded');
  clock.advance(GRACE_MS);
  expect(await eventually(() => check(a, gina), (v) => v === 'unconfirmed', 2000)).toBe('unconfirmed');
  await world.redis.restart();
  partition.heal();
  await eventually(async () => a.health().state, (s) => s === 'ok', 8000);
  // A few of the instance's refreshes (every 300 ms, on real timers): a write-back would happen in them.
  await sleep(1000);
  expect(await check(a, gina)).toBe('refused');
  const probe = new Redis(world.redis.url);
  try {
    expect(await probe.hgetall(`${prefix}tokens`)).toEqual({});
  } finally {
    await probe.quit();
  }
});

test('a tombstone wins over a repair: an instance that missed a revocation and writes its table back cannot bring the token back', async () => {
  const { states: [a, b], prefix } = await world.openInstances(2, { tokens });
  const hana = await a.tokens!.add('hana');
  await eventually(() => check(b, hana), (v) => v === 'accepted');
  expect(await a.tokens!.revoke('hana')).toBe(true);
  const probe = new Redis(world.redis.url);
  try {
    // Someone (an old instance, a restore) writes the revoked record back into the table.
    const { states: [c] } = await world.openInstances(1, { prefix, tokens });
    expect(await check(c, hana)).toBe('refused');
    const revoked = await probe.hgetall(`${prefix}tokens-revoked`);
    const [hash] = Object.keys(revoked);
    await probe.hset(`${prefix}tokens`, 'hana', JSON.stringify({ hash, created: '' }));
    // A couple of refreshes (every 300 ms, on real timers) for the instances to see the write-back.
    await sleep(800);
    for (const state of [a, b, c]) expect(await check(state, hana)).toBe('refused');
    expect(await probe.hexists(`${prefix}tokens`, 'hana')).toBe(0);
  } finally {
    await probe.quit();
  }
});

test('the relay answers a token it cannot confirm with 503, Retry-After and its sentence', async () => {
  const { createAuthenticator } = await import('../../server/relay/credentials');
  const unconfirmed = async (): Promise<never> => {
    throw new TokenUnconfirmedError(2);
  };
  const authenticate = createAuthenticator({
    apiKey: 'maker-key-0123456789',
    passThrough: false,
    tokens: { verify: unconfirmed, add: unconfirmed, list: unconfirmed, revoke: unconfirmed },
  });
  await expect(authenticate({ 'x-api-key': 'pst_anything' })).rejects.toMatchObject({
    statusCode: 503,
    retryAfterSeconds: 2,
    message: expect.stringMatching(/cannot reach its token store to confirm your token/),
  });
});
