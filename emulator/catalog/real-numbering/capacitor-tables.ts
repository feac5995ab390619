/**
 * The codes of the maker's real ceramic-capacitor part numbers, as data: chip size, thickness,
 * temperature characteristic, rated voltage, tolerance, packaging, and the lead codes of leaded
 * parts. Learnt from the maker's public part-numbering pages; a code missing here makes a number
 * unknown (not found), never guessed.
 */
import { dc, type TemperatureCharacteristic, type VoltageRating } from '../capacitor-codes';
import { chipBody as body, type ChipBody } from './types';

/** Size codes (L×W) of chip capacitors. */
export const CHIP_SIZES: Readonly<Record<string, ChipBody>> = {
  '02': body('0402', '01005', 0.4, 0.2),
  '03': body('0603', '0201', 0.6, 0.3),
  '05': body('0505', '0202', 0.5, 0.5),
  '08': body('0808', '0303', 0.8, 0.8),
  '15': body('1005', '0402', 1.0, 0.5),
  '18': body('1608', '0603', 1.6, 0.8),
  '21': body('2012', '0805', 2.0, 1.25),
  '22': body('2828', '1111', 2.8, 2.8),
  '31': body('3216', '1206', 3.2, 1.6),
  '32': body('3225', '1210', 3.2, 2.5),
  '42': body('4520', '1808', 4.5, 2.0),
  '43': body('4532', '1812', 4.5, 3.2),
  '52': body('5728', '2211', 5.7, 2.8),
  '55': body('5750', '2220', 5.7, 5.0),
};

/** Thickness codes of chip capacitors, in mm. `X` (set by the individual specification) is valid but decodes to nothing. */
export const CHIP_THICKNESSES: Readonly<Record<string, number | null>> = {
  '2': 0.2,
  '3': 0.3,
  '4': 0.4,
  '5': 0.5,
  '6': 0.6,
  '7': 0.7,
  '8': 0.8,
  '9': 0.85,
  A: 1.0,
  B: 1.25,
  C: 1.6,
  D: 2.0,
  E: 2.5,
  F: 3.2,
  M: 1.15,
  N: 1.35,
  Q: 1.5,
  R: 1.8,
  S: 2.8,
  X: null,
};

/**
 * Height codes of the metal-terminal series (KRM, KR3, KCM, KC3), in mm: one or two chips held
 * between two frames, so the height is its own table (F is 1.9 mm here, 3.2 mm on a plain chip).
 */
export const METAL_TERMINAL_HEIGHTS: Readonly<Record<string, number>> = {
  E: 1.8,
  F: 1.9,
  K: 2.7,
  L: 2.8,
  Q: 3.7,
  T: 4.8,
  W: 6.4,
};

type TcRow = readonly [code: string, name: string, standard: TemperatureCharacteristic['standard'], dielectricClass: 1 | 2, min: number, max: number];

/** Temperature characteristic codes (shared by chip and leaded parts): code, name, standard, class, operating range in °C. */
const TC_ROWS: readonly TcRow[] = [
  ['1C', 'CG', 'JIS', 1, -55, 125],
  ['4C', 'CK', 'JIS', 1, -55, 125],
  ['5C', 'C0G', 'EIA', 1, -55, 125],
  ['6C', 'C0H', 'EIA', 1, -55, 125],
  ['5G', 'X8G', 'EIA', 1, -55, 150],
  ['7U', 'U2J', 'EIA', 1, -55, 125],
  ['2C', 'CH', 'JIS', 1, -55, 125],
  ['3C', 'CJ', 'JIS', 1, -55, 125],
  ['2P', 'PH', 'JIS', 1, -25, 85],
  ['2R', 'RH', 'JIS', 1, -25, 85],
  ['2S', 'SH', 'JIS', 1, -25, 85],
  ['2T', 'TH', 'JIS', 1, -25, 85],
  ['1X', 'SL', 'JIS', 1, -55, 125],
  ['B1', 'B', 'JIS', 2, -25, 85],
  ['B3', 'B', 'JIS', 2, -25, 85],
  ['R1', 'R', 'JIS', 2, -55, 125],
  ['F1', 'F', 'JIS', 2, -25, 85],
  ['R6', 'X5R', 'EIA', 2, -55, 85],
  ['R7', 'X7R', 'EIA', 2, -55, 125],
  // Z7 is X7R to the maker's own (larger-capacitance) specification; R9 and M8 reach 150 °C.
  ['Z7', 'X7R', 'EIA', 2, -55, 125],
  ['R9', 'X8R', 'EIA', 2, -55, 150],
  ['M8', 'X8M', 'EIA', 2, -55, 150],
  ['9E', 'ZLM', 'Maker', 2, -55, 125],
  ['C6', 'X5S', 'EIA', 2, -55, 85],
  ['C7', 'X7S', 'EIA', 2, -55, 125],
  ['C8', 'X6S', 'EIA', 2, -55, 105],
  ['D7', 'X7T', 'EIA', 2, -55, 125],
  ['D8', 'X6T', 'EIA', 2, -55, 105],
  ['E7', 'X7U', 'EIA', 2, -55, 125],
  ['L8', 'X8L', 'EIA', 2, -55, 150],
  ['E4', 'Z5U', 'EIA', 2, 10, 85],
  ['F5', 'Y5V', 'EIA', 2, -30, 85],
];

export const TEMPERATURE_CODES: Readonly<Record<string, TemperatureCharacteristic>> = Object.fromEntries(
  TC_ROWS.map(([code, name, standard, dielectricClass, minTemp, maxTemp]) => [
    code,
    // capacityFactor only steers the synthetic catalog's value ranges; a decoded number has its value.
    { code, name, standard, dielectricClass, minTemp, maxTemp, capacityFactor: 1 },
  ]),
);

/** Rated-voltage codes (DC). Both 1V and YA are 35 V. */
export const VOLTAGE_CODES: Readonly<Record<string, VoltageRating>> = Object.fromEntries(
  (
    [
      ['0E', 2.5],
      ['0G', 4],
      ['0J', 6.3],
      ['1A', 10],
      ['1C', 16],
      ['1E', 25],
      ['1V', 35],
      ['YA', 35],
      ['1H', 50],
      ['1J', 63],
      ['1K', 80],
      ['2A', 100],
      ['2D', 200],
      ['2E', 250],
      ['2W', 450],
      ['2H', 500],
      ['2J', 630],
      ['3A', 1000],
      ['3D', 2000],
      ['3F', 3150],
    ] as const
  ).map(([code, volts]) => [code, dc(code, volts)]),
);

/** Capacitance tolerance letters. */
export const CAPACITANCE_TOLERANCES: Readonly<Record<string, string>> = {
  W: '±0.05pF',
  B: '±0.1pF',
  C: '±0.25pF',
  D: '±0.5pF',
  F: '±1%',
  G: '±2%',
  J: '±5%',
  K: '±10%',
  M: '±20%',
  Z: '+80%/-20%',
};

/** Packaging letters of chip capacitors. */
export const CHIP_PACKAGING: Readonly<Record<string, string>> = {
  D: 'Paper tape 180mm reel',
  J: 'Paper tape 330mm reel',
  L: 'Plastic tape 180mm reel',
  K: 'Plastic tape 330mm reel',
  B: 'Bulk',
  C: 'Bulk case',
};

/** Packaging letters of leaded capacitors. */
export const LEAD_PACKAGING: Readonly<Record<string, string>> = {
  A: 'Ammo pack',
  B: 'Bulk',
};

/** A lead code of a leaded part: its lead spacing (mm) and whether its leads are taped (ammo pack) or loose (bulk). */
export interface LeadCode {
  spacing: number;
  packageCode: keyof typeof LEAD_PACKAGING;
}

/**
 * Lead codes: loose straight or crimped leads come in bulk, taped ones in an ammo pack; a code not
 * listed makes the number unknown. P1 is the 2.54 mm (0.1 in) spacing of straight leads.
 */
export const LEAD_CODES: Readonly<Record<string, LeadCode>> = {
  A2: { spacing: 2.5, packageCode: 'B' },
  P1: { spacing: 2.54, packageCode: 'B' },
  K1: { spacing: 5.0, packageCode: 'B' },
  DB: { spacing: 2.5, packageCode: 'A' },
  DG: { spacing: 2.5, packageCode: 'A' },
  M1: { spacing: 5.0, packageCode: 'A' },
  S1: { spacing: 5.0, packageCode: 'A' },
};

/** Body size codes of leaded parts (the dimension table of each series); the value is not a field of its own. */
export const LEAD_BODY_CODES: ReadonlySet<string> = new Set(['0', '1', '2', '3', '4', '5']);
