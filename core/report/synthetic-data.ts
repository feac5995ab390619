import { readValue, type ProductRecord } from '../../api/product';

/** A product the emulator decoded from a part number alone: its Notices start so. */
export function isSyntheticProduct(product: ProductRecord): boolean {
  const notices = readValue(product, 'Notices');
  return typeof notices === 'string' && notices.startsWith('Synthetic:');
}
