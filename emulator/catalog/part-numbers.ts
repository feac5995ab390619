/**
 * The invented part-number grammar, one place for every group:
 *
 *   series (3 letters) + size code (2) + characteristic (2) + rating code (2)
 *   + value code (3) + tolerance letter (1) + variant (2) + package code (1)
 *
 * e.g. MCS18B11A104KA1D = general-purpose series, 1608M (0603) size, JIS B, 10 V DC (1A), 100 nF,
 * ±10 %, variant A1, 180 mm paper tape. The rating code is the voltage code on capacitors and a
 * rated-current class on inductors. Only [A-Z0-9]; `PartnoWithoutPackageCode` is the Partno
 * without its last letter.
 */
import { CAPACITANCE_TOLERANCES } from './real-numbering/capacitor-tables';
import { INDUCTANCE_TOLERANCES } from './real-numbering/inductor-tables';

/**
 * Letters of the tolerance texts, shared by capacitors and inductors: the maker's own letters,
 * read backwards from the real numbering's tables (±1 % is F in both).
 */
export const TOLERANCE_LETTERS: Readonly<Record<string, string>> = Object.fromEntries(
  [...Object.entries(CAPACITANCE_TOLERANCES), ...Object.entries(INDUCTANCE_TOLERANCES)].map(([letter, text]) => [text, letter]),
);

export interface PartnoParts {
  series: string;
  size: string;
  characteristic: string;
  rating: string;
  value: string;
  tolerance: string;
  variant: string;
}

export function composeBasePartno(p: PartnoParts): string {
  return `${p.series}${p.size}${p.characteristic}${p.rating}${p.value}${p.tolerance}${p.variant}`;
}

export const PARTNO_PATTERN = /^[A-Z]{3}[A-Z0-9]{2}[A-Z0-9]{2}[A-Z0-9]{2}[A-Z0-9]{3}[A-Z][A-Z][0-9][A-Z]$/;
