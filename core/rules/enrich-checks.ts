/*
 * The team's rules in an enrichment: the first set's rows judged as the summary judges them (the
 * same summary rows, the same automotive decision), so the Checks column and `partspec report`
 * agree line for line, and the cells of `PartSpec: Checks`.
 */
import type { Lang } from '../../api/vocabulary';
import type { CellValue } from '../cells/cell-values';
import type { EnrichSet, MatchOutcome } from '../enrich/enrich-plan';
import { summaryRowsOf } from '../report/summary-rows';
import { summarizeBom } from '../report/summary';
import { checksCell, judgeRows, withChecks } from './judge';
import type { BomChecks, BomRules } from './types';

export interface EnrichmentChecksInput {
  set: Pick<EnrichSet, 'partColumn' | 'kinds' | 'entries'>;
  bom: { headers: readonly unknown[]; headerOrigin: number; rows: readonly (readonly unknown[])[] };
  /** 0-based sheet row of `bom.rows[0]`. */
  firstRow: number;
  outcomes: ReadonlyMap<string, MatchOutcome>;
  /** Row index → whether its suggestion found the maker's part (the rows asked about). */
  suggested?: ReadonlyMap<number, boolean>;
  rules: BomRules;
  today: Date;
  builds?: number;
  /** @default 'auto' */
  automotive?: boolean | 'auto';
  sheet: string;
  /** Language of the checks' sentences and cells. @default 'en' */
  lang?: Lang;
}

/** The BOM's checks and each row's Checks cell. */
export function judgeEnrichment(input: EnrichmentChecksInput): { checks: BomChecks; cells: string[] } {
  const rows = summaryRowsOf({ set: input.set, bom: input.bom, firstRow: input.firstRow, outcomes: input.outcomes, ...(input.suggested ? { suggested: input.suggested } : {}) });
  const lang = input.lang ?? 'en';
  const summary = withChecks(summarizeBom(rows, { today: input.today, builds: input.builds, automotive: input.automotive, source: { sheet: input.sheet } }), rows, input.rules, input.today, lang);
  const lines = judgeRows(rows, input.rules, { today: input.today, builds: input.builds, automotive: summary.automotive, sheet: input.sheet, lang });
  return { checks: summary.checks!, cells: lines.map((line) => checksCell(line, lang)) };
}

/** Whether a set plans the Checks column. */
export function plansChecks(set: Pick<EnrichSet, 'planned'>): boolean {
  return set.planned.some((p) => p.spec.special === 'checks');
}

/** Writes the Checks cells into a set's built rows, in both the written and the shown rows. */
export function fillChecks(set: Pick<EnrichSet, 'planned'>, built: { rows: CellValue[][]; shown: CellValue[][] }, cells: readonly string[]): void {
  const at = set.planned.findIndex((p) => p.spec.special === 'checks');
  if (at < 0) return;
  for (const target of built.shown === built.rows ? [built.rows] : [built.rows, built.shown]) {
    target.forEach((row, r) => (row[at] = cells[r] ?? ''));
  }
}
