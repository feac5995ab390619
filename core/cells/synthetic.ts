import { readValue, type ProductRecord } from '../../api/product';

/** A product the emulator decoded from a part number alone: its Notices start so. */
export function isSyntheticProduct(product: ProductRecord): boolean {
  const notices = readValue(product, 'Notices');
  return typeof notices === 'string' && notices.startsWith('Synthetic:');
}

/** True when a lookup found products and every one of them is synthetic, so nothing in the answer is the maker's data. */
export function isSyntheticMatch(products: readonly ProductRecord[]): boolean {
  return products.length > 0 && products.every(isSyntheticProduct);
}

/** What a synthetic product's status reads with on the PART.INFO card; the Status cell of an enrichment and `=PART.SPEC(A2, "Status")` hold the plain status. */
export const SYNTHETIC_STATUS_SUFFIX = ' (synthetic)';
