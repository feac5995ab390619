/*
 * The part-number columns of one enrichment and the rows each of them looks up: the first column
 * and the second sources (MPN2) the user ticked, each with its own PartSpec columns. DNP, total
 * and blank rows, and other makers' rows where the BOM has a manufacturer column, are not looked
 * up (the same rule as `partspec enrich`), so a mixed BOM costs no lookups for parts that are
 * not ours and a not-fitted row never reads "Not found".
 */
import { columnLetters, parseAddress } from './core/address';
import { isAlternateHeader } from './core/bom';
import { classifyRow, countRowKinds, findMakerColumn, isOurMaker, type RowKind } from './core/bom-rows';
import { parsePartSpecHeader, type ColumnSpec } from './core/columns';
import { countMatches, entryText, labelSkippedRows as labelRows, planEnrichmentColumns, type MatchCounts, type EnrichSet, type MatchOutcome, type PlannedColumn } from './core/enrich-plan';
import { looksLikeMakerPartNumber } from './core/maker-numbering';
import type { CellValue } from './core/cell-values';
import type { RunExcel } from './deps';

/** Cells read per sync when reading whole BOM rows (well under Excel on the web's 5 MB response). */
const READ_CELLS_PER_SYNC = 50_000;

/** The rows of the BOM around its part numbers, as one enrichment reads them. */
export interface BomRows {
  sheetName: string;
  headers: readonly unknown[];
  /** Absolute column of `headers[0]` and of each row's first cell. */
  headerOrigin: number;
  lastColumn: number;
  firstRow: number;
  /** Whole rows from `firstRow` on, PartSpec's own columns blanked (a previous run's words are not the user's). */
  rows: readonly (readonly unknown[])[];
}

export type { EnrichSet } from './core/enrich-plan';

/**
 * Reads whole rows `firstRow`..`lastRow` across the BOM's columns, a block of rows per sync, with
 * the cells under PartSpec headers blanked: a Match cell reading "Not fitted" from the last run
 * must not keep a row out once the user removed its DNP mark.
 */
export async function readBomRows(run: RunExcel, bom: { sheetName: string; headers: readonly unknown[]; headerOrigin: number; lastColumn: number }, firstRow: number, lastRow: number): Promise<BomRows> {
  const width = bom.lastColumn - bom.headerOrigin + 1;
  const count = lastRow - firstRow + 1;
  const ours = new Set(bom.headers.flatMap((h, i) => (parsePartSpecHeader(h) ? [i] : [])));
  const perSync = Math.max(1, Math.floor(READ_CELLS_PER_SYNC / Math.max(1, width)));
  const rows: unknown[][] = [];
  await run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(bom.sheetName);
    for (let start = 0; start < count; start += perSync) {
      const block = sheet.getRangeByIndexes(firstRow + start, bom.headerOrigin, Math.min(perSync, count - start), width).load('values');
      await context.sync();
      for (const row of block.values) rows.push(ours.size === 0 ? row : row.map((cell, i) => (ours.has(i) ? '' : cell)));
    }
  });
  return { sheetName: bom.sheetName, headers: bom.headers, headerOrigin: bom.headerOrigin, lastColumn: bom.lastColumn, firstRow, rows };
}

/** The manufacturer column of a second source: the first maker column's own second (Manufacturer2 beside MPN2), else none. */
function alternateMakerColumn(headers: readonly unknown[], makerIndex: number | undefined, partHeader: unknown, alternateHeader: unknown): number | undefined {
  if (makerIndex === undefined) return undefined;
  const suffix = /(\d+)\s*$/.exec(String(alternateHeader ?? ''))?.[1];
  const found = headers.findIndex((h, i) => i !== makerIndex && isAlternateHeader(headers[makerIndex], h) && (suffix === undefined || String(h ?? '').trim().endsWith(suffix)));
  return found >= 0 && !isAlternateHeader(partHeader, headers[found]) ? found : undefined;
}

/** A second-source column named by an address (a BomColumn id, `'BOM'!D2:D41`, or `D:D`): its absolute column, or a sentence why not. */
export function resolveAlternateColumn(address: string, bom: Pick<BomRows, 'headers' | 'headerOrigin' | 'lastColumn'>, partColumn: number): { column: number; source: string } | { message: string } {
  let column: number;
  try {
    column = parseAddress(address).column;
  } catch {
    return { message: `'${address}' is not a column of the BOM.` };
  }
  if (column < bom.headerOrigin || column > bom.lastColumn) return { message: `Column ${columnLetters(column)} is not a column of the BOM.` };
  if (column === partColumn) return { message: `Column ${columnLetters(column)} holds the part numbers already; tick another column as a second source.` };
  const header = String(bom.headers[column - bom.headerOrigin] ?? '').trim();
  return { column, source: header === '' ? columnLetters(column) : header };
}

/**
 * The sets of one enrichment: the first column's (with `specs`), then each second source's (the
 * same specs headed `PartSpec (MPN2): …`, placed right of everything planned before it). Rows are
 * classified per set, by that set's manufacturer column.
 */
export function planEnrichSets(bom: BomRows, partColumn: number, specs: readonly ColumnSpec[], alternates: readonly { column: number; source: string }[]): EnrichSet[] {
  const makerIndex = findMakerColumn(bom.headers);
  const setOf = (column: number, makerAt: number | undefined, planned: PlannedColumn[], source?: string): EnrichSet => {
    const index = column - bom.headerOrigin;
    const kinds = bom.rows.map((row) => classifyRow(row, index, makerAt));
    const entries = kinds.map((kind, r) => (kind === 'part' ? bom.rows[r][index] : undefined));
    return { partColumn: column, ...(source === undefined ? {} : { source }), ...(makerAt === undefined ? {} : { makerColumn: bom.headerOrigin + makerAt }), kinds, entries, planned };
  };
  const first = setOf(partColumn, makerIndex, planEnrichmentColumns(specs, bom.headers, bom.headerOrigin, bom.lastColumn, partColumn));
  const sets = [first];
  for (const alternate of alternates) {
    const last = Math.max(bom.lastColumn, ...sets.flatMap((s) => s.planned.map((p) => p.column)));
    const partHeader = bom.headers[partColumn - bom.headerOrigin];
    const maker = alternateMakerColumn(bom.headers, makerIndex, partHeader, bom.headers[alternate.column - bom.headerOrigin]);
    const planned = planEnrichmentColumns(specs.filter((s) => s.special !== 'changes'), bom.headers, bom.headerOrigin, last, alternate.column, { source: alternate.source });
    sets.push(setOf(alternate.column, maker, planned, alternate.source));
  }
  return sets;
}

/** Every part number the sets look up, once each: all sets go into one lookup, which the client batches. */
export function lookupInputs(sets: readonly EnrichSet[]): string[] {
  return [...new Set(sets.flatMap((s) => s.entries.map(entryText)).filter((t): t is string => t !== undefined))];
}

/** Writes what a skipped row's Match cell says into the built rows (`rows[r][c]` follows `planned`). */
export function labelSkippedRows(set: EnrichSet, rows: CellValue[][]): void {
  labelRows(set.kinds, set.planned, rows);
}

/** A set's outcome in the words of the summary line (`describeRowSummary`'s input). */
export interface SetCounts {
  counts: MatchCounts;
  kinds: Record<RowKind, number>;
  /** Not-found part numbers that are neither named as our maker's nor in our maker's numbering. */
  notOurs: number;
}

/** Counts a set's rows: match statuses of the looked-up rows, blank rows apart from DNP and total rows, and the kinds not looked up. */
export function countSet(set: EnrichSet, bom: BomRows, outcomes: ReadonlyMap<string, MatchOutcome>): SetCounts {
  const counts = countMatches(set.entries, outcomes);
  const kinds = countRowKinds(set.kinds);
  counts.blank = kinds.blank;
  const makerIndex = set.makerColumn === undefined ? undefined : set.makerColumn - bom.headerOrigin;
  let notOurs = 0;
  set.entries.forEach((entry, r) => {
    const text = entryText(entry);
    if (text === undefined || outcomes.get(text)?.status !== 'notFound') return;
    const maker = makerIndex === undefined ? undefined : bom.rows[r][makerIndex];
    if (!isOurMaker(maker) && !looksLikeMakerPartNumber(text)) notOurs++;
  });
  return { counts, kinds, notOurs };
}
