import { sleep } from './sleep';
import { CancelledError } from '../errors/cancelled-error';

/**
 * Keeps the number of requests in flight and the request rate under bounds. Hand-written: the
 * usual queue libraries (p-limit, p-queue) are ES-module-only and would need a transform in the
 * Node test runner; what is needed here is a counter, a FIFO and a sliding window.
 */
export interface LimiterOptions {
  /** Requests in flight at once. @default 4 */
  concurrency?: number;
  /** At most `requests` starts in any window of `perMs` milliseconds. */
  rateLimit?: { requests: number; perMs: number };
  /** Clock, for tests. @default Date.now */
  now?: () => number;
}

export interface Limiter {
  /** Runs `task` when a slot is free and the rate allows; rejects with CancelledError if `signal` fires first. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Requests running now. */
  readonly active: number;
  /** Requests waiting for a slot. */
  readonly pending: number;
}

interface Waiter {
  start: () => void;
  signal?: AbortSignal;
}

export function createLimiter(options: LimiterOptions = {}): Limiter {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const rate = options.rateLimit;
  const now = options.now ?? Date.now;
  const starts: number[] = [];
  const queue: Waiter[] = [];
  let active = 0;
  let pumping = false;

  /** Milliseconds until the rate window has room for one more start. */
  function rateWait(): number {
    if (!rate) return 0;
    const t = now();
    while (starts.length > 0 && starts[0] <= t - rate.perMs) starts.shift();
    if (starts.length < rate.requests) return 0;
    return starts[0] + rate.perMs - t;
  }

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length > 0 && active < concurrency) {
        const wait = rateWait();
        if (wait > 0) {
          await sleep(wait);
          continue;
        }
        const waiter = queue.shift()!;
        if (waiter.signal?.aborted) continue;
        active++;
        if (rate) starts.push(now());
        waiter.start();
      }
    } finally {
      pumping = false;
    }
  }

  return {
    get active() {
      return active;
    },
    get pending() {
      return queue.length;
    },
    run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (signal?.aborted) {
          reject(new CancelledError({ cause: signal.reason }));
          return;
        }
        const onAbort = (): void => {
          const i = queue.indexOf(waiter);
          if (i >= 0) queue.splice(i, 1);
          reject(new CancelledError({ cause: signal?.reason }));
        };
        const waiter: Waiter = {
          signal,
          start: () => {
            signal?.removeEventListener('abort', onAbort);
            task()
              .then(resolve, reject)
              .finally(() => {
                active--;
                void pump();
              });
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(waiter);
        void pump();
      });
    },
  };
}
