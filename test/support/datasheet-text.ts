/**
 * How a datasheet writes a value, written out here by hand (not from the vocabulary PartSpec's
 * writers read): in the largest unit of its ladder it is at least 1 of, to three decimals
 * (0.51 pF, 100 pF, 4.7 nF, 10 µF, 100 nH, 2.2 µH, 45 mΩ).
 */
import type { SiUnit } from '../../api/vocabulary';

/** A datasheet's units for each SI unit, smallest first, with the SI value of one of each. */
const DATASHEET: Record<SiUnit, [string, number][]> = {
  F: [['pF', 1e-12], ['nF', 1e-9], ['µF', 1e-6]],
  H: [['nH', 1e-9], ['µH', 1e-6], ['mH', 1e-3]],
  'Ω': [['mΩ', 1e-3], ['Ω', 1], ['kΩ', 1e3]],
  A: [['mA', 1e-3], ['A', 1]],
  Hz: [['kHz', 1e3], ['MHz', 1e6], ['GHz', 1e9]],
  m: [['mm', 1e-3]],
  g: [['mg', 1e-3], ['g', 1]],
  '°C': [['°C', 1]],
  V: [['V', 1]],
};

/** The text a datasheet gives an SI value of `unit`. */
export function datasheetText(si: number, unit: SiUnit): string {
  const units = DATASHEET[unit];
  const [label, factor] = [...units].reverse().find(([, f]) => Math.abs(si) >= f * (1 - 1e-9)) ?? units[0];
  return `${Number((si / factor).toFixed(3))} ${label}`;
}
