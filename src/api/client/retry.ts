/**
 * Retry policy as data. Hand-written rather than taken from a retry library: the ones that fit
 * (p-retry, ky's internals) ship as ES modules only, which the Node test runner cannot load
 * without a transform, and the whole policy is a few pure functions.
 */

export interface RetryOptions {
  /**
   * Retries after the first attempt (so `limit + 1` attempts at most).
   * @default 4
   */
  limit?: number;
  /**
   * Statuses that are retried. 400, 403, 404 and 414 are never retried, even if listed: repeating
   * the same request cannot change those answers.
   * @default [408, 429, 500, 502, 503, 504]
   */
  statusCodes?: readonly number[];
  /**
   * Delay before the first retry, in ms; each further retry doubles it.
   * @default 300
   */
  initialDelay?: number;
  /**
   * Upper bound of one backoff delay, in ms.
   * @default 10000
   */
  backoffLimit?: number;
  /**
   * Randomize each delay so that many clients do not retry in step. `true` picks uniformly
   * between half the delay and the whole delay; a function maps the delay to the one used.
   * @default true
   */
  jitter?: boolean | ((delay: number) => number);
  /**
   * Upper bound of a wait the service asks for with Retry-After, in ms: a longer request is
   * shortened to this.
   * @default 60000
   */
  maxRetryAfter?: number;
  /**
   * Whether a request that hit the per-request timeout is tried again.
   * @default true
   */
  retryOnTimeout?: boolean;
}

export type RetryPolicy = Required<RetryOptions>;

/** Statuses that must never be retried whatever the options say. */
export const NEVER_RETRIED_STATUSES: readonly number[] = [400, 403, 404, 414];

export const DEFAULT_RETRY: RetryPolicy = {
  limit: 4,
  statusCodes: [408, 429, 500, 502, 503, 504],
  initialDelay: 300,
  backoffLimit: 10_000,
  jitter: true,
  maxRetryAfter: 60_000,
  retryOnTimeout: true,
};

/** Fills in the defaults; `false` or `{ limit: 0 }` turns retrying off. */
export function resolveRetryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  if (options === false) return { ...DEFAULT_RETRY, limit: 0 };
  return { ...DEFAULT_RETRY, ...options };
}

/** Whether a response status is worth another attempt under the policy. */
export function isRetryableStatus(status: number, policy: RetryPolicy): boolean {
  return !NEVER_RETRIED_STATUSES.includes(status) && policy.statusCodes.includes(status);
}

/**
 * Milliseconds a Retry-After header asks for: delta-seconds or an HTTP date. Undefined when the
 * header is absent or unreadable; never negative.
 */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | undefined {
  if (header === null || header === undefined || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (1-based): the service's Retry-After when it gave one
 * (capped by maxRetryAfter), otherwise exponential backoff capped by backoffLimit, with jitter.
 */
export function computeRetryDelay(
  retry: number,
  policy: RetryPolicy,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxRetryAfter);
  const base = Math.min(policy.backoffLimit, policy.initialDelay * 2 ** (retry - 1));
  if (policy.jitter === false) return base;
  if (typeof policy.jitter === 'function') return Math.max(0, Math.min(policy.backoffLimit, policy.jitter(base)));
  return base / 2 + random() * (base / 2);
}
