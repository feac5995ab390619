import { formatQuantity, type SiUnit } from '../../api';

export const E6 = [1.0, 1.5, 2.2, 3.3, 4.7, 6.8] as const;
export const E12 = [1.0, 1.2, 1.5, 1.8, 2.2, 2.7, 3.3, 3.9, 4.7, 5.6, 6.8, 8.2] as const;
export const E24 = [
  1.0, 1.1, 1.2, 1.3, 1.5, 1.6, 1.8, 2.0, 2.2, 2.4, 2.7, 3.0, 3.3, 3.6, 3.9, 4.3, 4.7, 5.1, 5.6, 6.2, 6.8, 7.5, 8.2, 9.1,
] as const;

/**
 * `mantissa × 10^exponent` as the double a decimal literal gives (4.7e-6, never
 * 4.7 × 1e-6 = 0.0000047000000000000004), so a filter `eq 0.0000047` matches exactly.
 */
export function decimal(mantissa: number, exponent: number): number {
  return Number(`${mantissa}e${exponent}`);
}

/** A value rounded to `digits` significant digits, without binary noise. */
export function round(value: number, digits = 3): number {
  return Number(value.toPrecision(digits));
}

/** Every series value from `min` to `max` inclusive, across decades. */
export function seriesValues(series: readonly number[], min: number, max: number): number[] {
  let all = SERIES_CACHE.get(series);
  if (!all) {
    all = [];
    for (let exp = -15; exp <= 3; exp++) for (const m of series) all.push(decimal(m, exp));
    SERIES_CACHE.set(series, all);
  }
  return all.filter((v) => v >= min * 0.999999 && v <= max * 1.000001);
}

const SERIES_CACHE = new Map<readonly number[], number[]>();

/** Text form of a quantity as the maker's tables print it: `100nF`, `4.7µF`, `150mΩ`, `100MHz`. */
export function quantityText(value: number, unit: SiUnit): string {
  return memo(`${unit}${value}`, () => formatQuantity(value, unit).replace(' ', ''));
}

const TEXTS = new Map<string, string>();

/** Texts repeat across thousands of parts: build each once and share it. */
function memo(key: string, make: () => string): string {
  let text = TEXTS.get(key);
  if (text === undefined) {
    text = make();
    TEXTS.set(key, text);
  }
  return text;
}

/** A length in metres from millimetres, exact: 1.6 → 0.0016. */
export function mm(value: number): number {
  return decimal(value, -3);
}

/** Text of a length in millimetres with a tolerance: `1.6±0.1mm`. */
export function mmText(valueMm: number, tolMm?: number): string {
  return memo(`mm${valueMm}±${tolMm}`, () => formatMm(valueMm, tolMm));
}

function formatMm(valueMm: number, tolMm?: number): string {
  const text = (v: number): string => {
    const s = String(round(v, 4));
    return s.includes('.') ? s : `${s}.0`;
  };
  return tolMm === undefined ? `${text(valueMm)}mm` : `${text(valueMm)}±${round(tolMm, 3)}mm`;
}

/** Mass text in grams as printed in data sheets: `0.0056g`. */
export function massText(grams: number): string {
  return memo(`g${grams}`, () => `${grams}g`);
}

/** A date `days` after `isoDate` (negative: before), as YYYY-MM-DD. */
export function addDays(isoDate: string, days: number): string {
  const t = Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}
