/**
 * The maker's real part numbering (capacitors and inductors), decoded from tables, so the
 * emulator can answer a real BOM's numbers with the sizes, ratings and values they encode.
 */
import type { CatalogProduct } from '../types';
import { decodeRealPartno, decodeRealVariants } from './decode';
import { buildRealProduct } from './product';

export { decodeRealPartno, decodeRealVariants, explainRealPartno } from './decode';
export { commonParts } from './common-numbers';
export { SYNTHETIC_NOTICE, buildRealProduct } from './product';
export type { RealPart } from './types';

/** The product a real part number stands for, built from the number; undefined when it does not decode. */
export function synthesizeProduct(partno: string): CatalogProduct | undefined {
  const part = decodeRealPartno(partno);
  return part && buildRealProduct(part);
}

/** The package forms of a real base number as products; empty when it is not a whole base. */
export function synthesizeVariants(base: string): CatalogProduct[] {
  return decodeRealVariants(base).map(buildRealProduct);
}
