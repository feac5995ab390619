import { describeRowSummary, type RowKind, type RowSummary } from '../bom/bom-rows';
import type { EnrichSet, MatchCounts, MatchOutcome } from './enrich-plan';
import { countSet } from './enrich-sets';

/** A set's outcome: its counts and the summary sentence both shells say. */
export interface SetSummary {
  counts: MatchCounts;
  kinds: Record<RowKind, number>;
  /** Not-found part numbers outside the maker's numbering (another maker's, most likely). */
  notOurs: number;
  /** "48 rows: 4 exact, …; not looked up: 2 not fitted (DNP)", without a full stop. */
  summary: string;
  /** What the summary sentence says, for a shell that says it in another language (describeRowSummary). */
  line: RowSummary;
  /** The header of the part-number column ('' when it has none). */
  partHeader: string;
}

/** The counts and sentence of every set; `rows` are the BOM's whole rows from the first part-number row, starting at `headerOrigin`. */
export function summarizeSets(sets: readonly EnrichSet[], bom: { headers: readonly unknown[]; headerOrigin: number }, rows: readonly (readonly unknown[])[], outcomes: ReadonlyMap<string, MatchOutcome>): SetSummary[] {
  return sets.map((set) => {
    const { counts, kinds, notOurs, notCovered } = countSet(set, { headerOrigin: bom.headerOrigin, rows }, outcomes);
    const headerOf = (column: number): string => String(bom.headers[column - bom.headerOrigin - (set.shift ?? 0)] ?? '');
    const makerHeader = set.makerColumn === undefined ? undefined : headerOf(set.makerColumn);
    const line: RowSummary = { rows: set.entries.length, ...counts, notOurs, notCovered, kinds, makerHeader };
    return { counts, kinds, notOurs, summary: describeRowSummary(line), line, partHeader: headerOf(set.partColumn).trim() };
  });
}
