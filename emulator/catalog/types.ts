import type { FieldValue, Group } from '../../api';

/**
 * One product of the emulator's catalog, language-neutral: list values (Status, Mounting,
 * Application …) are stored in English and translated when a response is written. Web addresses
 * are not stored: they are built from the request's host when rendered.
 */
export interface CatalogProduct {
  group: Group;
  /**
   * Values keyed by the vocabulary's field key (`Status`, `Specs.Capacitance`, `ComplianceInfo.Rohs`).
   * Never changed in place (the emulator keeps what it rendered and read of them): a product that
   * must answer other values gets a new object.
   */
  values: Record<string, FieldValue>;
}

export interface Catalog {
  seed: number;
  /** The day the catalog was aged to (`--as-of`); absent for the catalog as generated. */
  asOf?: string;
  /** Every product, ordered by Partno in code-unit order. */
  products: readonly CatalogProduct[];
  /** The products of each group, ordered by Partno. */
  byGroup: Readonly<Record<Group, readonly CatalogProduct[]>>;
  byPartno: ReadonlyMap<string, CatalogProduct>;
}

/** A base part before it is split into its package variants. */
export type BaseValues = Record<string, FieldValue>;

/** One package form of a base part: the letter that ends the Partno, its packaging and order unit. */
export interface PackageOption {
  code: string;
  type: string;
  minOrderQuantity: number;
}
