import { KNOWN_CHIP_SPEC_CODES } from './capacitor-limits';
import { CHIP_PACKAGING, LEAD_PACKAGING } from './capacitor-tables';
import { decodeChipCapacitor, decodeLeadedCapacitor } from './capacitors';
import { INDUCTOR_PACKAGING, POWER_INDUCTOR_PACKAGING } from './inductor-tables';
import { decodeChipInductor, decodePowerInductor } from './inductors';
import type { Decoded, RealPart } from './types';

/** One decoder per numbering layout; each refuses a number that is not of its layout. */
const DECODERS: readonly ((partno: string) => Decoded)[] = [decodeChipCapacitor, decodeLeadedCapacitor, decodeChipInductor, decodePowerInductor];

/** Every package suffix any layout uses, for finding the package forms of a base number. */
const PACKAGE_SUFFIXES = [
  ...new Set([
    ...Object.keys(CHIP_PACKAGING),
    ...Object.keys(LEAD_PACKAGING),
    ...Object.keys(INDUCTOR_PACKAGING),
    ...Object.keys(POWER_INDUCTOR_PACKAGING).map((code) => `=${code}`),
  ]),
];

/** The first decoder's answer for a number of its layout: the part, or why a number of that layout is refused. */
function decode(partno: string): RealPart | string {
  if (partno.length < 14 || partno.length > 24) return 'a number of the maker\'s numbering has 14 to 24 characters';
  for (const decoder of DECODERS) {
    const found = decoder(partno);
    if (found !== undefined) return found;
  }
  return 'not a number of a series the emulator decodes';
}

/**
 * Reads one of the maker's real part numbers (package code included, upper case, as the service
 * stores it): GRM155R71C104KA88D, RDER71H104K2M1H03A, LQW18AN10NG00D, DFE322512F-2R2M=P2.
 * Undefined for a number of an unknown series, with a code that is not in the tables, or whose
 * ratings cannot exist in its body.
 */
export function decodeRealPartno(partno: string): RealPart | undefined {
  const found = decode(partno);
  return typeof found === 'string' ? undefined : found;
}

/** Why a number is not decoded, in a phrase (`'X' is not an application letter of LQP (M, T, H)`); undefined when it is. */
export function explainRealPartno(partno: string): string | undefined {
  const found = decode(partno);
  return typeof found === 'string' ? found : undefined;
}

/**
 * The package forms a real base number (a number without its package code, GRM155R71C104KA88)
 * is sold in, as its codes say (thickness, lead code, specification code); empty when `base` is
 * not a whole number less its package code, so nothing is invented for a shorter string.
 */
export function decodeRealVariants(base: string): RealPart[] {
  const found = PACKAGE_SUFFIXES.map((suffix) => decodeRealPartno(`${base}${suffix}`)).find((p) => p?.partnoWithoutPackageCode === base);
  if (!found || isCutChipNumber(found)) return [];
  return found.variantCodes.map((code) => decodeRealPartno(`${base}${code}`)).filter((p): p is RealPart => p !== undefined);
}

/**
 * A chip capacitor base whose specification code ends in a package letter and is not a code the
 * maker is known to use: a whole number with one character dropped (a distributor's spelling),
 * not a base (see KNOWN_CHIP_SPEC_CODES).
 */
function isCutChipNumber(part: RealPart): boolean {
  const base = part.partnoWithoutPackageCode;
  return part.group === 'SMD' && base.at(-1)! in CHIP_PACKAGING && !KNOWN_CHIP_SPEC_CODES.has(base.slice(-3));
}
