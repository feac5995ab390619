import { MAX_PRODUCTS_PER_CALL, compareByOrder, comparePartno, groupsOf, valueConditions, type FieldValue, type Filter, type Lang, type OrderByItem, type ValueCondition } from '../api';
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

/** A list's numbers of one key, sorted: `values` ascending and `at` the position of each in the list. */
interface SortedNumbers {
  values: Float64Array;
  at: Int32Array;
}

/** A list's texts of one key, sorted in code-unit order: each item of an array value, any other value as its text. */
interface SortedTexts {
  values: readonly string[];
  at: Int32Array;
}

/**
 * Each product list's values by key, read once per list (catalog values never change in place).
 * A search tests one array of values per condition instead of each product's own record, whose
 * shapes differ from product to product and make every read slow. A product given a new values
 * object (as a test does to answer other values) makes the list's arrays be read again.
 */
interface Kept {
  /** Each product's values object, in the list's order. */
  owners: readonly CatalogProduct['values'][];
  byKey: Map<string, readonly (FieldValue | undefined)[]>;
  sorted: Map<string, SortedNumbers>;
  sortedTexts: Map<string, SortedTexts>;
}
const columns = new WeakMap<readonly CatalogProduct[], Kept>();

/** What is kept of `source` (checked once per search: read again when a product has new values). */
function keptOf(source: readonly CatalogProduct[]): Kept {
  const kept = columns.get(source);
  if (kept && kept.owners.length === source.length && sameValues(source, kept.owners)) return kept;
  const fresh: Kept = { owners: source.map((p) => p.values), byKey: new Map(), sorted: new Map(), sortedTexts: new Map() };
  columns.set(source, fresh);
  return fresh;
}

function sameValues(source: readonly CatalogProduct[], owners: Kept['owners']): boolean {
  for (let i = 0; i < source.length; i++) if (source[i].values !== owners[i]) return false;
  return true;
}

/** The arrays of `keys`' values of the list, in its order. */
function columnsOf(kept: Kept, keys: readonly string[]): (readonly (FieldValue | undefined)[])[] {
  const byKey = kept.byKey;
  return keys.map((key) => {
    let column = byKey.get(key);
    if (!column) byKey.set(key, (column = kept.owners.map((values) => values[key])));
    return column;
  });
}

/** The numbers of a column, sorted once per list and key. */
function sortedOf(kept: Kept, key: string, column: readonly (FieldValue | undefined)[]): SortedNumbers {
  let sorted = kept.sorted.get(key);
  if (!sorted) {
    const positions: number[] = [];
    for (let i = 0; i < column.length; i++) if (typeof column[i] === 'number' && !Number.isNaN(column[i])) positions.push(i);
    positions.sort((a, b) => (column[a] as number) - (column[b] as number));
    sorted = { values: Float64Array.from(positions, (i) => column[i] as number), at: Int32Array.from(positions) };
    kept.sorted.set(key, sorted);
  }
  return sorted;
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The texts of a column, sorted once per list and key. */
function sortedTextsOf(kept: Kept, key: string, column: readonly (FieldValue | undefined)[]): SortedTexts {
  let sorted = kept.sortedTexts.get(key);
  if (!sorted) sorted = inListOrder(column);
  if (!sorted) {
    const entries: { text: string; at: number }[] = [];
    for (let i = 0; i < column.length; i++) {
      const value = column[i];
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) entries.push({ text: item, at: i });
      else entries.push({ text: typeof value === 'string' ? value : String(value), at: i });
    }
    entries.sort((a, b) => byCodeUnits(a.text, b.text));
    sorted = { values: entries.map((e) => e.text), at: Int32Array.from(entries, (e) => e.at) };
  }
  kept.sortedTexts.set(key, sorted);
  return sorted;
}

/** A column of one text per product already in code-unit order (Partno in the catalog's lists), as it stands; else undefined. */
function inListOrder(column: readonly (FieldValue | undefined)[]): SortedTexts | undefined {
  for (let i = 0; i < column.length; i++) {
    const value = column[i];
    if (typeof value !== 'string' || (i > 0 && (column[i - 1] as string) > value)) return undefined;
  }
  return { values: column as readonly string[], at: Int32Array.from(column, (_, i) => i) };
}

/** The first index below `length` at which `before` no longer holds (it holds for a prefix of the indexes). */
function firstNot(length: number, before: (i: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The spans of sorted texts that hold one of `texts` (`eq`) or start with one (`startswith`), merged where they overlap. */
function textSpans(sorted: SortedTexts, texts: NonNullable<ValueCondition['texts']>): [number, number][] {
  const spans = texts.values.map((t): [number, number] => {
    const { values } = sorted;
    const from = firstNot(values.length, (i) => values[i] < t);
    const to = texts.op === 'eq' ? firstNot(values.length, (i) => values[i] <= t) : firstNot(values.length, (i) => values[i] < t || values[i].startsWith(t));
    return [from, to];
  });
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of spans) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else if (to > from) merged.push([from, to]);
  }
  return merged;
}

/**
 * The positions a search has to test, in list order: when its conditions pin a number to a range,
 * or a text to some values or prefixes, that hold at most a quarter of the list, only the products
 * inside the narrowest such range or set (every condition is still tested on each); otherwise
 * undefined, and the whole list is scanned.
 */
function candidatesOf(kept: Kept, conditions: readonly ValueCondition[], values: readonly (readonly (FieldValue | undefined)[])[], size: number): Int32Array | undefined {
  // Several conditions on one key narrow one range (the column of its first condition is read).
  const ranges = new Map<string, { column: number; low: number; high: number }>();
  conditions.forEach((c, j) => {
    if (!c.range) return;
    const range = ranges.get(c.key) ?? { column: j, low: -Infinity, high: Infinity };
    ranges.set(c.key, { column: range.column, low: Math.max(range.low, c.range.low), high: Math.min(range.high, c.range.high) });
  });
  let best: Int32Array | undefined;
  for (const [key, range] of ranges) {
    if (range.low === -Infinity && range.high === Infinity) continue;
    const sorted = sortedOf(kept, key, values[range.column]);
    const { values: numbers } = sorted;
    const from = firstNot(numbers.length, (i) => numbers[i] < range.low);
    const to = firstNot(numbers.length, (i) => numbers[i] <= range.high);
    const count = Math.max(0, to - from);
    if (count * 4 > size || (best && count >= best.length)) continue;
    best = sorted.at.slice(from, from + count).sort();
  }
  conditions.forEach((c, j) => {
    if (!c.texts) return;
    const sorted = sortedTextsOf(kept, c.key, values[j]);
    const spans = textSpans(sorted, c.texts);
    const count = spans.reduce((n, [from, to]) => n + to - from, 0);
    if (count * 4 > size || (best && count >= best.length)) return;
    const positions = new Int32Array(count);
    let k = 0;
    for (const [from, to] of spans) for (let i = from; i < to; i++) positions[k++] = sorted.at[i];
    positions.sort();
    // A product whose array holds several of the texts is in several spans: kept once.
    let unique = 0;
    for (let i = 0; i < positions.length; i++) if (i === 0 || positions[i] !== positions[i - 1]) positions[unique++] = positions[i];
    best = positions.slice(0, unique);
  });
  return best;
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
  const kept = keptOf(source);
  const values = columnsOf(kept, conditions.map((c) => c.key));
  // A number pinned to a narrow range: only the products inside it are tested, in list order.
  const candidates = candidatesOf(kept, conditions, values, source.length);
  const count = candidates ? candidates.length : source.length;
  const matches: CatalogProduct[] = [];
  scan: for (let k = 0; k < count; k++) {
    const i = candidates ? candidates[k] : k;
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
