import { MAX_PRODUCTS_PER_CALL, compareByOrder, comparePartno, groupsOf, valueConditions, type FieldValue, type Filter, type Lang, type OrderByItem } from '../api';
import type { Catalog, CatalogProduct } from './catalog';

export interface Query {
  filter: Filter;
  orderBy: readonly OrderByItem[];
  lang: Lang;
  /** @default MAX_PRODUCTS_PER_CALL; Infinity for the download file */
  limit?: number;
  /** Products outside the catalog that this query may also match (built from real part numbers). @default none */
  extra?: readonly CatalogProduct[];
}

export interface QueryResult {
  /** The products returned, in order. */
  products: CatalogProduct[];
  hasMoreHits: boolean;
}

/**
 * Each product list's values by key, read once per list (catalog values never change in place).
 * A search tests one array of values per condition instead of each product's own record, whose
 * shapes differ from product to product and make every read slow. A product given a new values
 * object (as a test does to answer other values) makes the list's arrays be read again.
 */
const columns = new WeakMap<readonly CatalogProduct[], { owners: readonly CatalogProduct['values'][]; byKey: Map<string, readonly (FieldValue | undefined)[]> }>();

/** The arrays of `keys`' values of `source`, in its order (checked once per search). */
function columnsOf(source: readonly CatalogProduct[], keys: readonly string[]): (readonly (FieldValue | undefined)[])[] {
  let kept = columns.get(source);
  if (!kept || kept.owners.length !== source.length || source.some((p, i) => p.values !== kept!.owners[i])) {
    kept = { owners: source.map((p) => p.values), byKey: new Map() };
    columns.set(source, kept);
  }
  const byKey = kept.byKey;
  return keys.map((key) => {
    let column = byKey.get(key);
    if (!column) byKey.set(key, (column = source.map((p) => p.values[key])));
    return column;
  });
}

/**
 * Applies a parsed filter to the catalog: every condition must hold (several on one field
 * included). Ordered by the `$orderby` items and then by Partno ascending (code-unit order),
 * cut to the limit; `hasMoreHits` says whether more matched.
 */
export function runQuery(catalog: Catalog, query: Query): QueryResult {
  const limit = query.limit ?? MAX_PRODUCTS_PER_CALL;
  const groups = groupsOf(query.filter);
  // The catalog holds list values in English; the filter's values are in the request's language.
  const evaluation = { lang: query.lang, valuesLang: 'en' } as const;
  const source = groups.length === 1 ? catalog.byGroup[groups[0]] : catalog.products;
  const conditions = valueConditions(query.filter, evaluation);
  const extra = (query.extra ?? []).filter((p) => groups.includes(p.group) && conditions.every(({ key, test }) => test(p.values[key])));
  // The catalog's lists are in Partno order already, which is every order that starts with `Partno asc`
  // (part numbers are unique); only products from outside must join it.
  const partnoOrder = query.orderBy.length === 0 || (query.orderBy[0].field === 'Partno' && query.orderBy[0].direction === 'asc');
  // In that order, with nothing from outside to merge, the first limit + 1 matches answer the query
  // (the one past the limit says more matched): a harvest's pages do not each scan the whole category.
  const enough = partnoOrder && extra.length === 0 ? limit + 1 : Infinity;
  const tests = conditions.map((c) => c.test);
  const values = columnsOf(source, conditions.map((c) => c.key));
  const matches: CatalogProduct[] = [];
  scan: for (let i = 0; i < source.length; i++) {
    if (groups.length !== 1 && !groups.includes(source[i].group)) continue;
    for (let j = 0; j < tests.length; j++) if (!tests[j](values[j][i])) continue scan;
    matches.push(source[i]);
    if (matches.length >= enough) break;
  }
  if (extra.length > 0) {
    matches.push(...extra);
    if (partnoOrder) matches.sort((a, b) => comparePartno(a.values.Partno as string, b.values.Partno as string));
  }
  if (!partnoOrder) matches.sort(compareByOrder(query.orderBy, { lang: query.lang, valuesLang: 'en' }));
  return {
    products: matches.length > limit ? matches.slice(0, limit) : matches,
    hasMoreHits: matches.length > limit,
  };
}
