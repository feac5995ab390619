/*
 * The notations engineers write values in, read out of free text: 100n, 0.1uF, 4u7, 1µ, 100nF/50V,
 * 6V3, 10uH, 2.2 µH, ±10 %, +/-0.25pF, X7R, COG, B特性, 3A, 500mA, "CAP CER 0.1UF 16V X7R 0402",
 * "贴片电容 0402 100nF 16V X7R ±10%", "積層セラミックコンデンサ 0.1μF 50V". Each reader returns the
 * first value it finds, or undefined; the words that tell a part's kind are one table.
 */
import type { PartKind, Tolerance } from './types';

const PREFIX: Readonly<Record<string, number>> = { p: 1e-12, n: 1e-9, u: 1e-6, m: 1e-3 };

/** Multiplies without binary noise (4.7 × 1e-6 → 0.0000047). */
function scaled(value: number, factor: number): number {
  return Number((value * factor).toPrecision(12));
}

/** NFKC (full-width digits and letters, µ → μ), micro signs as `u`, decimal commas as points. */
export function normalizeLine(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[μµ]/g, 'u')
    .replace(/(\d),(\d)(?!\d{2})/g, '$1.$2')
    .replace(/[～〜]/g, '~');
}

const TOLERANCE_RE = /(?:±|\+\/-|\+-|\+\/−)\s*(\d+(?:\.\d+)?)\s*(%|pF|nH)|(?<![\d.+\-/])(\d{1,2}(?:\.\d+)?)\s*%(?!\s*\/)/i;

/** A tolerance: ±10 %, +/-0.25pF, 10% (not `+80%/-20%`). */
export function readTolerance(text: string): Tolerance | undefined {
  const m = TOLERANCE_RE.exec(text);
  if (!m) return undefined;
  if (m[3] !== undefined) return { value: Number(m[3]), unit: '%' };
  const unit = m[2].toLowerCase();
  if (unit === '%') return { value: Number(m[1]), unit: '%' };
  return unit === 'pf' ? { value: scaled(Number(m[1]), 1e-12), unit: 'F' } : { value: scaled(Number(m[1]), 1e-9), unit: 'H' };
}

/** The text without its tolerance, so `±0.25pF` is not read as a capacitance. */
export function withoutTolerance(text: string): string {
  return text.replace(new RegExp(TOLERANCE_RE.source, 'gi'), ' ');
}

/** A capacitance with its unit: 0.1uF, 100 nF, 4.7pF, 4u7F, 4n7, 2p2, 1UF. */
export function readCapacitance(text: string): number | undefined {
  const withUnit = /(?<![A-Za-z0-9.])(\d+(?:\.\d+)?)\s*([pnu])\s*F(?:D)?(?![A-Za-z])/i.exec(text);
  if (withUnit) return scaled(Number(withUnit[1]), PREFIX[withUnit[2].toLowerCase()]);
  // 4u7 without its F is a bare value (its kind decides): 1u5 on an inductor's land is 1.5 µH.
  const rkm = /(?<![A-Za-z0-9.])(\d+)([pnu])(\d+)F(?![A-Za-z0-9])/i.exec(text);
  if (rkm) return scaled(Number(`${rkm[1]}.${rkm[3]}`), PREFIX[rkm[2].toLowerCase()]);
  return undefined;
}

/** The capacitor makers' shared tolerance letters. */
const TOLERANCE_LETTERS: Readonly<Record<string, Tolerance>> = {
  B: { value: 1e-13, unit: 'F' }, C: { value: 2.5e-13, unit: 'F' }, D: { value: 5e-13, unit: 'F' }, F: { value: 1, unit: '%' }, G: { value: 2, unit: '%' }, J: { value: 5, unit: '%' }, K: { value: 10, unit: '%' }, M: { value: 20, unit: '%' },
};

/**
 * A capacitance written as a three-digit code, with its tolerance letter (104K = 100 nF ±10 %,
 * 471J, 1R5C) or, when `bare` is allowed (a leaded part's value field), alone (104). Z (+80/−20 %)
 * gives no tolerance.
 */
export function readCapacitanceCode(text: string, bare: boolean): { capacitance: number; tolerance?: Tolerance } | undefined {
  const m = new RegExp(`(?<![A-Za-z0-9.])([1-9]\\d\\d|\\dR\\d)([BCDFGJKMZ])${bare ? '?' : ''}(?![A-Za-z0-9.])`).exec(text);
  if (!m) return undefined;
  const code = m[1];
  const pf = code.includes('R') ? Number(code.replace('R', '.')) : Number(code.slice(0, 2)) * 10 ** Number(code[2]);
  const tolerance = m[2] ? TOLERANCE_LETTERS[m[2]] : undefined;
  return { capacitance: scaled(pf, 1e-12), ...(tolerance ? { tolerance } : {}) };
}

/** An inductance with its unit: 10uH, 2.2 µH, 100nH, 4u7H, 1mH. */
export function readInductance(text: string): number | undefined {
  const withUnit = /(?<![A-Za-z0-9.])(\d+(?:\.\d+)?)\s*([pnum])\s*H(?![A-Za-z])/i.exec(text);
  if (withUnit) return scaled(Number(withUnit[1]), PREFIX[withUnit[2].toLowerCase()]);
  const rkm = /(?<![A-Za-z0-9.])(\d+)([num])(\d+)H(?![A-Za-z0-9])/i.exec(text);
  if (rkm) return scaled(Number(`${rkm[1]}.${rkm[3]}`), PREFIX[rkm[2].toLowerCase()]);
  return undefined;
}

/** A value with a prefix and no unit, as KiCad writes it (100n, 10u, 4.7u, 1u): its unit comes from the kind. */
export function readBareValue(text: string): number | undefined {
  const bare = /(?<![A-Za-z0-9.])(\d+(?:\.\d+)?)\s*([pnu])(?![A-Za-z0-9])/i.exec(text);
  if (bare) return scaled(Number(bare[1]), PREFIX[bare[2].toLowerCase()]);
  const rkm = /(?<![A-Za-z0-9.])(\d+)([pnu])(\d+)(?![A-Za-z0-9.])/i.exec(text);
  if (rkm) return scaled(Number(`${rkm[1]}.${rkm[3]}`), PREFIX[rkm[2].toLowerCase()]);
  return undefined;
}

/** A rated voltage: 50V, 16 V, 6.3Vdc, 16volts, 6V3, 1kV, 250VAC, AC250V, 耐压50V. */
export function readVoltage(text: string): number | undefined {
  const rkm = /(?<![A-Za-z0-9.])(\d+)V(\d)(?![\w.])/i.exec(text);
  const plain = /(?:(?<![A-Za-z0-9.])|(?<=(?<![A-Za-z])[AD]C))(\d+(?:\.\d+)?)\s*(k)?V(?:DC|AC|olts?)?(?![A-Za-z0-9])/i.exec(text);
  if (plain && (!rkm || plain.index <= rkm.index)) return scaled(Number(plain[1]), plain[2] ? 1000 : 1);
  if (rkm) return Number(`${rkm[1]}.${rkm[2]}`);
  return undefined;
}

/** A rated current: 3A, 1.5 A, 500mA, 300MA (capitals: a distributor's milliamps), Isat 2A. */
export function readCurrent(text: string): number | undefined {
  const m = /(?<![A-Za-z0-9.])(\d+(?:\.\d+)?)\s*([mM])?A(?:DC)?(?![A-Za-z0-9])/.exec(text);
  return m ? scaled(Number(m[1]), m[2] ? 1e-3 : 1) : undefined;
}

/** Spellings of temperature characteristics, to the API's names (COG, NP0 and NPO are C0G). */
const CHARACTERISTICS: Readonly<Record<string, string>> = {
  X5R: 'X5R', X7R: 'X7R', X7S: 'X7S', X6S: 'X6S', X7T: 'X7T', X8R: 'X8R', X8L: 'X8L', X5S: 'X5S', X7U: 'X7U', Y5V: 'Y5V', Z5U: 'Z5U', C0G: 'C0G', COG: 'C0G', NP0: 'C0G', NPO: 'C0G', U2J: 'U2J',
};

/**
 * Any EIA code (class 2: X7R, Y5U, X6T; class 1: C0G, C0H, P2H, U2J): a code the maker does not
 * list is still what the line asks for, so it is kept and the search finds nothing, never swapped.
 */
const EIA_CODE = /(?<![A-Za-z0-9])([XYZ][4-9][PRSTUV]|C0[GHJK]|[PRSTU]2[GHJK]|COG|NP0|NPO)(?![A-Za-z0-9])/i;
/** JIS characteristics (B, F, CH, SL…), named as such: `B特性`, `F characteristic`, `JIS F`, `特性:F`, `F(JIS)`. */
const JIS_CODES = 'CH|CG|CJ|CK|UJ|SL|B|R|F|E';
const JIS_CODE = new RegExp(
  `(?<![A-Za-z])(${JIS_CODES})\\s*(?:特性|特征|char(?:\\.|acteristics?)?(?![a-z])|\\(\\s*JIS\\s*\\))|(?:JIS|特性|温度特性|temp(?:erature|\\.)?\\s*char(?:\\.|acteristics?)?)\\s*[:：]?\\s*(${JIS_CODES})(?![A-Za-z0-9])`,
  'i',
);

/** A temperature characteristic: X7R, x5r, COG, NP0, Y5U, or a JIS one written `B特性`, `F characteristic`, `JIS F`. */
export function readCharacteristic(text: string): string | undefined {
  const m = new RegExp(`(?<![A-Za-z0-9])(${Object.keys(CHARACTERISTICS).join('|')})(?![A-Za-z0-9])`, 'i').exec(text);
  if (m) return CHARACTERISTICS[m[1].toUpperCase()];
  const eia = EIA_CODE.exec(text);
  if (eia) return CHARACTERISTICS[eia[1].toUpperCase()] ?? eia[1].toUpperCase();
  const jis = JIS_CODE.exec(text);
  return jis ? (jis[1] ?? jis[2]).toUpperCase() : undefined;
}

/** Words and footprints of a leaded (through-hole) ceramic capacitor: disc, radial, 2.54 / 5.08 mm pitch, KiCad's C_Disc and Capacitor_THT. */
const LEADED = /(?<![a-z])(?:disc|disk|radial|leaded|through[- ]?hole|THT|T\/H|dipped|axial|pitch|lead ?spac(?:e|ing))(?![a-z])|C_Disc_|C_Rect_|CAPRD|CAPRR|(?<![A-Za-z0-9])P\d{1,2}\.\d{1,2}mm|(?<![A-Za-z])LS\s*[=:]?\s*\d|リード|ディスク|円板|直插|插件|引线|独石|瓷片/i;

/** Whether the line names a leaded (through-hole) part. */
export function readLeaded(text: string): boolean {
  return LEADED.test(text);
}

/** The lead spacings the API writes, m; a BOM's 2.54 / 5.08 / 7.62 / 10.16 mm are these. */
const LEAD_SPACES = [2.5e-3, 5e-3, 7.5e-3, 10e-3];

/** A leaded part's lead spacing: P5.00mm, 2.54mm pitch, pitch 5 mm, LS=5mm, lead spacing 2.5 mm; snapped to the API's 2.5 / 5 / 7.5 / 10 mm. */
export function readLeadSpace(text: string): number | undefined {
  const m = /(?:(?<![A-Za-z0-9])P|pitch\s*[=:]?\s*|(?<![A-Za-z])LS\s*[=:]?\s*|lead ?spac(?:e|ing)\s*[=:]?\s*|ピッチ\s*|脚距\s*|间距\s*)(\d{1,2}(?:\.\d{1,2})?)\s*mm|(?<![\d.])(\d{1,2}(?:\.\d{1,2})?)\s*mm\s*(?:pitch|lead ?spac|LS(?![A-Za-z]))/i.exec(text);
  if (!m) return undefined;
  const mm = Number(m[1] ?? m[2]) / 1000;
  return LEAD_SPACES.find((s) => Math.abs(s - mm) <= 0.2e-3);
}

/** Words that say the line asks for automotive grade. */
export function readAutomotive(text: string): boolean {
  return /AEC-?Q200|automotive|車載|车规|车载|汽车级/i.test(text);
}

/**
 * Words that tell a part's kind, tried in order: the kinds that are not the maker's first (an
 * "aluminium electrolytic capacitor" is a capacitor, but not a ceramic one), then the maker's kinds.
 */
const KIND_WORDS: readonly [PartKind, RegExp][] = [
  ['tantalum', /tantal|(?<![a-z])tant(?![a-z])|タンタル|钽|CAPMP|POSCAP/i],
  ['electrolytic', /electrolytic|(?<![a-z])elec(?![a-z])|(?<![a-z])elko(?![a-z])|CP_|C_Radial|CAPAE|CAPPR|電解|电解|固态电容|(?<![a-z])alu(?:m|minium|minum)?(?![a-z])|e-?cap(?![a-z])|polymer|OS-?CON/i],
  ['filmCapacitor', /(?<![a-z])film(?![a-z])|フィルムコンデンサ|薄膜电容|polyester|polypropylene|metalli[sz]ed|薄膜電容|聚丙烯|聚酯|(?<![A-Za-z])(?:MKS|MKP|MKT|FKP|FKS|MFP)\d|(?<![A-Za-z])CBB\d{0,2}(?![A-Za-z0-9])|(?<![A-Za-z0-9])X2(?![A-Za-z0-9])/i],
  ['bead', /ferrite bead|(?<![a-z])beads?(?![a-z])|磁珠|ビーズ|(?<![a-z])FB_|(?<![a-z])BLM\d/i],
  ['crystal', /crystal|(?<![a-z])xtal|晶振|水晶|resonator|oscillator|振荡器|発振/i],
  ['diode', /diode|(?<![a-z])LED(?![a-z])|二极管|ダイオード|schottky|zener|(?<![a-z])TVS(?![a-z])/i],
  ['transistor', /mosfet|transistor|晶体管|トランジスタ|(?<![a-z])BJT(?![a-z])/i],
  ['connector', /connector|(?<![a-z])conn(?:_|(?![a-z]))|receptac|コネクタ|连接器|(?<![a-z])header(?![a-z])/i],
  ['other', /switch|button|スイッチ|开关|(?<![a-z])fuse(?![a-z])|ヒューズ|保险丝|buzzer|test ?point/i],
  ['ic', /(?<![a-z])IC(?![a-z])|regulator|(?<![a-z])MCU(?![a-z])|op-?amp|芯片/i],
  ['ceramicCapacitor', /(?<![a-z])caps?(?![a-z])|capacitor|MLCC|ceramic|コンデンサ|电容|電容|セラミック|(?<![A-Za-z])C_\d{4}|(?<![A-Za-z])CAPC\d/i],
  ['inductor', /(?<![a-z])ind(?![a-z])|inductor|インダクタ|电感|電感|(?<![a-z])coil|choke|コイル|(?<![A-Za-z])L_|(?<![A-Za-z])IND[CMP]\d/i],
  ['resistor', /(?<![a-z])res(?![a-z])|resistor|抵抗|电阻|電阻|(?<![A-Za-z])R_\d{4}|(?<![a-z])ohms?(?![a-z])|Ω/i],
];

/** The same words, compiled once to find every one in a field (each search starts from lastIndex 0). */
const KIND_WORDS_GLOBAL: readonly [PartKind, RegExp][] = KIND_WORDS.map(([kind, re]) => [kind, new RegExp(re.source, 'gi')]);

/** Kinds that are capacitors but not ceramic ones: "aluminium electrolytic capacitor" names one of these. */
const CAPACITOR_SUBKINDS: readonly PartKind[] = ['tantalum', 'electrolytic', 'filmCapacitor'];

/** A ceramic capacitor named beside a capacitor subkind's word is that subkind. */
export function refineCapacitor(kind: PartKind, matched: readonly PartKind[]): PartKind {
  return kind === 'ceramicCapacitor' ? (CAPACITOR_SUBKINDS.find((k) => matched.includes(k)) ?? kind) : kind;
}

/** Where an all-capitals field's second word starts (`CAP CER` → 4), 0 for a field with small letters. */
function headOf(field: string): number {
  if (/[a-z]/.test(field)) return 0;
  let i = 0;
  while (i < field.length && !isSpace(field[i])) i++;
  if (i === 0) return 0;
  const firstEnd = i;
  while (i < field.length && isSpace(field[i])) i++;
  return i < field.length && i > firstEnd ? i : 0;
}

/**
 * The kind a line's words name, if any: a field that starts with a kind word says it the
 * distributor's way (`CAP CER 0.1UF…`, `Resistor_SMD:R_0402…`); otherwise prose names its head
 * noun last (`Status LED series resistor` is a resistor).
 */
export function readKindWords(fields: readonly string[]): PartKind | undefined {
  // Each kind's first word in each field, in the table's order.
  const found: { kind: PartKind; field: number; at: number }[] = [];
  fields.forEach((field, f) => {
    for (const [kind, m] of KIND_WORDS_GLOBAL) {
      m.lastIndex = 0;
      for (let hit = m.exec(field); hit; hit = m.exec(field)) found.push({ kind, field: f, at: hit.index });
    }
  });
  if (found.length === 0) return undefined;
  const matched = found.map((x) => x.kind);
  // An all-capitals field is a distributor's description: its kind is in the first two words (CAP CER, FIXED IND).
  // Each field's head is measured once, not once per word found in it (a field of repeated words would be read again for each).
  const heads = fields.map(headOf);
  const initial = found.filter((x) => x.at <= heads[x.field]).sort((a, b) => a.field - b.field)[0];
  const last = found.reduce((a, b) => (b.field > a.field || (b.field === a.field && b.at > a.at) ? b : a));
  return refineCapacitor((initial ?? last).kind, matched);
}

/** Every kind the line's words name (for a designator to be refined by). */
export function kindWordsIn(text: string): PartKind[] {
  return KIND_WORDS.filter(([, re]) => re.test(text)).map(([kind]) => kind);
}

/** Reference-designator letters and the kind they name (C12, L3, R5, FB1, Y1). */
const DESIGNATOR_KINDS: Readonly<Record<string, PartKind>> = {
  C: 'ceramicCapacitor', L: 'inductor', R: 'resistor', FB: 'bead', Y: 'crystal', X: 'crystal', D: 'diode', LED: 'diode', U: 'ic', IC: 'ic', J: 'connector', P: 'connector', CN: 'connector', Q: 'transistor',
};

/** Whitespace as a regular expression's `\s` reads it, one character at a time. */
export function isSpace(ch: string): boolean {
  const code = ch.charCodeAt(0);
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return /\s/.test(ch);
}

const isUpper = (ch: string): boolean => ch >= 'A' && ch <= 'Z';
const isDigit = (ch: string): boolean => ch >= '0' && ch <= '9';
const isLetter = (ch: string): boolean => isUpper(ch) || (ch >= 'a' && ch <= 'z');
/** Characters that separate designators beside spaces: `C1, C2`, `L3-L4`, `R1;R2`, `C5~C9`. */
const DESIGNATOR_SEPARATORS = ',;-–~';

/**
 * The kind named by a field of reference designators only (`C1, C2, C5`, `L3-L4`, `R10`), else
 * undefined. One pass over the field: a run of spaces is read once, however long (a pattern
 * with a space on both sides of a separator would try every split of it).
 */
export function readDesignatorKind(field: string): PartKind | undefined {
  const n = field.length;
  let i = 0;
  while (i < n && isSpace(field[i])) i++;
  const start = i;
  while (i < n && isUpper(field[i])) i++;
  const prefix = field.slice(start, i);
  if (prefix.length < 1 || prefix.length > 3) return undefined;
  /** One designator's number (1 to 3 digits and a letter at most) from `i`, or false. */
  const number = (): boolean => {
    const from = i;
    while (i < n && isDigit(field[i])) i++;
    if (i === from || i - from > 3) return false;
    if (i < n && isLetter(field[i])) i++;
    return true;
  };
  if (!number()) return undefined;
  while (i < n) {
    let separators = 0;
    let spaces = 0;
    const from = i;
    for (; i < n; i++) {
      const ch = field[i];
      if (DESIGNATOR_SEPARATORS.includes(ch)) separators++;
      else if (ch === ' ') spaces++;
      else if (!isSpace(ch)) break;
    }
    if (i === n) {
      if (separators > 0) return undefined;
      break;
    }
    // Between two designators: one separator, or spaces alone.
    if (i === from || separators > 1 || (separators === 0 && spaces === 0)) return undefined;
    if (field.startsWith(prefix, i) && i + prefix.length < n && isDigit(field[i + prefix.length])) i += prefix.length;
    if (!number()) return undefined;
  }
  return DESIGNATOR_KINDS[prefix];
}

/** A resistance such as 10k, 4k7, 100R, 1M, 47Ω: the line is a resistor's. */
export function readsAsResistance(text: string): boolean {
  return /(?<![A-Za-z0-9.])\d+(?:\.\d+)?\s*(?:[kKM]|R\d*|Ω|ohms?)(?![A-Za-z0-9])|(?<![A-Za-z0-9.])\d+[kKR]\d+(?![A-Za-z0-9])/.test(text);
}
