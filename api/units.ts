import type { SiUnit } from './vocabulary';

/** SI prefixes a user may type before a unit (`u` and `µ`/`μ` both mean micro). */
export const SI_PREFIXES: Readonly<Record<string, number>> = {
  p: 1e-12,
  n: 1e-9,
  u: 1e-6,
  'µ': 1e-6,
  'μ': 1e-6,
  m: 1e-3,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
};

/** Ways of writing each SI unit, the canonical symbol first. */
export const UNIT_SPELLINGS: Readonly<Record<SiUnit, readonly string[]>> = {
  g: ['g'],
  m: ['m'],
  F: ['F'],
  V: ['V'],
  '°C': ['°C', '℃', 'degC', 'C'],
  H: ['H'],
  A: ['A'],
  'Ω': ['Ω', 'Ω', 'ohm', 'Ohm', 'OHM', 'ohms'],
  // Lower-case `hz` is read by the forgiving pass, where `mhz` means MHz rather than millihertz.
  Hz: ['Hz', 'HZ'],
};

/** Display units that are not an SI prefix plus a symbol. */
const SPECIAL_UNITS: Readonly<Record<string, { unit: SiUnit; factor: number }>> = {
  in: { unit: 'm', factor: 0.0254 },
  inch: { unit: 'm', factor: 0.0254 },
  mil: { unit: 'm', factor: 0.0000254 },
};

export interface DisplayUnit {
  /** As the user wrote it, tidied (`uF` → `µF`). */
  label: string;
  /** The SI unit it measures. */
  unit: SiUnit;
  /** Multiply a value in this unit by `factor` to get SI. */
  factor: number;
}

function splitUnit(text: string): DisplayUnit | undefined {
  const special = SPECIAL_UNITS[text.toLowerCase()];
  if (special) return { label: text.toLowerCase(), ...special };
  for (const [unit, spellings] of Object.entries(UNIT_SPELLINGS) as [SiUnit, readonly string[]][]) {
    for (const spelling of spellings) {
      if (!text.endsWith(spelling)) continue;
      const prefix = text.slice(0, text.length - spelling.length);
      if (prefix === '') return { label: unit, unit, factor: 1 };
      const factor = SI_PREFIXES[prefix];
      if (factor !== undefined && unit !== '°C') {
        const p = prefix === 'u' || prefix === 'μ' ? 'µ' : prefix === 'K' ? 'k' : prefix;
        return { label: `${p}${unit}`, unit, factor };
      }
    }
  }
  return undefined;
}

/** Unit symbols as people type them in lower case (`uf`, `mohm`, `khz`). */
const FOLDED_UNITS: Readonly<Record<string, SiUnit>> = {
  f: 'F',
  h: 'H',
  a: 'A',
  v: 'V',
  g: 'g',
  m: 'm',
  hz: 'Hz',
  'ω': 'Ω',
  ohm: 'Ω',
  ohms: 'Ω',
  '°c': '°C',
  degc: '°C',
};

/** Prefixes in lower case; `m` is milli except before `hz`, where `mhz` always means MHz. */
const FOLDED_PREFIXES: Readonly<Record<string, number>> = { p: 1e-12, n: 1e-9, u: 1e-6, 'µ': 1e-6, 'μ': 1e-6, m: 1e-3, k: 1e3, g: 1e9 };

const PREFIX_SYMBOLS: readonly [number, string][] = [
  [1e-12, 'p'],
  [1e-9, 'n'],
  [1e-6, 'µ'],
  [1e-3, 'm'],
  [1e3, 'k'],
  [1e6, 'M'],
  [1e9, 'G'],
];

/** A unit typed without minding case (`UF`, `uf`, `mohm`, `mhz`, `KHZ`): the forgiving second try. */
function splitFoldedUnit(text: string): DisplayUnit | undefined {
  const t = text.toLowerCase();
  for (const [symbol, unit] of Object.entries(FOLDED_UNITS)) {
    if (!t.endsWith(symbol)) continue;
    const prefix = t.slice(0, t.length - symbol.length);
    if (prefix === '') return { label: unit, unit, factor: 1 };
    if (unit === '°C') continue;
    const factor = unit === 'Hz' && prefix === 'm' ? 1e6 : unit !== 'Hz' && prefix === 'g' ? undefined : FOLDED_PREFIXES[prefix];
    const p = PREFIX_SYMBOLS.find(([f]) => f === factor)?.[1];
    if (factor !== undefined && p !== undefined) return { label: `${p}${unit}`, unit, factor };
  }
  return undefined;
}

/**
 * Parses a display unit such as `pF`, `uF`, `µF`, `μF`, `uH`, `mm`, `mOhm`, `ohm`, `Ω`, `MHz`,
 * `°C`; undefined if unknown. Case is forgiven where it cannot mislead (`UF`, `mhz`, `KOHM`);
 * the exact spelling wins where case matters (`mΩ` against `MΩ`).
 */
export function parseDisplayUnit(text: string): DisplayUnit | undefined {
  const t = text.trim().replace(/\s+/g, '');
  return t ? findUnit(t) : undefined;
}

/** A unit spelled exactly, else forgivingly; a bare prefix (`M`, `k`) is never taken for a unit. */
function findUnit(text: string): DisplayUnit | undefined {
  return splitUnit(text) ?? (SI_PREFIXES[text] === undefined ? splitFoldedUnit(text) : undefined);
}

/** Converts an SI value into a display unit. */
export function toDisplayUnit(value: number, unit: DisplayUnit): number {
  // Dividing by the factor keeps results like 1e-7 F → 100 nF exact, where multiplying by 1e9 would not.
  return roundNoise(value / unit.factor);
}

/** Removes binary floating-point noise (0.30000000000000004 → 0.3) by rounding to 12 significant digits. */
export function roundNoise(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  return Number(value.toPrecision(12));
}

export type QuantityResult = { ok: true; value: number } | { ok: false; message: string };

const NUMBER_RE = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(.*)$/;

/**
 * Parses a number a user types, with an optional SI prefix and unit: `100n`, `4.7uF`, `4.7 µF`,
 * `1.6mm`, `10mΩ`, `1E-07`. When `expected` is given a unit must measure it; a bare prefix is
 * always allowed. A suffix equal to the expected unit is the unit (`1m` for a length is a metre).
 */
export function parseQuantity(text: string, expected?: SiUnit): QuantityResult {
  const match = NUMBER_RE.exec(text.trim());
  if (!match) return { ok: false, message: `'${text}' is not a number` };
  const base = Number(match[1]);
  const suffix = match[2].trim();
  if (!Number.isFinite(base)) return { ok: false, message: `'${text}' is not a finite number` };
  if (suffix === '') return { ok: true, value: base };
  if (/^[\d.eE+-]/.test(suffix)) return { ok: false, message: `'${text.trim()}' is not a number` };
  const unit = findUnit(suffix);
  if (unit && (expected === undefined || unit.unit === expected)) {
    return { ok: true, value: scale(match[1], unit.factor) };
  }
  const prefix = SI_PREFIXES[suffix];
  // A temperature takes no prefix: `125K` would be read as 125,000 °C where kelvin was meant.
  if (prefix !== undefined && expected === '°C') {
    return { ok: false, message: `'${text}' must be in °C, without a prefix (write 125 or 125°C)` };
  }
  if (prefix !== undefined && !(expected && UNIT_SPELLINGS[expected].includes(suffix))) {
    return { ok: true, value: scale(match[1], prefix) };
  }
  if (unit && expected) {
    return { ok: false, message: `'${text}' is in ${unit.unit}, not ${expected}` };
  }
  return { ok: false, message: `'${text}' has an unknown unit '${suffix}'` };
}

/** Multiplies a decimal literal by a power-of-ten factor without binary noise (4.7 × 1e-6 = 0.0000047). */
function scale(literal: string, factor: number): number {
  if (factor === 1) return Number(literal);
  const exponent = Math.round(Math.log10(factor));
  if (Math.abs(10 ** exponent - factor) < factor * 1e-12) {
    const [mantissa, exp = '0'] = literal.toLowerCase().split('e');
    return Number(`${mantissa}e${Number(exp) + exponent}`);
  }
  return roundNoise(Number(literal) * factor);
}

/**
 * Writes a number as a plain decimal, never in exponent form (`1e-7` → `0.0000001`), because
 * whether the real service accepts exponents is not known.
 */
export function formatPlainDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot write ${value} as a decimal`);
  const text = String(value);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const [, sign, int, frac = '', expText] = m;
  const exp = Number(expText);
  const digits = int + frac;
  const point = int.length + exp;
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  out = out.replace(/^0+(?=\d)/, '');
  if (out.includes('.')) out = out.replace(/\.?0+$/, '');
  return sign + out;
}

const ENGINEERING_PREFIXES: readonly [number, string][] = [
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
  [1, ''],
  [1e-3, 'm'],
  [1e-6, 'µ'],
  [1e-9, 'n'],
  [1e-12, 'p'],
];

/** Formats an SI value with an engineering prefix for people: 1e-7, 'F' → `100 nF`. */
export function formatQuantity(value: number, unit: SiUnit | ''): string {
  if (value === 0 || unit === '°C' || unit === '') return `${roundNoise(value)}${unit ? ` ${unit}` : ''}`;
  const abs = Math.abs(value);
  const [factor, prefix] = ENGINEERING_PREFIXES.find(([f]) => abs >= f * 0.999999999) ?? [1e-12, 'p'];
  return `${roundNoise(value / factor)} ${prefix}${unit}`;
}
