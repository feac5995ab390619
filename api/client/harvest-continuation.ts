import { ApiError } from '../errors/api-error';
import { ValidationError } from '../errors/validation-error';
import { encodeQueryValue, type Filter, type OrderByItem } from '../filter';
import { MAX_PRODUCTS_PER_CALL, VALUE_SEPARATOR, type Lang } from '../vocabulary';
import { utf8Length } from './http';
import { partnoFilter } from './packing';
import { buildProductsUrl, wireUrlBytes } from './query';

/*
 * The conditions that continue a harvest past the part numbers received (see harvest.ts for the
 * walk): the prefixes covering every part number after a point, the longest that fit the URL
 * budget, and the point among the last received that brings the fewest of them again.
 */

/** The error of a walk that cannot get past a part number. */
export function cannotAdvance(point: string): ApiError {
  return new ApiError(
    `Harvest cannot advance past part number ${point}: more than ${MAX_PRODUCTS_PER_CALL} matches share the prefix that fits in one URL`,
    'Too many parts share one part-number prefix to list them all. Narrow the filter and try again.',
  );
}

/** What the continuation needs of the harvest: where the service is and how long a URL may be. */
export interface ContinuationDeps {
  baseUrl: string;
  urlBudget: number;
}

export function continuationPrefixes(last: string, k: number, alphabet: readonly string[]): string[] {
  const prefixes: string[] = [];
  for (let i = 0; i < k; i++) {
    const head = last.slice(0, i);
    for (const c of alphabet) if (c > last[i]) prefixes.push(head + c);
  }
  prefixes.push(last.slice(0, k));
  return prefixes;
}

/** How many of the last received part numbers are tried as the continuation point. */
const CONTINUATION_CANDIDATES = 1000;

/** Wire bytes of one character inside a quoted value (a quote is doubled). */
const charBytes = (c: string): number => utf8Length(encodeQueryValue(c === "'" ? "''" : c));

/** The largest k whose prefixes after `point` fit in `capacity` bytes of values (0 if none). */
function largestFittingK(point: string, alphabet: readonly string[], capacity: number): number {
  const separator = utf8Length(encodeQueryValue(VALUE_SEPARATOR));
  let listed = 0;
  let head = 0;
  let best = 0;
  for (let k = 1; k <= point.length; k++) {
    const i = k - 1;
    for (const c of alphabet) if (c > point[i]) listed += head + charBytes(c) + separator;
    head += charBytes(point[i]);
    if (listed + head + separator > capacity) break;
    best = k;
  }
  return best;
}

/** Index of the first element ≥ `value` in a sorted array. */
function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The base filter AND the continuation prefixes, from the last page's part numbers (sorted): the
 * point and k that receive the fewest part numbers again (see the comment at the top). The page
 * is the run of matches just below the continuation, so it is enough to count what comes again:
 * the candidates are its last part numbers, and a prefix reaching below the page's first part
 * number would bring the whole page again (its count, clamped here to the page's length, is then
 * already more than a call returns), so such a point can never advance the walk.
 */
export function continuationFilter(deps: ContinuationDeps, base: Filter, received: readonly string[], alphabet: readonly string[], lang: Lang): Filter {
  const order: OrderByItem[] = [{ field: 'Partno', direction: 'asc' }];
  const empty = buildProductsUrl(deps.baseUrl, partnoFilter([''], 'startswith', base), order, lang);
  const capacity = deps.urlBudget - wireUrlBytes(empty) + utf8Length(encodeQueryValue(VALUE_SEPARATOR));
  let best: { point: string; k: number; waste: number } | undefined;
  const last = received.length - 1;
  for (let index = last; index >= Math.max(0, last - CONTINUATION_CANDIDATES); index--) {
    const after = last - index;
    if (best && after >= best.waste) break;
    const point = received[index];
    const k = largestFittingK(point, alphabet, capacity);
    if (k === 0) continue;
    const again = after + index - lowerBound(received, point.slice(0, k)) + 1;
    if (!best || again < best.waste) best = { point, k, waste: again };
  }
  if (!best) {
    throw new ValidationError(
      'urlTooLong',
      `The filter leaves no room in the ${deps.urlBudget}-byte URL for the conditions that fetch matches beyond the first ${MAX_PRODUCTS_PER_CALL}; shorten the filter.`,
    );
  }
  // Every slot of the next call would hold a part number already received.
  if (best.waste >= MAX_PRODUCTS_PER_CALL) throw cannotAdvance(received[received.length - 1]);
  const filter = partnoFilter(continuationPrefixes(best.point, best.k, alphabet), 'startswith', base);
  // The byte arithmetic above mirrors the URL builder; this guards the budget if they ever drift.
  if (wireUrlBytes(buildProductsUrl(deps.baseUrl, filter, order, lang)) > deps.urlBudget) {
    throw new RangeError('continuation URL over budget');
  }
  return filter;
}
