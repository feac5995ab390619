import { readValue, type ProductRecord } from '../product';
import type { FieldDef, Group, Lang } from '../vocabulary';
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

/** The Replacement cell's words in each language; `none` names the closest part that is not a drop-in, if any. */
const CELL_WORDS: Readonly<Record<Lang, { makerAlternative: string; more: (n: number) => string; none: (closest: string | undefined, differs: string) => string }>> = {
  en: { makerAlternative: ' (maker alternative)', more: (n) => ` +${n} more`, none: () => 'No replacement found' },
  ja: {
    makerAlternative: '（メーカー推奨代替）',
    more: (n) => ` 他 ${n} 件`,
    none: (closest, differs) => `そのまま置換できる生産中の代替品なし${closest ? `。最も近い部品: ${closest}${differs ? `（${differs}）` : ''}` : ''}`,
  },
  zh: {
    makerAlternative: '（厂商推荐替代）',
    more: (n) => ` 另 ${n} 个`,
    none: (closest, differs) => `没有可直接替换的量产替代品${closest ? `。最接近: ${closest}${differs ? `（${differs}）` : ''}` : ''}`,
  },
};

/**
 * One-cell summary for a BOM row in `lang`: the best candidate and how many more
 * (`MCB155C1H620JA1D (maker alternative) +3 more`), or why there is none (in English the
 * search's own sentence).
 */
export function summarizeReplacement(answer: ReplacementAnswer, lang: Lang = 'en'): string {
  const words = CELL_WORDS[lang];
  const [best] = answer.candidates;
  if (!best) return lang === 'en' ? (answer.message ?? words.none(undefined, '')) : words.none(answer.nearMiss?.product.partno, answer.nearMiss?.differs.join(DIFFERS_SEPARATOR) ?? '');
  const more = answer.total - 1;
  return `${best.product.partno}${best.makerAlternative ? words.makerAlternative : ''}${more > 0 ? words.more(more) : ''}`;
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
