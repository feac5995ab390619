import { summarizeReplacement, type ReplacementAnswer } from '../../api/replacements';
import type { Lang } from '../../api/vocabulary';
import type { MatchOutcome } from './enrich-plan';
import { rowRisk, type RiskLevel } from '../cells/risk';

/** Risk levels whose rows get a replacement: the part is ending or has ended. */
export const REPLACEMENT_RISK_LEVELS: readonly RiskLevel[] = ['EOL', 'Risk'];

/**
 * The inputs whose parts are ending (the row's risk, rowRisk, is Risk or EOL), each
 * once, in the order given: the rows the `PartSpec: Replacement` column fills.
 */
export function riskyInputs(inputs: readonly string[], outcomes: ReadonlyMap<string, MatchOutcome>, today: Date): string[] {
  return [...new Set(inputs)].filter((input) => {
    const risk = rowRisk(outcomes.get(input), today);
    return risk.ok && REPLACEMENT_RISK_LEVELS.includes(risk.value.level);
  });
}

/** The Replacement cell of each risky input: the best candidate and how many more, or why there is none. */
export function replacementCellTexts(answers: ReadonlyMap<string, ReplacementAnswer>, lang: Lang = 'en'): Map<string, string> {
  return new Map([...answers].map(([input, answer]) => [input, summarizeReplacement(answer, lang)]));
}
