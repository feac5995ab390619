import type { ColumnSpec } from '../cells/columns';
import { RISK_LEVELS, type RiskLevel } from '../cells/risk';
import { levelOfCell } from '../rules/judge';
import type { CheckLevel } from '../rules/types';
import type { LookupStatus } from '../../api/client/lookup';
import { isDidYouMean, matchTextsOf } from './match-words';
import { riskTextsOf } from '../cells/risk-levels';

/**
 * A "cell value equals" highlight: cells whose text is `text` get these colours. The one rule of
 * both shells, written with `ruleFormula`: the add-in's conditional format is Cell Value equal
 * to, the patcher's `cellIs equal`. (A "begins with" rule, which the add-in used first, also
 * coloured a hand-typed "EOL?" or "Risk assessed", and the files the command line writes could
 * not say the same.)
 */
export interface HighlightRule {
  text: string;
  fill: string;
  font: string;
}

/** Colours of the lifecycle levels (Excel's own light red / amber / yellow palette). OK is not highlighted. */
const RISK_COLOURS: Readonly<Record<RiskLevel, { fill: string; font: string } | undefined>> = {
  EOL: { fill: '#FFC7CE', font: '#9C0006' },
  Risk: { fill: '#FFEB9C', font: '#9C5700' },
  Watch: { fill: '#DDEBF7', font: '#1F4E78' },
  Unknown: undefined,
  OK: undefined,
};

/**
 * Highlight rules of a risk column, in every language's words: a Risk cell keeps its colour
 * whatever language wrote it (a sheet enriched in English and re-enriched in Japanese holds
 * both until every row is rewritten, and =PART.RISK formulas give the level codes).
 */
export function lifecycleRules(): HighlightRule[] {
  return RISK_LEVELS.flatMap((level) => {
    const c = RISK_COLOURS[level];
    return c ? riskTextsOf(level).map((text) => ({ text, ...c })) : [];
  });
}

const MATCH_COLOURS: Partial<Record<LookupStatus, { fill: string; font: string }>> = {
  notFound: RISK_COLOURS.EOL,
  invalid: RISK_COLOURS.EOL,
  ambiguous: RISK_COLOURS.Risk,
};

/**
 * Highlight rules of the match column: Not found and Invalid red, Ambiguous amber, in every
 * language's words (a cell keeps its colour whatever language wrote it). Each did-you-mean text
 * among `cells` (`Not found — did you mean …?`) is red as Not found is: an equality rule of its
 * own, as the rules compare whole values. A match found only in synthetic (decoded) products is
 * not coloured: its Match cell says `(synthetic)` and the run says so once; the attention fill is
 * kept for what needs the user's attention.
 */
export function matchRules(cells: readonly unknown[] = []): HighlightRule[] {
  const words = (Object.keys(MATCH_COLOURS) as LookupStatus[]).flatMap((s) => matchTextsOf(s).map((text) => ({ text, ...MATCH_COLOURS[s]! })));
  const meant = [...new Set(cells.filter((v): v is string => typeof v === 'string' && isDidYouMean(v)))];
  return [...words, ...meant.map((text) => ({ text, ...MATCH_COLOURS.notFound! }))];
}

/** Colours of the checks' levels: fatal the strongest, error as EOL, warning as Risk. */
const CHECK_COLOURS: Readonly<Record<CheckLevel, { fill: string; font: string }>> = {
  fatal: { fill: '#C00000', font: '#FFFFFF' },
  error: RISK_COLOURS.EOL!,
  warning: RISK_COLOURS.Risk!,
};

/**
 * Highlight rules of the Checks column: each distinct text among `cells` in the colour of the
 * level it starts with (`Error — …`), an equality rule each, as the rules compare whole values; OK
 * is not highlighted.
 */
function checksRules(cells: readonly unknown[] = []): HighlightRule[] {
  const texts = [...new Set(cells.filter((v): v is string => typeof v === 'string'))];
  return texts.flatMap((text) => {
    const level = levelOfCell(text);
    return level ? [{ text, ...CHECK_COLOURS[level] }] : [];
  });
}

/** The formula a rule compares the cell value with: the text as a string literal (`"Not found"`, quotes doubled). */
export function ruleFormula(rule: Pick<HighlightRule, 'text'>): string {
  return `"${rule.text.replace(/"/g, '""')}"`;
}

/** The highlight rules of an enrichment column (its `cells` as written): risk levels, problem matches, checks' levels; none for the others. */
export function rulesOf(spec: ColumnSpec, cells: readonly unknown[] = []): HighlightRule[] | undefined {
  if (spec.special === 'checks') return checksRules(cells);
  return spec.special === 'risk' ? lifecycleRules() : spec.special === 'match' ? matchRules(cells) : undefined;
}
