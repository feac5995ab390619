import { randomBytes, randomUUID } from 'node:crypto';
import { createMemoryState, type MemoryStateOptions } from './memory';
import { RedisAnswerCache } from './redis-cache';
import { RedisBudget } from './redis-budget';
import { RedisCoalescer } from './redis-coalescer';
import { RedisLink, settledWithin, type StateLogger } from './redis-link';
import { RedisTokenStore, type RedisTokenStoreOptions } from './redis-tokens';
import type { UpstreamRate } from './sliding-budget';
import type { SharedState, StateHealth } from './types';

export { describeRedisUrl, type StateLogger } from './redis-link';
export { TokenStoreUnavailableError } from './redis-tokens';

/** Every key of one deployment starts with this, so one Redis can serve several deployments. @default 'partspec:' */
export const DEFAULT_REDIS_PREFIX = 'partspec:';

export interface RedisStateOptions {
  /** `--redis URL`: `redis://[user:password@]host:port[/db]` or `rediss://…`. */
  url: string;
  /** @default DEFAULT_REDIS_PREFIX */
  prefix?: string;
  /** The shared upstream budget (`--upstream-rate N/SECONDS`); none starts requests at once. */
  upstreamRate?: UpstreamRate;
  /**
   * Team mode: tokens live in Redis. The `--tokens FILE` store (in `local`) seeds an empty Redis
   * and answers while Redis has never been reachable. @default true when `local.tokensFile` is set
   */
  teamMode?: boolean;
  /** The in-process state this instance falls back on (and keeps as a first-level cache). */
  local?: MemoryStateOptions;
  /** One line per change of Redis state. @default silent */
  log?: StateLogger;
  /** A Redis command slower than this falls back to local state (twice in a row: the instance goes local). @default 2000 */
  commandTimeoutMs?: number;
  /** How long an identical request on another instance may hold the coalescing lock. @default 30000 */
  lockMs?: number;
  /** How long to wait for Redis at start before serving from local state. @default 2000 */
  connectWaitMs?: number;
  /** Team mode: how tokens are checked against the shared table, and the clock of their grace period (see RedisTokenStoreOptions). */
  tokens?: Pick<RedisTokenStoreOptions, 'graceMs' | 'refreshMs' | 'seedMayRepair' | 'now'>;
}

/** The Redis state plus what operations and tests look at. */
export interface RedisSharedState extends SharedState {
  readonly link: RedisLink;
  readonly instanceId: string;
  /**
   * The secret that signs download links, the same on every instance of the deployment, so a
   * link one instance issued opens through any other: the first instance stores its own (`own`,
   * the one it keeps on disk, else a random one) in Redis, every other takes that one, and each
   * puts it back into a Redis that restarted empty. It is never derived from the maker's key, so
   * links outlive a key rotation. (Whoever can write to Redis could replace it; they could as well
   * add a token, so Redis must be as closed as the server itself: see SECURITY.md.)
   */
  linkSecret(own?: Buffer): Promise<Buffer>;
}

/**
 * `partspec serve --redis URL`: the answer cache, the coalescing of identical requests, the
 * upstream budget and its 429 pause, and the team's tokens, shared by every instance through
 * Redis. Each part falls back on this instance's in-process state while Redis is down, slow or
 * restarting, so no user request fails because of Redis; `health()` says when that happens.
 */
export async function createRedisState(options: RedisStateOptions): Promise<RedisSharedState> {
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  const instanceId = randomUUID();
  const local = createMemoryState({ ...options.local, upstreamRate: options.upstreamRate });
  const link = new RedisLink({ url: options.url, log: options.log, commandTimeoutMs: options.commandTimeoutMs });
  const cache = new RedisAnswerCache({ link, prefix, local: local.cache });
  const coalescer = new RedisCoalescer({ link, prefix, local: local.coalescer, instanceId, lockMs: options.lockMs });
  const budget = new RedisBudget({ link, prefix, instanceId, rate: options.upstreamRate });
  const teamMode = options.teamMode ?? (options.local?.tokensFile !== undefined || options.local?.tokens !== undefined);
  const tokens = teamMode ? new RedisTokenStore({ link, prefix, seed: local.tokens, ...options.tokens }) : undefined;

  // The per-address counters get a connection of their own: rate-limiter-flexible defines its
  // increment script on the client it is given, under one name, and the budget's script (in
  // milliseconds) must stay the one its client runs.
  const counters = link.client.duplicate();
  counters.on('error', () => undefined);

  // Start-up waits for both connections: a counter used before its own connection is ready counts
  // in this process alone, and a guesser's first tries would not be shared. (Redis down: each waits
  // connectWaitMs at most, side by side.)
  const connectWaitMs = options.connectWaitMs ?? 2000;
  const [up] = await Promise.all([link.whenUp(connectWaitMs), settledWithin(counters.status === 'ready' ? Promise.resolve() : new Promise((ready) => counters.once('ready', ready)), connectWaitMs)]);
  // With Redis there, the notices of other instances' changes are subscribed to before serving.
  const subscribeWaitMs = up ? connectWaitMs : 0;
  await Promise.all([coalescer.start(subscribeWaitMs), tokens?.start(subscribeWaitMs)]);
  await budget.beat();

  const secretKey = `${prefix}link-secret`;
  let randomSecret: string | undefined;
  link.onChange((state) => {
    // A restarted Redis gets the deployment's secret back from the instances that hold it.
    if (state === 'ok' && randomSecret) void link.attempt((client) => client.set(secretKey, randomSecret as string, 'NX'), () => null);
  });

  return {
    link,
    instanceId,
    async linkSecret(ownSecret) {
      const own = (ownSecret ?? randomBytes(32)).toString('base64');
      randomSecret = await link.attempt(
        async (client) => {
          await client.set(secretKey, own, 'NX');
          return (await client.get(secretKey)) ?? own;
        },
        () => own,
      );
      return Buffer.from(randomSecret, 'base64');
    },
    cache,
    coalescer,
    budget,
    tokens,
    sharedCounters: { client: counters, prefix },
    health(): StateHealth {
      return { kind: 'redis', ...link.status() };
    },
    async close() {
      budget.close();
      tokens?.stop();
      counters.disconnect();
      await link.close();
      await local.close();
    },
  };
}
