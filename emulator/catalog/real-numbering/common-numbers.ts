/**
 * The maker's numbers of the common values, generated (never stored): for a capacitance or an
 * inductance a search pins, the numbers of every common size, characteristic and rated voltage
 * the maker sells it in (GRM and automotive GCM chips in X5R, X7R, X7S, X6S and C0G from 0201 to
 * 1812, 6.3 V to 630 V; LQG, LQP and LQW RF inductors, LQM and LQH chokes and power inductors,
 * DFE metal-alloy power inductors), each read back through the decoder, so a search by specs
 * finds real-looking parts whose every field is what their number says. Only ratings a body can
 * have (capacitor-limits.ts) are made, and only values of the E24 (class 1, RF inductors) or E12
 * series (class 2, power inductors).
 */
import { capacitanceCode, inductanceCode } from './value-codes';
import { decimal, E12, E24 } from '../numbers';
import { chipProblem } from './capacitor-limits';
import { CHIP_SIZES, CHIP_THICKNESSES, TEMPERATURE_CODES, VOLTAGE_CODES } from './capacitor-tables';
import { decodeRealPartno } from './decode';
import type { RealPart } from './types';

/** Chip sizes and their thickness codes, thinnest first (a larger value takes the thicker body). */
const CHIP_BODIES: readonly (readonly [size: string, thicknesses: readonly string[]])[] = [
  ['03', ['3']],
  ['15', ['5']],
  ['18', ['8']],
  ['21', ['9', 'B']],
  ['31', ['M', 'C']],
  ['32', ['D', 'E']],
  ['43', ['D', 'E']],
];

/** Characteristics, the series each is sold in (GCM, the automotive series, in the stable ones) and their highest common voltage. */
const CHIP_CHARACTERISTICS: readonly (readonly [code: string, series: readonly string[], maxVolts: number])[] = [
  ['R6', ['GRM'], 50],
  ['R7', ['GRM', 'GCM'], 630],
  ['C7', ['GRM', 'GCM'], 100],
  ['C8', ['GRM'], 25],
  ['5C', ['GRM', 'GCM'], 630],
];

const CHIP_VOLTAGES = ['0J', '1A', '1C', '1E', 'YA', '1H', '2A', '2E', '2J'];

/**
 * What the common parts of a size reach: a rated voltage and a charge (µC, capacitance × voltage)
 * well inside what a body can hold (capacitor-limits.ts refuses only the impossible), so the
 * generated parts look like a catalog's, not like its edge. Class 1 dielectrics hold a hundredth.
 */
const COMMON_LIMITS: Readonly<Record<string, { volts: number; microcoulombs: number }>> = {
  '03': { volts: 25, microcoulombs: 15 },
  '15': { volts: 50, microcoulombs: 50 },
  '18': { volts: 100, microcoulombs: 160 },
  '21': { volts: 250, microcoulombs: 300 },
  '31': { volts: 630, microcoulombs: 700 },
  '32': { volts: 630, microcoulombs: 1200 },
  '43': { volts: 630, microcoulombs: 2000 },
};
const COMMON_CLASS_1_SHARE = 0.01;

/** Whether a value, voltage and dielectric are common in a size (see COMMON_LIMITS). */
function isCommon(sizeCode: string, farads: number, volts: number, dielectricClass: 1 | 2): boolean {
  const limit = COMMON_LIMITS[sizeCode];
  const charge = farads * 1e6 * volts;
  return volts <= limit.volts && charge <= limit.microcoulombs * (dielectricClass === 1 ? COMMON_CLASS_1_SHARE : 1);
}

/** Whether a value is one of a series' (1.0, 1.2 … 8.2 in every decade), within rounding. */
function inSeries(value: number, series: readonly number[]): boolean {
  const exponent = Math.floor(Math.log10(value) + 1e-9);
  const mantissa = Number((value / 10 ** exponent).toPrecision(3));
  return series.some((m) => Math.abs(m - mantissa) < 1e-6);
}

/** The chip capacitor numbers of one value: every common body, characteristic and voltage it can have. */
function capacitorNumbers(farads: number): string[] {
  const numbers: string[] = [];
  const valueCode = capacitanceCode(farads);
  for (const [tcCode, seriesList, maxVolts] of CHIP_CHARACTERISTICS) {
    const tc = TEMPERATURE_CODES[tcCode];
    const class1 = tc.dielectricClass === 1;
    // Class 1 values run from 0.5 pF to 100 nF in the E24 series; class 2 from 100 pF in the E12 series.
    if (class1 ? !inSeries(farads, E24) || farads > 1e-7 : !inSeries(farads, E12) || farads < 1e-10) continue;
    const tolerances = class1 ? [farads < 1e-11 ? 'C' : 'J'] : farads >= 1e-6 ? ['K', 'M'] : ['K'];
    for (const [sizeCode, thicknesses] of CHIP_BODIES) {
      const size = CHIP_SIZES[sizeCode];
      for (const voltageCode of CHIP_VOLTAGES) {
        const ratings = { tc, voltage: VOLTAGE_CODES[voltageCode], farads, toleranceCode: tolerances[0] };
        if (ratings.voltage.volts > maxVolts || !isCommon(sizeCode, farads, ratings.voltage.volts, tc.dielectricClass)) continue;
        // The thinnest body that holds the value, else none.
        const thickness = thicknesses.find((t) => chipProblem('GRM', sizeCode, size.width, CHIP_THICKNESSES[t], ratings) === undefined && fits(farads, ratings.voltage.volts, sizeCode, thicknesses, t));
        if (thickness === undefined) continue;
        for (const series of seriesList) {
          for (const tolerance of tolerances) numbers.push(`${series}${sizeCode}${thickness}${tcCode}${voltageCode}${valueCode}${tolerance}A01`);
        }
      }
    }
  }
  return numbers;
}

/** A thin body for the small values of a size, the thick one for the large (more than a tenth of the largest charge of its size). */
function fits(farads: number, volts: number, sizeCode: string, thicknesses: readonly string[], thickness: string): boolean {
  if (thicknesses.length === 1) return true;
  const large = farads * 1e6 * volts > LARGE_CHARGE[sizeCode];
  return large === (thickness === thicknesses[thicknesses.length - 1]);
}

/** Charge (µC) above which a value of a size takes its thicker body. */
const LARGE_CHARGE: Readonly<Record<string, number>> = { '21': 30, '31': 60, '32': 100, '43': 150 };

/** An inductor line: the number before and after the value, its value range (H), and the tolerance of values under and from 10 nH. */
interface InductorLine {
  prefix: string;
  suffix: string;
  min: number;
  max: number;
  series: readonly number[];
  tolerance: (henries: number) => string;
}

const nanoTolerance = (small: string, large: string) => (henries: number) => (henries < 1e-8 ? small : large);

const INDUCTOR_LINES: readonly InductorLine[] = [
  { prefix: 'LQG15HS', suffix: '02D', min: 1e-9, max: 2.7e-7, series: E24, tolerance: nanoTolerance('S', 'J') },
  { prefix: 'LQP03TN', suffix: '02D', min: 6e-10, max: 1e-7, series: E24, tolerance: nanoTolerance('B', 'J') },
  { prefix: 'LQP15MN', suffix: '02D', min: 1e-9, max: 1e-7, series: E24, tolerance: nanoTolerance('B', 'J') },
  { prefix: 'LQW15AN', suffix: '00D', min: 1e-9, max: 1.2e-7, series: E24, tolerance: nanoTolerance('C', 'J') },
  { prefix: 'LQW18AN', suffix: '00D', min: 2.2e-9, max: 4.7e-7, series: E24, tolerance: nanoTolerance('C', 'J') },
  { prefix: 'LQM18PN', suffix: 'FRL', min: 2.2e-7, max: 4.7e-6, series: E12, tolerance: () => 'M' },
  { prefix: 'LQM21PN', suffix: 'GHL', min: 4.7e-7, max: 4.7e-6, series: E12, tolerance: () => 'M' },
  { prefix: 'LQM18FN', suffix: '00D', min: 1e-6, max: 4.7e-5, series: E12, tolerance: () => 'M' },
  { prefix: 'LQH32CN', suffix: '53L', min: 1e-6, max: 1e-3, series: E12, tolerance: () => 'K' },
  { prefix: 'LQH3NPN', suffix: 'M0L', min: 1e-6, max: 4.7e-5, series: E12, tolerance: () => 'M' },
];

/** The inductor numbers of one value, in every line that makes it (and the 2016 metal-alloy power inductor). */
function inductorNumbers(henries: number): string[] {
  const numbers = INDUCTOR_LINES.filter((l) => henries >= l.min * 0.999 && henries <= l.max * 1.001 && inSeries(henries, l.series)).map(
    (l) => `${l.prefix}${inductanceCode(henries)}${l.tolerance(henries)}${l.suffix}`,
  );
  if (henries >= 2.4e-7 && henries <= 4.7e-6 && inSeries(henries, E12)) numbers.push(`DFE201610E-${inductanceCode(henries)}M=P2`);
  return numbers;
}

/** Values of a series from `low` to `high` inclusive. */
function valuesBetween(low: number, high: number, series: readonly number[]): number[] {
  const values: number[] = [];
  for (let exponent = Math.floor(Math.log10(low)) - 1; exponent <= Math.ceil(Math.log10(high)); exponent++) {
    for (const m of series) {
      const v = decimal(m, exponent);
      if (v >= low * (1 - 1e-9) && v <= high * (1 + 1e-9)) values.push(v);
    }
  }
  return values;
}

/** A value range is narrow enough to stand for one line of a BOM (a value and its tolerance), not a sweep of the catalog. */
const MAX_PINNED_RATIO = 1.5;

/** Recent answers: a BOM's lines ask for the same few values again and again. */
const CACHE = new Map<string, RealPart[]>();
const CACHE_SIZE = 16;

/** The common parts of the values from `low` to `high` (F for capacitors, H for inductors), every package form of each. */
export function commonParts(kind: 'capacitance' | 'inductance', low: number, high: number): RealPart[] {
  if (!(low > 0) || !(high >= low) || high / low > MAX_PINNED_RATIO) return [];
  const key = `${kind} ${low} ${high}`;
  let parts = CACHE.get(key);
  if (!parts) {
    parts = buildCommonParts(kind, low, high);
    if (CACHE.size >= CACHE_SIZE) CACHE.delete(CACHE.keys().next().value!);
    CACHE.set(key, parts);
  }
  return parts;
}

function buildCommonParts(kind: 'capacitance' | 'inductance', low: number, high: number): RealPart[] {
  const values = valuesBetween(low, high, E24);
  const numbers = values.flatMap((v) => (kind === 'capacitance' ? capacitorNumbers(v) : inductorNumbers(v)));
  const parts: RealPart[] = [];
  for (const base of numbers) {
    // The base is a whole number less its package code for capacitors; inductor numbers are whole.
    const whole = kind === 'capacitance' ? undefined : decodeRealPartno(base);
    if (whole) {
      parts.push(whole);
      continue;
    }
    const first = ['D', 'L'].map((code) => decodeRealPartno(`${base}${code}`)).find((p) => p !== undefined);
    if (!first) continue;
    for (const code of first.variantCodes) {
      const part = decodeRealPartno(`${base}${code}`);
      if (part) parts.push(part);
    }
  }
  return parts;
}
