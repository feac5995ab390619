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
  '44': body('4040', '1515', 4.0, 4.0),
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

/** What a chip inductor's application letter says: the circuit it is for and, where it differs from its structure's, its construction. */
export interface InductorApplication {
  target: string;
  construction?: string;
  /** The product name, where the construction makes it another product than its structure's. */
  productName?: string;
}

const HF: InductorApplication = { target: 'High frequency circuits' };
const GENERAL: InductorApplication = { target: 'General circuits' };
const POWER: InductorApplication = { target: 'Power lines circuits' };
/** Chokes (LQM …D and …F, LQW …C, LQH …C, …D, …S) filter DC power lines. */
const CHOKE = POWER;

/**
 * Per structure letter, the application letters the maker's numbering page lists for it and what
 * each means, the sizes it is made in, the category letters after the application, and its
 * largest inductance (H):
 * LQG H multilayer air core; LQM N resonant circuits, D choke (low-current DC power supplies),
 * F choke (DC power supplies), P power lines; LQP M film, T film (low DC resistance), H; LQW A
 * high Q (UHF–SHF), H high Q (VHF–UHF), C choke (a ferrite core, unlike the air-core A and H);
 * LQH N and M (coated) resonant circuits, H high-frequency resonant circuits, D, C (coated) and
 * S (magnetically shielded) chokes, P power lines.
 */
export const CHIP_INDUCTOR_LINES: Readonly<
  Record<string, { applications: Readonly<Record<string, InductorApplication>>; sizes: readonly string[]; categories: string; maxHenries: number }>
> = {
  G: { applications: { H: HF }, sizes: ['02', '03', '15', '18', '21'], categories: 'NSQ', maxHenries: 1e-6 },
  P: { applications: { M: HF, T: HF, H: HF }, sizes: ['02', '03', '15', '18'], categories: 'NQS', maxHenries: 1e-6 },
  W: {
    applications: { A: HF, H: HF, C: { target: 'Power lines circuits', construction: 'Wire wound type (Ferrite)', productName: 'Chip Inductors (Wire Wound Type, Ferrite Core)' } },
    sizes: ['03', '04', '15', '18', '21', '2B', '2H', '2U', '31', '32', '43'],
    categories: 'NS',
    maxHenries: 1e-4,
  },
  M: { applications: { N: GENERAL, D: CHOKE, F: CHOKE, P: POWER }, sizes: ['15', '18', '21', '2H', '2M', '31'], categories: 'N', maxHenries: 1e-4 },
  H: {
    applications: { N: GENERAL, M: GENERAL, H: HF, D: CHOKE, C: CHOKE, S: CHOKE, P: POWER },
    sizes: ['2M', '2H', '3N', '31', '32', '43', '44', '5B', '55', '66', '6P', '88'],
    categories: 'N',
    maxHenries: 1e-2,
  },
};

/** Tolerances of ±1 % to ±3 % are made only in air-core and film parts. */
export const PRECISION_INDUCTOR_STRUCTURES = 'GPW';

/**
 * The reels a chip inductor is sold on, by the two-character specification code before its
 * package letter (`FR` in LQM18PN2R2MFRL), for the codes whose reels are known: a base number
 * without its package code gets only these forms. Any other two letters or digits are a
 * specification too (the maker's control code), sold on the structure's usual reel.
 */
export const CHIP_INDUCTOR_SPECS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  G: { '02': ['D'], '00': ['D'] },
  P: { '00': ['D'], '02': ['D'] },
  W: { '00': ['D'], '0Z': ['D'], '10': ['D'], '80': ['D'], '0C': ['L'] },
  M: { FR: ['L'], F0: ['L'], G0: ['L'], GH: ['L'], CH: ['D'], C0: ['D'], GC: ['D'], GR: ['D'], '00': ['D'] },
  H: { M0: ['L'], J0: ['L'], N0: ['L'], P0: ['L'], G0: ['L'], D3: ['L'], '02': ['L'], '03': ['L'], '23': ['L'], '33': ['L'], '53': ['L'] },
};

/** The usual reel of each structure, for a specification code without its own entry above. */
export const CHIP_INDUCTOR_REELS: Readonly<Record<string, readonly string[]>> = { G: ['D'], P: ['D'], W: ['D'], M: ['D'], H: ['L'] };

/** Codes of the current metal-alloy power inductor numbers (DFE2MCAH2R2MJ0L): the letters after the size, and the specification code. */
export const POWER_INDUCTOR_TYPES: ReadonlySet<string> = new Set(['CAH', 'SAN']);
export const POWER_INDUCTOR_SPECS: ReadonlySet<string> = new Set(['J0', 'G0']);
/** Type letters of the older numbers (F in DFE322512F-2R2M=P2). */
export const OLDER_POWER_INDUCTOR_TYPES: ReadonlySet<string> = new Set(['C', 'E', 'F', 'PD']);
export const POWER_INDUCTOR_MAX_HENRIES = 1e-4;

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
