/*
 * The command line's words for a BOM's layout: a close runner-up and unasked second sources, each
 * with the --column that picks it. The layout itself is found in the core (core/enrich/locate.ts).
 */
import type { Lang } from '../api/vocabulary';
import { columnLetters } from '../core/address';
import { findAlternateColumns, type BomLayout, type ColumnCandidate } from '../core/bom/bom';
import { NOTE_WORDS } from './note-words';

/** How `--column` names a column on the command line: its header if it has one, else its letters, quoted for a shell. */
function columnArgument(column: number, header: string): string {
  const word = header || columnLetters(column);
  return /^[\w.-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** Samples of a column an ambiguity names. */
const SAMPLES = 2;

/**
 * The sentence, in `lang`, for a sheet whose runner-up column is as likely as the one used: both
 * columns by letter, header and two samples, and the `--column` that picks the other.
 */
export function describeAmbiguity(layout: Pick<BomLayout, 'ambiguous' | 'candidates'>, lang: Lang = 'en'): string | undefined {
  const [used, other] = layout.candidates;
  if (!layout.ambiguous || !used || !other) return undefined;
  const words = NOTE_WORDS[lang];
  const show = (c: ColumnCandidate): string => `${words.column(columnLetters(c.column), c.header)}: ${c.samples.slice(0, SAMPLES).join(', ')}`;
  return words.ambiguity(show(used), show(other), columnLetters(used.column), columnArgument(other.column, other.header));
}

/** Whether column `c` holds something in rows `first`..`last`. */
function hasValueIn(values: readonly (readonly unknown[])[], c: number, first: number, last: number): boolean {
  for (let r = first; r <= last; r++) if (String(values[r]?.[c] ?? '').trim() !== '') return true;
  return false;
}

/**
 * The sentence for second-source columns that were not asked for (MPN2 beside MPN): how to enrich
 * them too. Only columns with something in them are named.
 */
export function describeUnaskedAlternates(values: readonly (readonly unknown[])[], layout: BomLayout, lang: Lang = 'en'): string | undefined {
  const headers = values[layout.headerRow] ?? [];
  const filled = findAlternateColumns(headers, layout.partColumn, layout.shift).filter((c) => hasValueIn(values, c, layout.firstRow, layout.lastRow));
  if (filled.length === 0) return undefined;
  // Rows beside their header (layout.shift): a column's header is that many columns to the other side.
  const headerOf = (column: number): string => String(headers[column - (layout.shift ?? 0)] ?? '').trim();
  const words = NOTE_WORDS[lang];
  const name = (c: number): string => words.column(columnLetters(c), headerOf(c));
  const args = [layout.partColumn, ...filled].map((c) => `--column ${columnArgument(c, headerOf(c))}`).join(' ');
  return words.unaskedAlternates(filled.map(name), name(layout.partColumn), args);
}
