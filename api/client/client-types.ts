import type { CacheOptions } from '../cache/response-cache';
import type { ApiError } from '../errors/api-error';
import type { ValidationError } from '../errors/validation-error';
import type { ProductRecord } from '../product';
import type { CategoryId, Lang } from '../vocabulary';
import type { DownloadLink } from './download';
import type { HarvestOptions, HarvestPages, HarvestResult } from './harvest';
import type { RequestEvent } from './http';
import type { LookupOutcome } from './lookup';
import type { SearchQuery } from './query';
import type { RetryOptions } from './retry';
import type { ServiceState, ServiceStateListener } from './service-state';

/** What a client is made with and what it offers: the API client's public shape. */

export interface ClientOptions {
  /** Address of the service, without the `/v2` path (e.g. the emulator's `http://127.0.0.1:PORT`). */
  baseUrl: string;
  /** The API key. Give this or `getApiKey`. */
  apiKey?: string;
  /** Reads the key when a request is sent (so a key changed in Settings applies at once). */
  getApiKey?: () => Promise<string | undefined> | string | undefined;
  /**
   * Language of values in filters and results.
   * @default 'en'
   */
  lang?: Lang;
  /**
   * The fetch implementation (tests and Node may inject one).
   * @default globalThis.fetch
   */
  fetch?: typeof globalThis.fetch;
  /**
   * Retry policy; `false` sends each request once. By default a failing request is retried with
   * jittered backoff for up to 2 minutes after its first failure; a 429 with Retry-After is a wait,
   * not a failed attempt.
   * @default { limit: Infinity, budgetMs: 120000, statusCodes: [408, 429, 500, 502, 503, 504], initialDelay: 300, backoffLimit: 10000, jitter: true, maxRetryAfter: 60000, retryOnTimeout: true }
   */
  retry?: RetryOptions | false;
  /**
   * Requests in flight at once.
   * @default 4
   */
  concurrency?: number;
  /**
   * Client-side rate bound: at most `requests` starts per `perMs` milliseconds. Without it the
   * client still paces itself to what the service allows, learnt from 429s and rate headers.
   * @default undefined (no fixed bound)
   */
  rateLimit?: { requests: number; perMs: number };
  /**
   * Response cache; `false` turns it off.
   * @default { ttlMs: 86400000, maxEntries: 5000 } (memory only)
   */
  cache?: CacheOptions | false;
  /**
   * Upper bound of a request URL in bytes, query included.
   * @default 2082
   */
  urlBudget?: number;
  /**
   * Lookups made within `windowMs` of each other share their requests.
   * @default { windowMs: 10 }
   */
  batch?: { windowMs?: number };
  /**
   * Time allowed for one attempt (headers and body), in ms.
   * @default 30000
   */
  timeoutMs?: number;
  /** Hears about every attempt (for statistics); the key is never part of what it receives. */
  onRequest?: (event: RequestEvent) => void;
  /** Hears when the service starts or stops limiting, failing or being slow (for progress lines). */
  onServiceState?: ServiceStateListener;
}

export interface SearchOptions extends SearchQuery {
  signal?: AbortSignal;
}

/** The answer of one product search call. */
export interface SearchResult {
  products: ProductRecord[];
  /** The service has more matches than it returned (use harvest for all of them). */
  hasMoreHits: boolean;
  /** Attempts sent (0 when served from the cache), body bytes, and the URL's bytes. */
  stats: { requests: number; bytes: number; urlBytes: number };
}

export interface LookupOptions {
  lang?: Lang;
  signal?: AbortSignal;
}

/** Bytes of a category file received so far, and its size when the service says it. */
export interface DownloadProgress {
  bytes: number;
  totalBytes?: number;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /** Bytes received so far (and the total when the service says it). */
  onProgress?: (progress: DownloadProgress) => void;
  /** The category the file is for: names the group when the file does not. */
  category?: CategoryId;
  /**
   * Products per batch. Smaller batches die young, which keeps a streamed download's peak memory
   * low (each batch otherwise outlives the garbage collector's young generation). @default 500
   */
  batchSize?: number;
}

export interface ClientStats {
  /** Attempts sent, retries included. */
  requests: number;
  retries: number;
  /** Response body bytes received. */
  bytes: number;
  cacheHits: number;
  cacheMisses: number;
}

export type ConnectionResult =
  | { ok: true; durationMs: number }
  | { ok: false; durationMs: number; error: ApiError | ValidationError; status?: number; meaning?: string };

export interface Client {
  /** One product search call: validated before sending, normalized, at most 2000 products. */
  search(options: SearchOptions): Promise<SearchResult>;
  /** Every product matching the query, beyond the 2000 cap. */
  harvest(query: SearchQuery, options?: HarvestOptions): Promise<HarvestResult>;
  /**
   * The same harvest page by page, so a whole category is never held at once: each page holds
   * only new products, in the query's order when `inOrder` (see HarvestPages). The query is
   * validated here, before any request; calls go when the pages are read.
   */
  harvestPages(query: SearchQuery, options?: HarvestOptions): HarvestPages;
  /** What each input part number is: exact, variant, ambiguous, notFound or invalid. */
  lookup(partnos: readonly string[], options?: LookupOptions): Promise<Map<string, LookupOutcome>>;
  /**
   * Requests `lookup` of these part numbers would send at most, said before it is called (nothing
   * is sent): one per URL of exact numbers, one per URL of prefixes for those not found exactly.
   */
  planLookup(partnos: readonly string[], options?: Pick<LookupOptions, 'lang'>): number;
  /** The download link of a whole category (cached until it expires). */
  getDownloadUrl(category: CategoryId, lang?: Lang, options?: { signal?: AbortSignal }): Promise<DownloadLink>;
  /** Downloads and reads a whole category file into memory; prefer streamCategory for large ones. */
  downloadCategory(url: string, options?: DownloadOptions): Promise<ProductRecord[]>;
  /**
   * Downloads a category file and yields its products in batches as they are parsed (JSON, CSV,
   * TSV or xlsx, plain or in ZIP or gzip). The format is checked before the first batch; stopping
   * the iteration or the signal closes the connection.
   */
  streamCategory(url: string, options?: DownloadOptions): AsyncGenerator<ProductRecord[]>;
  /** Empties the memory cache and the persistent store. */
  clearCache(): Promise<void>;
  stats(): ClientStats;
  /** One cheap call that tells whether the address and key work. */
  testConnection(options?: { signal?: AbortSignal }): Promise<ConnectionResult>;
  /** How the service behaves now (limiting, failing, slow or ok). */
  serviceState(): ServiceState;
  /** Calls `listener` each time the service's condition changes; returns the function that stops it. */
  watchService(listener: ServiceStateListener): () => void;
}
