/*
 * Many searches answered from one category file: the file streams past once, each product is
 * tested against the searches whose value range it falls in (an index on the one numeric range
 * each search pins: capacitance or inductance), and only products some search matches are kept,
 * at most twice a search's answer size before they are cut. The filter and the order are the
 * API's own evaluation (api/filter/evaluate), so each answer is the one the search would get:
 * the same products, in the same order, cut at the same 2000 with the same `hasMoreHits`.
 */
import { resolveQuery, type SearchQuery } from '../../api/client/query';
import { compareByOrder, compileFilter, formatFilter, NUMBER_EPSILON, parseFilter, type Filter, type ProductTest } from '../../api/filter';
import type { ProductRecord } from '../../api/product';
import { getFilterField, MAX_PRODUCTS_PER_CALL, type CategoryId, type Lang } from '../../api/vocabulary';

/** What the matcher needs of an API client: a category's download link and its file, streamed. */
export interface CategoryFileSource {
  getDownloadUrl(category: CategoryId, lang?: Lang, options?: { signal?: AbortSignal }): Promise<{ url: string }>;
  /** `batchSize`: products per batch (see MATCH_BATCH_SIZE). */
  streamCategory(url: string, options?: { signal?: AbortSignal; category?: CategoryId; batchSize?: number }): AsyncIterable<ProductRecord[]>;
}

/** A search's answer, as `search` returns it. */
export interface SearchAnswer {
  products: readonly ProductRecord[];
  hasMoreHits: boolean;
}

interface Pending {
  test: ProductTest;
  order: (a: ProductRecord, b: ProductRecord) => number;
  kept: ProductRecord[];
  more: boolean;
}

/**
 * Products per streamed batch while matching. Each product is tested against every search of its
 * value's bucket (a hundred or more for 10,000 lines), so a batch lives long enough to be moved to
 * the collector's old generation: at the reader's default of 500, the products no search keeps pile
 * up there and 10,000 lines peaked at about 460 MB; at 100 they die young (about 280 MB).
 */
const MATCH_BATCH_SIZE = 100;

/** Relative width of one index bucket: a search's range of a millionth either side falls in one or two. */
const BUCKET = Math.log1p(1e-4);
/** A range over more buckets than this is tested against every product instead of indexed. */
const MAX_BUCKETS = 64;

const bucketOf = (value: number): number => Math.floor(Math.log(value) / BUCKET);

/** The field and the closed range a filter pins a number to (`ge` and `le` on one field, both positive), if any. */
function pinnedRange(filter: Filter): { key: string; low: number; high: number } | undefined {
  const lows = new Map<string, number>();
  for (const c of filter.conditions) if (c.type === 'number' && (c.op === 'ge' || c.op === 'gt') && c.value > 0) lows.set(c.field, Math.max(lows.get(c.field) ?? 0, c.value));
  for (const c of filter.conditions) {
    const low = c.type === 'number' && (c.op === 'le' || c.op === 'lt') ? lows.get(c.field) : undefined;
    const key = low === undefined || c.type !== 'number' ? undefined : getFilterField(c.field)?.responseKey;
    if (key !== undefined && low !== undefined && c.type === 'number') return { key, low, high: c.value };
  }
  return undefined;
}

/** Keeps a search's matches bounded: past twice the answer size, only the first in its order stay. */
function keep(p: Pending, product: ProductRecord): void {
  p.kept.push(product);
  if (p.kept.length >= 2 * MAX_PRODUCTS_PER_CALL) {
    p.kept.sort(p.order);
    p.kept.length = MAX_PRODUCTS_PER_CALL;
    p.more = true;
  }
}

/**
 * Answers each search from the files of the categories they name, each file read once as it
 * streams. Every search must name its category. Keys are the caller's (one per distinct search).
 */
export async function matchInCategoryFiles(searches: ReadonlyMap<string, SearchQuery>, source: CategoryFileSource, options: { lang: Lang; signal?: AbortSignal }): Promise<Map<string, SearchAnswer>> {
  const byCategory = new Map<CategoryId, { key: string; query: SearchQuery }[]>();
  for (const [key, query] of searches) {
    if (!query.category) throw new RangeError('matchInCategoryFiles needs every search to name its category');
    const list = byCategory.get(query.category) ?? [];
    list.push({ key, query });
    byCategory.set(query.category, list);
  }
  const answers = new Map<string, SearchAnswer>();
  for (const [category, list] of byCategory) {
    const lang = list[0].query.lang ?? options.lang;
    const pending = new Map<string, Pending>();
    const indexed = new Map<string, Map<number, Pending[]>>();
    const unindexed: Pending[] = [];
    for (const { key, query } of list) {
      const resolved = resolveQuery(query, lang);
      // The filter as the service reads it: written as it is sent (numbers as plain decimals) and parsed back.
      const filter = parseFilter(formatFilter(resolved.filter), { syntax: 'wire', lang: resolved.lang });
      const evaluation = { lang: resolved.lang };
      const p: Pending = { test: compileFilter(filter, evaluation), order: compareByOrder(resolved.orderby, evaluation), kept: [], more: false };
      pending.set(key, p);
      const range = pinnedRange(filter);
      // The evaluation treats numbers within NUMBER_EPSILON as equal: widen the buckets by as much.
      const first = range && bucketOf(range.low * (1 - 2 * NUMBER_EPSILON));
      const last = range && bucketOf(range.high * (1 + 2 * NUMBER_EPSILON));
      if (!range || first === undefined || last === undefined || !(last - first <= MAX_BUCKETS)) {
        unindexed.push(p);
        continue;
      }
      const buckets = indexed.get(range.key) ?? new Map<number, Pending[]>();
      indexed.set(range.key, buckets);
      for (let b = first; b <= last; b++) {
        const list = buckets.get(b);
        if (list) list.push(p);
        else buckets.set(b, [p]);
      }
    }
    const link = await source.getDownloadUrl(category, lang, { signal: options.signal });
    for await (const batch of source.streamCategory(link.url, { signal: options.signal, category, batchSize: MATCH_BATCH_SIZE })) {
      for (const product of batch) {
        for (const p of unindexed) if (p.test(product)) keep(p, product);
        for (const [field, buckets] of indexed) {
          const value = product.values[field];
          if (typeof value !== 'number' || !(value > 0)) continue;
          for (const p of buckets.get(bucketOf(value)) ?? []) if (p.test(product)) keep(p, product);
        }
      }
    }
    for (const [key, p] of pending) {
      p.kept.sort(p.order);
      const more = p.more || p.kept.length > MAX_PRODUCTS_PER_CALL;
      answers.set(key, { products: p.kept.slice(0, MAX_PRODUCTS_PER_CALL), hasMoreHits: more });
    }
  }
  return answers;
}
