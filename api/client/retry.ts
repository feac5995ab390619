/**
 * Retry policy as data. Hand-written rather than taken from a retry library: the ones that fit
 * (p-retry, ky's internals) ship as ES modules only, which the Node test runner cannot load
 * without a transform, and the whole policy is a few pure functions.
 *
 * Every request the client sends is an idempotent GET, so a request is retried until it succeeds
 * or its time budget is spent, not for a small fixed count: with the defaults, a request that
 * keeps failing gives up 2 minutes after its first failure (plus at most the one attempt then
 * running, itself bounded by the client's `timeoutMs`). A 429 whose Retry-After says when to come
 * back (within `maxRetryAfter`) is a wait, not a failed attempt; the wait still counts against the
 * time budget, and a Retry-After that ends after the budget ends the request at once.
 */

export interface RetryOptions {
  /**
   * Failed attempts retried at most, on top of the time budget: `limit + 1` failed attempts end
   * the request. A 429 with Retry-After is not a failed attempt. `0` turns retrying off entirely
   * (429 waits included).
   * @default Infinity (the time budget decides)
   */
  limit?: number;
  /**
   * Milliseconds a request keeps retrying after its first failure. No wait that would end after
   * the budget is started: the request fails at once with its last error instead.
   * @default 120000
   */
  budgetMs?: number;
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
   * shortened to this, and the 429 then counts as a failed attempt.
   * @default 60000
   */
  maxRetryAfter?: number;
  /**
   * Whether a request that hit the per-request timeout is tried again.
   * @default true
   */
  retryOnTimeout?: boolean;
  /**
   * Failed attempts in a row that found nothing answering at the address (a refused connection, a
   * name that does not resolve; in a browser, a failed fetch whose probe got no answer either)
   * that end the request whatever is left of the budget: waiting does not start a stopped
   * service. The same in every shell, so the add-in gives up as soon as the command line.
   * @default 3
   */
  unreachableLimit?: number;
}

export type RetryPolicy = Required<RetryOptions>;

/** Statuses that must never be retried whatever the options say. */
export const NEVER_RETRIED_STATUSES: readonly number[] = [400, 403, 404, 414];

export const DEFAULT_RETRY: RetryPolicy = {
  limit: Number.POSITIVE_INFINITY,
  budgetMs: 120_000,
  statusCodes: [408, 429, 500, 502, 503, 504],
  initialDelay: 300,
  backoffLimit: 10_000,
  jitter: true,
  maxRetryAfter: 60_000,
  retryOnTimeout: true,
  unreachableLimit: 3,
};

/** Fills in the defaults; `false` or `{ limit: 0 }` turns retrying off. */
export function resolveRetryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  if (options === false) return { ...DEFAULT_RETRY, limit: 0, budgetMs: 0 };
  const defined = Object.fromEntries(Object.entries(options ?? {}).filter(([, value]) => value !== undefined)) as RetryOptions;
  return { ...DEFAULT_RETRY, ...defined };
}

/** Where a request stands in its retry budget. */
export interface RetryState {
  /** Failed attempts so far (429s with Retry-After not counted). */
  failures: number;
  /** When the first failure happened (ms since the epoch). */
  firstFailureAt: number;
}

/**
 * Whether a request may wait `delayMs` and try again: retrying is on, the failed attempts are
 * within `limit`, and the wait ends inside the time budget.
 */
export function mayRetry(state: RetryState, delayMs: number, policy: RetryPolicy, now: number = Date.now()): boolean {
  if (policy.limit <= 0) return false;
  if (state.failures > policy.limit) return false;
  return now + delayMs <= state.firstFailureAt + policy.budgetMs;
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

/** Reads a rate header's reset: seconds from now, or (when it is that large) a Unix time in seconds. */
function resetMs(text: string, now: number): number | undefined {
  if (!/^\d+(\.\d+)?$/.test(text.trim())) return undefined;
  const value = Number(text);
  return value > 1e9 ? Math.max(0, value * 1000 - now) : Math.round(value * 1000);
}

/**
 * Milliseconds until the service's rate window resets when its rate headers
 * (`X-RateLimit-Remaining`/`-Reset`, or `RateLimit-Remaining`/`-Reset`) say no request is left;
 * undefined when they are absent or some requests remain.
 */
export function parseRateLimitWait(headers: { get(name: string): string | null }, now: number = Date.now()): number | undefined {
  for (const prefix of ['x-ratelimit-', 'ratelimit-']) {
    const remaining = headers.get(`${prefix}remaining`);
    if (remaining === null || remaining.trim() === '') continue;
    if (Number(remaining) > 0) return undefined;
    const reset = headers.get(`${prefix}reset`);
    return reset === null ? undefined : resetMs(reset, now);
  }
  return undefined;
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
