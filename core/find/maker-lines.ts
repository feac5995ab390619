/*
 * Other makers' numbering for their common ceramic-capacitor and inductor lines, one table per
 * line, read from the makers' published part-numbering pages. A table is data: a pattern whose
 * named groups are the fields (size, tc, value, tol, volt, dims), and a code table or coding
 * scheme per field. decodeNumber applies them; nothing here is a special case in code.
 */
import type { PartKind, Tolerance } from './types';

/** How a value code reads: pF3 `104` = 10 × 10⁴ pF (R is the point: 4R7 = 4.7 pF); uH3 `100` = 10 µH; nH3 `222` = 2.2 µH; `10N` = 10 nH, `R10` = 0.1 µH either way. */
export type ValueCode = 'pF3' | 'uH3' | 'nH3';

/** How a size group reads: an inch code, a metric code, a code of the table, or a body in mm (`4020`: square 4.0 mm side; `2520`: 2.5 × 2.0 mm). */
export type SizeCode = 'inch' | 'mm' | 'table' | 'square' | 'lw';

export interface MakerLine {
  maker: string;
  line: string;
  kind: Extract<PartKind, 'ceramicCapacitor' | 'inductor'>;
  /** Anchored at the start of the number; named groups: size, tc, value, tol, volt (and dims for bodies). */
  pattern: RegExp;
  size: SizeCode;
  sizes?: Readonly<Record<string, string>>;
  value: ValueCode;
  characteristics?: Readonly<Record<string, string>>;
  /** Code → V; `sig3` reads 160 as 16 V and 6R3 as 6.3 V. */
  voltages?: Readonly<Record<string, number>> | 'sig3';
  tolerances: Readonly<Record<string, Tolerance>>;
  /** The whole line is automotive grade, or numbers matching this are. */
  automotive?: boolean | RegExp;
  /** A leaded (through-hole) series. */
  leaded?: boolean;
  /** Lead spacing in m by the `series` group's code, where the series fixes it. */
  leadSpaces?: Readonly<Record<string, number>>;
}

const pct = (value: number): Tolerance => ({ value, unit: '%' });
const pf = (value: number): Tolerance => ({ value: Number((value * 1e-12).toPrecision(6)), unit: 'F' });

/** The letter tolerance codes capacitor makers share. */
const CAP_TOLERANCES: Readonly<Record<string, Tolerance>> = { A: pf(0.05), B: pf(0.1), C: pf(0.25), D: pf(0.5), F: pct(1), G: pct(2), J: pct(5), K: pct(10), M: pct(20) };
/** The letter tolerance codes inductor makers share. */
const IND_TOLERANCES: Readonly<Record<string, Tolerance>> = { F: pct(1), G: pct(2), J: pct(5), K: pct(10), M: pct(20), N: pct(30), Y: pct(30) };

/** EIA-style codes of TDK and others: 0J = 6.3 V, 1H = 50 V. */
const EIA_VOLTS = { '0G': 4, '0J': 6.3, '1A': 10, '1C': 16, '1E': 25, '1V': 35, '1H': 50, '1N': 75, '2A': 100, '2E': 250, '2W': 450, '2J': 630, '3A': 1000 };
const TDK_TC = { X5R: 'X5R', X7R: 'X7R', X7S: 'X7S', X6S: 'X6S', X7T: 'X7T', X8R: 'X8R', X8L: 'X8L', C0G: 'C0G', NP0: 'C0G', CH: 'CH', JB: 'B' };
const CAP_VALUE = '(?<value>\\d{3}|\\dR\\d|R\\d{2})';

export const MAKER_LINES: readonly MakerLine[] = [
  {
    maker: 'Samsung',
    line: 'CL',
    kind: 'ceramicCapacitor',
    pattern: new RegExp(`^CL(?<size>\\d{2})(?<tc>[A-Z])${CAP_VALUE}(?<tol>[A-Z])(?<volt>[A-Z])`),
    size: 'table',
    sizes: { '02': '01005', '03': '0201', '05': '0402', '10': '0603', '21': '0805', '31': '1206', '32': '1210', '43': '1812', '55': '2220' },
    characteristics: { C: 'C0G', A: 'X5R', B: 'X7R', F: 'Y5V', X: 'X6S', Y: 'X7S', Z: 'X7T' },
    value: 'pF3',
    voltages: { R: 4, Q: 6.3, P: 10, O: 16, A: 25, L: 35, B: 50, C: 100, D: 200, E: 250, G: 500, H: 630, I: 1000 },
    tolerances: CAP_TOLERANCES,
  },
  {
    maker: 'Yageo',
    line: 'CC',
    kind: 'ceramicCapacitor',
    pattern: new RegExp(`^(?:CC|AC)(?<size>\\d{4})(?<tol>[A-Z])[A-Z](?<tc>NPO|NP0|X7R|X5R|Y5V|X6S|X7S|X8R)(?<volt>[0-9A-Z])[A-Z]{2}${CAP_VALUE}`),
    size: 'inch',
    characteristics: { NPO: 'C0G', NP0: 'C0G', X7R: 'X7R', X5R: 'X5R', Y5V: 'Y5V', X6S: 'X6S', X7S: 'X7S', X8R: 'X8R' },
    value: 'pF3',
    voltages: { 4: 4, 5: 6.3, 6: 10, 7: 16, 8: 25, 9: 50, 0: 100, A: 200, Y: 250, B: 500, Z: 630, C: 1000 },
    tolerances: CAP_TOLERANCES,
    automotive: /^AC/,
  },
  {
    maker: 'TDK',
    line: 'C',
    kind: 'ceramicCapacitor',
    pattern: new RegExp(`^C(?<size>0402|0603|1005|1608|2012|3216|3225|4532|5750)(?<tc>X5R|X7R|X7S|X6S|X7T|X8R|X8L|C0G|NP0|CH|JB)(?<volt>\\d[A-Z])${CAP_VALUE}(?<tol>[A-Z])`),
    size: 'mm',
    characteristics: TDK_TC,
    value: 'pF3',
    voltages: EIA_VOLTS,
    tolerances: CAP_TOLERANCES,
  },
  {
    maker: 'TDK',
    line: 'CGA',
    kind: 'ceramicCapacitor',
    pattern: new RegExp(`^CGA(?<size>\\d)[A-Z]\\d(?<tc>X5R|X7R|X7S|X6S|X7T|X8R|X8L|C0G|NP0|CH)(?<volt>\\d[A-Z])${CAP_VALUE}(?<tol>[A-Z])`),
    size: 'table',
    sizes: { 1: '0201', 2: '0402', 3: '0603', 4: '0805', 5: '1206', 6: '1210', 8: '1812', 9: '2220' },
    characteristics: TDK_TC,
    value: 'pF3',
    voltages: EIA_VOLTS,
    tolerances: CAP_TOLERANCES,
    automotive: true,
  },
  {
    maker: 'Taiyo Yuden',
    line: 'MK',
    kind: 'ceramicCapacitor',
    pattern: new RegExp(`^(?<volt>[AJLETGUHQS])[MV]K(?<size>063|105|107|212|316|325|432)[ABS]?(?<tc>BJ|B7|C6|C7|CG|CH|F)${CAP_VALUE}(?<tol>[A-Z])`),
    size: 'table',
    sizes: { '063': '0201', 105: '0402', 107: '0603', 212: '0805', 316: '1206', 325: '1210', 432: '1812' },
    characteristics: { BJ: 'X5R', B7: 'X7R', C6: 'X6S', C7: 'X7S', CG: 'C0G', CH: 'CH', F: 'Y5V' },
    value: 'pF3',
    voltages: { A: 4, J: 6.3, L: 10, E: 16, T: 25, G: 35, U: 50, H: 100, Q: 250, S: 630 },
    tolerances: CAP_TOLERANCES,
  },
  {
    maker: 'KEMET',
    line: 'C (SMD)',
    kind: 'ceramicCapacitor',
    pattern: new RegExp(`^C(?<size>0201|0402|0603|0805|1206|1210|1812|2220)C${CAP_VALUE}(?<tol>[A-Z])(?<volt>[0-9A])(?<tc>[GRPUV])`),
    size: 'inch',
    characteristics: { G: 'C0G', R: 'X7R', P: 'X5R', U: 'Z5U', V: 'Y5V' },
    value: 'pF3',
    voltages: { 9: 6.3, 8: 10, 4: 16, 3: 25, 6: 35, 5: 50, 1: 100, 2: 200, A: 250 },
    tolerances: CAP_TOLERANCES,
    automotive: /AUTO/,
  },
  {
    maker: 'KYOCERA AVX',
    line: 'general purpose MLCC',
    kind: 'ceramicCapacitor',
    pattern: new RegExp(`^(?<size>0201|0402|0603|0805|1206|1210|1812|2220)(?<volt>[0-9ZYD])(?<tc>[ACDG])${CAP_VALUE}(?<tol>[A-Z])(?<rate>[A4])T`),
    size: 'inch',
    characteristics: { A: 'C0G', C: 'X7R', D: 'X5R', G: 'Y5V' },
    value: 'pF3',
    voltages: { 4: 4, 6: 6.3, Z: 10, Y: 16, 3: 25, D: 35, 5: 50, 1: 100, 2: 200, 7: 500 },
    tolerances: CAP_TOLERANCES,
    automotive: /^\d{4}[0-9ZYD][ACDG](?:\d{3}|\dR\d|R\d{2})[A-Z]4/,
  },
  {
    maker: 'Walsin',
    line: 'general purpose MLCC',
    kind: 'ceramicCapacitor',
    pattern: new RegExp(`^(?:MT|MC)?(?<size>0201|0402|0603|0805|1206|1210|1812)(?<tc>[NBXF])${CAP_VALUE}(?<tol>[A-Z])(?<volt>\\d{3}|\\dR\\d)[CL]`),
    size: 'inch',
    characteristics: { N: 'C0G', B: 'X7R', X: 'X5R', F: 'Y5V' },
    value: 'pF3',
    voltages: 'sig3',
    tolerances: CAP_TOLERANCES,
  },
  {
    maker: 'Fenghua',
    line: 'general purpose MLCC',
    kind: 'ceramicCapacitor',
    pattern: new RegExp(`^(?<size>0201|0402|0603|0805|1206|1210|1812)(?<tc>CG|[NBXF])${CAP_VALUE}(?<tol>[A-Z])(?<volt>\\d{3}|\\dR\\d)N`),
    size: 'inch',
    characteristics: { CG: 'C0G', N: 'C0G', B: 'X7R', X: 'X5R', F: 'Y5V' },
    value: 'pF3',
    voltages: 'sig3',
    tolerances: CAP_TOLERANCES,
  },
  {
    maker: 'Vishay',
    line: 'VJ',
    kind: 'ceramicCapacitor',
    pattern: new RegExp(`^VJ(?<size>0402|0603|0805|1206|1210|1812)(?<tc>[AY])${CAP_VALUE}(?<tol>[A-Z])[XB](?<volt>[QJXAB])`),
    size: 'inch',
    characteristics: { A: 'C0G', Y: 'X7R' },
    value: 'pF3',
    voltages: { Q: 10, J: 16, X: 25, A: 50, B: 100 },
    tolerances: CAP_TOLERANCES,
  },
  {
    maker: 'KEMET',
    line: 'Goldmax 300 radial',
    kind: 'ceramicCapacitor',
    pattern: new RegExp(`^C(?<series>3[1-4]\\d)C${CAP_VALUE}(?<tol>[A-Z])(?<volt>[1235A])(?<tc>[GRUN])`),
    size: 'inch',
    characteristics: { G: 'C0G', R: 'X7R', U: 'Z5U', N: 'X8L' },
    value: 'pF3',
    voltages: { 3: 25, 5: 50, 1: 100, 2: 200, A: 250 },
    tolerances: CAP_TOLERANCES,
    leaded: true,
    leadSpaces: { 315: 2.5e-3, 320: 2.5e-3, 317: 5e-3, 322: 5e-3, 323: 5e-3, 330: 5e-3, 333: 5e-3, 340: 5e-3 },
  },
  {
    maker: 'TDK',
    line: 'FK/FG leaded',
    kind: 'ceramicCapacitor',
    pattern: new RegExp(`^F[KG](?<series>\\d{2})(?<tc>X5R|X7R|X7S|X8R|C0G|NP0|CH|JB)(?<volt>\\d[A-Z])${CAP_VALUE}(?<tol>[A-Z])`),
    size: 'inch',
    characteristics: TDK_TC,
    value: 'pF3',
    voltages: EIA_VOLTS,
    tolerances: CAP_TOLERANCES,
    leaded: true,
  },
  {
    maker: 'KYOCERA AVX',
    line: 'SkyCap SR radial',
    kind: 'ceramicCapacitor',
    pattern: new RegExp(`^SR(?<series>\\d{2})(?<volt>[512])(?<tc>[ACEG])${CAP_VALUE}(?<tol>[A-Z])`),
    size: 'inch',
    characteristics: { A: 'C0G', C: 'X7R', E: 'Z5U', G: 'Y5V' },
    value: 'pF3',
    voltages: { 5: 50, 1: 100, 2: 200 },
    tolerances: CAP_TOLERANCES,
    leaded: true,
  },
  {
    maker: 'Coilcraft',
    line: 'CS/HP chip inductors',
    kind: 'inductor',
    pattern: /^(?<size>0201|0302|0402|0603|0805|1008)(?:CS|HP|HQ|AF|DC)-(?<value>\d+N\d*|R\d+|\d{3})X(?<tol>[FGJK])/,
    size: 'inch',
    value: 'nH3',
    tolerances: IND_TOLERANCES,
  },
  {
    maker: 'Coilcraft',
    line: 'XAL/XFL/LPS power inductors',
    kind: 'inductor',
    pattern: /^(?:XAL|XFL|XEL|XGL|LPS|MSS)(?<dims>\d{4})-(?<value>\d{3})(?<tol>[MLKN])/,
    size: 'square',
    value: 'nH3',
    tolerances: IND_TOLERANCES,
  },
  {
    maker: 'Bourns',
    line: 'SRN/SRR/SRP/SDR power inductors',
    kind: 'inductor',
    pattern: /^(?:SRN|SRR|SRU|SRP|SDR)(?<dims>\d{4})[A-Z]{0,2}-(?<value>\d{3}|\dR\d+|R\d+)(?<tol>[MNYKL])/,
    size: 'square',
    value: 'uH3',
    tolerances: IND_TOLERANCES,
  },
  {
    maker: 'Sunlord',
    line: 'SWPA power inductors',
    kind: 'inductor',
    pattern: /^(?:SWPA|SWRB|SPH)(?<dims>\d{4})[A-Z]{0,2}(?<value>\d{3}|\dR\d+|R\d+)(?<tol>[MNK])/,
    size: 'square',
    value: 'uH3',
    tolerances: IND_TOLERANCES,
  },
  {
    maker: 'Sunlord',
    line: 'MWSA molded power inductors',
    kind: 'inductor',
    // The four digits are whole millimetres and a height (0503: about 5 mm, 3 mm high): no size code.
    pattern: /^MWSA\d{4}[A-Z]{0,2}-?(?<value>\d{3}|\dR\d+|R\d+)(?<tol>[MNK])/,
    size: 'square',
    value: 'uH3',
    tolerances: IND_TOLERANCES,
  },
  {
    maker: 'Vishay',
    line: 'IHLP power inductors',
    kind: 'inductor',
    pattern: /^IHLP-?(?<size>\d{4})[A-Z]{2}-?E[A-Z](?<value>\dR\d+|R\d+|\d{3})(?<tol>[KLMN])/,
    size: 'inch',
    value: 'uH3',
    tolerances: IND_TOLERANCES,
  },
  {
    maker: 'TDK',
    line: 'SPM power inductors',
    kind: 'inductor',
    pattern: /^SPM(?<dims>\d{4})[A-Z]{0,3}-(?<value>\d{3}|\dR\d+|R\d+)(?<tol>[MN])/,
    size: 'square',
    value: 'uH3',
    tolerances: IND_TOLERANCES,
  },
  {
    maker: 'TDK (EPCOS)',
    line: 'B82 SMT inductors',
    kind: 'inductor',
    pattern: /^B824\d{2}[A-Z]\d(?<value>\d{3})(?<tol>[JKM])/,
    size: 'inch',
    value: 'nH3',
    tolerances: IND_TOLERANCES,
  },
  {
    maker: 'Taiyo Yuden',
    line: 'MCOIL metal power inductors',
    kind: 'inductor',
    pattern: /^(?:MDMK|MCKK|MAKK|MBKK|MCEK|MEKK|LSCN)(?<dims>\d{4})[A-Z]{0,2}(?<value>\d{3}|\dR\d+|R\d+)(?<tol>[MNK])/,
    size: 'lw',
    value: 'uH3',
    tolerances: IND_TOLERANCES,
  },
  {
    maker: 'Sunlord',
    line: 'SDCL/SDFL multilayer inductors',
    kind: 'inductor',
    pattern: /^(?:SDCL|SDFL|SDWL)(?<size>0603|1005|1608|2012)[A-Z](?<value>\d+N\d*|R\d+|\d{3})(?<tol>[BCDGJKM])/,
    size: 'mm',
    value: 'nH3',
    tolerances: IND_TOLERANCES,
  },
  {
    maker: 'TDK',
    line: 'MLZ/MLF/MLG/MLK multilayer inductors',
    kind: 'inductor',
    pattern: /^(?:MLZ|MLF|MLG|MLK)(?<size>0603|1005|1608|2012)[A-Z]{1,2}(?<value>\d+N\d*|\dR\d+|R\d+|\d{3})(?<tol>[BCDGHJKLMW])/,
    size: 'mm',
    value: 'uH3',
    tolerances: IND_TOLERANCES,
  },
  {
    maker: 'TDK',
    line: 'VLS/VLF/TFM power inductors',
    kind: 'inductor',
    pattern: /^(?:VLS|VLF|VLCF)(?<dims>\d{4})[A-Z]{0,3}-(?<value>\d{3}|\dR\d+|R\d+)(?<tol>[MNK])/,
    size: 'square',
    value: 'uH3',
    tolerances: IND_TOLERANCES,
  },
  {
    maker: 'Taiyo Yuden',
    line: 'NR/NRS wound power inductors',
    kind: 'inductor',
    pattern: /^(?:NRS|NRH|NR)(?<dims>\d{4})[A-Z]{0,2}(?<value>\d{3}|\dR\d+|R\d+)(?<tol>[MNK])/,
    size: 'square',
    value: 'uH3',
    tolerances: IND_TOLERANCES,
  },
  {
    maker: 'Taiyo Yuden',
    line: 'CBC/BRL/MAMK inductors',
    kind: 'inductor',
    pattern: /^(?:CBC|CB|BRL|BRC|MAMK|MBKK|LSXN)(?<dims>\d{4})[A-Z]{0,2}(?<value>\d{3}|\dR\d+|R\d+)(?<tol>[MNK])/,
    size: 'lw',
    value: 'uH3',
    tolerances: IND_TOLERANCES,
  },
  {
    maker: 'Taiyo Yuden',
    line: 'HK/HKQ multilayer inductors',
    kind: 'inductor',
    pattern: /^(?:HKQ|HK|AQ)(?<size>0603|1005|1608|2125)(?<value>\d+N\d*|R\d+)(?<tol>[BCDGHJK])/,
    size: 'mm',
    value: 'nH3',
    tolerances: IND_TOLERANCES,
  },
];
