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

/** Capacitance value code in picofarads: 4R7 (4.7 pF), R50 (0.5 pF), 101 (100 pF), 104 (100 nF), 226 (22 µF). */
export function capacitanceCode(farads: number): string {
  return valueCode(Math.round(farads * 1e14) / 100, 'R');
}

/**
 * Inductance value code: below 100 nH in nanohenries with N as the point (1N0, 4N7, 47N),
 * from 0.1 µH in microhenries with R as the point (R10, 1R0, 4R7) or as digits and a power of ten (100 = 10 µH).
 */
export function inductanceCode(henries: number): string {
  const nH = Math.round(henries * 1e11) / 100;
  if (nH < 100) {
    if (nH >= 10) return `${Math.round(nH)}N`;
    return pointCode(nH, 'N');
  }
  return valueCode(Math.round(henries * 1e8) / 100, 'R');
}

function valueCode(units: number, point: string): string {
  if (units < 10) return pointCode(units, point);
  let exp = 0;
  let digits = units;
  while (digits >= 100) {
    digits /= 10;
    exp++;
  }
  return `${Math.round(digits)}${exp}`;
}

function pointCode(value: number, point: string): string {
  const [int, frac = '0'] = String(Number(value.toPrecision(2))).split('.');
  const code = int === '0' ? `${point}${frac.padEnd(2, '0')}` : `${int}${point}${frac}`;
  return code.slice(0, 3);
}

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
