import { CHIP_PACKAGING, LEAD_PACKAGING } from './capacitor-tables';
import { decodeChipCapacitor, decodeLeadedCapacitor } from './capacitors';
import { INDUCTOR_PACKAGING, POWER_INDUCTOR_PACKAGING } from './inductor-tables';
import { decodeChipInductor, decodePowerInductor } from './inductors';
import type { RealPart } from './types';

/** One decoder per numbering layout; each refuses a number that is not of its layout. */
const DECODERS: readonly ((partno: string) => RealPart | undefined)[] = [decodeChipCapacitor, decodeLeadedCapacitor, decodeChipInductor, decodePowerInductor];

/** Every package suffix any layout uses, for finding the package forms of a base number. */
const PACKAGE_SUFFIXES = [
  ...new Set([
    ...Object.keys(CHIP_PACKAGING),
    ...Object.keys(LEAD_PACKAGING),
    ...Object.keys(INDUCTOR_PACKAGING),
    ...Object.keys(POWER_INDUCTOR_PACKAGING).map((code) => `=${code}`),
  ]),
];

/**
 * Reads one of the maker's real part numbers (package code included, upper case, as the service
 * stores it): GRM155R71C104KA88D, RDER71H104K2M1H03A, LQW18AN10NG00D, DFE322512F-2R2M=P2.
 * Undefined for a number of an unknown series, with a code that is not in the tables, or whose
 * ratings cannot exist in its body.
 */
export function decodeRealPartno(partno: string): RealPart | undefined {
  if (partno.length < 14 || partno.length > 24) return undefined;
  for (const decode of DECODERS) {
    const part = decode(partno);
    if (part) return part;
  }
  return undefined;
}

/**
 * The package forms a real base number (a number without its package code, GRM155R71C104KA88)
 * is sold in, as its codes say (thickness, lead code, specification code); empty when `base` is
 * not a whole number less its package code, so nothing is invented for a shorter string.
 */
export function decodeRealVariants(base: string): RealPart[] {
  const found = PACKAGE_SUFFIXES.map((suffix) => decodeRealPartno(`${base}${suffix}`)).find((p) => p?.partnoWithoutPackageCode === base);
  if (!found) return [];
  return found.variantCodes.map((code) => decodeRealPartno(`${base}${code}`)).filter((p): p is RealPart => p !== undefined);
}
