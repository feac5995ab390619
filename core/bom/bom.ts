import type { CellBlock } from '../address';
import { findDataShift } from './data-shift';
import { isAlternateHeader, isPartNumberHeader, scorePartNumberHeader } from './header-score';
import { describeColumn, filledShare, makerShare, partNumberShape, partShare, type ColumnContent } from './part-number-shape';
import { contentFindNotice, describeLayoutNotice } from './layout-notes';
import type { BomLayout, ColumnCandidate, LayoutNotice } from './layout-types';
import { foldWords } from '../fold';
import { containsWord, DESIGNATOR_WORDS, MAKER_WORDS, OTHER_COLUMN_WORDS, QUANTITY_WORDS } from './header-words';

export { findAlternateColumns, isAlternateHeader, isPartNumberHeader, scorePartNumberHeader } from './header-score';
export { describeAmbiguity } from './layout-notes';
export type { BomLayout, ColumnCandidate } from './layout-types';

/** Why no layout was found, for a shell that says it in another language (core/enrich/locate-words.ts). */
export type BomDetectionProblem = 'empty' | 'noPartColumn' | 'noPartsBelow';

export type BomDetection = ({ ok: true } & BomLayout) | { ok: false; message: string; problem?: BomDetectionProblem };

export interface BomInput {
  /** Values of the region: the table (header included) or the sheet's used range. */
  values: readonly (readonly unknown[])[];
  /** Absolute position of `values[0][0]`. */
  origin: { row: number; column: number };
  /** The user's selection, absolute. */
  selection?: CellBlock;
  /** The header row when it is known (a table's). */
  headerRow?: number;
  /** Rows of the whole region when `values` holds only its top rows. @default values.length */
  rowCount?: number;
}

/** How many rows from the top of a region are searched for the header row. */
export const HEADER_SEARCH_ROWS = 30;
/** Rows below a header looked at to judge a column by its content. */
const CONTENT_SAMPLE_ROWS = 50;
/** Fewer data rows than this say nothing about a column's content. */
const MIN_CONTENT_ROWS = 3;
/** Part-number shares closer than this make two columns equally likely. */
const CLOSE_SHARE = 0.15;
const SAMPLES = 5;

/** A column of one header row, judged by its header and its cells. */
interface RankedColumn extends ColumnCandidate {
  headerScore: number;
  content: ColumnContent;
}

const isBlank = (value: unknown): boolean => value === undefined || value === null || String(value).trim() === '';
const textOf = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());

/**
 * Every column of `headerRow` that could hold part numbers, best first. A column's score adds its
 * header (2 per header point: internal or distributor 1, part number 2, maker's part number 3)
 * and its cells (4 × the share of part numbers, + 3 × the share in the maker's own numbering,
 * − 3 × the share of distributor numbers, − 3 when it is nearly empty); with fewer than three data
 * rows the cells count for proportionally less.
 */
/** `PartSpec: Replacement`, `PartSpec (MPN2): Match`: a column an enrichment wrote. */
const PARTSPEC_COLUMN_HEADER = /^PartSpec(?: \([^)]*\))?: /;

function rankColumns(values: readonly (readonly unknown[])[], origin: { row: number; column: number }, headerRow: number): RankedColumn[] {
  const top = headerRow - origin.row;
  const header = values[top] ?? [];
  const data: (readonly unknown[])[] = [];
  for (let r = top + 1; r < values.length && data.length < CONTENT_SAMPLE_ROWS; r++) if (values[r]?.some((v) => !isBlank(v))) data.push(values[r]);
  const width = data.reduce((w, r) => Math.max(w, r.length), header.length);
  const ranked: RankedColumn[] = [];
  for (let c = 0; c < width; c++) {
    // PartSpec's own columns (a Replacement or Match cell can look like a part number) are never the BOM's.
    if (PARTSPEC_COLUMN_HEADER.test(textOf(header[c]))) continue;
    const headerScore = scorePartNumberHeader(header[c]);
    const cells = data.map((r) => r[c]);
    const content = describeColumn(cells);
    const share = partShare(content);
    if (headerScore === 0 && (content.parts < MIN_CONTENT_ROWS || share < 0.5)) continue;
    const weight = Math.min(1, content.rows / MIN_CONTENT_ROWS);
    const distributorShare = content.rows === 0 ? 0 : content.distributor / content.rows;
    const empty = content.rows >= MIN_CONTENT_ROWS && filledShare(content) < 0.2 ? 3 : 0;
    // A part-number header over cells that are filled but no part numbers (quantities or references slid under it) loses its header's weight.
    const misfilled = headerScore > 0 && content.rows >= MIN_CONTENT_ROWS && filledShare(content) >= 0.5 && share < 0.2 ? headerScore : 0;
    const score = Math.round((2 * headerScore + weight * (4 * share + 3 * makerShare(content) - 3 * distributorShare) - empty - misfilled) * 100) / 100;
    const samples = cells.filter((v) => !isBlank(v)).slice(0, SAMPLES).map(textOf);
    ranked.push({ column: origin.column + c, header: textOf(header[c]), samples, score, headerScore, content });
  }
  return ranked.sort((a, b) => b.score - a.score || b.headerScore - a.headerScore || a.column - b.column);
}

/** The header class two columns must share to be confused: maker's or plain part number, internal or distributor, none. */
const headerClass = (score: number): number => (score >= 2 ? 2 : score);

/** Whether the runner-up is close enough to the best column that the user should choose. */
function isAmbiguous(best: RankedColumn, runnerUp: RankedColumn | undefined): boolean {
  if (!runnerUp) return false;
  if (best.content.rows < MIN_CONTENT_ROWS || runnerUp.content.rows < MIN_CONTENT_ROWS) return false;
  if (headerClass(best.headerScore) !== headerClass(runnerUp.headerScore)) return false;
  const a = partShare(best.content);
  const b = partShare(runnerUp.content);
  if (b < 0.5 || Math.abs(a - b) > CLOSE_SHARE) return false;
  // Only one of them in the maker's own numbering (GRM… beside internal codes): that one, no question.
  const [ours, theirs] = [makerShare(best.content), makerShare(runnerUp.content)];
  if (Math.max(ours, theirs) >= 0.5 && Math.min(ours, theirs) < 0.2) return false;
  // Two columns holding the same numbers (a copy beside the original) need no choice.
  const same = best.samples.length === runnerUp.samples.length && best.samples.every((s, i) => s === runnerUp.samples[i]);
  return !same;
}

/**
 * Whether a header-like cell is really a value among the data: its column already holds part
 * numbers in the rows above it (a part-number column where one row reads '部品番号' or 'PN' is
 * still data; a real header row sits above its data, not inside it).
 */
function isInsideData(values: readonly (readonly unknown[])[], origin: { row: number; column: number }, row: number, column: number): boolean {
  const above = values.slice(0, row - origin.row).map((r) => r?.[column - origin.column]);
  return describeColumn(above).parts >= 2;
}

/** A cell of a header row: text that is neither a number nor a part number. */
const isHeaderText = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '' && !/^[\d\s.,%+-]+$/.test(value) && partNumberShape(value) !== 'part';
const COLUMN_WORDS = [...QUANTITY_WORDS, ...DESIGNATOR_WORDS, ...MAKER_WORDS, ...OTHER_COLUMN_WORDS];
/** A cell that names a BOM column: a part-number header, or a quantity, designator, manufacturer, description … header. */
const isColumnHeader = (value: unknown): boolean => isPartNumberHeader(value) || (isHeaderText(value) && containsWord(foldWords(value), COLUMN_WORDS));

/**
 * The real header row of a column whose header row, as found, lies above it: the nearest row above
 * the column's first part number that holds the other headers (texts only, two or more of them
 * naming BOM columns: Qty, Reference, Description, Manufacturer, MPN …), when it lies below
 * `headerRow`. A "Part No." in a title block (row 1) names no
 * column; the BOM's own header (row 4) stands right above its data. Undefined when no such row is
 * there, so a header row with its data right under it, or blank rows between, stays as it is.
 */
function headerRowBelow(values: readonly (readonly unknown[])[], origin: { row: number; column: number }, column: number, headerRow: number): number | undefined {
  const c = column - origin.column;
  let first = -1;
  for (let r = Math.max(0, headerRow - origin.row + 1); r < Math.min(values.length, HEADER_SEARCH_ROWS + 1); r++) {
    if (partNumberShape(values[r]?.[c]) === 'part') {
      first = r;
      break;
    }
  }
  for (let r = first - 1; r > headerRow - origin.row; r--) {
    const row = values[r] ?? [];
    const filled = row.filter((v) => !isBlank(v));
    if (filled.length === 0) continue;
    return filled.every(isHeaderText) && filled.filter(isColumnHeader).length >= 2 ? origin.row + r : undefined;
  }
  return undefined;
}

/** A picked column's layout on the real header row when the one found lies above it (see headerRowBelow). */
function withHeaderBelowTitle(found: BomDetection, values: readonly (readonly unknown[])[], origin: { row: number; column: number }): BomDetection {
  if (!found.ok || isPartNumberHeader(values[found.headerRow - origin.row]?.[found.partColumn - origin.column])) return found;
  const below = headerRowBelow(values, origin, found.partColumn, found.headerRow);
  if (below === undefined || below >= found.lastRow) return found;
  return { ...found, headerRow: below, firstRow: Math.max(found.firstRow, below + 1) };
}

/** The ranked columns of a header row, minus second-source columns of the best one, as the layout reports them. */
function chooseAmong(ranked: readonly RankedColumn[]): { best: RankedColumn; runnerUp?: RankedColumn; candidates: ColumnCandidate[] } {
  const [best, ...rest] = ranked;
  const runnerUp = rest.find((r) => !isAlternateHeader(best.header, r.header));
  const candidates = ranked.map(({ column, header, samples, score }) => ({ column, header, samples, score }));
  return { best, runnerUp, candidates };
}

/**
 * Finds the part-number column, the header row and the rows to enrich: the selected column when
 * the selection is one column, else the column whose header and cells look most like the maker's
 * part numbers, on the header row (within the first 30 rows) where that column is best. When
 * the user selected several cells of one column below the header, only those rows are used.
 */
export function detectBomLayout(input: BomInput): BomDetection {
  const { values, origin, selection } = input;
  const height = values.length;
  if (height === 0) return { ok: false, message: 'The sheet is empty: select the part numbers of your BOM.', problem: 'empty' };
  const lastRow = origin.row + (input.rowCount ?? height) - 1;
  const cell = (row: number, column: number): unknown => values[row - origin.row]?.[column - origin.column];
  // A selected column (several cells of one column) names the part column; a single selected cell
  // does only when no header says otherwise.
  const columnPicked = selection !== undefined && selection.columnCount === 1 && selection.rowCount > 1;
  const cellPicked = selection !== undefined && selection.columnCount === 1 && selection.rowCount === 1;

  const searchRows = input.headerRow !== undefined ? [input.headerRow] : Array.from({ length: Math.min(HEADER_SEARCH_ROWS, height) }, (_, i) => origin.row + i);
  const headerRows = searchRows.filter((row) => (values[row - origin.row] ?? []).some((v) => isPartNumberHeader(v)));

  if (columnPicked) {
    const own = headerRows.find((row) => isPartNumberHeader(cell(row, selection.column)));
    return withPickShift(withHeaderBelowTitle(layoutOfPick(own ?? headerRows[0], selection, origin.row, lastRow), values, origin), values, origin);
  }

  // The header row whose best column is best: a "Part No." in a title block loses to the BOM's header.
  let chosen: { headerRow: number; ranked: RankedColumn[] } | undefined;
  for (const row of headerRows) {
    const ranked = rankColumns(values, origin, row);
    if (ranked.length === 0 || isInsideData(values, origin, row, ranked[0].column)) continue;
    if (!chosen || ranked[0].score > chosen.ranked[0].score) chosen = { headerRow: row, ranked };
  }
  // A "Part No." in a title block: the BOM's header is the row above its part numbers that names its columns.
  const below = chosen && input.headerRow === undefined ? headerRowBelow(values, origin, chosen.ranked[0].column, chosen.headerRow) : undefined;
  if (below !== undefined) {
    const ranked = rankColumns(values, origin, below);
    if (ranked.length > 0) chosen = { headerRow: below, ranked };
  }
  let contentOnly = false;
  if (!chosen) {
    // Generic headers (Field1, Field2…): the part numbers are found by what the cells hold.
    const found = input.headerRow !== undefined ? { headerRow: input.headerRow } : findPartNumbersByContent(values, origin);
    if (found) {
      const ranked = rankColumns(values, origin, found.headerRow);
      if (ranked.length > 0) {
        chosen = { headerRow: found.headerRow, ranked };
        contentOnly = true;
      }
    }
  }

  if (cellPicked && (!chosen || chosen.ranked[0].column === selection.column || (selection.row > chosen.headerRow && isPartNumberHeader(cell(chosen.headerRow, selection.column))))) {
    return withPickShift(withHeaderBelowTitle(layoutOfPick(chosen?.headerRow, selection, origin.row, lastRow), values, origin), values, origin);
  }
  if (!chosen) return { ok: false, message: 'No part-number column was found: select the part numbers (one column), or name its header "Part Number" or "MPN".', problem: 'noPartColumn' };

  const { headerRow } = chosen;
  const { best, runnerUp, candidates } = chooseAmong(chosen.ranked);
  const firstRow = headerRow + 1;
  if (lastRow < firstRow) return { ok: false, message: 'There are no part numbers below the header.', problem: 'noPartsBelow' };
  const top = headerRow - origin.row;
  const shift = best.headerScore === 0 ? findDataShift(values[top] ?? [], values, best.column - origin.column, top + 1) : 0;
  const notice: LayoutNotice | undefined = shift
    ? { kind: 'shift', column: best.column, partHeader: String(values[top]?.[best.column - origin.column - shift] ?? '').trim(), shift }
    : contentOnly
      ? contentFindNotice(best, headerRow)
      : best.headerScore === 0
        ? headerYielded(best, chosen.ranked)
        : undefined;
  return { ok: true, headerRow, partColumn: best.column, firstRow, lastRow, ...(notice ? { note: describeLayoutNotice(notice), notice } : {}), candidates, ambiguous: isAmbiguous(best, runnerUp), ...(shift ? { shift } : {}) };
}

/** A picked column's layout with the shift of its rows, judged as planSets judges it (findDataShift). */
function withPickShift(found: BomDetection, values: readonly (readonly unknown[])[], origin: { row: number; column: number }): BomDetection {
  if (!found.ok) return found;
  const top = found.headerRow - origin.row;
  const shift = findDataShift(values[top] ?? [], values, found.partColumn - origin.column, top + 1);
  return shift ? { ...found, shift } : found;
}

/** The layout of a column the user picked (a selected column, or one selected cell no header contradicts). */
function layoutOfPick(foundHeaderRow: number | undefined, selection: CellBlock, originRow: number, lastRow: number): BomDetection {
  // No recognizable header at or above the selection: the region's first row is the header.
  const headerRow = foundHeaderRow === undefined || foundHeaderRow > selection.row ? Math.min(originRow, selection.row) : foundHeaderRow;
  const selectedRows = selection.rowCount > 1 && selection.row + selection.rowCount - 1 > headerRow;
  const firstRow = selectedRows ? Math.max(selection.row, headerRow + 1) : headerRow + 1;
  const last = selectedRows ? Math.min(selection.row + selection.rowCount - 1, lastRow) : lastRow;
  if (last < firstRow) return { ok: false, message: 'There are no part numbers below the header.', problem: 'noPartsBelow' };
  return { ok: true, headerRow, partColumn: selection.column, firstRow, lastRow: last, candidates: [], ambiguous: false };
}

/** Why a column with no part-number header won over one with such a header. */
function headerYielded(best: RankedColumn, ranked: readonly RankedColumn[]): LayoutNotice | undefined {
  const named = ranked.find((r) => r.headerScore >= 2) ?? ranked.find((r) => r.headerScore > 0);
  if (!named) return undefined;
  if (filledShare(named.content) < 0.2 && Math.abs(named.column - best.column) === 1) return { kind: 'emptyBeside', column: best.column, named: named.header, namedColumn: named.column };
  return { kind: 'fewParts', column: best.column, header: best.header, named: named.header, namedColumn: named.column };
}

/**
 * The header row of a sheet with no part-number header: for each column, its first
 * part-number-like cell (within the header search rows) starts its data, and the row above is
 * its header; the column where most rows below hold part numbers wins (at least 60% of them and
 * three cells).
 */
function findPartNumbersByContent(values: readonly (readonly unknown[])[], origin: { row: number; column: number }): { headerRow: number; column: number } | undefined {
  const width = values.slice(0, HEADER_SEARCH_ROWS).reduce((w, r) => Math.max(w, r?.length ?? 0), 0);
  let best: { headerRow: number; column: number; share: number } | undefined;
  for (let c = 0; c < width; c++) {
    const first = values.slice(1, HEADER_SEARCH_ROWS).findIndex((r) => describeColumn([r?.[c]]).parts === 1) + 1;
    if (first <= 0) continue;
    const content = describeColumn(values.slice(first, first + CONTENT_SAMPLE_ROWS).map((r) => r?.[c]));
    const share = partShare(content);
    if (content.parts >= MIN_CONTENT_ROWS && share >= 0.6 && (!best || share > best.share)) best = { headerRow: origin.row + first - 1, column: origin.column + c, share };
  }
  return best && { headerRow: best.headerRow, column: best.column };
}

