import type { Filter } from '../api';
import type { Catalog, CatalogProduct } from './catalog';
import { synthesizeProduct, synthesizeVariants } from './catalog/real-numbering';

/**
 * Products built from the maker's real part numbers a filter names, for the numbers the catalog
 * does not hold: `Partno eq 'GRM155R71C104KA88D'` gives that part, and
 * `startswith(Partno,'GRM155R71C104KA88')` (a number without its package code, as BOMs often
 * write it) gives the package forms its codes allow. Only whole numbers whose every code is known
 * and whose ratings fit the body are decoded, so a typo, a shorter prefix, a distributor's number
 * with its prefix removed, a category-wide query or a harvest never meets one; the caller still
 * applies every condition.
 */
export function realNumberCandidates(filter: Filter, catalog: Catalog): CatalogProduct[] {
  const found = new Map<string, CatalogProduct>();
  for (const condition of filter.conditions) {
    if (condition.type !== 'string' || condition.field !== 'Partno' || condition.op === 'contains') continue;
    for (const value of condition.values) {
      const products = condition.op === 'eq' ? [synthesizeProduct(value)] : synthesizeVariants(value);
      for (const product of products) {
        if (!product) continue;
        const partno = product.values.Partno as string;
        if (!catalog.byPartno.has(partno)) found.set(partno, product);
      }
    }
  }
  return [...found.values()];
}
