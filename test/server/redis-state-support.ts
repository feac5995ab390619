/**
 * The shared state layer against a real redis-server: several instances in one process, closed
 * after each test. `useRedisInstances` starts a redis-server of the file's own, for files that kill,
 * freeze or restart it; `useSharedRedisInstances` uses the worker's (test/support/shared-redis.ts).
 */
import { createRedisState, type RedisSharedState } from '../../server/state/redis';
import type { CachedAnswer } from '../../server/state/types';
import { startRedisServer, type RedisServerFixture } from '../../testkit/redis-server';
import { sharedRedis, type SharedRedis } from '../support/shared-redis';

export interface Logged {
  level: 'info' | 'warn';
  message: string;
}

export const answer = (text: string): CachedAnswer => ({ status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(text) });
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads until `accept` takes the value or `timeoutMs` has passed; returns the last value read. */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > until) return value;
    await sleep(50);
  }
}

export interface RedisInstances<Server extends { url: string } = RedisServerFixture> {
  /** The redis-server of the file (known from `beforeAll`). */
  readonly redis: Server;
  /** Every state opened in the current test; each is closed after it. */
  readonly opened: RedisSharedState[];
  /** Opens `count` instances on one key prefix (a fresh one unless `extra.prefix`), each with its own log. */
  openInstances(count: number, extra?: Partial<Parameters<typeof createRedisState>[0]>): Promise<{ states: RedisSharedState[]; logs: Logged[][]; prefix: string }>;
}

function instances<Server extends { url: string }>(filePrefix: () => string): RedisInstances<Server> & { redis: Server } {
  const opened: RedisSharedState[] = [];
  let prefixCounter = 0;
  const world = {
    opened,
    async openInstances(count: number, extra: Partial<Parameters<typeof createRedisState>[0]> = {}) {
      const prefix = extra.prefix ?? `${filePrefix()}t${(prefixCounter += 1)}:`;
      const logs: Logged[][] = [];
      const states: RedisSharedState[] = [];
      for (let i = 0; i < count; i += 1) {
        const log: Logged[] = [];
        logs.push(log);
        const state = await createRedisState({
          url: world.redis.url,
          prefix,
          teamMode: true,
          log: { info: (message) => log.push({ level: 'info', message }), warn: (message) => log.push({ level: 'warn', message }) },
          ...extra,
        });
        states.push(state);
        opened.push(state);
      }
      return { states, logs, prefix };
    },
  } as RedisInstances<Server> & { redis: Server };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  return world;
}

/**
 * Starts redis-server for the file's tests (`beforeAll`), closes the states a test opened and
 * restarts a Redis the test stopped (`afterEach`), and stops it afterwards (`afterAll`).
 */
export function useRedisInstances(): RedisInstances {
  const world = instances<RedisServerFixture>(() => '');
  beforeAll(async () => {
    world.redis = await startRedisServer();
  });
  afterEach(async () => {
    if (!world.redis.running()) await world.redis.restart();
  });
  afterAll(async () => {
    await world.redis?.stop();
  });
  return world;
}

/** The worker's redis-server for a file that only stores in it: every prefix starts with the file's (`redis.prefix`). */
export function useSharedRedisInstances(): RedisInstances<SharedRedis> {
  const world: RedisInstances<SharedRedis> & { redis: SharedRedis } = instances<SharedRedis>(() => world.redis.prefix);
  beforeAll(async () => {
    world.redis = await sharedRedis();
  });
  return world;
}
