/*
 * Where the part numbers of a BOM are, decided once for the add-in and `partspec enrich`: the
 * region, the header row, the part-number column and the rows, from the same top rows read
 * through the BomDocument port, with the same rule for a column the user named.
 */
import { columnIndex, type CellBlock } from '../address';
import { detectBomLayout, HEADER_SEARCH_ROWS, isPartNumberHeader, type BomDetection, type BomDetectionProblem, type BomLayout } from '../bom/bom';
import { describeColumn, partNumberShape } from '../bom/part-number-shape';
import { understandLine } from '../find/understand';
import { readHeaderCells } from '../bom/two-row-header';
import { foldCase as fold, foldWords } from '../fold';
import { isSummarySheetName } from '../names';
import type { BomDocument, BomRegion } from './document';
import { describeRefusal, type ColumnRefusal } from './refusal-words';

/** What was not found, beyond a refused pick (refusal-words.ts); locate-words.ts says it in ja/zh. */
export type LocateFact =
  | { what: Exclude<BomDetectionProblem, 'noPartsBelow'> | 'summarySheet' | 'noSheet' }
  | { what: 'noPartsBelow'; header?: string }
  | { what: 'noColumnNamed'; header: string; rows: number }
  /** A second source no header or letters in the header row (1-based `row`) name. */
  | { what: 'noAlternateNamed'; header: string; row: number }
  /** A second source named as the part-number column itself. */
  | { what: 'alternateIsPrimary'; header: string }
  /** A second source picked by an address that is not a cell range, or by a column outside the BOM (its letters). */
  | { what: 'notBomColumn'; address?: string; letters?: string }
  /** A second source picked on the part-number column (its letters). */
  | { what: 'alternateHoldsParts'; letters: string };

/**
 * Rows read from the top of a region to find its layout: the header search rows and the content
 * sample rows below the lowest of them (detectBomLayout judges a column by up to 50 cells under
 * its header), so a file and a workbook are judged on the same cells.
 */
const LAYOUT_READ_ROWS = HEADER_SEARCH_ROWS + 50;

/** The part-number column named by the user: a header (`MPN`, `Mfr Part #`) or column letters (`C`). */
export interface NamedColumn {
  name: string;
}

/** A BOM found: its region, layout and header row cells (from the region's first column to its last). */
export interface LocatedBom {
  ok: true;
  region: BomRegion;
  layout: BomLayout;
  headers: unknown[];
  /** Absolute column of `headers[0]`. */
  headerOrigin: number;
}

/**
 * Why no BOM was found, by kind: an empty sheet, a named column no header or letters match, or
 * the detection's own sentence. The shells word the first two their way.
 */
export interface LocateFailure {
  ok: false;
  kind: 'empty' | 'column' | 'detection';
  sheetName: string;
  message: string;
  /**
   * When the column the user picked or named holds no part numbers (a `PartSpec:` result column,
   * Qty, Value, Fitted): the BOM as found without the pick, whose part-number column a shell may
   * offer instead. Nothing is enriched until the user takes it.
   */
  instead?: LocatedBom;
  /** The facts of a refused pick, for a shell to say in its language (core/enrich/refusal-words.ts). */
  refusal?: ColumnRefusal;
  /** What else was not found, for a shell to say in its language (core/enrich/locate-words.ts). */
  fact?: LocateFact;
}

/** A header PartSpec wrote (`PartSpec: Match`, `PartSpec (MPN2): Status`, in any language): its cells are answers, never input. */
const PARTSPEC_HEADER = /^\s*PartSpec\s*(?:\([^)]*\)\s*)?[:：]/i;

/** Below this share of filled cells reading as part numbers, a picked column is not a part-number column. */
const PICKED_PART_SHARE = 0.3;

/** Looser than fold: the header words alone, without spaces, `*` marks or punctuation (`MPN` finds ` * MPN `). */
const foldMarks = (value: unknown): string => foldWords(value);

/** Where a named column is in a header row: by its header, looser without marks; -1 when neither. */
export function findNamedColumn(headers: readonly unknown[], column: string): number {
  const exact = headers.findIndex((v) => fold(v) === fold(column));
  if (exact >= 0) return exact;
  return foldMarks(column) === '' ? -1 : headers.findIndex((v) => foldMarks(v) === foldMarks(column));
}

/** Whether `column` is the letters of a column within `width` (MPN is a header, not column 9,062 of an 8-column sheet). */
export function isLettersWithin(column: string, width: number): boolean {
  return /^[A-Za-z]{1,3}$/.test(column.trim()) && columnIndex(column.trim()) < width;
}

/**
 * The layout of a picked column whose own header cell names no part number (the part numbers under
 * an empty header), on the header row found without the pick when that row lies below the one the
 * pick found and within its rows: it would otherwise be read under the first row of the first 30
 * that names a part number anywhere, which may be a title block. A picked column under a
 * part-number header keeps its own header row.
 */
function pinHeaderRow(picked: BomDetection, detectWithoutPick: () => BomDetection, values: readonly (readonly unknown[])[], origin: { row: number; column: number }): BomDetection {
  if (!picked.ok || isPartNumberHeader(values[picked.headerRow - origin.row]?.[picked.partColumn - origin.column])) return picked;
  const auto = detectWithoutPick();
  if (!auto.ok || auto.headerRow <= picked.headerRow || auto.headerRow >= picked.lastRow) return picked;
  return { ...picked, headerRow: auto.headerRow, firstRow: Math.max(picked.firstRow, auto.headerRow + 1) };
}

/** A column picked by its letters or address: the whole column of the region, header row pinned. */
function detectPickedColumn(values: readonly (readonly unknown[])[], region: BomRegion, selection: CellBlock): BomDetection {
  const input = { values, origin: region.origin, headerRow: region.headerRow, rowCount: region.rowCount };
  return pinHeaderRow(detectBomLayout({ ...input, selection }), () => detectBomLayout(input), values, region.origin);
}

/** The layout of one region for a column named by the user, or why not. */
function detectNamed(values: readonly (readonly unknown[])[], region: BomRegion, named: string): BomDetection | LocateFailure {
  const { origin } = region;
  const width = region.lastColumn - origin.column + 1;
  const fail = (message: string, fact: LocateFact): LocateFailure => ({ ok: false, kind: 'column', sheetName: region.sheetName, message, fact });
  for (let r = 0; r < Math.min(HEADER_SEARCH_ROWS, values.length); r++) {
    const c = findNamedColumn(values[r] ?? [], named);
    if (c < 0) continue;
    if (r + 1 >= region.rowCount) return fail(`Sheet '${region.sheetName}': there are no part numbers below the header '${named}'.`, { what: 'noPartsBelow', header: named });
    const row = origin.row + r;
    return detectBomLayout({ values, origin, headerRow: row, rowCount: region.rowCount, selection: { row: row + 1, column: origin.column + c, rowCount: region.rowCount - r - 1, columnCount: 1 } });
  }
  if (isLettersWithin(named, origin.column + width)) {
    return detectPickedColumn(values, region, { row: origin.row, column: columnIndex(named.trim()), rowCount: region.rowCount, columnCount: 1 });
  }
  return fail(`Sheet '${region.sheetName}' has no column headed '${named}' in its first ${HEADER_SEARCH_ROWS} rows.`, { what: 'noColumnNamed', header: named, rows: HEADER_SEARCH_ROWS });
}

/** A column's header as a refusal names it: its text, trimmed ('' without one). */
function headerText(header: unknown): string {
  return header === undefined || header === null ? '' : String(header).trim();
}

/** How a picked column is judged. */
export interface LocateOptions {
  /**
   * The run suggests the maker's parts for lines without one (the Suggested column is planned): in
   * a generic BOM (no column of part numbers anywhere), a picked column whose cells describe parts
   * (`100n`, `4.7uH`, `CAP CER 0.1UF 50V 0402`) is its input. Where a part-number column exists,
   * such a pick is still refused with that column.
   */
  describedParts?: boolean;
}

/** A cell that says what part it wants: a value with its unit, or a kind's words (a quantity does not). */
function describesPart(cell: unknown): boolean {
  if (cell === undefined || cell === null || partNumberShape(cell) !== undefined) return false;
  const text = String(cell).trim();
  return text !== '' && understandLine(text).kind !== undefined;
}

type PartColumnLayout = Pick<BomLayout, 'headerRow' | 'partColumn' | 'firstRow' | 'lastRow'>;

/** The cells of a layout's part-number column in its (sampled) data rows. */
function partColumnCells(values: readonly (readonly unknown[])[], origin: { row: number; column: number }, layout: PartColumnLayout): unknown[] {
  const c = layout.partColumn - origin.column;
  const cells: unknown[] = [];
  for (let r = layout.firstRow - origin.row; r <= layout.lastRow - origin.row && r < values.length; r++) cells.push(values[r]?.[c]);
  return cells;
}

/**
 * Why the part-number column of a layout cannot be the input, or undefined when it can: a column
 * PartSpec wrote, or one whose cells (the sampled data rows) are not part numbers. Enriching such a
 * column would turn every row into "Not found" or blank and overwrite the last good answers.
 */
function refusePartColumn(values: readonly (readonly unknown[])[], origin: { row: number; column: number }, layout: PartColumnLayout): ColumnRefusal | undefined {
  const header = values[layout.headerRow - origin.row]?.[layout.partColumn - origin.column];
  const at = { column: layout.partColumn, header: headerText(header) };
  if (typeof header === 'string' && PARTSPEC_HEADER.test(header)) return { ...at, reason: 'answers' };
  const content = describeColumn(partColumnCells(values, origin, layout));
  const parts = content.parts + content.distributor;
  if (content.filled === 0) return { ...at, reason: 'empty' };
  if (parts / content.filled < PICKED_PART_SHARE) return { ...at, reason: 'notParts', parts, filled: content.filled };
  return undefined;
}

/** True when enough filled cells of the layout's column describe parts (LocateOptions.describedParts). */
function describesParts(values: readonly (readonly unknown[])[], origin: { row: number; column: number }, layout: PartColumnLayout): boolean {
  const cells = partColumnCells(values, origin, layout);
  const { filled } = describeColumn(cells);
  return filled > 0 && cells.filter(describesPart).length / filled >= PICKED_PART_SHARE;
}

/** The layout of one region: by the named column, the named selection, the selection, or the BOM's own look. */
async function locateIn(document: BomDocument, region: BomRegion, named: string | undefined, options: LocateOptions): Promise<LocatedBom | LocateFailure> {
  if (region.rowCount === 0) return { ok: false, kind: 'empty', sheetName: region.sheetName, message: 'The sheet is empty.', fact: { what: 'empty' } };
  const width = region.lastColumn - region.origin.column + 1;
  const values = await document.read(region.sheetName, { ...region.origin, rowCount: Math.min(LAYOUT_READ_ROWS, region.rowCount), columnCount: width });
  const input = { values, origin: region.origin, headerRow: region.headerRow, rowCount: region.rowCount };
  let found: BomDetection | LocateFailure;
  if (named !== undefined) found = detectNamed(values, region, named);
  else if (region.selection && region.named) found = detectPickedColumn(values, region, region.selection);
  else found = detectBomLayout({ ...input, selection: region.selection });
  if (!found.ok) return 'kind' in found ? found : { ok: false, kind: 'detection', sheetName: region.sheetName, message: found.message, ...(found.problem ? { fact: { what: found.problem } } : {}) };
  const located = toLocated(found, values, region);
  // A pick (a named column, a selected column or cell) is the user's word, but never over cells
  // that are not part numbers; a column the BOM's own look finds too stays as every shell finds it.
  const picked = named !== undefined || region.selection !== undefined;
  const refused = picked ? refusePartColumn(values, region.origin, located.layout) : undefined;
  if (refused === undefined) return located;
  const auto = detectBomLayout(input);
  if (auto.ok && auto.partColumn === located.layout.partColumn && !PARTSPEC_HEADER.test(String(located.headers[located.layout.partColumn - located.headerOrigin] ?? ''))) return located;
  const instead = auto.ok ? toLocated(auto, values, region) : undefined;
  const usable = instead && refusePartColumn(values, region.origin, instead.layout) === undefined ? instead : undefined;
  // A generic BOM read by a run that suggests parts: the picked column's descriptions are its input.
  if (!usable && options.describedParts && refused.reason === 'notParts' && describesParts(values, region.origin, located.layout)) return located;
  const refusal: ColumnRefusal = usable ? { ...refused, instead: { column: usable.layout.partColumn, header: headerText(usable.headers[usable.layout.partColumn - usable.headerOrigin]) } } : refused;
  const message = describeRefusal(refusal);
  return { ok: false, kind: 'column', sheetName: region.sheetName, message, refusal, ...(usable ? { instead: usable } : {}) };
}

/** A detection as a located BOM of `region`, its last row cut to the region. */
function toLocated(found: { ok: true } & BomLayout, values: readonly (readonly unknown[])[], region: BomRegion): LocatedBom {
  const { ok: _ok, ...detected } = found;
  const width = region.lastColumn - region.origin.column + 1;
  const layout: BomLayout = { ...detected, lastRow: Math.min(found.lastRow, region.origin.row + region.rowCount - 1) };
  // A header of two rows (a group merged over its columns) is read whole: 'Manufacturer' over 'Name'.
  const headers = readHeaderCells(values, layout.headerRow - region.origin.row, width);
  return { ok: true, region, layout, headers, headerOrigin: region.origin.column };
}

/**
 * Finds the BOM: in the first region whose part numbers can be found (a file's first sheet may be
 * prose), never on the PartSpec Summary sheet; the first region's problem when none.
 */
export async function locateBom(document: BomDocument, named?: NamedColumn, options: LocateOptions = {}): Promise<LocatedBom | LocateFailure> {
  const all = await document.regions();
  // The summary's own tables have a 'Part number' column: the summary sheet is never the BOM.
  const regions = all.filter((region) => !isSummarySheetName(region.sheetName));
  if (regions.length === 0 && all.length > 0) {
    const sheetName = all[0].sheetName;
    return { ok: false, kind: 'detection', sheetName, message: `This is the ${sheetName} sheet, not a BOM: select a cell of the BOM and run again.`, fact: { what: 'summarySheet' } };
  }
  let first: LocateFailure | undefined;
  for (const region of regions) {
    const found = await locateIn(document, region, named?.name, options);
    if (found.ok) return found;
    first ??= found;
  }
  return first ?? { ok: false, kind: 'empty', sheetName: '', message: 'The workbook has no sheet.', fact: { what: 'noSheet' } };
}
