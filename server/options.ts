import type { SharedState } from './state/types';

/** What the server tells a metrics collector (`server/ops`) as it works. Every method is optional. */
export interface ServerObserver {
  /** Every answered request: the route pattern (never the raw URL), its status and duration. */
  request?(event: { route: string; method: string; status: number; durationMs: number }): void;
  /** Every upstream attempt; `status` is absent when no answer arrived (then `error` names why). */
  upstream?(event: { route: RelayRoute; status?: number; durationMs: number; error?: string }): void;
  /** A relay answer served from the cache (hit) or fetched (miss). */
  cache?(event: { route: RelayRoute; hit: boolean }): void;
  /** Time a request waited in the upstream budget's queue before it could start. */
  queueWait?(event: { route: RelayRoute; ms: number }): void;
  /** The upstream answered 429: every request pauses for `retryAfterMs`. */
  upstreamRateLimited?(event: { retryAfterMs: number }): void;
  /** A request gave up waiting for the budget and was answered 503. */
  budgetTimeout?(event: { route: RelayRoute; waitMs: number }): void;
}

/** Trusted proxies: a number of hops, or addresses and CIDR ranges (never "everything"). */
export type TrustProxy = number | readonly string[];

export type RelayRoute = 'products' | 'downloadUrl' | 'download';

/** Requests per window, for the upstream budget and the per-user limit. */
export interface Rate {
  max: number;
  windowMs: number;
}

/** Per-address limits on refused credentials and unproven pass-through keys (see relay/abuse-limits). */
export interface AbuseLimitOptions {
  failedCredentials?: { points: number; seconds: number };
  unprovenKeyRequests?: { points: number; seconds: number };
}

export interface ServerOptions {
  /** The maker's API, without `/v2` (e.g. `https://api.example.com`). */
  upstream: string;
  /** Team mode: the maker's key, kept on the server; users send personal tokens. */
  apiKey?: string;
  /** Pass-through mode: users' own maker keys are forwarded. @default false */
  passThrough?: boolean;
  /** Cache, coalescing, budget and tokens (in-process or Redis). */
  state: SharedState;
  /**
   * The address users reach the server at (the root of its host). Links, the manifest and the
   * add-in's default API address use it, never a request's Host header.
   * @default http://<host>:<port>/ once listening
   */
  publicUrl?: string;
  /** The add-in build to host (`dist/`); without it only the relay runs. */
  siteDir?: string;
  /** How long answers are cached; 0 turns the cache off (`--no-cache`). @default 24 h, as the add-in */
  cacheTtlMs?: number;
  /** The longest a user request may take, queueing included; past it the answer is 503. @default 25 s */
  requestTimeoutMs?: number;
  /** Per-user (token, key or address) request limit. @default 600 per minute */
  userRate?: Rate | false;
  /**
   * The reverse proxies in front whose `X-Forwarded-For` is believed: how many hops (`1` for one
   * nginx), or their addresses and CIDR ranges. The client's address is then the one the nearest
   * untrusted hop reported, never one a client wrote itself. @default none (the socket's address)
   */
  trustProxy?: TrustProxy;
  /** Serve HTTPS with this certificate and key (PEM). */
  tls?: { cert: Buffer; key: Buffer };
  /** Fastify's logger: false, or a level and optionally a stream (tests read it). @default { level: 'info' } */
  logger?: false | { level: string; stream?: NodeJS.WritableStream };
  /** Secret of the download links; instances behind one address need the same. @default random per process */
  linkSecret?: Buffer;
  observer?: ServerObserver;
  /** Per-address limits on refused credentials and unproven pass-through keys. @default see relay/abuse-limits */
  abuseLimits?: AbuseLimitOptions;
  now?: () => number;
}

export const DEFAULT_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 25_000;
export const DEFAULT_USER_RATE: Rate = { max: 600, windowMs: 60_000 };
export const DEFAULT_SERVER_PORT = 8080;
export const DEFAULT_SERVER_HOST = '127.0.0.1';
