/*
 * The `PartSpec: Suggested` column of an enrichment: for the rows that name no part of the maker
 * (a generic value, another maker's number not found, a row of another maker), the maker's best
 * candidate and one line of why, or why there is none. runEnrichment calls this once, so the
 * add-in and `partspec enrich --suggest` suggest the same parts for the same BOM.
 */
import { readValue } from '../../api/product';
import { cellAddress } from '../address';
import type { Lang } from '../../api/vocabulary';
import type { CellValue } from '../cells/cell-values';
import { entryText, type EnrichSet, type MatchOutcome } from './enrich-plan';
import { isCancellation, userMessageOf } from './failures';
import { notUpdatedText } from './not-updated';
import { rowLine, usersColumns } from '../find/bom-lines';
import { findParts, suggestionCell, type FindClient } from '../find/find-parts';
import type { FindAnswer } from '../find/types';
import { isRequestBoundError, planByCategoryFile, type RequestPlan } from '../find/request-plan';
import type { CategoryFileSource } from '../find/category-match';

/** How the Suggested column is filled: the user's language, the automotive grade, the candidates kept. */
export interface SuggestOptions {
  /** Language of the reasons and of the values searched. @default 'en' */
  lang?: Lang;
  /**
   * Ask for automotive grade (AEC-Q200) on every row: yes, no, or `auto`, when most of the BOM's
   * parts found are automotive grade (the BOM asks for it, as the report decides).
   * @default 'auto'
   */
  automotive?: boolean | 'auto';
  /** Candidates kept per row in the answers (the cell names the first). @default 1 */
  count?: number;
  /** Where category files come from (the API client): many distinct searches are matched in them (see planByCategoryFile). @default one search each */
  source?: CategoryFileSource;
  /** Hears the suggestions' plan before their first search (the command line prints its sentence). */
  onPlan?: (plan: RequestPlan) => void;
}

/** One row of the Suggested column as the report carries it: where its cell is, and the whole answer (what was understood, the candidates). */
export interface SuggestedRow {
  /** 0-based sheet row. */
  row: number;
  /** The row's Suggested cell, A1 (`H7`). */
  cell: string;
  answer: FindAnswer;
}

/** The rows of a set's Suggested column with an answer, in row order (`firstRow`: the sheet row of the set's first row). */
export function suggestedRows(set: Pick<EnrichSet, 'planned'>, answers: ReadonlyMap<number, FindAnswer>, firstRow: number): SuggestedRow[] {
  const planned = set.planned.find((p) => p.spec.special === 'suggested');
  if (!planned) return [];
  return [...answers]
    .sort(([a], [b]) => a - b)
    .map(([r, answer]) => ({ row: firstRow + r, cell: cellAddress(firstRow + r, planned.column), answer }));
}

/** The Suggested cells of a set, by row index, and how many rows got a candidate. */
export interface SuggestionCells {
  cells: Map<number, string>;
  /** Rows with a candidate. */
  suggested: number;
  /** Rows asked about. */
  asked: number;
  answers: Map<number, FindAnswer>;
}

/** Whether most of the parts a BOM's lookup found are automotive grade (AEC-Q200). */
export function isAutomotiveBom(outcomes: ReadonlyMap<string, MatchOutcome>): boolean {
  const found = [...outcomes.values()].filter((o) => (o.status === 'exact' || o.status === 'variant') && o.products.length > 0);
  const aec = found.filter((o) => readValue(o.products[0], 'ComplianceInfo.AecQ200Support') === true).length;
  return found.length > 0 && aec * 2 > found.length;
}

/** Whether a set plans the Suggested column. */
export function plansSuggestions(set: Pick<EnrichSet, 'planned'>): boolean {
  return set.planned.some((p) => p.spec.special === 'suggested');
}

/**
 * The rows that get a suggestion (0-based within `rows`) and their lines: rows of another maker,
 * rows whose part number was not found or is invalid, and rows with no part number that say
 * something else (a value, a description). DNP and total rows never do. Without `outcomes`
 * (before the lookup), every row with a part number may be asked about.
 */
export function rowsToSuggest(set: Pick<EnrichSet, 'kinds' | 'entries'>, headers: readonly unknown[], rows: readonly (readonly unknown[])[], outcomes: ReadonlyMap<string, MatchOutcome> | undefined): { index: number; line: string }[] {
  const columns = usersColumns(headers);
  const out: { index: number; line: string }[] = [];
  set.kinds.forEach((kind, r) => {
    const text = entryText(set.entries[r]);
    const status = text === undefined ? undefined : outcomes?.get(text)?.status;
    const wanted = kind === 'otherMaker' || kind === 'blank' || (kind === 'part' && (!outcomes || status === 'notFound' || status === 'invalid'));
    if (!wanted) return;
    const line = rowLine(rows[r] ?? [], columns);
    if (line !== '') out.push({ index: r, line });
  });
  return out;
}

/**
 * The Suggested cells of the first set. A failed search does not fail the enrichment: each row
 * asked about says it was not updated and why. A cancel, or a plan over `maxRequests`, is rethrown.
 */
export async function buildSuggestionCells(
  set: Pick<EnrichSet, 'kinds' | 'entries'>,
  bom: { headers: readonly unknown[]; rows: readonly (readonly unknown[])[]; outcomes: ReadonlyMap<string, MatchOutcome> },
  client: FindClient,
  options: SuggestOptions,
  signal?: AbortSignal,
  maxRequests?: number,
): Promise<SuggestionCells> {
  const asked = rowsToSuggest(set, bom.headers, bom.rows, bom.outcomes);
  if (asked.length === 0) return { cells: new Map(), suggested: 0, asked: 0, answers: new Map() };
  try {
    const automotive = options.automotive === undefined || options.automotive === 'auto' ? isAutomotiveBom(bom.outcomes) : options.automotive;
    const plan = options.source || options.onPlan || maxRequests !== undefined ? planByCategoryFile({ source: options.source, maxRequests, onPlan: options.onPlan, lang: options.lang }) : undefined;
    const { answers } = await findParts(asked.map((a) => a.line), client, { lang: options.lang, count: options.count ?? 1, automotive, signal, plan });
    const byRow = new Map(asked.map((a, i) => [a.index, answers[i]]));
    return {
      cells: new Map([...byRow].map(([r, answer]) => [r, suggestionCell(answer)])),
      suggested: answers.filter((a) => a.candidates.length > 0).length,
      asked: asked.length,
      answers: byRow,
    };
  } catch (error) {
    // A plan over the run's request bound stops the run: nothing was sent for it, so no cell is wrong.
    if (isCancellation(error, signal) || isRequestBoundError(error)) throw error;
    const message = notUpdatedText(userMessageOf(error), options.lang);
    return { cells: new Map(asked.map((a) => [a.index, message])), suggested: 0, asked: asked.length, answers: new Map() };
  }
}

/** Writes the Suggested cells into a set's built rows (`rows[r][c]` follows `set.planned`), in both the written and the shown rows. */
export function fillSuggestions(set: Pick<EnrichSet, 'planned'>, built: { rows: CellValue[][]; shown: CellValue[][] }, cells: ReadonlyMap<number, string>): void {
  const at = set.planned.findIndex((p) => p.spec.special === 'suggested');
  if (at < 0) return;
  for (const target of built.shown === built.rows ? [built.rows] : [built.rows, built.shown]) {
    target.forEach((row, r) => (row[at] = cells.get(r) ?? ''));
  }
}
