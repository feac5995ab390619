import { CancelledError } from '../errors/cancelled-error';

/**
 * Everyone waiting on one signal, behind a single real listener. A long-lived signal (a lookup
 * batch's, Ctrl+C's, a task's Cancel button) is shared by every request and backoff wait of a run;
 * one listener each would pile up hundreds on it (and Node warns past ten). Instead the signal
 * gets one listener that fans out, removed as soon as nobody waits any more.
 */
const waiting = new WeakMap<AbortSignal, { callbacks: Set<() => void>; fire: () => void }>();

/**
 * Calls `callback` once when `signal` fires; returns the function that stops waiting. Adds at
 * most one listener to the signal however many callers wait on it.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  let entry = waiting.get(signal);
  if (!entry) {
    const callbacks = new Set<() => void>();
    const fire = (): void => {
      waiting.delete(signal);
      for (const each of [...callbacks]) each();
      callbacks.clear();
    };
    entry = { callbacks, fire };
    waiting.set(signal, entry);
    signal.addEventListener('abort', fire, { once: true });
  }
  const current = entry;
  const once = (): void => callback();
  current.callbacks.add(once);
  return () => {
    if (!current.callbacks.delete(once) || current.callbacks.size > 0) return;
    if (waiting.get(signal) === current) {
      waiting.delete(signal);
      signal.removeEventListener('abort', current.fire);
    }
  };
}

/** Waits `ms`, or rejects with CancelledError as soon as `signal` fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CancelledError({ cause: signal.reason }));
      return;
    }
    const stop = signal
      ? onAbort(signal, () => {
          clearTimeout(timer);
          reject(new CancelledError({ cause: signal.reason }));
        })
      : undefined;
    const timer = setTimeout(() => {
      stop?.();
      resolve();
    }, ms);
  });
}

/** Throws CancelledError when the signal has fired. */
export function throwIfCancelled(signal?: AbortSignal): void {
  if (signal?.aborted) throw new CancelledError({ cause: signal.reason });
}
