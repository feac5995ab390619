import type { ChangeReport } from '../../core/enrich/changes';
import { entryText, type EnrichSet, type MatchOutcome } from '../../core/enrich/enrich-plan';
import { isNotOurs } from '../../core/enrich/enrich-sets';
import { describeUncoveredSeries } from '../../core/bom/maker-numbering';
import { rowRisk } from '../../core/cells/risk';
import { riskLevelText } from '../../core/cells/risk-levels';
import type { Lang } from '../../api/vocabulary';
import { RUN_WORDS } from '../run-words';
import { lookupReasonIn } from '../../core/enrich/reason-words';
import { UsageError } from '../../node/errors';

/** What `--fail-on` can stop a pipeline on; the levels are the team's BOM rules' (cli/commands/rules-flags.ts). */
export const FAIL_ON = ['changes', 'risk', 'eol'] as const;
const RULE_LEVEL_WORDS = ['fatal', 'error', 'warning'] as const;
export type FailOn = (typeof FAIL_ON)[number] | (typeof RULE_LEVEL_WORDS)[number];

/** Reads `--fail-on changes,risk` (repeatable, comma-separated); throws UsageError naming a word it does not know. */
export function parseFailOn(text: string | undefined): Set<FailOn> {
  const out = new Set<FailOn>();
  for (const word of (text ?? '').split(',').map((w) => w.trim().toLowerCase())) {
    if (word === '') continue;
    if (![...FAIL_ON, ...RULE_LEVEL_WORDS].includes(word as FailOn)) throw new UsageError(`--fail-on takes ${FAIL_ON.join(', ')} (comma-separated), not '${word}'. By the BOM rules it takes ${RULE_LEVEL_WORDS.join(', ')} too.`);
    out.add(word as FailOn);
  }
  return out;
}

/**
 * The sentences naming every row a `--fail-on` condition found, in `lang`: `Row 7: 'MCA…' changed:
 * Status In Production → NRND`, `Row 9: 'MCA…' is EOL: Status is Discontinued`. Empty when nothing
 * was found. The level is decided from the lookup, not read from a cell, so a sheet written in
 * another language fails the same rows.
 */
export function describeFailures(input: {
  failOn: ReadonlySet<FailOn>;
  entries: readonly unknown[];
  outcomes: ReadonlyMap<string, MatchOutcome>;
  changes?: ChangeReport;
  firstRow: number;
  today: Date;
  /** A second source's header (`MPN2`), named after the row number. */
  source?: string;
  /** @default 'en' */
  lang?: Lang;
}): string[] {
  const { failOn, entries, outcomes, changes, firstRow, today } = input;
  const lang = input.lang ?? 'en';
  const words = RUN_WORDS[lang];
  const where = input.source === undefined ? '' : ` (${input.source})`;
  const lines: string[] = [];
  entries.forEach((entry, i) => {
    const text = entryText(entry);
    if (text === undefined) return;
    const row = `${firstRow + i + 1}${where}`;
    if (failOn.has('changes') && changes && changes.texts[i]) lines.push(words.failChanged(row, text, changes.texts[i]));
    const outcome = outcomes.get(text);
    const risk = rowRisk(outcome, today, lang);
    const level = risk.ok ? risk.value.level : undefined;
    // A synthetic answer's risk is unknown: it never passes a lifecycle check.
    const risky = (failOn.has('risk') && (level === 'Risk' || level === 'EOL' || level === 'Unknown')) || (failOn.has('eol') && (level === 'EOL' || level === 'Unknown'));
    if (risk.ok && risky) lines.push(words.failRisk(row, text, riskLevelText(risk.value.level, lang), risk.value.reason));
  });
  return lines;
}

/**
 * Names each row of a set that was ambiguous, invalid or not found, except a not-found part that
 * is neither named as our maker's nor in our maker's numbering (another maker's, most likely):
 * those are only counted in the summary. Returns how many failed at all.
 */
export function describeProblemRows(
  set: EnrichSet,
  values: readonly (readonly unknown[])[],
  firstRow: number,
  outcomes: ReadonlyMap<string, MatchOutcome>,
  note: (line: string) => void,
  meant: ReadonlyMap<string, string> = new Map(),
  lang: Lang = 'en',
): number {
  const words = RUN_WORDS[lang];
  let failed = 0;
  const where = set.source === undefined ? '' : ` (${set.source})`;
  set.entries.forEach((entry, i) => {
    const text = entryText(entry);
    if (text === undefined) return;
    const outcome = outcomes.get(text);
    if (!outcome || outcome.status === 'exact' || outcome.status === 'variant') return;
    const row = `${firstRow + i + 1}${where}`;
    if (outcome.status === 'ambiguous') {
      note(words.ambiguousRow(row, text, lookupReasonIn(outcome.reason, lang)));
      return;
    }
    failed++;
    const uncovered = outcome.status === 'notFound' ? describeUncoveredSeries(text, lang) : undefined;
    if (outcome.status === 'notFound' && !uncovered) {
      const maker = set.makerColumn === undefined ? undefined : values[firstRow + i]?.[set.makerColumn];
      if (isNotOurs(text, maker)) return;
    }
    const likely = meant.get(text);
    note(outcome.status === 'notFound' ? words.notFoundRow(row, text, uncovered, likely) : words.invalidRow(row, text, lookupReasonIn(outcome.reason, lang)));
  });
  return failed;
}
