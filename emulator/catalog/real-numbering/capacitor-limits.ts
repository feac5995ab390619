/**
 * What makes a decoded capacitor number plausible, beyond each code being in its table: the
 * ranges a body of each size reaches (rated voltage, and capacitance × voltage, the charge its
 * volume can hold). A number outside them (10 µF 630 V in an 0402) is not found. The individual
 * specification code (`A88`, `AAL`, `E87`) is the maker's own control code: any three letters or
 * digits fit it, so it is never checked against a list (a list of codes seen refused real parts).
 * The limits are generous on purpose: they refuse what cannot exist, not what is merely rare.
 */
import type { TemperatureCharacteristic, VoltageRating } from '../capacitor-codes';

/**
 * Individual specification codes of chip capacitors seen in the maker's numbers. Not a filter on
 * whole numbers (any three letters or digits are a code): only a base number without its package
 * code whose last letter is itself a package letter needs it. GRM155R71C104KA8D is a distributor's
 * number cut short (81-GRM155R71C104KA8D for …KA88D), not the base of a part with code `A8D`;
 * GRM188R61C106KAAL is the base of …KAALD, since `AAL` is a code the maker uses.
 */
export const KNOWN_CHIP_SPEC_CODES: ReadonlySet<string> = new Set(
  [
    'A01 A02 A03 A05 A12 A13 A15 A16 A19 A35 A37 A39 A43 A44 A47 A55 A57 A61 A62 A64 A73 A84 A86 A87 A88 A93 A94 A95 AAL',
    'B01 B02 B12 C01 C12 D01',
    'E01 E02 E03 E11 E12 E13 E14 E15 E16 E19 E20 E22 E39 E44 E47 E69 E73 E80 E87 E88 EA0 EAA',
  ]
    .join(' ')
    .split(' '),
);

/** Per chip size code: the highest rated voltage, and the largest capacitance × voltage (µC) of a class 2 part. */
const CHIP_LIMITS: Readonly<Record<string, { volts: number; microcoulombs: number }>> = {
  '02': { volts: 25, microcoulombs: 10 },
  '03': { volts: 50, microcoulombs: 40 },
  '05': { volts: 50, microcoulombs: 60 },
  '08': { volts: 100, microcoulombs: 150 },
  '15': { volts: 250, microcoulombs: 200 },
  '18': { volts: 630, microcoulombs: 600 },
  '21': { volts: 1000, microcoulombs: 1500 },
  '22': { volts: 3150, microcoulombs: 2000 },
  '31': { volts: 3150, microcoulombs: 3000 },
  '32': { volts: 3150, microcoulombs: 5000 },
  '42': { volts: 3150, microcoulombs: 6000 },
  '43': { volts: 3150, microcoulombs: 8000 },
  '52': { volts: 3150, microcoulombs: 10000 },
  '55': { volts: 3150, microcoulombs: 15000 },
};

/** Rated voltages of each leaded series (from its catalog title) and the charge its bodies hold. */
const LEADED_LIMITS: Readonly<Record<string, { minVolts: number; volts: number; microcoulombs: number }>> = {
  RDE: { minVolts: 25, volts: 1000, microcoulombs: 500 },
  RPE: { minVolts: 25, volts: 100, microcoulombs: 500 },
  RCE: { minVolts: 25, volts: 1000, microcoulombs: 500 },
  RHE: { minVolts: 50, volts: 100, microcoulombs: 500 },
};

/** Temperature-compensating (class 1) dielectrics hold about a hundredth of the charge of class 2 ones. */
const CLASS_1_SHARE = 0.01;

/** Tolerances in picofarads are for values under 10 pF; ±1 % and ±2 % are class 1; +80/−20 % is class 2. */
const PICOFARAD_TOLERANCES = new Set(['W', 'B', 'C', 'D']);
const PRECISION_TOLERANCES = new Set(['F', 'G']);

/** Series that are high-Q (class 1) by definition. */
const CLASS_1_SERIES = new Set(['GJM', 'GQM']);

/** The ratings a capacitor number encodes, to be checked against its body. */
export interface CapacitorRatings {
  farads: number;
  voltage: VoltageRating;
  tc: TemperatureCharacteristic;
  toleranceCode: string;
}

/** Why ratings cannot exist in a body of these limits, or undefined when they can. */
function ratingsProblem(r: CapacitorRatings, limit: { volts: number; microcoulombs: number; minVolts?: number }): string | undefined {
  if (r.voltage.volts > limit.volts || r.voltage.volts < (limit.minVolts ?? 0)) return `${r.voltage.volts} V is outside the body's voltage range`;
  const budget = limit.microcoulombs * (r.tc.dielectricClass === 1 ? CLASS_1_SHARE : 1);
  if (r.farads * 1e6 * r.voltage.volts > budget) return `the body cannot hold ${r.farads} F at ${r.voltage.volts} V in ${r.tc.name}`;
  if (PICOFARAD_TOLERANCES.has(r.toleranceCode) && (r.tc.dielectricClass !== 1 || r.farads > 10e-12)) return `tolerance ${r.toleranceCode} is for class 1 values under 10 pF`;
  if (PRECISION_TOLERANCES.has(r.toleranceCode) && r.tc.dielectricClass !== 1) return `tolerance ${r.toleranceCode} is for class 1 dielectrics`;
  return r.toleranceCode !== 'Z' || r.tc.dielectricClass === 2 ? undefined : 'tolerance Z is for class 2 dielectrics';
}

/** Metal-terminal series (KRM, KCM …) stack chips between frames: their height is not bounded by the chip's width. */
const STACKED_SERIES = /^K[RC]/;

/** Why a chip capacitor of this series, size and thickness cannot have these ratings, or undefined when it can. */
export function chipProblem(series: string, sizeCode: string, width: number, thickness: number | null, r: CapacitorRatings): string | undefined {
  const limit = CHIP_LIMITS[sizeCode];
  if (!limit) return `size ${sizeCode} is not a chip capacitor size`;
  if (CLASS_1_SERIES.has(series) && r.tc.dielectricClass !== 1) return `${series} is a high-Q series, made in class 1 dielectrics only`;
  // A chip is never much thicker than it is wide.
  if (thickness !== null && !STACKED_SERIES.test(series) && thickness > width * 1.1 + 0.05) return `a ${thickness} mm thickness does not fit a ${width} mm wide chip`;
  return ratingsProblem(r, limit);
}

/** Why a leaded capacitor of this series cannot have these ratings, or undefined when it can. */
export function leadedProblem(series: string, r: CapacitorRatings): string | undefined {
  const limit = LEADED_LIMITS[series];
  return limit === undefined ? `${series} is not a leaded series` : ratingsProblem(r, limit);
}
