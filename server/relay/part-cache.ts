import { buildProductsUrl, partnoFilter, type Filter, type Lang, type OrderByItem } from '../../api';
import type { CachedAnswer } from '../state/types';

/** What the cache holds for one part number: the products whose Partno is exactly it (often none). */
export interface PartEntry {
  found: { group: string; groupFields: Record<string, unknown>; product: Record<string, unknown> }[];
}

/** An upstream answer other than 200 for a batch of parts: passed on to every user who waited for it. */
export class UpstreamAnswer extends Error {
  override readonly name = 'UpstreamAnswer';
  constructor(readonly answer: CachedAnswer) {
    super(`upstream answered ${answer.status}`);
  }
}

/**
 * The part numbers of a plain exact lookup (`Partno eq 'A|B|…'`, nothing else, no order): the
 * shape the add-in's enrichment and PART functions send. Such a lookup is answered part by part,
 * so users whose BOMs overlap share every part, not only identical URLs.
 */
export function exactPartnos(filter: Filter, orderby: readonly OrderByItem[]): string[] | undefined {
  if (orderby.length > 0 || filter.conditions.length !== 1) return undefined;
  const [condition] = filter.conditions;
  if (condition.type !== 'string' || condition.field !== 'Partno' || condition.op !== 'eq') return undefined;
  return [...new Set(condition.values)];
}

export const partCacheKey = (lang: Lang, partno: string): string => `part|${lang}|${partno}`;

/** The upstream path of an exact lookup of these parts. */
export function partsPath(partnos: readonly string[], lang: Lang): string {
  return buildProductsUrl('', partnoFilter(partnos, 'eq'), [], lang);
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * Splits an upstream answer to an exact lookup into one entry per requested part number, or
 * undefined when the answer is not in the shape we know (then it is served whole, never guessed at).
 */
export function splitByPartno(body: Buffer, partnos: readonly string[]): Map<string, PartEntry> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isObject(parsed) || parsed.HasMoreHits === true) return undefined;
  const data = parsed.Data ?? {};
  if (!isObject(data)) return undefined;
  const entries = new Map<string, PartEntry>(partnos.map((p) => [p, { found: [] }]));
  for (const [group, value] of Object.entries(data)) {
    if (!isObject(value) || !Array.isArray(value.Products)) return undefined;
    const { Products: products, ...groupFields } = value;
    for (const product of products as unknown[]) {
      if (!isObject(product) || typeof product.Partno !== 'string') return undefined;
      const entry = entries.get(product.Partno);
      // A product that is not one of the asked part numbers means matching we do not understand.
      if (!entry) return undefined;
      entry.found.push({ group, groupFields, product });
    }
  }
  return entries;
}

const comparePartno = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The answer to an exact lookup, assembled from part entries in the upstream's own shape. */
export function assembleAnswer(entries: Iterable<PartEntry>): CachedAnswer {
  const groups = new Map<string, { fields: Record<string, unknown>; products: Record<string, unknown>[] }>();
  for (const entry of entries) {
    for (const { group, groupFields, product } of entry.found) {
      let target = groups.get(group);
      if (!target) groups.set(group, (target = { fields: groupFields, products: [] }));
      target.products.push(product);
    }
  }
  const data: Record<string, unknown> = {};
  for (const [group, { fields, products }] of groups) {
    products.sort((a, b) => comparePartno(String(a.Partno), String(b.Partno)));
    data[group] = { ...fields, Products: products };
  }
  return {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify({ HasMoreHits: false, Data: data })),
  };
}

