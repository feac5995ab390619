import {
  CATEGORIES,
  DEFAULT_LANG,
  DOWNLOAD_CATEGORY_IDS,
  ENDPOINTS,
  buildProductsUrl,
  categoryOf,
  isCategoryId,
  isLang,
  isValidationError,
  parseFilter,
  parseOrderBy,
  type Filter,
  type Lang,
  type OrderByItem,
} from '../../api';
import { RelayProblem } from './problem';

/** The parameters each relayed endpoint takes: anything else is refused, never forwarded. */
const ALLOWED: Record<'products' | 'downloadUrl', readonly string[]> = {
  products: ['$filter', '$orderby', 'lang'],
  downloadUrl: ['category', 'lang'],
};

/** Longest query string accepted; the API's whole URL budget is 2,082 bytes. */
const MAX_QUERY_BYTES = 8192;

/**
 * Decodes a query string strictly (`+` is a space, escapes must be UTF-8), refusing unknown and
 * repeated parameters, so that what reaches the upstream is rebuilt from known values only.
 */
function parseQuery(raw: string, endpoint: 'products' | 'downloadUrl'): Map<string, string> {
  if (raw.length > MAX_QUERY_BYTES) throw new RelayProblem(414, `The query is ${raw.length} bytes long; the API takes at most 2082 bytes per URL.`);
  const out = new Map<string, string>();
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      value = decodeURIComponent((eq < 0 ? '' : part.slice(eq + 1)).replace(/\+/g, ' '));
    } catch {
      throw new RelayProblem(400, `The query parameter '${rawName.slice(0, 40)}' is not valid percent-encoded UTF-8 (write % as %25).`);
    }
    if (!ALLOWED[endpoint].includes(name)) {
      throw new RelayProblem(400, `'${name.slice(0, 40)}' is not a query parameter of this API method; it takes ${ALLOWED[endpoint].join(', ')}.`);
    }
    if (out.has(name)) throw new RelayProblem(400, `The query parameter ${name} is given twice; give it once.`);
    out.set(name, value);
  }
  return out;
}

/** `lang` as the spec reads it: ja, zh or en; anything else (or nothing) is en. */
function langOf(params: Map<string, string>): Lang {
  const value = params.get('lang');
  return isLang(value) ? value : DEFAULT_LANG;
}

/** The validator's own sentence as a 400: the same words the add-in shows for the same mistake. */
function rethrowAsBadRequest(error: unknown): never {
  if (isValidationError(error)) throw new RelayProblem(400, error.message);
  throw error;
}

/** A product search checked with the add-in's own parser and validator, in canonical form. */
export interface ProductsQuery {
  /** The path and query sent upstream, which is also the cache and coalescing key. */
  path: string;
  filter: Filter;
  orderby: OrderByItem[];
  lang: Lang;
}

/** Parses, validates and rebuilds a product search; a mistake is a 400 with the add-in's sentence. */
export function resolveProductsQuery(raw: string): ProductsQuery {
  const params = parseQuery(raw, 'products');
  const lang = langOf(params);
  try {
    const filter = parseFilter(params.get('$filter') ?? '', { syntax: 'wire', lang });
    const orderby = parseOrderBy(params.get('$orderby') ?? '', { syntax: 'wire', category: categoryOf(filter) });
    return { path: buildProductsUrl('', filter, orderby, lang), filter, orderby, lang };
  } catch (error) {
    rethrowAsBadRequest(error);
  }
}


/** A URL-acquisition call checked as the add-in checks it, in canonical form. */
export function canonicalDownloadUrlPath(raw: string): { path: string; category: string; lang: Lang } {
  const params = parseQuery(raw, 'downloadUrl');
  const lang = langOf(params);
  const category = params.get('category') ?? '';
  if (!isCategoryId(category) || !CATEGORIES[category].urlAcquisition) {
    const shown = category === '' ? 'A missing category' : `'${category.slice(0, 60)}'`;
    throw new RelayProblem(400, `${shown} has no download; use ${DOWNLOAD_CATEGORY_IDS.join(', ')}.`);
  }
  return { path: `${ENDPOINTS.downloadUrl}?category=${encodeURIComponent(category)}&lang=${lang}`, category, lang };
}
