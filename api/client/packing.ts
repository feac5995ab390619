import { quote, type Filter } from '../filter';
import { VALUE_SEPARATOR, type Lang } from '../vocabulary';
import { utf8Length } from './http';
import { encodeQueryValue } from '../filter';
import { buildProductsUrl, wireUrlBytes } from './query';

/** How part numbers are matched in one request: `Partno eq 'A|B'` or `startswith(Partno,'A|B')`. */
export type PartnoMatch = 'eq' | 'startswith';

export interface PackingContext {
  baseUrl: string;
  lang: Lang;
  /** URL budget in bytes. */
  budget: number;
  /** Conditions every request also carries (a harvest's base filter); none for lookups. */
  base?: Filter;
}

const SEPARATOR_BYTES = utf8Length(encodeQueryValue(VALUE_SEPARATOR));

/** The Partno condition with these values, after the base conditions. */
export function partnoFilter(values: readonly string[], match: PartnoMatch, base?: Filter): Filter {
  return {
    conditions: [...(base?.conditions ?? []), { type: 'string', field: 'Partno', op: match, values: [...values] }],
  };
}

/** Exact bytes one value adds to the URL: its encoded, quote-escaped form plus one encoded separator. */
export function valueCost(value: string): number {
  return utf8Length(encodeQueryValue(quote(value).slice(1, -1))) + SEPARATOR_BYTES;
}

/**
 * Bytes available for values in one URL, counted so that a request with values S fits exactly
 * when the sum of valueCost over S is at most this (the last value needs no separator, hence
 * the separator added back).
 */
export function valueCapacity(match: PartnoMatch, context: PackingContext): number {
  const empty = buildProductsUrl(context.baseUrl, partnoFilter([''], match, context.base), [], context.lang);
  return context.budget - wireUrlBytes(empty) + SEPARATOR_BYTES;
}

/**
 * The least number of requests that can carry these part numbers: ⌈bytes needed / bytes
 * available per URL⌉. Pure; the benchmark and the tests compare request counts with it.
 */
export function lowerBoundRequests(partnos: readonly string[], match: PartnoMatch, context: PackingContext): number {
  const unique = [...new Set(partnos)];
  if (unique.length === 0) return 0;
  const needed = unique.reduce((sum, p) => sum + valueCost(p), 0);
  return Math.ceil(needed / valueCapacity(match, context));
}

/**
 * Packs part numbers into as few URLs as possible: first-fit decreasing on the exact encoded
 * cost. With values much smaller than a URL, every URL but the last is left with less room than
 * the smallest value, so the count meets the lower bound except in rare near-full cases.
 * Throws RangeError for a value that cannot fit even alone.
 */
export function packPartnos(partnos: readonly string[], match: PartnoMatch, context: PackingContext): string[][] {
  const capacity = valueCapacity(match, context);
  const items = [...new Set(partnos)].map((p) => ({ p, cost: valueCost(p) })).sort((a, b) => b.cost - a.cost);
  const bins: { left: number; values: string[] }[] = [];
  for (const item of items) {
    if (item.cost > capacity) throw new RangeError(`'${item.p}' does not fit in one URL`);
    let bin = bins.find((b) => b.left >= item.cost);
    if (!bin) {
      bin = { left: capacity, values: [] };
      bins.push(bin);
    }
    bin.values.push(item.p);
    bin.left -= item.cost;
  }
  return bins.map((b) => b.values);
}
