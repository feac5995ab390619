import { readValue, type FieldValue, type ProductRecord } from '../product';
import type { OrderByItem } from '../filter';
import { getFilterField } from '../vocabulary';

/** Plain string order (UTF-16 code units), the order the service sorts part numbers in. */
export const compareCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function compareValues(a: FieldValue | undefined, b: FieldValue | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return compareCodeUnits(String(a), String(b));
}

/** True when an order gives the same sequence as the harvest's own walk (Partno ascending). */
export function followsHarvestOrder(orderby: readonly OrderByItem[]): boolean {
  return orderby.length === 0 || (orderby[0].field === 'Partno' && orderby[0].direction === 'asc');
}

/** What `$orderby` compares of one product, small enough to keep beside a table row instead of the record. */
export interface OrderKey {
  values: (FieldValue | undefined)[];
  partno: string;
}

/** The order key of a product: the values of the ordered fields, in order, and its part number. */
export function orderKeyOf(product: ProductRecord, orderby: readonly OrderByItem[]): OrderKey {
  return { values: orderby.map((o) => readValue(product, getFilterField(o.field)?.responseKey ?? o.field)), partno: product.partno };
}

/** Compares order keys as `$orderby` would, part number as the final tie-breaker; absent values last. */
export function compareOrderKeys(x: OrderKey, y: OrderKey, orderby: readonly OrderByItem[]): number {
  for (let i = 0; i < orderby.length; i++) {
    const a = x.values[i];
    const b = y.values[i];
    if (a === undefined || b === undefined) {
      if (a !== b) return a === undefined ? 1 : -1;
      continue;
    }
    const d = compareValues(a, b) * (orderby[i].direction === 'desc' ? -1 : 1);
    if (d !== 0) return d;
  }
  return compareCodeUnits(x.partno, y.partno);
}

/** Sorts records as `$orderby` would, part number as the final tie-breaker; absent values last. */
export function sortProducts(products: ProductRecord[], orderby: readonly OrderByItem[]): ProductRecord[] {
  const keyed = products.map((product) => ({ product, key: orderKeyOf(product, orderby) }));
  keyed.sort((a, b) => compareOrderKeys(a.key, b.key, orderby));
  keyed.forEach(({ product }, i) => (products[i] = product));
  return products;
}
