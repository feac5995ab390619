import { comparePartno, type Group } from '../../api';
import { generateLeadBases } from './capacitors-lead';
import { generateSmdBases } from './capacitors-smd';
import { expandVariants, type BasePart } from './common';
import { createHostileBases } from './hostile';
import { generateInductorBases } from './inductors';
import { assignLifecycle } from './lifecycle';
import { createRng, deriveSeed } from './rng';
import type { Catalog, CatalogProduct } from './types';

export type { Catalog, CatalogProduct } from './types';
export { HOSTILE_PARTNOS, HOSTILE_STRINGS } from './hostile';
export { REFERENCE_DATE } from './lifecycle';
export { ageCatalog, isIsoDate, LAST_BUY_WINDOW_DAYS } from './aging';
export { PARTNO_PATTERN } from './part-numbers';

/** The catalog seed when none is given. */
export const DEFAULT_SEED = 1;


/**
 * Generates the whole synthetic catalog for a seed: the same seed always gives the same products
 * (the hostile parts are the same for every seed).
 */
export function generateCatalog(seed: number = DEFAULT_SEED): Catalog {
  const bases: Record<Group, BasePart[]> = {
    SMD: generateSmdBases(createRng(deriveSeed(seed, 'smd'))),
    Lead: generateLeadBases(createRng(deriveSeed(seed, 'lead'))),
    Ind: generateInductorBases(createRng(deriveSeed(seed, 'ind'))),
  };
  for (const group of ['SMD', 'Lead', 'Ind'] as const) {
    assignLifecycle(createRng(deriveSeed(seed, `life-${group}`)), bases[group]);
  }
  for (const hostile of createHostileBases()) bases[hostile.group].push(hostile);
  const byGroup = {} as Record<Group, CatalogProduct[]>;
  const all: CatalogProduct[] = [];
  for (const group of ['SMD', 'Lead', 'Ind'] as const) {
    const products = bases[group].flatMap(expandVariants);
    products.sort((a, b) => comparePartno(a.values.Partno as string, b.values.Partno as string));
    byGroup[group] = products;
    all.push(...products);
  }
  all.sort((a, b) => comparePartno(a.values.Partno as string, b.values.Partno as string));
  return { seed, products: all, byGroup, byPartno: new Map(all.map((p) => [p.values.Partno as string, p])) };
}
