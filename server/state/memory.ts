import { LRUCache } from 'lru-cache';
import { createTokenFileStore } from '../tokens/token-file';
import { createSlidingBudget, type UpstreamRate } from './sliding-budget';
import type { CachedAnswer, Coalescer, SharedState, TokenStore } from './types';

/** Bytes the in-process answer cache may hold. @default 256 MiB */
const DEFAULT_CACHE_MAX_BYTES = 256 * 1024 * 1024;

export interface MemoryStateOptions {
  /** Upper bound of the answer cache in bytes (bodies and headers). @default 256 MiB */
  cacheMaxBytes?: number;
  /** The upstream budget; none starts every request at once. */
  upstreamRate?: UpstreamRate;
  /** Team mode: the tokens file (`--tokens FILE`). Absent in pass-through mode. */
  tokensFile?: string;
  /** A token store to use instead of the file (another implementation of the same interface). */
  tokens?: TokenStore;
  now?: () => number;
}

function sizeOf(answer: CachedAnswer): number {
  let size = answer.body.length + 64;
  for (const [name, value] of Object.entries(answer.headers)) size += name.length + value.length;
  return size;
}

/** Runs one producer per key at a time in this process; later callers share its promise. */
export function createLocalCoalescer(): Coalescer {
  const inFlight = new Map<string, Promise<CachedAnswer>>();
  return {
    run(key, produce) {
      const running = inFlight.get(key);
      if (running) return running;
      const promise = (async () => produce())().finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
  };
}

/**
 * The embedded default: everything a PartSpec server shares, kept in this process. The cache is
 * an LRU bounded by bytes, identical requests in flight are coalesced, the budget is a sliding
 * window with a queue, and tokens come from the tokens file.
 */
export function createMemoryState(options: MemoryStateOptions = {}): SharedState {
  const cache = new LRUCache<string, CachedAnswer>({
    maxSize: options.cacheMaxBytes ?? DEFAULT_CACHE_MAX_BYTES,
    sizeCalculation: sizeOf,
    ttlAutopurge: false,
    allowStale: false,
  });
  const tokens = options.tokens ?? (options.tokensFile ? createTokenFileStore(options.tokensFile, { now: options.now }) : undefined);
  return {
    cache: {
      async get(key) {
        return cache.get(key);
      },
      async set(key, answer, ttlMs) {
        if (ttlMs > 0) cache.set(key, answer, { ttl: ttlMs });
      },
    },
    coalescer: createLocalCoalescer(),
    budget: createSlidingBudget({ rate: options.upstreamRate, now: options.now }),
    tokens,
    health: () => ({ kind: 'memory', state: 'ok' }),
    async close() {
      cache.clear();
    },
  };
}
