import type { Group } from './vocabulary';

/**
 * A value of one field of one product after normalization: numbers as numbers (SI units),
 * Booleans as Booleans, Dates as ISO `YYYY-MM-DD` strings, List[String] fields as arrays,
 * everything else as strings. A field the API did not return is absent, never null.
 */
export type FieldValue = string | number | boolean | string[];

/** One product as every consumer of the client sees it, whatever nesting the API used. */
export interface ProductRecord {
  /** The group the product was returned in. */
  group: Group;
  /** Part number with package code. */
  partno: string;
  /** Values keyed by the vocabulary's field key (`Status`, `Specs.Capacitance`, `ComplianceInfo.Rohs`). */
  values: Readonly<Record<string, FieldValue>>;
}

/** The value of a field of a product, or undefined when the API returned none. */
export function readValue(product: ProductRecord, key: string): FieldValue | undefined {
  return Object.prototype.hasOwnProperty.call(product.values, key) ? product.values[key] : undefined;
}
