import { formatQuantity } from '../api/units';
import type { SiUnit } from '../api/vocabulary';

/*
 * Distinct generic BOM lines ("100nF 0402 X7R 16V", "4.7µH 0806 0.5A"): every combination of the
 * usual values, sizes, characteristics and ratings, taken with a stride so that any first N lines
 * spread over values, sizes and both categories. About 11,000 exist.
 */

const E12 = [1, 1.2, 1.5, 1.8, 2.2, 2.7, 3.3, 3.9, 4.7, 5.6, 6.8, 8.2];
const E6 = [1, 1.5, 2.2, 3.3, 4.7, 6.8];
const compact = (value: number, unit: SiUnit): string => formatQuantity(Number(value.toPrecision(6)), unit).replace(' ', '');

function allLines(): string[] {
  const lines: string[] = [];
  for (let decade = -12; decade <= -6; decade++)
    for (const m of E12)
      for (const size of ['0201', '0402', '0603', '0805', '1206', '1210'])
        for (const tc of ['X7R', 'X5R', 'C0G'])
          for (const volts of [6.3, 10, 16, 25, 35, 50, 100]) lines.push(`${compact(m * 10 ** decade, 'F')} ${size} ${tc} ${volts}V`);
  for (let decade = -9; decade <= -4; decade++)
    for (const m of E6)
      for (const size of ['0402', '0603', '0806', '1008'])
        for (const amps of [0.1, 0.3, 0.5, 1, 2]) lines.push(`${compact(m * 10 ** decade, 'H')} ${size} ${amps}A`);
  return lines;
}

/** `count` distinct generic lines (at most about 11,000). */
export function genericLines(count: number): string[] {
  const all = allLines();
  if (count > all.length) throw new RangeError(`only ${all.length} distinct generic lines exist`);
  // A stride coprime with the length visits every line once, spread across the table.
  let stride = 7919;
  while (gcd(stride, all.length) !== 1) stride += 2;
  return Array.from({ length: count }, (_, i) => all[(i * stride) % all.length]);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
