/*
 * The checks table every view of a summary shows (the summary sheet, the report's text and page,
 * the BOM health pane): lines whose checks say the same share one row, naming their rows as runs,
 * so one rule that catches many lines (sixteen parts whose REACH is not confirmed) is one row.
 */
import type { Lang } from '../../api/vocabulary';
import { ruleLabel } from '../rules/check-words';
import type { BomChecks, LineLevel } from '../rules/types';
import type { SummaryLabels } from './labels';

export interface CheckRow {
  /** The part number, or how many lines share the row. */
  part: string;
  /** The rows as runs: `2–8, 11`. */
  rows: string;
  level: LineLevel;
  said: string;
  /** The first 1-based sheet row, for a link to it. */
  firstRow: number;
}

/** Rows as short runs: 2, 3, 4, 5, 9 → `2–5, 9`. */
function rowRanges(rows: readonly number[]): string {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    runs.push(j > i ? `${sorted[i]}–${sorted[j]}` : String(sorted[i]));
    i = j;
  }
  return runs.join(', ');
}

/** The checks table's rows in `lang`, in the order their first line comes. */
export function checkRows(checks: BomChecks, labels: SummaryLabels, lang: Lang): CheckRow[] {
  const groups = new Map<string, { level: LineLevel; said: string; lines: BomChecks['lines'][number][] }>();
  for (const l of checks.lines) {
    const said = l.checks.map((c) => `${ruleLabel(c.rule, lang)}${!c.waived && c.level !== l.level ? ` (${labels.checkLevels[c.level]})` : ''}: ${c.sentence}`).join('; ');
    const key = `${l.level}\u0000${said}`;
    const group = groups.get(key) ?? { level: l.level, said, lines: [] };
    group.lines.push(l);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => ({
    part: g.lines.length === 1 ? g.lines[0].partNumber : labels.linesCount(g.lines.length),
    rows: rowRanges(g.lines.map((l) => l.sheetRow)),
    level: g.level,
    said: g.said,
    firstRow: g.lines[0].sheetRow,
  }));
}
