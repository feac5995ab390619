/*
 * What a header says about its column, by the words of header-words.ts: whether it names part
 * numbers (and whose), and whether it is a second source of another header (MPN2 beside MPN).
 */
import { identifyPartSpecHeader } from '../cells/columns';
import { foldWords } from '../fold';
import { containsWord, DISTRIBUTOR_WORDS, INTERNAL_WORDS, MAKER_WORDS, PART_ENDINGS, PART_WORDS } from './header-words';

/**
 * How strongly a header names a part-number column: 0 not at all, 1 an internal number, 2 a
 * part number, 3 the manufacturer's part number. PartSpec's own columns score 0.
 */
export function scorePartNumberHeader(header: unknown): number {
  if (typeof header !== 'string' || header.trim() === '' || identifyPartSpecHeader(header) !== undefined) return 0;
  if (/^\s*partspec\s*(\([^)]*\))?\s*:/i.test(header)) return 0;
  const f = foldWords(header);
  if (f.length > 40) return 0;
  // A number after the header is a second source's (MPN2, PN_1, Part Number 2).
  const bare = f.replace(/\d+$/, '');
  const isPart =
    PART_ENDINGS.some((e) => bare.endsWith(e)) ||
    containsWord(bare, PART_WORDS) ||
    /^(mfr|mfg|manufacturer)?part(number|no|#)?$/.test(bare) ||
    /^(mfr|mfg|manufacturer|maker|vendor|brand|customer|mouser|digikey|supplier)(#|no|number)$/.test(bare);
  if (!isPart) return 0;
  if (containsWord(f, INTERNAL_WORDS) || containsWord(f, DISTRIBUTOR_WORDS)) return 1;
  // MPN is the manufacturer's part number by its own letters.
  if (containsWord(f, MAKER_WORDS) || f.includes('mpn')) return 3;
  return 2;
}

/** True when a header looks like a part-number column's. */
export function isPartNumberHeader(header: unknown): boolean {
  return scorePartNumberHeader(header) > 0;
}

const textOf = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());

/** Header text folded for comparing two headers: `PN#` and `PN` are the same header. */
const foldHeader = (header: string): string => foldWords(header, { hash: false });
// Longer words first: the first alternative that matches is the one removed (alternate, not alt).
const ALTERNATE_WORDS = /^(alternative|alternate|secondsource|substitute|second|backup|2nd|alt|sub|代替|替代|备选)|(alternative|alternate|2nd|alt|代替|替代|备选)$/;

/**
 * Whether `other` is a second-source column of `primary` by its header: the same header with a
 * number after it (MPN → MPN2, PN → PN_1, MPN1 → MPN2) or an "alternate" word, with or without a
 * number (Alt MPN, MPN 代替, Alternate Part Number 1).
 */
export function isAlternateHeader(primary: unknown, other: unknown): boolean {
  const a = foldHeader(textOf(primary));
  const b = foldHeader(textOf(other));
  if (a === '' || b === '' || a === b) return false;
  const base = (f: string): string => f.replace(/\d+$/, '');
  if (base(a) !== '' && base(a) === base(b) && /\d$/.test(b)) return true;
  // 'Alternate Part Number 1' beside 'Part Number': the alternate word and its number both say so.
  return base(b.replace(ALTERNATE_WORDS, '')) === base(a) && ALTERNATE_WORDS.test(b);
}

/**
 * The second-source columns of a part-number column among a header row's cells, left to right:
 * MPN2…MPN5 beside MPN, PN_1 beside PN, Alt MPN beside MPN. `partIndex` and the result index the
 * data rows, which sit `shift` columns right of `headers` (see findDataShift).
 */
export function findAlternateColumns(headers: readonly unknown[], partIndex: number, shift = 0): number[] {
  const primary = headers[partIndex - shift];
  return headers.flatMap((h, i) => (i + shift !== partIndex && isAlternateHeader(primary, h) ? [i + shift] : []));
}
