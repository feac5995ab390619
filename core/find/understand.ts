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
  readCharacteristic,
  readCurrent,
  readDesignatorKind,
  readInductance,
  readKindWords,
  kindWordsIn,
  refineCapacitor,
  readTolerance,
  readVoltage,
  readsAsResistance,
  withoutTolerance,
} from './notation';
import { findSize } from './sizes';
import type { FindLine, PartKind, Understood } from './types';

/** The fields of a line (cells joined with ` | `, `;` or tabs). */
function fieldsOf(text: string): string[] {
  return text.split(/\s*(?:\||\t|;)\s*/).filter((f) => f !== '');
}

/** Another maker's number anywhere in the line: each word, and each part of a footprint-like word. */
function findDecodedNumber(text: string): Understood | undefined {
  const words = text.split(/[\s,|;()[\]]+/).filter((w) => w.length >= 6);
  for (const word of words) {
    for (const candidate of [word, ...word.split(/[_:]/)]) {
      const decoded = decodeNumber(candidate);
      if (decoded) return decoded;
    }
  }
  return undefined;
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
 * maker's number overrides.
 */
export function understandLine(line: FindLine, options: { automotive?: boolean; kind?: PartKind } = {}): Understood {
  const raw = typeof line === 'string' ? line : line.text;
  const designator = typeof line === 'string' ? undefined : line.designator;
  const text = normalizeLine(raw);
  const fields = fieldsOf(text);
  const decoded = findDecodedNumber(text);
  const plain = withoutTolerance(text);
  const capacitance = readCapacitance(plain);
  const inductance = readInductance(plain);
  const bare = capacitance === undefined && inductance === undefined ? readBareValue(plain) : undefined;
  const kind = decoded?.kind ?? options.kind ?? kindOf(text, fields, designator, { capacitance, inductance, bare });
  const understood: Understood = { ...(kind ? { kind } : {}) };
  if (kind === 'ceramicCapacitor') {
    const value = capacitance ?? bare;
    if (value !== undefined) understood.capacitance = value;
    const voltage = readVoltage(plain);
    if (voltage !== undefined) understood.voltage = voltage;
    const characteristic = readCharacteristic(text);
    if (characteristic) understood.characteristic = characteristic;
  } else if (kind === 'inductor') {
    const value = inductance ?? bare;
    if (value !== undefined) understood.inductance = value;
    const current = readCurrent(plain);
    if (current !== undefined) understood.current = current;
  }
  if (kind === 'ceramicCapacitor' || kind === 'inductor') {
    const size = findSize(text);
    if (size) understood.size = size;
    const tolerance = readTolerance(text);
    if (tolerance) understood.tolerance = tolerance;
  }
  if (readAutomotive(text) || options.automotive) understood.automotive = true;
  // The number says the most; the line's own words fill in what it does not say.
  return decoded ? { ...understood, ...decoded, ...(understood.current !== undefined ? { current: understood.current } : {}), ...(understood.automotive ? { automotive: true } : {}) } : understood;
}
