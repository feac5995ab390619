import { readValue, type ProductRecord } from '../product';
import type { FieldDef, Group } from '../vocabulary';
import { formatFieldValue, replacementSpecFields, type RankedCandidate } from './compare';
import type { ReplacementAnswer } from './find';

/**
 * The replacement answers as tables and JSON: one builder for `=PART.REPLACEMENTS`, the CLI and
 * the taskpane, so they show the same columns in the same order.
 */

/** Header of the columns after the specs. */
export const MAKER_ALTERNATIVE_HEADER = 'Maker alternative';
export const DIFFERS_HEADER = 'Differs in';

/** Separator of the "differs in" phrases in one cell. */
export const DIFFERS_SEPARATOR = '; ';

/** The header row of a replacement table for a group: Partno, Status, the judged specs, maker alternative, differs in. */
export function replacementTableHeader(group: Group): string[] {
  return ['Partno', 'Status', ...replacementSpecFields(group).map((f) => f.name), MAKER_ALTERNATIVE_HEADER, DIFFERS_HEADER];
}

/** A spec as text the way a datasheet writes it (100 nF, 50 V, 0.5 mm); blank when absent. */
function specText(product: ProductRecord, field: FieldDef): string {
  const value = readValue(product, field.key);
  return value === undefined ? '' : formatFieldValue(field, value);
}

/** One row of a replacement table. */
export function replacementRow(candidate: RankedCandidate): string[] {
  const p = candidate.product;
  return [
    p.partno,
    String(readValue(p, 'Status') ?? ''),
    ...replacementSpecFields(p.group).map((f) => specText(p, f)),
    candidate.makerAlternative ? 'yes' : '',
    candidate.differs.join(DIFFERS_SEPARATOR),
  ];
}

/** The header and rows of one answer (no rows when there is no candidate). */
export function buildReplacementTable(answer: ReplacementAnswer): string[][] {
  const group = answer.original?.group ?? answer.candidates[0]?.product.group;
  if (!group) return [];
  return [replacementTableHeader(group), ...answer.candidates.map(replacementRow)];
}

/**
 * One-cell summary for a BOM row: the best candidate and how many more (`MCB155C1H620JA1D (maker
 * alternative) +3 more`), or the sentence that says why there is none.
 */
export function summarizeReplacement(answer: ReplacementAnswer): string {
  const [best] = answer.candidates;
  if (!best) return answer.message ?? 'No replacement found';
  const more = answer.total - 1;
  return `${best.product.partno}${best.makerAlternative ? ' (maker alternative)' : ''}${more > 0 ? ` +${more} more` : ''}`;
}

/** The JSON of one candidate: Partno, Status, the specs by field name (API values), maker_alternative, differs. */
export function replacementJson(candidate: RankedCandidate): Record<string, unknown> {
  const p = candidate.product;
  const specs = Object.fromEntries(replacementSpecFields(p.group).map((f) => [f.name, readValue(p, f.key) ?? null]));
  return { Partno: p.partno, Status: readValue(p, 'Status') ?? null, ...specs, maker_alternative: candidate.makerAlternative, differs: candidate.differs };
}

/** The JSON of one answer, as `partspec replacements --json` prints it. */
export function replacementAnswerJson(answer: ReplacementAnswer): Record<string, unknown> {
  return {
    input: answer.input,
    partno: answer.original?.partno ?? null,
    status: answer.original ? (readValue(answer.original, 'Status') ?? null) : null,
    match: answer.status,
    total: answer.total,
    replacements: answer.candidates.map(replacementJson),
    ...(answer.message ? { message: answer.message } : {}),
    ...(answer.nearMiss ? { near_miss: { Partno: answer.nearMiss.product.partno, Status: readValue(answer.nearMiss.product, 'Status') ?? null, differs: answer.nearMiss.differs } } : {}),
  };
}
