/*
 * A BOM line → what it asks for. A line is any text: a KiCad value and footprint ("100n |
 * C_0402_1005Metric"), a distributor's description ("CAP CER 0.1UF 16V X7R 0402"), a Chinese or
 * Japanese one, another maker's part number (CL05B104KO5NNNC), or several of these joined. Another
 * maker's number says the most; what the rest of the line states fills in what the number does not.
 */
import { decodeNumber } from './decode-number';
import {
  normalizeLine,
  readAutomotive,
  readBareValue,
  readCapacitance,
  readCapacitanceCode,
  readLeadSpace,
  readLeaded,
  readCharacteristic,
  readCurrent,
  readDesignatorKind,
  readInductance,
  readKindWords,
  kindWordsIn,
  isSpace,
  refineCapacitor,
  readTolerance,
  readVoltage,
  readsAsResistance,
  withoutTolerance,
} from './notation';
import { FILE_LIMITS } from '../limits';
import { findOtherSeries } from './other-series';
import { findSize } from './sizes';
import type { FindLine, PartKind, Understood } from './types';

/** The fields of a line (cells joined with ` | `, `;` or tabs), trimmed: one pass, no pattern around the separators. */
function fieldsOf(text: string): string[] {
  const fields: string[] = [];
  let from = 0;
  for (let i = 0; i <= text.length; i++) {
    const ch = text[i];
    if (i < text.length && ch !== '|' && ch !== '\t' && ch !== ';') continue;
    const field = text.slice(from, i).trim();
    if (field !== '') fields.push(field);
    from = i + 1;
  }
  return fields;
}

/** The longest word read for another maker's number (a KiCad footprint naming its series is about 60). */
const MAX_WORD = 128;

/** Characters that end a word where another maker's number may stand. */
const WORD_ENDS = new Set([',', '|', ';', '(', ')', '[', ']']);

/**
 * Another maker's number anywhere in the line: each word of six or more characters, and each part
 * of a footprint-like word (one pass, no array of every short word). A number a table decodes
 * says the most; failing that, a number of another maker's non-ceramic series names its kind.
 */
function findNumbers(text: string): { decoded?: Understood; series?: PartKind } {
  let from = 0;
  let series: PartKind | undefined;
  // A word repeated is read once: a line of one token thousands of times costs one reading.
  const seen = new Set<string>();
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && !WORD_ENDS.has(text[i]) && !isSpace(text[i])) continue;
    // A number, or a footprint naming one, is 6 to 128 characters: a longer run is not read as one.
    const word = i - from >= 6 && i - from <= MAX_WORD ? text.slice(from, i) : '';
    if (word !== '' && !seen.has(word)) {
      seen.add(word);
      for (const candidate of [word, ...word.split(/[_:]/).filter((part) => part.length >= 6)]) {
        const decoded = decodeNumber(candidate);
        if (decoded) return { decoded };
        series ??= findOtherSeries(candidate);
      }
    }
    from = i + 1;
  }
  return series ? { series } : {};
}

/** The kind the line's designators, words or values say; a designator is the most reliable, refined by a capacitor subkind's word. */
function kindOf(text: string, fields: readonly string[], designator: string | undefined, values: { capacitance?: number; inductance?: number; bare?: number }): PartKind | undefined {
  const designated = [designator, ...fields].map((f) => (f === undefined ? undefined : readDesignatorKind(f))).find((k) => k !== undefined);
  if (designated) return refineCapacitor(designated, kindWordsIn(text));
  const words = readKindWords(fields);
  if (words) return words;
  if (values.capacitance !== undefined) return 'ceramicCapacitor';
  if (values.inductance !== undefined) return 'inductor';
  if (readsAsResistance(text)) return 'resistor';
  return values.bare !== undefined ? 'ceramicCapacitor' : undefined;
}

/**
 * What a BOM line asks for. `automotive` is added when the caller (the BOM, the user) asks for it;
 * `kind` is the caller's word for what the line is (PART.SUGGEST's category), which only another
 * maker's number overrides. The line (and its designator) is read for its first
 * `FILE_LIMITS.findLineChars` characters only.
 */
export function understandLine(line: FindLine, options: { automotive?: boolean; kind?: PartKind } = {}): Understood {
  const cap = FILE_LIMITS.findLineChars.value;
  const raw = (typeof line === 'string' ? line : line.text).slice(0, cap);
  const designator = typeof line === 'string' ? undefined : line.designator?.slice(0, cap);
  return readLine(raw, designator, options);
}

/**
 * The reader itself, with no cap: every step is a scan or a pattern that cannot backtrack over
 * unbounded text, so its time grows with the line's length (understandLine caps that length).
 */
export function readLine(raw: string, designator: string | undefined, options: { automotive?: boolean; kind?: PartKind } = {}): Understood {
  const text = normalizeLine(raw);
  const fields = fieldsOf(text);
  const { decoded, series } = findNumbers(text);
  const plain = withoutTolerance(text);
  const capacitance = readCapacitance(plain);
  const inductance = readInductance(plain);
  const bare = capacitance === undefined && inductance === undefined ? readBareValue(plain) : undefined;
  const kind = decoded?.kind ?? series ?? options.kind ?? kindOf(text, fields, designator, { capacitance, inductance, bare });
  const understood: Understood = { ...(kind ? { kind } : {}) };
  // Another maker's number says whether it is leaded; otherwise the line's words and footprint do.
  const leaded = kind === 'ceramicCapacitor' && (decoded ? decoded.leaded === true : readLeaded(text));
  // A value written as a code with its tolerance letter (104K), or alone on a leaded line (104).
  const code = kind === 'ceramicCapacitor' && capacitance === undefined && bare === undefined ? readCapacitanceCode(plain, leaded) : undefined;
  if (kind === 'ceramicCapacitor') {
    const value = capacitance ?? bare ?? code?.capacitance;
    if (value !== undefined) understood.capacitance = value;
    const voltage = readVoltage(plain);
    if (voltage !== undefined) understood.voltage = voltage;
    const characteristic = readCharacteristic(text);
    if (characteristic) understood.characteristic = characteristic;
    if (leaded) {
      understood.leaded = true;
      const leadSpace = readLeadSpace(text);
      if (leadSpace !== undefined) understood.leadSpace = leadSpace;
    }
  } else if (kind === 'inductor') {
    const value = inductance ?? bare;
    if (value !== undefined) understood.inductance = value;
    const current = readCurrent(plain);
    if (current !== undefined) understood.current = current;
  }
  if (kind === 'ceramicCapacitor' || kind === 'inductor') {
    // A leaded part has no chip size: its body's figures (D5.0mm_W2.5mm) are not one.
    const size = leaded ? undefined : findSize(text);
    if (size) understood.size = size;
    const tolerance = readTolerance(text) ?? code?.tolerance;
    if (tolerance) understood.tolerance = tolerance;
  }
  if (readAutomotive(text) || options.automotive) understood.automotive = true;
  // The number says the most; the line's own words fill in what it does not say.
  return decoded ? { ...understood, ...decoded, ...(understood.current !== undefined ? { current: understood.current } : {}), ...(understood.automotive ? { automotive: true } : {}) } : understood;
}
