import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AbuseLimitOptions } from '../options';
import type { SharedCounterStore } from '../state/types';
import { RelayProblem } from './problem';

/** Refused credentials (wrong tokens, keys the upstream refused) one source address may send before it must wait. */
export const FAILED_CREDENTIALS_PER_ADDRESS = { points: 30, seconds: 600 };
/**
 * Pass-through: upstream requests one source address may make with keys the upstream has not
 * accepted yet (each key is proven by its first successful answer; a proven key is not counted).
 */
export const UNPROVEN_KEY_REQUESTS_PER_ADDRESS = { points: 20, seconds: 60 };

/**
 * Limits per source address for what no per-user limit can catch, because every request brings a
 * new credential: guessing tokens or keys, and random pass-through keys that skip the cache and
 * would spend the shared upstream budget. Counted in Redis when the instances share it (a guesser
 * gains nothing by spreading over instances), in this process otherwise and while Redis is down.
 */
export interface AbuseLimits {
  /** Throws 429 (with Retry-After) while `address` has sent too many refused credentials. */
  checkFailures(address: string): Promise<void>;
  /** Counts one refused credential from `address`. */
  recordFailure(address: string): Promise<void>;
  /** Counts one upstream request with a key not yet proven; throws 429 past the limit. */
  spendUnproven(address: string): Promise<void>;
}

/** A per-address counter: in Redis with this process's count as its insurance, or in this process alone. */
function counter(name: string, rate: { points: number; seconds: number }, shared: SharedCounterStore | undefined): RateLimiterAbstract {
  const local = new RateLimiterMemory({ points: rate.points, duration: rate.seconds, keyPrefix: name });
  if (!shared) return local;
  return new RateLimiterRedis({
    storeClient: shared.client,
    points: rate.points,
    duration: rate.seconds,
    keyPrefix: `${shared.prefix}${name}`,
    rejectIfRedisNotReady: true,
    insuranceLimiter: local,
  });
}

export function createAbuseLimits(options: AbuseLimitOptions = {}, shared?: SharedCounterStore): AbuseLimits {
  const failedRate = options.failedCredentials ?? FAILED_CREDENTIALS_PER_ADDRESS;
  const unprovenRate = options.unprovenKeyRequests ?? UNPROVEN_KEY_REQUESTS_PER_ADDRESS;
  const failures = counter('refused-credentials', failedRate, shared);
  const unproven = counter('unproven-keys', unprovenRate, shared);
  const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

  return {
    async checkFailures(address) {
      const used = await failures.get(address);
      if (used && used.consumedPoints >= failedRate.points) {
        const wait = seconds(used.msBeforeNext);
        throw new RelayProblem(
          429,
          `Too many refused tokens or keys from this address: this PartSpec server takes no more from it for ${wait} s. Check the token or key in Settings.`,
          wait,
        );
      }
    },
    async recordFailure(address) {
      await failures.penalty(address, 1);
    },
    async spendUnproven(address) {
      try {
        await unproven.consume(address, 1);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const wait = seconds(error.msBeforeNext);
        throw new RelayProblem(
          429,
          `Too many requests with API keys the product service has not accepted yet from this address; try again in ${wait} s.`,
          wait,
        );
      }
    },
  };
}
