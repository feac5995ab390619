import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ServerObserver } from '../options';
import type { SharedState } from '../state/types';

/** Seconds buckets for the upstream's latency and the budget queue: from a cache-speed 5 ms to the 25 s request timeout. */
const SECONDS_BUCKETS = [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25];

export interface ServerMetrics {
  /** The Prometheus registry (one per server, so several servers may share a process). */
  readonly registry: Registry;
  /** Give this to `buildServer` as `observer`: the relay reports into the counters through it. */
  readonly observer: ServerObserver;
  /** Last time the upstream answered anything, and last time it could not be reached (epoch ms, 0 = never). */
  upstreamSeen(): { answeredAt: number; failedAt: number };
}

export interface ServerMetricsOptions {
  /** Read at every scrape for the shared-state and pause gauges. */
  state: SharedState;
  /** Node process metrics (memory, CPU, event-loop lag) with the `partspec_` prefix. @default true */
  processMetrics?: boolean;
  now?: () => number;
}

/**
 * The server's Prometheus metrics (prom-client), fed by the relay through the observer hooks. Names
 * and what each tells an operator are in the README ("Running several instances with Redis").
 * Labels are route patterns and statuses only: never a URL, a part number, a key or a token.
 */
export function createServerMetrics(options: ServerMetricsOptions): ServerMetrics {
  const now = options.now ?? Date.now;
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: 'partspec_' });
  let answeredAt = 0;
  let failedAt = 0;

  /** A counter of this server's registry, by the given labels. */
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> => new Counter({ name, help, labelNames, registers });
  /** A histogram of this server's registry in SECONDS_BUCKETS, by relay route. */
  const histogram = (name: string, help: string): Histogram<'route'> =>
    new Histogram({ name, help, labelNames: ['route'] as const, buckets: SECONDS_BUCKETS, registers });
  const requests = counter('partspec_http_requests_total', 'Requests answered by this server, by route pattern, method and status.', ['route', 'method', 'status']);
  const requestSeconds = histogram('partspec_http_request_duration_seconds', 'Time to answer a request, queueing for the upstream budget included.');
  const upstreamRequests = counter('partspec_upstream_requests_total', "Requests sent to the maker's API, by relay route and its status ('error' when no answer arrived).", ['route', 'status']);
  const upstreamSeconds = histogram('partspec_upstream_request_duration_seconds', "Time the maker's API took to answer (headers), by relay route.");
  const cacheLookups = counter('partspec_cache_lookups_total', 'Answer-cache lookups by relay route and result (hit or miss).', ['route', 'result']);
  const queueSeconds = histogram('partspec_budget_queue_wait_seconds', 'Time a request waited for the upstream budget before it could be sent.');
  const budgetTimeouts = counter('partspec_budget_timeouts_total', 'Requests answered 503 because the upstream budget could not serve them before their timeout.', ['route']);
  const upstream429 = counter('partspec_upstream_429_total', "429 answers from the maker's API (each one pauses every request for its Retry-After).");
  const pauseSeconds = counter('partspec_upstream_pause_seconds_total', 'Pause asked for by the upstream 429s (their Retry-After), in seconds.');

  new Gauge({
    name: 'partspec_upstream_paused',
    help: '1 while upstream requests are paused by a 429 (on any instance, with Redis), else 0.',
    registers,
    async collect() {
      this.set((await options.state.budget.pausedUntil()) > now() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'partspec_shared_state_degraded',
    help: "1 while the shared state (Redis) is unavailable and this instance uses its own state, else 0. The label says which state is configured.",
    labelNames: ['kind'] as const,
    registers,
    collect() {
      this.reset();
      const health = options.state.health();
      this.set({ kind: health.kind }, health.state === 'ok' ? 0 : 1);
    },
  });
  new Gauge({
    name: 'partspec_shared_state_state_seconds',
    help: 'Seconds since the shared state last changed between ok and degraded (0 for the in-process state).',
    registers,
    collect() {
      const health = options.state.health();
      this.set(health.kind === 'redis' ? Math.max(0, (now() - Date.parse(health.since)) / 1000) : 0);
    },
  });

  const observer: ServerObserver = {
    request({ route, method, status, durationMs }) {
      requests.inc({ route, method, status: String(status) });
      requestSeconds.observe({ route }, durationMs / 1000);
    },
    upstream({ route, status, durationMs }) {
      upstreamRequests.inc({ route, status: status === undefined ? 'error' : String(status) });
      if (status === undefined) {
        failedAt = now();
        return;
      }
      answeredAt = now();
      upstreamSeconds.observe({ route }, durationMs / 1000);
    },
    cache({ route, hit }) {
      cacheLookups.inc({ route, result: hit ? 'hit' : 'miss' });
    },
    queueWait({ route, ms }) {
      queueSeconds.observe({ route }, ms / 1000);
    },
    upstreamRateLimited({ retryAfterMs }) {
      upstream429.inc();
      pauseSeconds.inc(retryAfterMs / 1000);
    },
    budgetTimeout({ route }) {
      budgetTimeouts.inc({ route });
    },
  };

  return { registry, observer, upstreamSeen: () => ({ answeredAt, failedAt }) };
}
