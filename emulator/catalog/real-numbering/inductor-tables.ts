/** The codes of the maker's real inductor part numbers, as data (see capacitor-tables.ts for the rule on missing codes). */
import { chipBody as body, type ChipBody } from './types';

/** Size codes (L×W) of chip and power inductors; letters mark bodies that share a length with another. */
export const INDUCTOR_SIZES: Readonly<Record<string, ChipBody>> = {
  '02': body('0402', '01005', 0.4, 0.2),
  '03': body('0603', '0201', 0.6, 0.3),
  '04': body('0804', '03015', 0.8, 0.4),
  '15': body('1005', '0402', 1.0, 0.5),
  '18': body('1608', '0603', 1.6, 0.8),
  '21': body('2012', '0805', 2.0, 1.25),
  '2B': body('2015', '0805', 2.0, 1.5),
  '2M': body('2016', '0806', 2.0, 1.6),
  '2H': body('2520', '1008', 2.5, 2.0),
  '2U': body('2520', '1008', 2.5, 2.0),
  '3N': body('3030', '1212', 3.0, 3.0),
  '31': body('3216', '1206', 3.2, 1.6),
  '32': body('3225', '1210', 3.2, 2.5),
  '43': body('4532', '1812', 4.5, 3.2),
  '5B': body('5050', '2020', 5.0, 5.0),
  '55': body('5750', '2220', 5.7, 5.0),
  '6P': body('6060', '2424', 6.0, 6.0),
  '66': body('6363', '2525', 6.3, 6.3),
  '88': body('8080', '3131', 8.0, 8.0),
};

/** Inch codes of the mm bodies the older power-inductor numbers spell out (DFE322512F: 3.2 × 2.5 mm). */
export const INCH_OF_MM: Readonly<Record<string, string>> = Object.fromEntries(Object.values(INDUCTOR_SIZES).map((b) => [b.mm, b.inch]));

/** Inductance tolerance letters. */
export const INDUCTANCE_TOLERANCES: Readonly<Record<string, string>> = {
  W: '±0.05nH',
  B: '±0.1nH',
  C: '±0.2nH',
  S: '±0.3nH',
  D: '±0.5nH',
  F: '±1%',
  G: '±2%',
  H: '±3%',
  J: '±5%',
  K: '±10%',
  M: '±20%',
  N: '±30%',
};

/**
 * The circuit a chip inductor is for, by structure letter and then by application letter:
 * air-core and film parts are high-frequency parts; ferrite parts whose application letter is P
 * are for power lines.
 */
export const TARGET_CIRCUITS: Readonly<Record<string, { default: string; byApplication?: Readonly<Record<string, string>> }>> = {
  G: { default: 'High frequency circuits' },
  P: { default: 'High frequency circuits' },
  W: { default: 'High frequency circuits' },
  M: { default: 'General circuits', byApplication: { P: 'Power lines circuits' } },
  H: { default: 'General circuits', byApplication: { P: 'Power lines circuits' } },
};

/** Packaging letters of chip and power inductors (the tape's material varies by series, so it is not named). */
export const INDUCTOR_PACKAGING: Readonly<Record<string, string>> = {
  D: 'Tape 180mm reel',
  L: 'Tape 180mm reel',
  J: 'Tape 330mm reel',
  K: 'Tape 330mm reel',
  B: 'Bulk',
};

/** Packaging suffixes of the older power-inductor numbers (after `=`). */
export const POWER_INDUCTOR_PACKAGING: Readonly<Record<string, string>> = {
  P2: 'Plastic tape reel',
};
