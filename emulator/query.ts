import {
  CATEGORIES,
  MAX_PRODUCTS_PER_CALL,
  categoryOf,
  getFilterField,
  isListFieldName,
  translateValue,
  type Condition,
  type FieldValue,
  type Filter,
  type Group,
  type Lang,
  type NumberOperator,
  type OrderByItem,
} from '../api';
import { comparePartno, type Catalog, type CatalogProduct } from './catalog';

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
  /** How many products matched before the limit. */
  matched: number;
  hasMoreHits: boolean;
}

type Predicate = (p: CatalogProduct) => boolean;

/** The groups a filter reaches: its Category condition's groups, or all three. */
export function groupsOf(filter: Filter): readonly Group[] {
  const category = categoryOf(filter);
  return category ? CATEGORIES[category].groups : ['SMD', 'Lead', 'Ind'];
}

/** Relative tolerance of number comparisons, so 0.0000001 and 1e-7 written either way are equal. */
const EPSILON = 1e-12;

function compareNumbers(a: number, b: number): number {
  if (Math.abs(a - b) <= EPSILON * Math.max(Math.abs(a), Math.abs(b))) return 0;
  return a < b ? -1 : 1;
}

const NUMBER_TESTS: Readonly<Record<NumberOperator, (c: number) => boolean>> = {
  eq: (c) => c === 0,
  ge: (c) => c >= 0,
  le: (c) => c <= 0,
  gt: (c) => c > 0,
  lt: (c) => c < 0,
};

/** The stored values of a field as a list (list fields hold several, others one). */
function valuesOf(value: FieldValue | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [String(value)];
}

function predicateOf(condition: Condition, lang: Lang): Predicate {
  if (condition.type === 'category') {
    const groups = CATEGORIES[condition.value].groups;
    return (p) => groups.includes(p.group);
  }
  const def = getFilterField(condition.field);
  if (!def) return () => false;
  const key = def.responseKey;
  switch (condition.type) {
    case 'boolean':
      return (p) => p.values[key] === condition.value;
    case 'number': {
      const test = NUMBER_TESTS[condition.op];
      return (p) => {
        const v = p.values[key];
        return typeof v === 'number' && test(compareNumbers(v, condition.value));
      };
    }
    case 'string': {
      if (def.list && isListFieldName(def.name)) {
        // The catalog holds list values in English; the filter's values are in the request's language.
        const listName = def.name;
        const wanted = new Set(condition.values.map((v) => translateValue(listName, v, lang, 'en')));
        return (p) => valuesOf(p.values[key]).some((v) => wanted.has(v));
      }
      const values = condition.values;
      if (condition.op === 'eq') {
        const wanted = new Set(values);
        return (p) => valuesOf(p.values[key]).some((v) => wanted.has(v));
      }
      if (condition.op === 'startswith') return (p) => valuesOf(p.values[key]).some((v) => values.some((w) => v.startsWith(w)));
      return (p) => valuesOf(p.values[key]).some((v) => values.some((w) => v.includes(w)));
    }
  }
}

/** A sort key of a product for an order item: numbers as numbers, lists as their text in `lang`. */
function sortValue(p: CatalogProduct, key: string, listName: string | undefined, lang: Lang): string | number | undefined {
  const v = p.values[key];
  if (v === undefined) return undefined;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  const items = Array.isArray(v) ? v : [v];
  const translated = listName && isListFieldName(listName) ? items.map((i) => translateValue(listName, i, 'en', lang)) : items;
  return translated.join(',');
}

function comparatorOf(orderBy: readonly OrderByItem[], lang: Lang): (a: CatalogProduct, b: CatalogProduct) => number {
  const items = orderBy.map((item) => {
    const def = getFilterField(item.field);
    return { key: def?.responseKey ?? item.field, list: def?.list ? def.name : undefined, sign: item.direction === 'desc' ? -1 : 1 };
  });
  return (a, b) => {
    for (const item of items) {
      const va = sortValue(a, item.key, item.list, lang);
      const vb = sortValue(b, item.key, item.list, lang);
      // Products without the value come last in either direction.
      if (va === undefined || vb === undefined) {
        if (va === vb) continue;
        return va === undefined ? 1 : -1;
      }
      const c = typeof va === 'number' && typeof vb === 'number' ? compareNumbers(va, vb) : comparePartno(String(va), String(vb));
      if (c !== 0) return c * item.sign;
    }
    return comparePartno(a.values.Partno as string, b.values.Partno as string);
  };
}

/**
 * Applies a parsed filter to the catalog: every condition must hold (several on one field
 * included). Ordered by the `$orderby` items and then by Partno ascending (code-unit order),
 * cut to the limit; `hasMoreHits` says whether more matched.
 */
export function runQuery(catalog: Catalog, query: Query): QueryResult {
  const limit = query.limit ?? MAX_PRODUCTS_PER_CALL;
  const groups = groupsOf(query.filter);
  const predicates = query.filter.conditions.filter((c) => c.type !== 'category').map((c) => predicateOf(c, query.lang));
  const source = groups.length === 1 ? catalog.byGroup[groups[0]] : catalog.products;
  const matches: CatalogProduct[] = [];
  for (const p of source) {
    if (groups.length !== 1 && !groups.includes(p.group)) continue;
    if (predicates.every((test) => test(p))) matches.push(p);
  }
  const extra = (query.extra ?? []).filter((p) => groups.includes(p.group) && predicates.every((test) => test(p)));
  if (extra.length > 0) {
    matches.push(...extra);
    // The catalog's lists are in Partno order already; products from outside must join that order.
    if (query.orderBy.length === 0) matches.sort((a, b) => comparePartno(a.values.Partno as string, b.values.Partno as string));
  }
  if (query.orderBy.length > 0) matches.sort(comparatorOf(query.orderBy, query.lang));
  return {
    products: matches.length > limit ? matches.slice(0, limit) : matches,
    matched: matches.length,
    hasMoreHits: matches.length > limit,
  };
}
