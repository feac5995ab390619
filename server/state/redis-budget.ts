import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { UpstreamRate } from './sliding-budget';
import { BudgetTimeoutError, type UpstreamBudget } from './types';
import type { RedisLink } from './redis-link';

export interface RedisBudgetOptions {
  link: RedisLink;
  prefix: string;
  instanceId: string;
  /** Requests allowed in any window, for all instances together (`--upstream-rate N/SECONDS`); none starts requests at once. */
  rate?: UpstreamRate;
  /**
   * Added to the window, because the upstream counts arrivals and ours are starts: a request that
   * leaves at the window's edge may arrive a little later. @default 5 % of the window, at least 50 ms
   */
  marginMs?: number;
  /** Instances assumed before the first heartbeat, for the local share when Redis is down at start. @default 2 */
  assumedInstances?: number;
  /** How often the instance tells Redis it is alive (and learns how many share the budget). @default 5000 */
  heartbeatMs?: number;
}

/** Counts in whole milliseconds (the library's default script counts seconds, and windows may be 1.05 s). */
const INCR_PX_SCRIPT = `local ms = math.floor(tonumber(ARGV[4]) * 1000)
redis.call('set', KEYS[1], 0, 'PX', ms, 'NX')
local consumed = redis.call('incrby', KEYS[1], ARGV[1])
local ttl = redis.call('pttl', KEYS[1])
if ttl == -1 then
  redis.call('pexpire', KEYS[1], ms)
  ttl = ms
end
return {consumed, ttl}`;

/** Extends a pause, never shortens one another instance set. */
const PAUSE_SCRIPT = `local left = redis.call('pttl', KEYS[1])
if left < tonumber(ARGV[1]) then redis.call('set', KEYS[1], '1', 'PX', ARGV[1]) end
return 1`;

interface Waiter {
  deadline: number;
  resolve(): void;
  reject(error: unknown): void;
  settled: boolean;
  cleanup(): void;
}

/** How stale this instance's view of the shared 429 pause may be. */
const PAUSE_READ_MS = 100;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * One upstream budget for every instance, on `rate-limiter-flexible`. The budget of N requests
 * per window is N slots, each a one-point `RateLimiterRedis` key that lives one window (plus a
 * margin) from its use: a slot serves at most one request per window, so no window of that length,
 * however aligned, ever holds more than N starts across all instances (a single N-point
 * fixed-window counter would let 2N through around a window boundary, which an upstream answers
 * with 429). While Redis is away the in-memory insurance limiter takes over with this instance's
 * share: the first N / (instances last seen alive) slots. Callers wait in a FIFO queue per instance
 * and only its head asks the limiter. A 429's pause is a key with a PX expiry every instance reads.
 */
export class RedisBudget implements UpstreamBudget {
  private readonly redisLimiter: RateLimiterRedis;
  private readonly insurance: RateLimiterMemory;
  private readonly windowMs: number;
  private readonly slotMs: number;
  /** When each slot is next free, as far as this instance has learned (its own uses and refusals). */
  private readonly freeAt: number[];
  private cursor: number;
  private readonly queue: Waiter[] = [];
  private pumping = false;
  private localPauseUntil = 0;
  private sharedPauseUntil = 0;
  private pauseReadAt = 0;
  private instances: number;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly pauseKey: string;
  private readonly instancesKey: string;
  private closed = false;

  constructor(private readonly options: RedisBudgetOptions) {
    const rate = options.rate;
    this.windowMs = rate?.windowMs ?? 1000;
    this.slotMs = this.windowMs + (options.marginMs ?? Math.max(50, Math.round(this.windowMs * 0.05)));
    this.freeAt = new Array<number>(rate?.max ?? 0).fill(0);
    this.cursor = Math.floor(Math.random() * Math.max(1, rate?.max ?? 1));
    this.instances = Math.max(1, options.assumedInstances ?? 2);
    const duration = this.slotMs / 1000;
    this.insurance = new RateLimiterMemory({ points: 1, duration, keyPrefix: `${options.prefix}budget-local` });
    this.redisLimiter = new RateLimiterRedis({
      storeClient: options.link.client,
      points: 1,
      duration,
      keyPrefix: `${options.prefix}budget`,
      rejectIfRedisNotReady: true,
      customIncrTtlLuaScript: INCR_PX_SCRIPT,
      insuranceLimiter: this.insurance,
    });
    this.pauseKey = `${options.prefix}pause`;
    this.instancesKey = `${options.prefix}instances`;
    this.heartbeat = setInterval(() => void this.beat(), options.heartbeatMs ?? 5000);
    this.heartbeat.unref();
    options.link.onChange((state) => {
      if (state === 'ok') void this.beat();
    });
  }

  /** This instance's share of the budget while Redis is away: conservative, never zero. */
  localShare(): number {
    return Math.max(1, Math.floor((this.options.rate?.max ?? 0) / this.instances));
  }

  async acquire(deadline: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    const pausedUntil = await this.pausedUntil();
    if (pausedUntil > deadline) throw new BudgetTimeoutError(pausedUntil - Date.now());
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => this.settle(waiter, signal?.reason ?? new Error('aborted'));
      const timer = setTimeout(() => this.settle(waiter, new BudgetTimeoutError(this.windowMs)), Math.max(0, deadline - Date.now()));
      const waiter: Waiter = {
        deadline,
        resolve,
        reject,
        settled: false,
        cleanup: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
      void this.pump();
    });
  }

  async pause(ms: number): Promise<void> {
    if (!(ms > 0)) return;
    this.localPauseUntil = Math.max(this.localPauseUntil, Date.now() + ms);
    await this.options.link.attempt(
      async (client) => {
        await client.eval(PAUSE_SCRIPT, 1, this.pauseKey, String(Math.ceil(ms)));
      },
      () => undefined,
    );
  }

  async pausedUntil(): Promise<number> {
    // Read at most every PAUSE_READ_MS: the queue asks before every grant, and a pause another
    // instance set is seen that much later at worst.
    if (Date.now() - this.pauseReadAt > PAUSE_READ_MS) {
      this.pauseReadAt = Date.now();
      // A relative expiry, so instances whose clocks differ still pause for the same span.
      this.sharedPauseUntil = await this.options.link.attempt(
        async (client) => {
          const left = await client.pttl(this.pauseKey);
          return left > 0 ? Date.now() + left : 0;
        },
        () => 0,
      );
    }
    const shared = this.sharedPauseUntil;
    const until = Math.max(shared, this.localPauseUntil);
    return until > Date.now() ? until : 0;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const waiter of [...this.queue]) this.settle(waiter, new Error('The server is shutting down.'));
  }

  /** Registers this instance as alive and sizes the local share by how many are. */
  async beat(): Promise<void> {
    const now = Date.now();
    const count = await this.options.link.attempt(
      async (client) => {
        const results = await client
          .multi()
          .zadd(this.instancesKey, now, this.options.instanceId)
          .zremrangebyscore(this.instancesKey, '-inf', now - 3 * (this.options.heartbeatMs ?? 5000))
          .zcard(this.instancesKey)
          .exec();
        const counted = results?.[2]?.[1];
        return typeof counted === 'number' ? counted : undefined;
      },
      () => undefined,
    );
    if (count !== undefined && count > 0) {
      this.instances = count;
      this.insurance.points = this.localShare();
    }
  }

  private settle(waiter: Waiter, error?: unknown): void {
    if (waiter.settled) return;
    waiter.settled = true;
    waiter.cleanup();
    const index = this.queue.indexOf(waiter);
    if (index >= 0) this.queue.splice(index, 1);
    if (error === undefined) waiter.resolve();
    else waiter.reject(error);
  }

  /** Serves the queue head first: one limiter question at a time per instance. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.queue.length > 0 && !this.closed) {
        const pausedUntil = await this.pausedUntil();
        if (pausedUntil > 0) {
          this.rejectThoseDueBefore(pausedUntil);
          if (this.queue.length === 0) break;
          await sleep(Math.min(pausedUntil - Date.now(), 1000));
          continue;
        }
        if (!this.options.rate) {
          this.settle(this.queue[0]);
          continue;
        }
        const { granted, waitMs } = await this.takeSlots(this.queue.length);
        for (let n = 0; n < granted && this.queue.length > 0; n += 1) this.settle(this.queue[0]);
        if (granted > 0 || waitMs === 0) continue;
        this.rejectThoseDueBefore(Date.now() + waitMs);
        if (this.queue.length === 0) break;
        await sleep(waitMs);
      }
    } finally {
      this.pumping = false;
    }
  }

  /** Waiters whose deadline falls before the next free slot get their 503 now, not at the deadline. */
  private rejectThoseDueBefore(freeAt: number): void {
    const waitMs = freeAt - Date.now();
    for (const waiter of [...this.queue]) if (waiter.deadline < freeAt) this.settle(waiter, new BudgetTimeoutError(waitMs));
  }

  /**
   * Tries up to `wanted` slots this instance believes free, all at once (ioredis sends them in one
   * round trip), so learning which slots other instances hold costs one round trip, not one per
   * slot. Returns how many were taken and, when none is believed free, how long until one may be.
   */
  private async takeSlots(wanted: number): Promise<{ granted: number; waitMs: number }> {
    const up = this.options.link.up;
    const slots = up ? this.freeAt.length : Math.min(this.freeAt.length, this.localShare());
    const now = Date.now();
    const candidates: number[] = [];
    let soonest = Infinity;
    for (let step = 0; step < slots && candidates.length < wanted; step += 1) {
      const i = (this.cursor + step) % slots;
      if (this.freeAt[i] <= now) candidates.push(i);
      else soonest = Math.min(soonest, this.freeAt[i]);
    }
    if (candidates.length === 0) return { granted: 0, waitMs: Math.max(1, soonest - now) };
    this.cursor = (candidates[candidates.length - 1] + 1) % slots;
    const limiter = up ? this.redisLimiter : this.insurance;
    const results = await Promise.allSettled(candidates.map((i) => limiter.consume(`slot${i}`, 1)));
    let granted = 0;
    results.forEach((result, k) => {
      const i = candidates[k];
      if (result.status === 'fulfilled') {
        granted += 1;
        this.freeAt[i] = Date.now() + this.slotMs;
      } else if (result.reason instanceof RateLimiterRes) {
        this.freeAt[i] = Date.now() + Math.max(1, result.reason.msBeforeNext);
      } else {
        // Never grant a request nobody counted: ask again, on the local share if Redis is gone.
        this.options.link.reportFailure(result.reason);
      }
    });
    return { granted, waitMs: 0 };
  }
}
