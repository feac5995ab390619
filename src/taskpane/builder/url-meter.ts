import { buildProductsUrl } from '../../../api/client/query';
import { utf8Length } from '../../../api/client/http';
import { inCategory, type Filter, type OrderByItem } from '../../../api/filter';
import { URL_BUDGET_BYTES, type CategoryId, type Lang } from '../../../api/vocabulary';

export interface MeteredQuery {
  baseUrl: string;
  category?: CategoryId;
  /** The conditions of the rows (without the Category condition, which `category` adds). */
  filter: Filter;
  orderby: readonly OrderByItem[];
  lang: Lang;
}

export interface UrlMeasure {
  /** The request URL exactly as the client would send it. */
  url: string;
  /** Its length in UTF-8 bytes. */
  bytes: number;
  budget: number;
  /** True when the URL is over the service's limit and would be refused before sending. */
  over: boolean;
}

/** The filter the client sends: the category as its first condition, then the rows. */
export function withCategory(filter: Filter, category: CategoryId | undefined): Filter {
  const rest = filter.conditions.filter((c) => c.type !== 'category');
  return { conditions: category ? [inCategory(category), ...rest] : rest };
}

/** Measures the request URL of a search with the client's own URL builder (the "URL 812 / 2,082 bytes" meter). */
export function measureUrl(query: MeteredQuery, budget: number = URL_BUDGET_BYTES): UrlMeasure {
  const url = buildProductsUrl(query.baseUrl, withCategory(query.filter, query.category), query.orderby, query.lang);
  const bytes = utf8Length(url);
  return { url, bytes, budget, over: bytes > budget };
}
