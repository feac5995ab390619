import { ResponseCache } from '../cache/response-cache';
import { hashKey } from '../cache/key-scope';
import { ApiError, isApiError } from '../errors/api-error';
import { isHttpError } from '../errors/http-error';
import { isAuthError } from '../errors/auth-error';
import { ValidationError, isValidationError } from '../errors/validation-error';
import type { Filter, OrderByItem } from '../filter';
import type { ProductRecord } from '../product';
import { CATEGORIES, DEFAULT_LANG, ENDPOINTS, STATUS_MEANINGS, URL_BUDGET_BYTES, isCategoryId, type Lang } from '../vocabulary';
import { isWebLink, NOT_A_WEB_LINK_SENTENCE, toDownloadLink, type DownloadLink } from './download';
import { readCategoryFileWhenNeeded as readCategoryFile } from '../stream/lazy-category-file';
import { responseChunks } from '../stream/response-bytes';
import { harvestPages, harvestProducts, type PageResult } from './harvest';
import { readJson, send, type Transport } from './http';
import { redactProducts } from '../json-bounds';
import type { Client, ClientOptions } from './client-types';
import { createLimiter } from './limiter';
import { LookupEngine } from './lookup';
import { normalizeProductsResponse, type NormalizedResponse } from '../normalize';
import { partnoFilter } from './packing';
import { assertUrlFits, buildProductsUrl, checkLang, resolveQuery, trimBaseUrl } from './query';
import { resolveRetryPolicy } from './retry';
import { createServiceMonitor } from './service-state';

export type { Client, ClientOptions, ClientStats, ConnectionResult, DownloadOptions, LookupOptions, SearchOptions, SearchResult } from './client-types';

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
  // Answers are kept per key (by its hash), and a key is confirmed with one small request before
  // the first answer kept for it is used: a revoked key fails the run at once, not a day later.
  const confirmKey = async (): Promise<void> => {
    const url = buildProductsUrl(baseUrl, partnoFilter([PING_PARTNO], 'eq'), [], defaultLang);
    try {
      await send({ ...transport, retry: resolveRetryPolicy(false) }, url, { read: (response) => readJson(response, transport.secrets) });
    } catch (error) {
      // Only a rejected key is news; a service that cannot be reached leaves the kept answers usable.
      if (isAuthError(error)) throw error;
    }
  };
  const cache = options.cache === false ? undefined : new ResponseCache({ scope: async () => hashKey(await transport.getApiKey()), confirm: confirmKey, ...(options.cache ?? {}) });

  async function fetchProducts(url: string, signal?: AbortSignal): Promise<{ response: NormalizedResponse; requests: number; bytes: number }> {
    const result = await send(transport, url, {
      signal,
      read: async (response) => {
        const { value, bytes } = await readJson(response, transport.secrets);
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

    planLookup(partnos, lookupOptions = {}) {
      return lookups.planRequests(partnos, checkLang(lookupOptions.lang ?? defaultLang));
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
      const result = await send(transport, url, { signal: callOptions.signal, read: (response) => readJson(response, transport.secrets) });
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
      if (!isWebLink(url) || !isWebLink(new URL(url, baseUrl).href)) throw new ApiError(`the download link's scheme is not http or https`, NOT_A_WEB_LINK_SENTENCE);
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
      const batches = readCategoryFile(chunks, { category: downloadOptions.category, batchSize: downloadOptions.batchSize, contentType: response.headers.get('content-type') ?? undefined });
      // A key the file echoes goes no further than here, as in every other answer.
      for await (const batch of batches) yield redactProducts(batch, transport.secrets);
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
        await send({ ...transport, retry: resolveRetryPolicy(false) }, url, { signal: callOptions.signal, read: (response) => readJson(response, transport.secrets) });
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
