import { onAbort } from './sleep';
import { CancelledError } from '../errors/cancelled-error';

/**
 * Keeps the number of requests in flight and the request rate under bounds, and paces requests to
 * the rate the service allows. Hand-written: the usual queue libraries (p-limit, p-queue) are
 * ES-module-only and would need a transform in the Node test runner; what is needed here is a
 * counter, a FIFO, a sliding window and a gap between starts.
 *
 * Pacing learns from the service (`observe`): a 429 doubles the gap between request starts and
 * holds every start until its Retry-After; a rate header saying no request is left holds starts
 * until the window resets; each answer that is not a 429 narrows the gap a little (3 %), so the
 * pace creeps back up to what the service allows instead of bursting into 429s again.
 */
export interface LimiterOptions {
  /** Requests in flight at once. @default 4 */
  concurrency?: number;
  /** At most `requests` starts in any window of `perMs` milliseconds. */
  rateLimit?: { requests: number; perMs: number };
  /** Clock, for tests. @default Date.now */
  now?: () => number;
}

/** What one answer said about the service's rate budget. */
export interface PaceObservation {
  /** The answer was a 429. */
  limited: boolean;
  /** Milliseconds until the service takes requests again (Retry-After, or the rate window's reset when none are left). */
  waitMs?: number;
}

export interface Limiter {
  /**
   * Runs `task` when a slot is free and the pace allows; rejects with CancelledError if `signal`
   * fires first. `paced: false` skips the learnt pace (a one-shot request that will not retry, like
   * a connection test, should not queue behind a long Retry-After).
   */
  run<T>(task: () => Promise<T>, signal?: AbortSignal, options?: { paced?: boolean }): Promise<T>;
  /** Learns the service's pace from one answer. */
  observe(observation: PaceObservation): void;
  /** Requests running now. */
  readonly active: number;
  /** Requests waiting for a slot. */
  readonly pending: number;
  /** Milliseconds kept between request starts now (0 when the service has not limited us). */
  readonly gapMs: number;
  /** Milliseconds until starts resume after a hold (0 when none). */
  readonly holdMs: number;
}

interface Waiter {
  start: () => void;
  signal?: AbortSignal;
  paced: boolean;
}

/**
 * The first gap after a 429, and the widest: one start a second. A service stricter than that says
 * so with Retry-After or its rate headers, which hold starts on their own; a wider gap would only
 * slow a storm of 429s down to a crawl.
 */
const FIRST_GAP_MS = 100;
const MAX_GAP_MS = 1_000;
/** Below this the gap is dropped: the service has stopped limiting us. */
const MIN_GAP_MS = 5;
/** Each answer that is not a 429 narrows the gap by this factor. */
const RECOVERY = 0.97;

export function createLimiter(options: LimiterOptions = {}): Limiter {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const rate = options.rateLimit;
  const now = options.now ?? Date.now;
  const starts: number[] = [];
  const queue: Waiter[] = [];
  let active = 0;
  let wakeUp: ReturnType<typeof setTimeout> | undefined;
  let gap = 0;
  let lastStart = Number.NEGATIVE_INFINITY;
  let holdUntil = 0;

  /** Milliseconds until the rate window, the hold and the gap all allow one more start. */
  function startWait(paced: boolean): number {
    const t = now();
    let wait = paced ? Math.max(0, holdUntil - t, lastStart + gap - t) : 0;
    if (rate) {
      while (starts.length > 0 && starts[0] <= t - rate.perMs) starts.shift();
      if (starts.length >= rate.requests) wait = Math.max(wait, starts[0] + rate.perMs - t);
    }
    return wait;
  }

  /** Starts what may start now; when the pace says wait, wakes itself up once, at the right time. */
  function pump(): void {
    if (wakeUp) return;
    while (queue.length > 0 && active < concurrency) {
      const wait = startWait(queue[0].paced);
      if (wait > 0) {
        wakeUp = setTimeout(() => {
          wakeUp = undefined;
          pump();
        }, wait);
        return;
      }
      const waiter = queue.shift()!;
      if (waiter.signal?.aborted) continue;
      active++;
      lastStart = now();
      if (rate) starts.push(lastStart);
      waiter.start();
    }
  }

  /** Nobody waits any more: no timer keeps the process alive for them. */
  function settleIfIdle(): void {
    if (queue.length > 0 || !wakeUp) return;
    clearTimeout(wakeUp);
    wakeUp = undefined;
  }

  return {
    get active() {
      return active;
    },
    get pending() {
      return queue.length;
    },
    get gapMs() {
      return gap;
    },
    get holdMs() {
      return Math.max(0, holdUntil - now());
    },
    observe({ limited, waitMs }) {
      if (waitMs !== undefined && waitMs > 0) holdUntil = Math.max(holdUntil, now() + waitMs);
      if (limited) gap = Math.min(MAX_GAP_MS, Math.max(FIRST_GAP_MS, gap * 2));
      else if (gap > 0) gap = gap * RECOVERY < MIN_GAP_MS ? 0 : gap * RECOVERY;
    },
    run<T>(task: () => Promise<T>, signal?: AbortSignal, runOptions: { paced?: boolean } = {}): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (signal?.aborted) {
          reject(new CancelledError({ cause: signal.reason }));
          return;
        }
        // One listener on the signal for all waiters (see onAbort), dropped once this one starts.
        const stopWaiting = signal
          ? onAbort(signal, () => {
              const i = queue.indexOf(waiter);
              if (i >= 0) queue.splice(i, 1);
              settleIfIdle();
              reject(new CancelledError({ cause: signal.reason }));
            })
          : undefined;
        const waiter: Waiter = {
          signal,
          paced: runOptions.paced ?? true,
          start: () => {
            stopWaiting?.();
            task()
              .then(resolve, reject)
              .finally(() => {
                active--;
                pump();
              });
          },
        };
        queue.push(waiter);
        pump();
      });
    },
  };
}
