/**
 * Numbers and names of the Product Information API v2.2 that are not field definitions.
 * Kept in one place so a later API version (v3 makes `category` a required parameter) can be
 * added as an adapter without hunting for literals.
 */

export const API_VERSION = '2.2';

/** Path prefix of every endpoint. */
export const API_BASE_PATH = '/v2';

export const ENDPOINTS = {
  products: `${API_BASE_PATH}/products`,
  downloadUrl: `${API_BASE_PATH}/products/getproductdatadownloadurl`,
} as const;

/** Header that carries the API key on every call. */
export const API_KEY_HEADER = 'x-api-key';

export const LANGS = ['en', 'ja', 'zh'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

/** At most this many part numbers are returned by one per-product retrieval call. */
export const MAX_PRODUCTS_PER_CALL = 2000;

/** A ProductDataDownloadUrl stays valid this many days after it is issued. */
export const DOWNLOAD_URL_VALIDITY_DAYS = 7;

/** The whole request URL, query included, stays at or below this many bytes (see NOTES.md). */
export const URL_BUDGET_BYTES = 2082;

/** Separator of several values inside one quoted filter value (sent as %7C). */
export const VALUE_SEPARATOR = '|';

/** Meaning of each HTTP status as the spec's error table gives it. */
export const STATUS_MEANINGS: Readonly<Record<number, string>> = {
  400: 'a problem with the query parameters',
  403: 'a problem with the specified API key, the API method or the resource',
  404: 'the requested information does not exist',
  429: 'the request count limit was exceeded and the call is blocked by the rate limiter',
  500: 'a problem on the server side',
};

/** True when `value` is one of the languages the API accepts. */
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}
