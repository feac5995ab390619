import type { FieldValue, Group } from '../../../api';

/** A chip body: mm and inch size codes, length and width in mm. */
export interface ChipBody {
  mm: string;
  inch: string;
  length: number;
  width: number;
}

export const chipBody = (mm: string, inch: string, length: number, width: number): ChipBody => ({ mm, inch, length, width });

/** What a product series says about every part in it. */
export interface PartFacts {
  productName: string;
  applications: readonly string[];
  aec: boolean;
  benefits?: readonly string[];
  mounting?: readonly string[];
}

/** A real part number read into its parts: the base, the package form and the decoded values. */
export interface RealPart {
  group: Group;
  partno: string;
  /** The part number without its package code (`GRM155R71C104KA88`, `DFE322512F-2R2M`). */
  partnoWithoutPackageCode: string;
  /** What follows the base: a letter (`D`) or, on older power inductors, `=P2`. */
  packageCode: string;
  packageType: string;
  facts: PartFacts;
  /** Decoded values keyed by the vocabulary's field key (`Specs.Capacitance`, `Construction`). */
  values: Record<string, FieldValue>;
  /** The package codes a part of this body is sold in, for a lookup of the base alone. */
  variantCodes: readonly string[];
}

/** The number's own fields of a RealPart; the base is the number less its package code. */
export function packageForm(partno: string, packageCode: string, packageType: string): Pick<RealPart, 'partno' | 'partnoWithoutPackageCode' | 'packageCode' | 'packageType'> {
  return { partno, partnoWithoutPackageCode: partno.slice(0, -packageCode.length), packageCode, packageType };
}

/**
 * What a decoder makes of a number: the part; a sentence saying why a number of its layout is
 * not one (a code outside its table, ratings the body cannot have); or undefined when the number
 * is not of its layout at all.
 */
export type Decoded = RealPart | string | undefined;
