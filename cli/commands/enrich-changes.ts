import type { CellValue } from '../../core/cells/cell-values';
import { changeMarks, detectChanges, isComparedColumn, type ChangeReport } from '../../core/enrich/changes';
import { entryText, type MatchOutcome, type PlannedColumn } from '../../core/enrich/enrich-plan';
import { assessRisk, RISK_LEVELS, type RiskLevel } from '../../core/cells/risk';
import { UsageError } from '../../node/errors';

/** What `--fail-on` can stop a pipeline on. */
export const FAIL_ON = ['changes', 'risk', 'eol'] as const;
export type FailOn = (typeof FAIL_ON)[number];

/** Reads `--fail-on changes,risk` (repeatable, comma-separated); throws UsageError naming a word it does not know. */
export function parseFailOn(text: string | undefined): Set<FailOn> {
  const out = new Set<FailOn>();
  for (const word of (text ?? '').split(',').map((w) => w.trim().toLowerCase())) {
    if (word === '') continue;
    if (!(FAIL_ON as readonly string[]).includes(word)) throw new UsageError(`--fail-on takes ${FAIL_ON.join(', ')} (comma-separated), not '${word}'.`);
    out.add(word as FailOn);
  }
  return out;
}

export interface ChangesOfFile {
  report: ChangeReport;
  /** Per planned column: which data rows to fill as changed; undefined for columns never filled. */
  fills: (boolean[] | undefined)[];
}

/**
 * Compares the values the file holds in the planned columns with `rows` and writes each row's
 * Changes text into `rows` (the Changes column is the one whose spec is `changes`).
 */
export function compareWithFile(values: readonly (readonly unknown[])[], headers: readonly unknown[], planned: readonly PlannedColumn[], rows: CellValue[][], firstRow: number, entries: readonly unknown[]): ChangesOfFile {
  const previous = planned.map((p) =>
    p.existing && isComparedColumn(p.spec) ? { header: headers[p.column], cells: rows.map((_, i) => values[firstRow + i]?.[p.column]) } : undefined,
  );
  const report = detectChanges({ columns: planned.map((p) => p.spec), previous, rows, blank: (r) => entryText(entries[r]) === undefined });
  const at = planned.findIndex((p) => p.spec.special === 'changes');
  report.texts.forEach((text, r) => (rows[r][at] = text));
  const fills: (boolean[] | undefined)[] = planned.map(() => undefined);
  for (const mark of changeMarks(report, planned.map((p) => p.spec), at)) {
    const flags = rows.map(() => false);
    for (const [a, b] of mark.runs) for (let r = a; r <= b; r++) flags[r] = true;
    fills[mark.column] = flags;
  }
  return { report, fills };
}

/** The worst lifecycle level of a row's products (the matches PartSpec fills the row from), or undefined. */
function worstRisk(outcome: MatchOutcome | undefined, today: Date): RiskLevel | undefined {
  if (!outcome || outcome.status === 'notFound' || outcome.status === 'invalid' || outcome.products.length === 0) return undefined;
  const levels = outcome.products.map((p) => RISK_LEVELS.indexOf(assessRisk(p, today).level));
  return RISK_LEVELS[Math.min(...levels)];
}

/**
 * The sentences naming every row a `--fail-on` condition found: `Row 7: 'MCA…' changed: Status
 * In Production → NRND`, `Row 9: 'MCA…' is EOL: Status is Discontinued`. Empty when nothing was found.
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
}): string[] {
  const { failOn, entries, outcomes, changes, firstRow, today } = input;
  const where = input.source === undefined ? '' : ` (${input.source})`;
  const lines: string[] = [];
  entries.forEach((entry, i) => {
    const text = entryText(entry);
    if (text === undefined) return;
    const row = `${firstRow + i + 1}${where}`;
    if (failOn.has('changes') && changes && changes.texts[i]) lines.push(`Row ${row}: '${text}' changed: ${changes.texts[i]}`);
    const outcome = outcomes.get(text);
    const level = worstRisk(outcome, today);
    const risky = (failOn.has('risk') && (level === 'Risk' || level === 'EOL')) || (failOn.has('eol') && level === 'EOL');
    if (risky) {
      const reason = outcome!.products.map((p) => assessRisk(p, today)).find((a) => a.level === level)?.reason;
      lines.push(`Row ${row}: '${text}' is ${level}${reason ? `: ${reason}` : ''}`);
    }
  });
  return lines;
}
