import { BudgetTimeoutError, type UpstreamBudget } from './types';

export interface UpstreamRate {
  /** Requests allowed in any window of `windowMs`. */
  max: number;
  windowMs: number;
}

export interface SlidingBudgetOptions {
  /** No rate: requests start at once (an upstream 429 still pauses them). */
  rate?: UpstreamRate;
  /**
   * Added to the window, because the upstream counts arrivals and ours are starts: a request that
   * leaves at the window's edge may arrive a little later.
   * @default 5% of the window, at least 50 ms
   */
  marginMs?: number;
  now?: () => number;
}

interface Waiter {
  deadline: number;
  resolve: () => void;
  reject: (error: unknown) => void;
  timer?: NodeJS.Timeout;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * The in-process upstream budget: a first-come, first-served queue in front of a sliding log of
 * start times. A fixed-window counter (what most limiters use) lets 2N requests through across
 * a window boundary, which an upstream with its own window answers with 429; the log guarantees
 * at most N starts in every window of that length, whatever the upstream's window alignment.
 */
export function createSlidingBudget(options: SlidingBudgetOptions = {}): UpstreamBudget & { queued(): number } {
  const now = options.now ?? Date.now;
  const rate = options.rate;
  const margin = rate ? (options.marginMs ?? Math.max(50, Math.round(rate.windowMs * 0.05))) : 0;
  const starts: number[] = [];
  const queue: Waiter[] = [];
  let pausedUntil = 0;
  let timer: NodeJS.Timeout | undefined;

  /** When the request at queue position `k` may start, as far as we can tell now. */
  function estimateStart(k: number): number {
    const t = now();
    let at = t;
    if (rate) {
      const free = rate.max - starts.length;
      if (k >= free) {
        const beyond = k - free;
        const slot = starts[beyond % rate.max] ?? t;
        at = slot + (rate.windowMs + margin) * (Math.floor(beyond / rate.max) + 1);
      }
    }
    return Math.max(at, pausedUntil);
  }

  function prune(t: number): void {
    if (!rate) return;
    while (starts.length > 0 && t - starts[0] >= rate.windowMs + margin) starts.shift();
  }

  function settle(waiter: Waiter): void {
    if (waiter.timer) clearTimeout(waiter.timer);
    if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
  }

  function pump(): void {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    for (;;) {
      const head = queue[0];
      if (!head) return;
      const t = now();
      prune(t);
      const nextAt = estimateStart(0);
      if (nextAt > t) {
        timer = setTimeout(pump, nextAt - t);
        return;
      }
      queue.shift();
      if (rate) starts.push(t);
      settle(head);
      head.resolve();
    }
  }

  function remove(waiter: Waiter, error: unknown): void {
    const i = queue.indexOf(waiter);
    if (i >= 0) queue.splice(i, 1);
    settle(waiter);
    waiter.reject(error);
    pump();
  }

  return {
    acquire(deadline, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        prune(now());
        const expected = estimateStart(queue.length);
        if (expected > deadline) {
          reject(new BudgetTimeoutError(expected - now()));
          return;
        }
        const waiter: Waiter = { deadline, resolve, reject, signal };
        waiter.timer = setTimeout(() => remove(waiter, new BudgetTimeoutError(Math.max(0, estimateStart(queue.indexOf(waiter)) - now()))), Math.max(0, deadline - now()));
        if (signal) {
          waiter.onAbort = () => remove(waiter, signal.reason);
          signal.addEventListener('abort', waiter.onAbort, { once: true });
        }
        queue.push(waiter);
        pump();
      });
    },
    async pause(ms) {
      pausedUntil = Math.max(pausedUntil, now() + Math.max(0, ms));
      pump();
    },
    async pausedUntil() {
      return pausedUntil > now() ? pausedUntil : 0;
    },
    queued: () => queue.length,
  };
}
