import type { Filter, NumberCondition } from '../api';
import type { Catalog, CatalogProduct } from './catalog';
import { buildRealProduct, commonParts, synthesizeProduct, synthesizeVariants } from './catalog/real-numbering';


/**
 * Products built from the maker's real part numbers a filter names, for the numbers the catalog
 * does not hold: `Partno eq 'GRM155R71C104KA88D'` gives that part, and
 * `startswith(Partno,'GRM155R71C104KA88')` (a number without its package code, as BOMs often
 * write it) gives the package forms its codes allow. Only whole numbers whose every code is known
 * and whose ratings fit the body are decoded, so a typo, a shorter prefix, a distributor's number
 * with its prefix removed, a category-wide query or a harvest never meets one; the caller still
 * applies every condition.
 *
 * A filter that pins a value (`Capacitance eq 0.0000001`, or a range of at most ×1.5: the value
 * of one BOM line and its tolerance) also meets the maker's numbers of that value in every common
 * size, characteristic and voltage (common-numbers.ts), so a search by specs finds real-looking
 * parts (with `commonParts`, EmulatorOptions.commonParts); a sweep over the catalog's values
 * never does.
 */
export function realNumberCandidates(filter: Filter, catalog: Catalog, options: { commonParts?: boolean } = {}): CatalogProduct[] {
  const found = new Map<string, CatalogProduct>();
  const add = (product: CatalogProduct | undefined): void => {
    if (!product) return;
    const partno = product.values.Partno as string;
    if (!catalog.byPartno.has(partno)) found.set(partno, product);
  };
  for (const condition of filter.conditions) {
    if (condition.type !== 'string' || condition.field !== 'Partno' || condition.op === 'contains') continue;
    for (const value of condition.values) {
      if (condition.op === 'eq') add(synthesizeProduct(value));
      else synthesizeVariants(value).forEach(add);
    }
  }
  if (!options.commonParts) return [...found.values()];
  for (const [field, kind] of [
    ['Capacitance', 'capacitance'],
    ['Inductance', 'inductance'],
  ] as const) {
    const range = pinnedRange(filter, field);
    if (range) commonParts(kind, range.low, range.high).map(buildRealProduct).forEach(add);
  }
  return [...found.values()];
}

/** The range of a Double field the filter's conditions pin from both sides (eq, or ge/gt with le/lt); undefined when open. */
function pinnedRange(filter: Filter, field: string): { low: number; high: number } | undefined {
  let low = -Infinity;
  let high = Infinity;
  for (const c of filter.conditions) {
    if (c.type !== 'number' || c.field !== field) continue;
    const { op, value } = c as NumberCondition;
    if (op === 'eq' || op === 'ge' || op === 'gt') low = Math.max(low, value);
    if (op === 'eq' || op === 'le' || op === 'lt') high = Math.min(high, value);
  }
  return Number.isFinite(low) && Number.isFinite(high) ? { low, high } : undefined;
}
