/** The sentences a BOM's layout detection says about the column it used. */
import { cellAddress, columnLetters } from '../address';
import type { BomLayout, ColumnCandidate } from './layout-types';

/** The sentence for part numbers found by their content under a header that does not name them. */
export function describeContentFind(best: ColumnCandidate, headerRow: number): string {
  return `No header names the part numbers; column ${nameColumn(best.column, best.header)} holds them from ${cellAddress(headerRow + 1, best.column)} on, so PartSpec used it.`;
}

/** The sentence for data rows that sit beside their header row. */
export function describeShift(best: ColumnCandidate, partHeader: string, shift: number): string {
  const side = shift > 0 ? 'right' : 'left';
  const at = `column ${columnLetters(best.column)}`;
  return `The rows sit one column ${side} of their header: the part numbers under '${partHeader}' (column ${columnLetters(best.column - shift)}) are in ${at}, so PartSpec used ${at} and reads the manufacturer and the other columns one to the ${side} as well.`;
}

/** A column as a sentence names it: its letters, and its header in quotes when it has one (`C ('Mfr PN')`). */
function nameColumn(column: number, header: string): string {
  return `${columnLetters(column)}${header ? ` ('${header}')` : ''}`;
}

/**
 * The sentence for a BOM whose runner-up column is as likely as the one used: both columns named,
 * each with up to `samples` of its values, which one PartSpec used, and how to use the other in
 * the words of the place that asks (`howToPickOther`: the ribbon's selection, the CLI's --column).
 * Undefined when the layout is not ambiguous.
 */
export function describeAmbiguity(layout: Pick<BomLayout, 'ambiguous' | 'candidates'>, howToPickOther: (other: ColumnCandidate) => string, samples = 0): string | undefined {
  const [used, other] = layout.candidates;
  if (!layout.ambiguous || !used || !other) return undefined;
  const show = (c: ColumnCandidate): string => `${nameColumn(c.column, c.header)}${samples > 0 ? `: ${c.samples.slice(0, samples).join(', ')}` : ''}`;
  return `Two columns could be the part numbers, ${show(used)} and ${show(other)}; PartSpec used column ${columnLetters(used.column)}. ${howToPickOther(other)}`;
}
