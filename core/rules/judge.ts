/*
 * Judges a BOM's lines by the team's rules: pure, from the rows every view's summary is made of
 * (core/report/summary-rows.ts), so the Checks column, the report's checks section, `--fail-on`
 * and the assistants' tools give the same verdict for the same line.
 */
import { readStatus } from '../../api/status';
import { rowRisk } from '../cells/risk';
import { addMonths, parseCalendarDate, toCalendarDay } from '../dates';
import { endDateOf, flagValue, minOrderOf, saysSomething } from '../report/summary';
import { quantityPerBoard } from '../report/quantities';
import { productsOf, type BomSummary, type SummaryRow } from '../report/types';
import type { Lang } from '../../api/vocabulary';
import { riskLevelText } from '../cells/risk-levels';
import { checkWords, readLevelWord, ruleLabel, rulesLabel } from './check-words';
import type { BomChecks, BomRules, Check, CheckLevel, LineChecks, LineLevel, Rule, RuleCondition, Waiver } from './types';

/** What the lines are judged with beyond their rows. */
export interface JudgeContext {
  today: Date;
  /** Builds the minimum-order rule weighs the need by. @default 1 */
  builds?: number;
  /** The BOM is automotive (as the summary decides it): only then does the AEC-Q200 rule look. */
  automotive: boolean;
  /** The BOM's sheet, for waivers given for a row of one sheet. */
  sheet?: string;
  /** Language of the checks' sentences. @default 'en' */
  lang?: Lang;
}

/** The levels, worst first, and the word each is shown with. */
const LEVEL_ORDER: readonly LineLevel[] = ['fatal', 'error', 'warning', 'ok'];

/** Whether `level` is as bad as `threshold` or worse. */
function isAtLeast(level: LineLevel, threshold: CheckLevel): boolean {
  return LEVEL_ORDER.indexOf(level) <= LEVEL_ORDER.indexOf(threshold);
}

/**
 * Whether `text` matches `pattern`, where `*` stands for any characters: the two-pointer walk
 * that returns to the last `*` (time at most the product of the lengths, never exponential as a
 * regular expression of many `.*` can be).
 */
function matchesGlob(text: string, pattern: string): boolean {
  let t = 0;
  let p = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (p < pattern.length && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (star >= 0) {
      p = star + 1;
      t = ++resume;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

/** A list's part numbers: the exact ones in a set, those with `*` apart; made once per list. */
const MATCHERS = new WeakMap<readonly string[], (partNumber: string) => boolean>();

/** Whether a part number is on a list: case and surrounding spaces do not count, `*` stands for any characters. */
function isListed(partNumber: string, list: readonly string[]): boolean {
  let matcher = MATCHERS.get(list);
  if (!matcher) {
    const folded = list.map((p) => p.trim().toUpperCase());
    const exact = new Set(folded.filter((p) => !p.includes('*')));
    const patterns = folded.filter((p) => p.includes('*'));
    matcher = (text) => exact.has(text) || patterns.some((p) => matchesGlob(text, p));
    MATCHERS.set(list, matcher);
  }
  return matcher(partNumber.trim().toUpperCase());
}

/** Whether a line is judged at all: our maker's parts, other makers', and fitted lines without a part number. */
function isJudged(row: SummaryRow): boolean {
  return row.kind === 'part' || row.kind === 'otherMaker' || (row.kind === 'blank' && saysSomething(row));
}

/** The sentence a condition says of a line, or undefined when it does not fire. */
function fire(when: RuleCondition, row: SummaryRow, context: JudgeContext): string | undefined {
  const lang = context.lang ?? 'en';
  const w = checkWords(lang);
  const products = productsOf(row);
  const found = row.kind === 'part' && products.length > 0;
  if ('status' in when) {
    if (!found) return undefined;
    const status = products.map((p) => readStatus(p).status).find((s) => (when.status as readonly string[]).includes(s));
    return status === undefined ? undefined : w.statusIs(status);
  }
  if ('risk' in when) {
    if (!found) return undefined;
    const risk = rowRisk(row.outcome, context.today, lang);
    return risk.ok && (when.risk as readonly string[]).includes(risk.value.level) ? `${riskLevelText(risk.value.level, lang)}: ${risk.value.reason}` : undefined;
  }
  if ('lastBuyWithinMonths' in when) {
    const end = found ? endDateOf(products) : undefined;
    if (!end) return undefined;
    const today = toCalendarDay(context.today);
    if (end.date.getTime() < today.getTime()) return w.ended(end.field, end.text.slice(0, 10));
    return end.date.getTime() <= addMonths(today, when.lastBuyWithinMonths).getTime() ? w.endsWithin(end.field, end.text.slice(0, 10), when.lastBuyWithinMonths) : undefined;
  }
  if ('notFound' in when) {
    const status = row.kind === 'part' ? row.outcome?.status : undefined;
    return status === 'notFound' ? w.notFound : status === 'invalid' ? w.invalid : undefined;
  }
  if ('otherMakerWithoutSuggestion' in when) {
    if (row.kind !== 'otherMaker' || row.suggested === true) return undefined;
    return row.suggested === false ? w.otherMakerNoSuggestion : w.otherMakerNotAsked;
  }
  if ('genericNotResolved' in when) {
    if (row.kind !== 'blank' || !saysSomething(row) || row.suggested === true) return undefined;
    return row.suggested === false ? w.genericNoSuggestion : w.genericNotAsked;
  }
  if ('notConfirmed' in when) {
    if (!found) return undefined;
    const open = when.notConfirmed.flatMap((flag) => {
      const value = flagValue(products, flag);
      return value === 'yes' ? [] : [value === 'no' ? w.flagNotMet(flag) : w.flagNotConfirmed(flag)];
    });
    return open.length > 0 ? open.join(w.comma) : undefined;
  }
  if ('aecQ200Missing' in when) {
    if (!found || !context.automotive) return undefined;
    const value = flagValue(products, 'AecQ200Support');
    if (value === 'yes') return undefined;
    return value === 'no' ? w.notAec : w.aecNotConfirmed;
  }
  if ('doNotUse' in when) {
    if (row.partNumber === '') return undefined;
    return isListed(row.partNumber, when.doNotUse) ? w.doNotUse : undefined;
  }
  if ('notPreferred' in when) {
    if (row.partNumber === '' || row.kind === 'blank') return undefined;
    return isListed(row.partNumber, when.notPreferred) ? undefined : w.notPreferred;
  }
  // The one condition left: the minimum order against the line's need.
  const minOrder = found ? minOrderOf(products) : undefined;
  if (minOrder === undefined) return undefined;
  const need = quantityPerBoard(row.quantity, row.designators) * (context.builds ?? 1);
  return minOrder > when.minOrderAboveNeed * need ? w.minOrder(minOrder.toLocaleString('en-US'), when.minOrderAboveNeed, need.toLocaleString('en-US')) : undefined;
}

/** The waiver of a rule for a line, and whether it still applies today. */
function waiverOf(rule: Rule, row: SummaryRow, waivers: readonly Waiver[], context: JudgeContext): { waiver: Waiver; expired: boolean } | undefined {
  const today = toCalendarDay(context.today).getTime();
  const matching = waivers.filter(
    (w) =>
      w.rule === rule.id &&
      (w.row !== undefined ? w.row === row.sheetRow && (w.sheet === undefined || context.sheet === undefined || w.sheet === context.sheet) : row.partNumber !== '' && w.part !== undefined && isListed(row.partNumber, [w.part])),
  );
  const live = matching.find((w) => parseCalendarDate(w.until)!.getTime() >= today);
  if (live) return { waiver: live, expired: false };
  const last = matching.sort((a, b) => b.until.localeCompare(a.until))[0];
  return last ? { waiver: last, expired: true } : undefined;
}

/** The checks of one line; undefined for a line not judged (not fitted, a total, a blank row). */
export function judgeLine(row: SummaryRow, rules: BomRules, context: JudgeContext): LineChecks | undefined {
  if (!isJudged(row)) return undefined;
  const checks: Check[] = [];
  for (const rule of rules.rules) {
    if (rule.level === 'off') continue;
    const said = fire(rule.when, row, context);
    if (said === undefined) continue;
    const waiver = waiverOf(rule, row, rules.waivers, context);
    const { reason, by, until } = waiver?.waiver ?? { reason: '', by: '', until: '' };
    const w = checkWords(context.lang);
    if (waiver && !waiver.expired) checks.push({ rule: rule.id, level: rule.level, sentence: w.waivedBy(said, by, until, reason), waived: { reason, by, until } });
    else checks.push({ rule: rule.id, level: rule.level, sentence: waiver ? w.waiverExpired(said, by, until) : said });
  }
  const live = checks.filter((c) => !c.waived);
  const level = LEVEL_ORDER.find((l) => live.some((c) => c.level === l)) ?? 'ok';
  return { sheetRow: row.sheetRow, partNumber: row.partNumber || (row.text ?? ''), level, checks };
}

/** Every line's checks, one per row (undefined where a row is not judged). */
export function judgeRows(rows: readonly SummaryRow[], rules: BomRules, context: JudgeContext): (LineChecks | undefined)[] {
  return rows.map((row) => judgeLine(row, rules, context));
}

/**
 * The summary with its checks: the rows it was made of judged by `rules`, with the summary's own
 * automotive decision and builds, so every view that renders the summary shows the same verdicts.
 */
export function withChecks(summary: BomSummary, rows: readonly SummaryRow[], rules: BomRules, today: Date, lang: Lang = 'en'): BomSummary {
  const lines = judgeRows(rows, rules, { today, builds: summary.builds, automotive: summary.automotive, sheet: summary.source?.sheet, lang });
  return { ...summary, checks: bomChecksOf(lines, rules) };
}

/** The BOM's checks from its lines' checks: the worst level, the counts and the lines with something to say. */
export function bomChecksOf(lines: readonly (LineChecks | undefined)[], rules: Pick<BomRules, 'name'>): BomChecks {
  const said = lines.filter((l): l is LineChecks => l !== undefined && l.checks.length > 0);
  const counts = { fatal: 0, error: 0, warning: 0, waived: 0 };
  for (const line of said) {
    if (line.level !== 'ok') counts[line.level] += 1;
    counts.waived += line.checks.filter((c) => c.waived).length;
  }
  const level = LEVEL_ORDER.find((l) => said.some((line) => line.level === l)) ?? 'ok';
  return { rules: rules.name, level, counts, lines: said };
}

/**
 * A line's `PartSpec: Checks` cell: its worst level, then each check's rule and sentence
 * (`Error — eol: EOL: Status is Discontinued; last-buy (warning): …`); `OK` when none fired; empty
 * for a line not judged. The level named first is the one the cell's fill shows.
 */
export function checksCell(line: LineChecks | undefined, lang: Lang = 'en'): string {
  if (!line) return '';
  const w = checkWords(lang);
  const said = line.checks.map((c) => `${ruleLabel(c.rule, lang)}${c.waived || c.level !== line.level ? ` (${c.waived ? w.waived : lang === 'en' ? c.level : w.levels[c.level]})` : ''}: ${c.sentence}`);
  return said.length === 0 ? w.levels.ok : `${w.levels[line.level]} — ${said.join('; ')}`;
}

/** The level a Checks cell shows (its first word), for its fill; undefined for another text. */
export function levelOfCell(text: unknown): CheckLevel | undefined {
  if (typeof text !== 'string') return undefined;
  const word = /^(Fatal|Error|Warning)\b/.exec(text)?.[1];
  if (word !== undefined) return word.toLowerCase() as CheckLevel;
  return readLevelWord(text);
}

/**
 * The sentences naming every line whose checks reach `threshold` (`Row 7: 'X' error: eol: …`),
 * for `--fail-on fatal|error|warning`; empty when none does.
 */
export function describeFailingChecks(checks: BomChecks, threshold: CheckLevel, lang: Lang = 'en'): string[] {
  const w = checkWords(lang);
  return checks.lines
    .filter((line) => line.level !== 'ok' && isAtLeast(line.level, threshold))
    .map((line) => {
      const fired = line.checks.filter((c) => !c.waived && isAtLeast(c.level, threshold));
      return w.failingRow(line.sheetRow, line.partNumber, lang === 'en' ? line.level : w.levels[line.level], fired.map((c) => `${ruleLabel(c.rule, lang)}: ${c.sentence}`).join('; '));
    });
}

/** The BOM's checks in one clause: `Checks by partspec:default: Error (1 line at error, 2 at warning, 1 check waived)`, or `…: OK`. */
export function describeBomChecks(checks: BomChecks, lang: Lang = 'en'): string {
  const w = checkWords(lang);
  const counts = (['fatal', 'error', 'warning'] as const).filter((l) => checks.counts[l] > 0).map((level) => ({ level, count: checks.counts[level] }));
  return w.checksBy(rulesLabel(checks.rules, lang), w.levels[checks.level], counts, checks.counts.waived);
}
