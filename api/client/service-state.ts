/**
 * How the service is behaving, as the client sees it, for progress lines: a user watching a long
 * enrichment deserves to know that it is slow because the service is limiting requests or failing
 * and PartSpec is waiting for it, not because something hangs.
 */

/**
 * ok: answers come normally. limiting: the service answered 429 or said its rate budget is spent,
 * and requests are paced to what it allows. failing: answers are 5xx, dropped connections or
 * timeouts, and are being retried. slow: answers come, but each takes long.
 */
export type ServiceCondition = 'ok' | 'slow' | 'limiting' | 'failing';

export interface ServiceState {
  condition: ServiceCondition;
  /** For limiting: milliseconds until the service said it takes requests again, when it said. */
  waitMs?: number;
}

/** An answer that took longer than this makes the service 'slow'. */
export const SLOW_ANSWER_MS = 5_000;

/** Listens to the state; returns the function that stops listening. */
export type ServiceStateListener = (state: ServiceState) => void;

export interface ServiceMonitor {
  current(): ServiceState;
  /** Records what one attempt showed; listeners hear only changes of condition. */
  report(state: ServiceState): void;
  subscribe(listener: ServiceStateListener): () => void;
}

/** A monitor that tells its listeners (and `initial`) each time the condition changes. */
export function createServiceMonitor(initial?: ServiceStateListener): ServiceMonitor {
  const listeners = new Set<ServiceStateListener>(initial ? [initial] : []);
  let state: ServiceState = { condition: 'ok' };
  return {
    current: () => state,
    report(next) {
      if (next.condition === state.condition) return;
      state = next;
      for (const listener of [...listeners]) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The state in words for an English progress line ('' when all is well). */
export function describeServiceState(state: ServiceState): string {
  switch (state.condition) {
    case 'limiting':
      return state.waitMs !== undefined && state.waitMs >= 1000
        ? `the service is limiting requests; waiting ${Math.ceil(state.waitMs / 1000)} s as it asks`
        : 'the service is limiting requests; pacing to its rate';
    case 'failing':
      return 'the service is failing some requests; retrying';
    case 'slow':
      return 'the service is slow to answer';
    default:
      return '';
  }
}
