import { findReplacements, type ReplacementAnswer, type ReplacementClient } from '../../api/replacements';
import type { Lang } from '../../api/vocabulary';
import type { MatchOutcome } from './enrich-plan';
import { replacementCellTexts, riskyInputs } from './replacement-cells';
import { isCancellation, userMessageOf } from './failures';
import { notUpdatedText } from './not-updated';

export interface ReplacementColumnInput {
  inputs: readonly string[];
  outcomes: ReadonlyMap<string, MatchOutcome>;
  today: Date;
  lang?: Lang;
  signal?: AbortSignal;
  /** Candidates kept per row (the taskpane lists them). @default 5 */
  max?: number;
}

export interface ReplacementColumnResult {
  /** The Replacement cell per risky input. */
  cells: Map<string, string>;
  /** The full answers (empty when the search failed). */
  answers: Map<string, ReplacementAnswer>;
  /** Why the search failed, when it did: the sentence each risky row's cell says. */
  failure?: string;
}

/**
 * The `PartSpec: Replacement` cells of an enrichment: replacements for the inputs at Risk or EOL,
 * reusing the lookup already made (one search per parameter group). A failed search does not
 * fail the enrichment: each risky row's cell says it was not updated and why. A cancel is rethrown.
 */
export async function buildReplacementColumn(client: ReplacementClient, input: ReplacementColumnInput): Promise<ReplacementColumnResult> {
  const risky = riskyInputs(input.inputs, input.outcomes, input.today);
  if (risky.length === 0) return { cells: new Map(), answers: new Map() };
  try {
    const { answers } = await findReplacements(client, risky, { lang: input.lang, signal: input.signal, outcomes: input.outcomes, max: input.max });
    return { cells: replacementCellTexts(answers, input.lang), answers };
  } catch (error) {
    if (isCancellation(error, input.signal)) throw error;
    const message = notUpdatedText(userMessageOf(error), input.lang);
    return { cells: new Map(risky.map((i) => [i, message])), answers: new Map(), failure: message };
  }
}
