/**
 * The state a PartSpec server keeps: one small interface with two implementations, in-process
 * (the embedded default, `memory.ts`) and Redis (`redis.ts`, `partspec serve --redis URL`), so
 * one machine needs nothing installed and a team scales out on an engine operators already run.
 *
 * Every method is async because the Redis implementation is; the in-process one resolves at once.
 * No method throws because the shared engine is unavailable: the Redis implementation falls back
 * to in-process state and reports the change through `health()`.
 */
import type { Redis } from 'ioredis';
import type { TokenStore } from '../tokens/token-types';

export type { TokenRecord, TokenStore } from '../tokens/token-types';

/** A cached upstream answer: exactly what the relay sends back to the add-in. */
export interface CachedAnswer {
  status: number;
  /** Response headers worth replaying (content-type and the like); never credentials. */
  headers: Record<string, string>;
  body: Buffer;
}

export interface AnswerCache {
  get(key: string): Promise<CachedAnswer | undefined>;
  /** Stores an answer for `ttlMs`; an implementation may drop it to stay within its byte bound. */
  set(key: string, answer: CachedAnswer, ttlMs: number): Promise<void>;
}

/**
 * Runs `produce` once for concurrent callers with the same key (within this process always;
 * across instances where the implementation can take a short lock) and gives each caller its
 * result. A waiter on another instance reads the winner's answer from the cache.
 */
export interface Coalescer {
  run(key: string, produce: () => Promise<CachedAnswer>): Promise<CachedAnswer>;
}

/** The upstream budget: at most N requests per window, shared by every instance. */
export interface UpstreamBudget {
  /**
   * Resolves when one upstream request may start; rejects with `BudgetTimeoutError` when the wait
   * would pass `deadline` (epoch ms), so the relay can answer 503 with a sentence.
   */
  acquire(deadline: number, signal?: AbortSignal): Promise<void>;
  /** An upstream 429 asked every request to wait `ms` (its Retry-After). Seen by all instances. */
  pause(ms: number): Promise<void>;
  /** Epoch ms until which upstream requests are paused (0 when not paused). */
  pausedUntil(): Promise<number>;
}

export type StateHealth =
  | { kind: 'memory'; state: 'ok' }
  | { kind: 'redis'; state: 'ok' | 'degraded'; since: string; detail?: string };

export interface SharedState {
  readonly cache: AnswerCache;
  readonly coalescer: Coalescer;
  readonly budget: UpstreamBudget;
  /** Absent in pass-through mode (users' own maker keys are forwarded). */
  readonly tokens?: TokenStore;
  /**
   * Where counters every instance must share live (the per-address limits on refused credentials
   * and unproven keys): a Redis connection of their own and the deployment's key prefix. Absent
   * in-process.
   */
  readonly sharedCounters?: SharedCounterStore;
  health(): StateHealth;
  close(): Promise<void>;
}

export interface SharedCounterStore {
  client: Redis;
  prefix: string;
}

export class BudgetTimeoutError extends Error {
  constructor(readonly waitMs: number) {
    super(`The product service's request budget is used up for the next ${Math.ceil(waitMs / 1000)} s.`);
    this.name = 'BudgetTimeoutError';
  }
}
