import { ResponseCache, type CacheOptions } from '../cache/response-cache';
import { ApiError, isApiError } from '../errors/api-error';
import { isHttpError } from '../errors/http-error';
import { ValidationError, isValidationError } from '../errors/validation-error';
import type { Filter, OrderByItem } from '../filter';
import type { ProductRecord } from '../product';
import { CATEGORIES, DEFAULT_LANG, ENDPOINTS, STATUS_MEANINGS, URL_BUDGET_BYTES, isCategoryId, type CategoryId, type Lang } from '../vocabulary';
import { toDownloadLink, type DownloadLink } from './download';
import { readCategoryFileWhenNeeded as readCategoryFile } from '../stream/lazy-category-file';
import { responseChunks } from '../stream/response-bytes';
import { harvestPages, harvestProducts, type HarvestOptions, type HarvestPages, type HarvestResult, type PageResult } from './harvest';
import { readJson, send, type RequestEvent, type Transport } from './http';
import { createLimiter } from './limiter';
import { LookupEngine, type LookupOutcome } from './lookup';
import { normalizeProductsResponse, type NormalizedResponse } from './normalize';
import { partnoFilter } from './packing';
import { assertUrlFits, buildProductsUrl, checkLang, resolveQuery, trimBaseUrl, type SearchQuery } from './query';
import { resolveRetryPolicy, type RetryOptions } from './retry';
import { createServiceMonitor, type ServiceState, type ServiceStateListener } from './service-state';

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

export interface DownloadOptions {
  signal?: AbortSignal;
  /** Bytes received so far (and the total when the service says it). */
  onProgress?: (progress: { bytes: number; totalBytes?: number }) => void;
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

/** Part number used by testConnection; it matches nothing, so the answer is tiny. */
export const PING_PARTNO = '__PARTSPEC_PING__';

/** Creates a client. Nothing is sent until a method is called. */
export function createClient(options: ClientOptions): Client {
  if (!options.baseUrl) throw new ValidationError('badOption', 'The service address (baseUrl) is missing. Enter it in Settings.', { field: 'baseUrl' });
  if (!options.apiKey && !options.getApiKey) {
    throw new ValidationError('badOption', 'No API key is set. Enter it in Settings.', { field: 'apiKey' });
  }
  const baseUrl = trimBaseUrl(options.baseUrl);
  const defaultLang = checkLang(options.lang ?? DEFAULT_LANG);
  const urlBudget = options.urlBudget ?? URL_BUDGET_BYTES;
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const cache = options.cache === false ? undefined : new ResponseCache(options.cache ?? {});
  const transport: Transport = {
    fetch: fetchImpl,
    getApiKey: async () => (options.getApiKey ? ((await options.getApiKey()) ?? '') : (options.apiKey ?? '')),
    retry: resolveRetryPolicy(options.retry),
    limiter: createLimiter({ concurrency: options.concurrency ?? 4, rateLimit: options.rateLimit }),
    timeoutMs: options.timeoutMs ?? 30_000,
    onRequest: options.onRequest,
    service: createServiceMonitor(options.onServiceState),
    totals: { requests: 0, bytes: 0, retries: 0 },
    secrets: new Set(options.apiKey ? [options.apiKey] : []),
  };

  async function fetchProducts(url: string, signal?: AbortSignal): Promise<{ response: NormalizedResponse; requests: number; bytes: number }> {
    const result = await send(transport, url, {
      signal,
      read: async (response) => {
        const { value, bytes } = await readJson(response);
        const normalized = normalizeProductsResponse(value);
        return { value: normalized, bytes, products: normalized.products.length };
      },
    });
    return { response: result.value, requests: result.attempts, bytes: result.bytes };
  }

  /** One search of an already validated query, through the cache. */
  async function page(filter: Filter, orderby: OrderByItem[], lang: Lang, signal?: AbortSignal): Promise<PageResult> {
    const url = buildProductsUrl(baseUrl, filter, orderby, lang);
    const urlBytes = assertUrlFits(url, urlBudget);
    const key = `search|${url}`;
    const cached = cache ? await cache.get<NormalizedResponse>(key) : undefined;
    if (cached) return { ...cached, stats: { requests: 0, bytes: 0, urlBytes } };
    const { response, requests, bytes } = await fetchProducts(url, signal);
    if (cache) await cache.set(key, response);
    return { ...response, stats: { requests, bytes, urlBytes } };
  }

  const lookups = new LookupEngine({
    baseUrl,
    urlBudget,
    windowMs: options.batch?.windowMs ?? 10,
    cache,
    fetchPage: async (url, signal) => {
      assertUrlFits(url, urlBudget);
      return (await fetchProducts(url, signal)).response;
    },
  });

  return {
    async search(query) {
      const resolved = resolveQuery(query, defaultLang);
      return page(resolved.filter, resolved.orderby, resolved.lang, query.signal);
    },

    async harvest(query, harvestOptions = {}) {
      const resolved = resolveQuery(query, defaultLang);
      return harvestProducts({ baseUrl, urlBudget, page }, resolved.filter, resolved.orderby, resolved.lang, harvestOptions);
    },

    harvestPages(query, harvestOptions = {}) {
      const resolved = resolveQuery(query, defaultLang);
      return harvestPages({ baseUrl, urlBudget, page }, resolved.filter, resolved.orderby, resolved.lang, harvestOptions);
    },

    lookup(partnos, lookupOptions = {}) {
      const lang = checkLang(lookupOptions.lang ?? defaultLang);
      return lookups.lookup(partnos, lang, lookupOptions.signal);
    },

    async getDownloadUrl(category, lang = defaultLang, callOptions = {}) {
      checkLang(lang);
      if (!isCategoryId(category) || !CATEGORIES[category].urlAcquisition) {
        const accepted = Object.values(CATEGORIES).filter((c) => c.urlAcquisition).map((c) => c.id);
        throw new ValidationError('unknownCategory', `'${String(category)}' has no download; use ${accepted.join(', ')}.`, {
          token: String(category),
          field: 'category',
        });
      }
      const url = `${baseUrl}${ENDPOINTS.downloadUrl}?category=${encodeURIComponent(category)}&lang=${lang}`;
      const key = `download|${url}`;
      const cached = cache ? await cache.get<DownloadLink>(key) : undefined;
      if (cached && Date.parse(cached.expiresAt) > Date.now()) return cached;
      const result = await send(transport, url, { signal: callOptions.signal, read: readJson });
      const link = toDownloadLink(result.value);
      if (!link) {
        throw new ApiError(
          `GET ${url}: the answer has no ProductDataDownloadUrl`,
          'The service did not return a download link. Try again later.',
        );
      }
      if (cache) await cache.set(key, link, Date.parse(link.expiresAt) - Date.now());
      return link;
    },

    async downloadCategory(url, downloadOptions = {}) {
      const products: ProductRecord[] = [];
      for await (const batch of this.streamCategory(url, downloadOptions)) products.push(...batch);
      return products;
    },

    async *streamCategory(url, downloadOptions = {}) {
      // The key goes only to the service itself, never to another host named in a download link.
      const sameOrigin = new URL(url, baseUrl).origin === new URL(baseUrl).origin;
      // The answer is handed over unread: its body streams through the parser below, outside the
      // request's retries (a file half delivered is not sent again behind the caller's back).
      const result = await send(transport, new URL(url, baseUrl).toString(), {
        signal: downloadOptions.signal,
        withKey: sameOrigin,
        read: async (response) => ({ value: response, bytes: 0 }),
      });
      const response = result.value;
      const chunks = responseChunks(response, {
        signal: downloadOptions.signal,
        idleTimeoutMs: Math.max(transport.timeoutMs, 60_000),
        onBytes: (n, total) => {
          downloadOptions.onProgress?.({ bytes: n, totalBytes: total });
        },
      });
      yield* readCategoryFile(chunks, { category: downloadOptions.category, batchSize: downloadOptions.batchSize, contentType: response.headers.get('content-type') ?? undefined });
    },

    async clearCache() {
      await cache?.clear();
    },

    serviceState: () => transport.service.current(),

    watchService: (listener) => transport.service.subscribe(listener),

    stats() {
      return {
        requests: transport.totals.requests,
        retries: transport.totals.retries,
        bytes: transport.totals.bytes,
        cacheHits: cache?.counts.hits ?? 0,
        cacheMisses: cache?.counts.misses ?? 0,
      };
    },

    async testConnection(callOptions = {}) {
      const started = Date.now();
      const url = buildProductsUrl(baseUrl, partnoFilter([PING_PARTNO], 'eq'), [], defaultLang);
      try {
        await send({ ...transport, retry: resolveRetryPolicy(false) }, url, { signal: callOptions.signal, read: readJson });
        return { ok: true, durationMs: Date.now() - started };
      } catch (error) {
        if (!isApiError(error) && !isValidationError(error)) throw error;
        const status = isHttpError(error) ? error.status : undefined;
        return {
          ok: false,
          durationMs: Date.now() - started,
          error,
          status,
          meaning: status === undefined ? undefined : STATUS_MEANINGS[status],
        };
      }
    },
  };
}
