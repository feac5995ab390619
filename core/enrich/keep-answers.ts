/*
 * What a run must not undo: Excel cannot undo an add-in's writes, and `--out` may be the BOM
 * itself, so a run that found nothing for a row keeps the answers the last good run wrote there,
 * and a run that would change most of the last answers says so before anything is written.
 */
import type { CellValue } from '../cells/cell-values';
import type { SetChanges } from './set-columns';
import { entryText, type EnrichSet, type MatchOutcome } from './enrich-plan';
import type { Lang } from '../../api/vocabulary';
import { readRiskText, riskLevelText } from '../cells/risk-levels';

/** The BOM's rows as read before the run: whole rows from the first part-number row, starting at `headerOrigin`. */
export interface PreviousRows {
  headerOrigin: number;
  rows: readonly (readonly unknown[])[];
}

const isBlank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Whether a lookup answered a part number with products (a Not found, an Invalid or a missing outcome did not). */
const isAnswered = (outcome: MatchOutcome | undefined): boolean => outcome !== undefined && outcome.products.length > 0;

/**
 * Writes back into `rows` (a set's built rows, `rows[r][c]` following `set.planned`) the previous
 * value of every existing PartSpec cell that this run would blank because its lookup found nothing:
 * the Match cell says "Not found", the Status, specs, Risk and Replacement of the last good run
 * stay. A row whose part-number cell is now empty is not looked up, and is left as built. A kept
 * Risk level is said in `lang`, as the run's other Risk cells. Returns how many cells were kept.
 */
export function keepPreviousAnswers(set: Pick<EnrichSet, 'entries' | 'planned'>, rows: CellValue[][], outcomes: ReadonlyMap<string, MatchOutcome>, previous: PreviousRows, lang: Lang = 'en'): number {
  const kept = set.planned
    .map((p, c) => ({ c, at: p.column - previous.headerOrigin, risk: p.spec.special === 'risk', keep: p.existing && p.spec.special !== 'match' && p.spec.special !== 'changes' && p.spec.special !== 'suggested' }))
    .filter((k) => k.keep);
  if (kept.length === 0) return 0;
  let n = 0;
  set.entries.forEach((entry, r) => {
    const text = entryText(entry);
    if (text === undefined || isAnswered(outcomes.get(text)) || !rows[r]) return;
    for (const { c, at, risk } of kept) {
      const before = previous.rows[r]?.[at];
      if (isBlank(rows[r][c]) && !isBlank(before)) {
        const level = risk ? readRiskText(before) : undefined;
        rows[r][c] = level === undefined ? (before as CellValue) : riskLevelText(level, lang);
        n++;
      }
    }
  });
  return n;
}

/** A run about to change most of the last run's answers: the shells say so (the pane asks first). */
export interface LargeChange {
  /** Rows whose Match cell held an answer before this run. */
  answered: number;
  /** Of those, rows whose answer this run changes. */
  changed: number;
  message: string;
}

/** Fewer answered rows than this are too few to call a change "most". */
const MIN_ANSWERED = 3;

/**
 * The warning for a run that changes the Match answer of more than half of the rows that had one
 * (another column taken for the part numbers, a service answering nothing), or undefined. A
 * lifecycle change (Status, dates) is news, not a warning: only the Match answers count.
 */
export function findLargeChange(set: Pick<EnrichSet, 'planned'>, changes: SetChanges, previous: PreviousRows): LargeChange | undefined {
  const match = set.planned.findIndex((p) => p.spec.special === 'match' && p.existing);
  if (match < 0) return undefined;
  const at = set.planned[match].column - previous.headerOrigin;
  const answeredRows = previous.rows.map((row, r) => (isBlank(row?.[at]) ? -1 : r)).filter((r) => r >= 0);
  const answered = new Set(answeredRows);
  const changed = changes.report.changes.filter((row, r) => answered.has(r) && row.some((c) => c.column === match)).length;
  if (answered.size < MIN_ANSWERED || changed * 2 <= answered.size) return undefined;
  return {
    answered: answered.size,
    changed,
    message: `This run changes the Match answer of ${changed} of the ${answered.size} rows the last run answered: check that the part-number column and the service are the ones meant.`,
  };
}
