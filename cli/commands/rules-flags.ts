import type { Lang } from '../../api/vocabulary';
import { checkWords, rulesLabel } from '../../core/rules/check-words';
import { DEFAULT_RULES } from '../../core/rules/default-rules';
import { describeBomChecks, describeFailingChecks } from '../../core/rules/judge';
import type { BomChecks, BomRules, CheckLevel } from '../../core/rules/types';
import { EXIT } from '../../node/errors';
import { readRulesFile } from '../../node/files/rules-file';
import { pathIn, type CommandContext } from '../context';

/** The `--fail-on` words that stop on the team's rules, weakest last. */
const CHECK_WORDS: readonly CheckLevel[] = ['fatal', 'error', 'warning'];

/** The help lines of `--rules` and of `--fail-on`'s levels, the same for enrich and report. */
export const RULES_HELP = `  --rules FILE          judge every line by the team's BOM rules in FILE (JSON; see
                        docs/bom-rules.md); a wrong field or value is refused (exit 2)
                        before anything is looked up (default: the shipped rules)
  --fail-on fatal|error|warning  exit 4 (after writing) when a check at that level or
                        worse fires on a line (waived checks do not count); beside
                        changes, risk and eol, comma-separated`;

/** The weakest level `--fail-on` names (`warning` when it names error and warning), or undefined when it names none. */
export function checkThreshold(failOn: ReadonlySet<string>): CheckLevel | undefined {
  return [...CHECK_WORDS].reverse().find((level) => failOn.has(level));
}

/** The rules of `--rules FILE` (in the run's folder), read and checked now; the shipped set without one. */
export function rulesOf(context: CommandContext, file: string | undefined): BomRules {
  return file === undefined ? DEFAULT_RULES : readRulesFile(pathIn(context, file), file);
}

/**
 * Says on stderr how the BOM fared by the rules (`Checks by Team A: Error (1 line at error)`, with
 * `where` to look after it) and every line whose checks reach `threshold`; returns EXIT.failOn
 * when one does, else undefined (the command's own code stands).
 */
export function noteChecks(checks: BomChecks, threshold: CheckLevel | undefined, context: CommandContext, where?: string, lang: Lang = 'en'): number | undefined {
  context.note(`${describeBomChecks(checks, lang)}${where ? `; ${where}` : ''}${lang === 'en' ? '.' : ''}`);
  if (!threshold) return undefined;
  const found = describeFailingChecks(checks, threshold, lang);
  for (const line of found) context.note(line);
  if (found.length === 0) return undefined;
  context.note(checkWords(lang).failOnTotal(threshold, found.length, rulesLabel(checks.rules, lang), EXIT.failOn));
  return EXIT.failOn;
}
