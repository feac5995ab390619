import { cellAddress, columnLetters, type CellBlock } from './address';
import { identifyPartSpecHeader } from './columns';
import { describeColumn, filledShare, partShare } from './part-number-shape';

/**
 * Part-number headers as BOMs write them, normalized (NFKC, lower case, no spaces or punctuation
 * except `#`). A header ending in one of these is a part-number column.
 */
const PART_ENDINGS = ['partnumber', 'partnum', 'partno', 'part#', 'pn', 'mpn', 'p#', 'partnr', 'partcode', 'orderingcode', 'ordercode'];
/** CJK part-number words, matched anywhere in the header. */
const PART_WORDS = ['品番', '型番', '部品番号', '製品番号', '型号', '料号', '物料编号', '零件号', '零件编号', '部件号', '产品型号'];
/** Words that say the number is the manufacturer's (preferred over an internal number). */
const MAKER_WORDS = ['mfr', 'mfg', 'manufacturer', 'maker', 'mpn', 'vendor', 'メーカ', '制造商', '厂家', '厂商'];
/** Words that say the number is a distributor's order number, not the maker's (scored down). */
const DISTRIBUTOR_WORDS = ['digikey', 'mouser', 'lcsc', 'farnell', 'newark', 'arrow', 'avnet', 'tme', 'distributor', 'supplier', 'sku', '供应商', '商社'];
/** Words that say the number is the company's own (least preferred). */
const INTERNAL_WORDS = ['internal', 'customer', 'company', 'our', 'cpn', 'ipn', '社内', '自社', '内部', '客户'];

function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\s._\-/\\:()[\]{}'"`*]+/g, '').replace(/no\.?$/, 'no');
}

/**
 * How strongly a header names a part-number column: 0 not at all, 1 an internal number, 2 a
 * part number, 3 the manufacturer's part number. PartSpec's own columns score 0.
 */
export function scorePartNumberHeader(header: unknown): number {
  if (typeof header !== 'string' || header.trim() === '' || identifyPartSpecHeader(header) !== undefined) return 0;
  if (/^\s*partspec\s*:/i.test(header)) return 0;
  const f = fold(header);
  if (f.length > 40) return 0;
  const isPart = PART_ENDINGS.some((e) => f.endsWith(e)) || PART_WORDS.some((w) => f.includes(w)) || /^(mfr|mfg|manufacturer)?part(number|no|#)?$/.test(f);
  if (!isPart) return 0;
  if (INTERNAL_WORDS.some((w) => f.includes(w)) || DISTRIBUTOR_WORDS.some((w) => f.includes(w))) return 1;
  if (MAKER_WORDS.some((w) => f.includes(w))) return 3;
  return 2;
}

/** True when a header looks like a part-number column's. */
export function isPartNumberHeader(header: unknown): boolean {
  return scorePartNumberHeader(header) > 0;
}

/** Where the part numbers of a BOM are, in absolute 0-based sheet coordinates. */
export interface BomLayout {
  headerRow: number;
  partColumn: number;
  /** First and last row to enrich (inclusive). */
  firstRow: number;
  lastRow: number;
  /**
   * How the column was found when its header alone did not say so, in a sentence for the user
   * (part numbers found by their content under a generic header, or beside a header left empty).
   */
  note?: string;
}

export type BomDetection = ({ ok: true } & BomLayout) | { ok: false; message: string };

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

/**
 * Finds the part-number column, the header row and the rows to enrich: the selected column when
 * the selection is one column, else the header that looks most like a manufacturer part number.
 * When the user selected several cells of one column below the header, only those rows are used.
 */
export function detectBomLayout(input: BomInput): BomDetection {
  const { values, origin, selection } = input;
  const height = values.length;
  if (height === 0) return { ok: false, message: 'The sheet is empty: select the part numbers of your BOM.' };
  const lastRow = origin.row + (input.rowCount ?? height) - 1;
  const cell = (row: number, column: number): unknown => values[row - origin.row]?.[column - origin.column];
  // A selected column (several cells of one column) names the part column; a single selected cell
  // does only when no header says otherwise.
  const columnPicked = selection !== undefined && selection.columnCount === 1 && selection.rowCount > 1;
  const cellPicked = selection !== undefined && selection.columnCount === 1 && selection.rowCount === 1;
  let oneColumn = columnPicked;

  let headerRow = input.headerRow;
  let bestColumn: number | undefined;
  const searchRows = headerRow !== undefined ? [headerRow] : Array.from({ length: Math.min(HEADER_SEARCH_ROWS, height) }, (_, i) => origin.row + i);
  for (const row of searchRows) {
    const width = values[row - origin.row]?.length ?? 0;
    let best = 0;
    let bestCol: number | undefined;
    for (let c = 0; c < width; c++) {
      const score = scorePartNumberHeader(cell(row, origin.column + c));
      if (score > best) {
        best = score;
        bestCol = origin.column + c;
      }
    }
    if (columnPicked && isPartNumberHeader(cell(row, selection.column))) bestCol = selection.column;
    if (bestCol !== undefined) {
      headerRow = row;
      bestColumn = bestCol;
      break;
    }
  }

  if (cellPicked && (bestColumn === undefined || bestColumn === selection.column || (headerRow !== undefined && selection.row > headerRow && isPartNumberHeader(cell(headerRow, selection.column))))) {
    oneColumn = true;
  }
  let note: string | undefined;
  const below = (row: number, column: number): unknown[] => values.slice(row - origin.row + 1, row - origin.row + 1 + CONTENT_SAMPLE_ROWS).map((r) => r?.[column - origin.column]);
  const headerText = (row: number, column: number): string => String(cell(row, column) ?? '').trim();
  if (!oneColumn && bestColumn !== undefined && headerRow !== undefined) {
    // A header that lies: the column it names is (nearly) empty and the part numbers sit beside it.
    const own = describeColumn(below(headerRow, bestColumn));
    if (own.rows >= MIN_CONTENT_ROWS && filledShare(own) < 0.2) {
      const neighbour = [bestColumn + 1, bestColumn - 1].find((c) => c >= origin.column && partShare(describeColumn(below(headerRow!, c))) >= 0.5);
      if (neighbour !== undefined) {
        note = `'${headerText(headerRow, bestColumn)}' (column ${columnLetters(bestColumn)}) is almost empty and the part numbers are in column ${columnLetters(neighbour)} beside it, so PartSpec used column ${columnLetters(neighbour)}.`;
        bestColumn = neighbour;
      }
    }
  }
  if (!oneColumn && bestColumn === undefined) {
    // Generic headers (Field1, Field2…): the part numbers are found by what the cells hold.
    const found = findPartNumbersByContent(values, origin);
    if (found) {
      ({ headerRow, column: bestColumn } = found);
      const header = headerText(found.headerRow, found.column);
      note = `No header names the part numbers; column ${columnLetters(found.column)}${header ? ` ('${header}')` : ''} holds them from ${cellAddress(found.headerRow + 1, found.column)} on, so PartSpec used it.`;
    }
  }
  let partColumn: number;
  if (oneColumn && selection) {
    partColumn = selection.column;
    // No recognizable header at or above the selection: the region's first row is the header.
    if (headerRow === undefined || headerRow > selection.row) headerRow = Math.min(origin.row, selection.row);
  } else {
    if (bestColumn === undefined || headerRow === undefined) {
      return { ok: false, message: 'No part-number column was found: select the part numbers (one column), or name its header "Part Number" or "MPN".' };
    }
    partColumn = bestColumn;
  }

  const selectedRows = oneColumn && selection !== undefined && selection.rowCount > 1 && selection.row + selection.rowCount - 1 > headerRow;
  const firstRow = selectedRows ? Math.max(selection.row, headerRow + 1) : headerRow + 1;
  const last = selectedRows ? Math.min(selection.row + selection.rowCount - 1, lastRow) : lastRow;
  if (last < firstRow) return { ok: false, message: 'There are no part numbers below the header.' };
  return { ok: true, headerRow, partColumn, firstRow, lastRow: last, ...(note && partColumn === bestColumn ? { note } : {}) };
}

/** Rows below a header looked at to judge a column by its content. */
const CONTENT_SAMPLE_ROWS = 50;
/** Fewer data rows than this say nothing about a column's content. */
const MIN_CONTENT_ROWS = 3;

/**
 * The column whose cells read as part numbers, for a sheet with no part-number header: for each
 * column, its first part-number-like cell (within the header search rows) starts its data, and
 * the row above is its header; the column where most rows below hold part numbers wins (at least
 * 60% of them and three cells).
 */
function findPartNumbersByContent(values: readonly (readonly unknown[])[], origin: { row: number; column: number }): { headerRow: number; column: number } | undefined {
  const width = Math.max(0, ...values.slice(0, HEADER_SEARCH_ROWS).map((r) => r?.length ?? 0));
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
