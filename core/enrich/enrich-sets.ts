/*
 * The part-number columns of one enrichment and the rows each of them looks up, planned the same
 * way by the add-in and `partspec enrich`: the first column and the second sources (MPN2), each
 * with its own PartSpec columns. DNP, total and blank rows, and other makers' rows where the BOM
 * has a manufacturer column, are not looked up, so a mixed BOM costs no lookups for parts that
 * are not ours and a not-fitted row never reads "Not found".
 */
import type { Lang } from '../../api/vocabulary';
import { columnLetters } from '../address';
import { isAlternateHeader } from '../bom/bom';
import { findDataShift, shiftIndex } from '../bom/data-shift';
import { classifyRow, countRowKinds, findMakerColumn, findMakerColumnOf, findNotFittedColumn, isOurMaker, type RowKind } from '../bom/bom-rows';
import { isComparedColumn } from './changes';
import { parsePartSpecHeader, specialColumn, type ColumnSpec } from '../cells/columns';
import { countMatches, entryText, planEnrichmentColumns, type EnrichSet, type MatchCounts, type MatchOutcome, type PlannedColumn } from './enrich-plan';
import { looksLikeMakerPartNumber, uncoveredSeriesOf } from '../bom/maker-numbering';

/** The BOM's rows as the sets are planned from them. */
export interface PlanningRows {
  headers: readonly unknown[];
  /** Absolute column of `headers[0]` and of each row's first cell. */
  headerOrigin: number;
  /** Absolute column right of which new PartSpec columns go. */
  lastColumn: number;
  /** The rows from the first part-number row to the last, whole (PartSpec's own cells included: planSets ignores them). */
  rows: readonly (readonly unknown[])[];
}

/** A second-source part-number column (`--column MPN --column MPN2`, or ticked in the pane). */
export interface AlternateColumn {
  /** Absolute 0-based sheet column. */
  column: number;
  /** Its header, which names its PartSpec columns (`PartSpec (MPN2): Match`); its letters when it has none. */
  source: string;
}

/** A second source at `column` (absolute), named by its header in `headers` (which start at `headerOrigin`). */
export function alternateColumn(headers: readonly unknown[], headerOrigin: number, column: number): AlternateColumn {
  const header = String(headers[column - headerOrigin] ?? '').trim();
  return { column, source: header === '' ? columnLetters(column) : header };
}

/** The manufacturer column of a second source: the first maker column's own second (Manufacturer2 beside MPN2), else none. */
function alternateMakerColumn(headers: readonly unknown[], makerIndex: number | undefined, partHeader: unknown, alternateHeader: unknown): number | undefined {
  if (makerIndex === undefined) return undefined;
  const suffix = /(\d+)\s*$/.exec(String(alternateHeader ?? ''))?.[1];
  const found = headers.findIndex((h, i) => i !== makerIndex && isAlternateHeader(headers[makerIndex], h) && (suffix === undefined || String(h ?? '').trim().endsWith(suffix)));
  return found >= 0 && !isAlternateHeader(partHeader, headers[found]) ? found : undefined;
}

/**
 * The sets of one enrichment: the first column's (with `specs`), then each second source's (the
 * same specs but 'PartSpec: Changes', headed `PartSpec (MPN2): …`, placed right of everything
 * planned before it). Rows are classified per set, by that set's manufacturer column, with the
 * cells under PartSpec headers left out: a Match cell reading "Not fitted" from the last run must
 * not keep a row out once the user removed its DNP mark.
 */
export function planSets(bom: PlanningRows, partColumn: number, specs: readonly ColumnSpec[], alternates: readonly AlternateColumn[]): EnrichSet[] {
  // Rows pasted beside their header: the manufacturer's names sit as far from its header as the part numbers from theirs.
  const shift = findDataShift(bom.headers, bom.rows, partColumn - bom.headerOrigin);
  // Each part-number column is told apart by the maker column of its own source (Alternate Mfg 1 beside Alternate Part Number 1).
  const makerHeader = findMakerColumnOf(bom.headers, partColumn - bom.headerOrigin - shift) ?? findMakerColumn(bom.headers);
  const makerIndex = shiftIndex(makerHeader, shift);
  const fittedHeader = findNotFittedColumn(bom.headers);
  const fittedAt = shiftIndex(fittedHeader?.index, shift);
  const notFitted = fittedHeader && fittedAt !== undefined ? { ...fittedHeader, index: fittedAt } : undefined;
  const ours = new Set(bom.headers.flatMap((h, i) => (parsePartSpecHeader(h) ? [i] : [])));
  const usersRows = ours.size === 0 ? bom.rows : bom.rows.map((row) => row.map((cell, i) => (ours.has(i) ? '' : cell)));
  const setOf = (column: number, makerAt: number | undefined, planned: EnrichSet['planned'], source?: string): EnrichSet => {
    const index = column - bom.headerOrigin;
    const kinds = usersRows.map((row) => classifyRow(row, index, makerAt, notFitted));
    const entries = kinds.map((kind, r) => (kind === 'part' ? bom.rows[r][index] : undefined));
    return { partColumn: column, ...(source === undefined ? {} : { source }), ...(makerAt === undefined ? {} : { makerColumn: bom.headerOrigin + makerAt }), ...(shift ? { shift } : {}), kinds, entries, planned };
  };
  const sets = [setOf(partColumn, makerIndex, planEnrichmentColumns(specs, bom.headers, bom.headerOrigin, bom.lastColumn, partColumn))];
  const partHeader = bom.headers[partColumn - bom.headerOrigin - shift];
  const alternateSpecs = specs.filter((s) => s.special !== 'changes' && s.special !== 'suggested' && s.special !== 'checks');
  for (const alternate of alternates) {
    const last = sets.reduce((most, s) => s.planned.reduce((m, p) => Math.max(m, p.column), most), bom.lastColumn);
    const alternateIndex = alternate.column - bom.headerOrigin - shift;
    const maker = shiftIndex(findMakerColumnOf(bom.headers, alternateIndex) ?? alternateMakerColumn(bom.headers, makerHeader, partHeader, bom.headers[alternateIndex]), shift);
    const planned = planEnrichmentColumns(alternateSpecs, bom.headers, bom.headerOrigin, last, alternate.column, { source: alternate.source });
    sets.push(setOf(alternate.column, maker, planned, alternate.source));
  }
  return sets;
}

/** True when a set overwrites PartSpec columns whose values can be compared: then the run writes `PartSpec: Changes`. */
export function comparesWithLastRun(planned: readonly PlannedColumn[]): boolean {
  return planned.some((p) => p.existing && isComparedColumn(p.spec));
}

/** The enrichment's columns with `PartSpec: Changes` (headed in `lang`) last (planSets keeps it to the first set). */
export function withChangesColumn(specs: readonly ColumnSpec[], lang?: Lang): ColumnSpec[] {
  return [...specs, specialColumn('changes', lang)];
}

/** Every part number the sets look up, once each: all sets go into one lookup, which the client batches. */
export function lookupInputs(sets: readonly EnrichSet[]): string[] {
  return [...new Set(sets.flatMap((s) => s.entries.map(entryText)).filter((t): t is string => t !== undefined))];
}

/** A set's outcome in the words of the summary line (`describeRowSummary`'s input). */
export interface SetCounts {
  counts: MatchCounts;
  kinds: Record<RowKind, number>;
  /** Not-found part numbers that are neither named as our maker's nor in our maker's numbering. */
  notOurs: number;
  /** Not-found part numbers of the maker's series the API does not cover (BLM, NFM, CSTNE …). */
  notCovered: number;
}

/** Whether a not-found part is someone else's: neither named as our maker's nor in our maker's numbering. */
export function isNotOurs(partNumber: unknown, maker: unknown): boolean {
  return !isOurMaker(maker) && !looksLikeMakerPartNumber(partNumber);
}

/** Counts a set's rows: match statuses of the looked-up rows, blank rows apart from DNP and total rows, and the kinds not looked up. */
export function countSet(set: EnrichSet, bom: Pick<PlanningRows, 'headerOrigin' | 'rows'>, outcomes: ReadonlyMap<string, MatchOutcome>): SetCounts {
  const counts = countMatches(set.entries, outcomes);
  const kinds = countRowKinds(set.kinds);
  counts.blank = kinds.blank;
  const makerIndex = set.makerColumn === undefined ? undefined : set.makerColumn - bom.headerOrigin;
  let notOurs = 0;
  let notCovered = 0;
  set.entries.forEach((entry, r) => {
    const text = entryText(entry);
    if (text === undefined || outcomes.get(text)?.status !== 'notFound') return;
    if (uncoveredSeriesOf(text)) notCovered++;
    else if (isNotOurs(text, makerIndex === undefined ? undefined : bom.rows[r][makerIndex])) notOurs++;
  });
  return { counts, kinds, notOurs, notCovered };
}
