import { ValidationError } from '../errors/validation-error';
import {
  categoryOf,
  encodeQueryValue,
  formatFilter,
  formatOrderBy,
  parseFilter,
  parseOrderBy,
  unknownCategoryError,
  validateFilter,
  type Condition,
  type Filter,
  type OrderByItem,
} from '../filter';
import { ENDPOINTS, LANGS, isCategoryId, isLang, type CategoryId, type Lang } from '../vocabulary';
import { utf8Length } from './http';

/** A product search as callers write it. */
export interface SearchQuery {
  /** Category ID; becomes a `Category eq '…'` condition. */
  category?: CategoryId;
  /** Filter text as a user types it (`Capacitance ge 100n and Status eq 'NRND'`) or a built Filter. */
  filter?: string | Filter;
  /** `Capacitance desc, Partno` or items. */
  orderby?: string | readonly OrderByItem[];
  /** Language of the values, in the filter and in the results. Defaults to the client's. */
  lang?: Lang;
}

/** A query after validation: what will be sent. */
export interface ResolvedQuery {
  filter: Filter;
  orderby: OrderByItem[];
  lang: Lang;
  category?: CategoryId;
}

/** Checks a language code; throws ValidationError('unknownLanguage'). */
export function checkLang(lang: unknown): Lang {
  if (isLang(lang)) return lang;
  throw new ValidationError('unknownLanguage', `'${String(lang)}' is not a language of the API; use ${LANGS.join(', ')}.`, {
    token: String(lang),
  });
}

/**
 * Validates a search against the vocabulary for its category and language and returns what
 * will be sent; throws the first ValidationError. Nothing is sent before this passes.
 */
export function resolveQuery(query: SearchQuery, defaultLang: Lang): ResolvedQuery {
  const lang = checkLang(query.lang ?? defaultLang);
  if (query.category !== undefined && !isCategoryId(query.category)) throw unknownCategoryError(String(query.category));
  let filter: Filter;
  if (typeof query.filter === 'string') {
    filter = parseFilter(query.filter, { category: query.category, lang, syntax: 'user' });
  } else {
    filter = { conditions: [...(query.filter?.conditions ?? [])] };
    const [problem] = validateFilter(filter, { category: query.category, lang });
    if (problem) throw problem;
  }
  if (query.category !== undefined && categoryOf(filter) === undefined) {
    const condition: Condition = { type: 'category', value: query.category };
    filter = { conditions: [condition, ...filter.conditions] };
  }
  const category = categoryOf(filter);
  let orderby: OrderByItem[];
  if (typeof query.orderby === 'string') orderby = parseOrderBy(query.orderby, { category, syntax: 'user' });
  else if (query.orderby && query.orderby.length > 0) orderby = parseOrderBy(formatOrderBy(query.orderby), { category, syntax: 'wire' });
  else orderby = [];
  return { filter, orderby, lang, category };
}

/** Base URL without a trailing slash. */
export function trimBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

/** The /v2/products URL for a filter, order and language, encoded as the spec requires. */
export function buildProductsUrl(baseUrl: string, filter: Filter, orderby: readonly OrderByItem[], lang: Lang): string {
  const params: string[] = [];
  if (filter.conditions.length > 0) params.push(`$filter=${encodeQueryValue(formatFilter(filter))}`);
  if (orderby.length > 0) params.push(`$orderby=${encodeQueryValue(formatOrderBy(orderby))}`);
  params.push(`lang=${lang}`);
  return `${trimBaseUrl(baseUrl)}${ENDPOINTS.products}?${params.join('&')}`;
}

/** Bytes of a URL as fetch will send it (after WHATWG serialization). */
export function wireUrlBytes(url: string): number {
  let serialized = url;
  try {
    serialized = new URL(url).href;
  } catch {
    // A relative or malformed base is measured as written; fetch will reject it anyway.
  }
  return utf8Length(serialized);
}

/** Throws ValidationError('urlTooLong') when a URL is over the budget, before anything is sent. */
export function assertUrlFits(url: string, budget: number): number {
  const bytes = wireUrlBytes(url);
  if (bytes > budget) {
    throw new ValidationError(
      'urlTooLong',
      `The request would be ${bytes} bytes long, over the ${budget}-byte limit of the service: use fewer values or a shorter filter.`,
    );
  }
  return bytes;
}
