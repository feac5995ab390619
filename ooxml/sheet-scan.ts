import { columnIndex, MAX_COLUMN_INDEX, MAX_ROW_INDEX } from '../core/address';
import { cellText } from '../core/cells/cell-text';
import { FILE_LIMITS, FileLimitError } from '../core/limits';
import { collectText, unescapeExcelText } from '../api/stream/excel-text';
import { RELATIONSHIP_NAMESPACES } from './namespaces';
import type { ChildPosition } from './schema-order';
import { foldEmptyCells } from './empty-cells';
import { attributeOf, scanXml, type ScannedElement } from './xml-scan';

/*
 * One pass of saxes over a worksheet part: the values of its cells (what detection reads), how
 * far its occupied cells reach, and where each row, cell and top-level element sits in the text
 * (what the patch edits around).
 */

/** A cell element as found in the sheet. */
export interface ScannedCell {
  /** 0-based column. */
  column: number;
  start: number;
  end: number;
  /** The `s` attribute (cell format index), 0 when absent. */
  style: number;
  /** The `t` attribute. */
  type: string;
  hasFormula: boolean;
  /** The `ref` of a shared or array formula this cell is the master of. */
  formulaRef?: string;
}

/** A row element as found in the sheet. */
export interface ScannedRow {
  /** 0-based row. */
  row: number;
  start: number;
  openEnd: number;
  /** Offset of `</row>` (= end for an empty element). */
  closeStart: number;
  end: number;
  selfClosing: boolean;
  /** True when the row holds at least one `<c>` element (read them with cellsOfRow). */
  hasCells: boolean;
}

/** A top-level element of the worksheet. */
export interface ScannedBlock {
  name: string;
  start: number;
  openEnd: number;
  closeStart: number;
  end: number;
  selfClosing: boolean;
  attributes: Record<string, string>;
}

/** A reference found in the sheet's markup, with what holds it. */
export interface ScannedRef {
  ref: string;
  start: number;
  end: number;
  /** For a hyperlink, its relationship id. */
  id?: string;
  /** For a conditional format, the highest priority of its rules. */
  priority?: number;
}

export interface SheetScan {
  xml: string;
  /** Prefix of the main namespace on the root (`x:`) or ''. */
  prefix: string;
  /** Prefix bound to the relationships namespace on the root, if any. */
  relPrefix: string | undefined;
  rootClose: number;
  children: ChildPosition[];
  blocks: Map<string, ScannedBlock>;
  rows: ScannedRow[];
  cols: { min: number; max: number; start: number; end: number; tag: string }[];
  /**
   * The values by row and column from A1, 0-based. Sparse: a row without values is a hole, and
   * a row's array holds only its values (a value at XFD does not fill the columns before it).
   */
  values: unknown[][];
  /** 1 + the last column holding a value (an error or a picture in the cell too) or formula. */
  valueWidth: number;
  hyperlinks: ScannedRef[];
  conditionalFormats: ScannedRef[];
  /** Every sqref/ref of validations, merges, the autofilter, conditional formats, hyperlinks and extension blocks (sparklines, x14 validations). */
  areas: string[];
  /** The highest priority of conditional-format rules outside the main conditionalFormatting elements (extLst). */
  maxPriority: number;
  /** Relationship ids of drawing, legacyDrawing and tableParts. */
  partIds: { drawing: string[]; legacyDrawing: string[]; table: string[] };
}

/** How a cell's value is read: shared strings, and whether a format shows dates. */
export interface ValueReader {
  strings: readonly string[];
  isDate(style: number): boolean;
  dateOf(serial: number): Date;
}

/** [column, row], 0-based, of a cell reference such as `$B$12`. */
function cellOf(ref: string): [number, number] {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(ref.trim());
  if (!m) return [-1, -1];
  return [columnIndex(m[1]), Number(m[2]) - 1];
}

/** The 0-based row of a `<row>`: its `r`, or the row after the one before when `r` is missing or unreadable; past Excel's last row is refused. */
function rowIndexOf(r: string | undefined, previous: number): number {
  const row = r !== undefined && /^\s*\d+\s*$/.test(r) ? Number(r) - 1 : -1;
  if (row > MAX_ROW_INDEX) throw new FileLimitError('sheetRows', `Row ${(row + 1).toLocaleString('en-US')} of the sheet`);
  return row < 0 ? previous + 1 : row;
}

/** The 0-based column of a `<c>`: its `r`, or the column after the one before when `r` is missing or unreadable; past XFD is refused. */
function columnIndexOf(ref: string | undefined, previous: number): number {
  const column = ref === undefined ? -1 : cellOf(ref)[0];
  if (column > MAX_COLUMN_INDEX) throw new FileLimitError('sheetColumns', `Cell ${ref} of the sheet`);
  return column < 0 ? previous + 1 : column;
}

/** The value of a cell from its type, text and format. */
function valueOf(type: string, text: string | undefined, inline: string | undefined, style: number, reader: ValueReader): unknown {
  // Text is cut to what a cell can hold (a shared string is cut where the strings are read).
  if (type === 'inlineStr') return inline === undefined ? undefined : cellText(unescapeExcelText(inline));
  if (text === undefined || text === '') return undefined;
  switch (type) {
    case 's':
      return reader.strings[Number(text)];
    case 'str':
      return cellText(unescapeExcelText(text));
    case 'b':
      return text === '1' || text === 'true';
    case 'e':
      return undefined;
    case 'd': {
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? cellText(text) : date;
    }
    default: {
      const n = Number(text);
      if (Number.isNaN(n)) return undefined;
      return reader.isDate(style) ? reader.dateOf(n) : n;
    }
  }
}

/** Reads a worksheet part; throws the parser's error when it is not well-formed XML. */
export function scanSheet(xml: string, reader: ValueReader): SheetScan {
  const scan: SheetScan = {
    xml,
    prefix: '',
    relPrefix: undefined,
    rootClose: xml.length,
    children: [],
    blocks: new Map(),
    rows: [],
    cols: [],
    values: [],
    valueWidth: 0,
    hyperlinks: [],
    conditionalFormats: [],
    areas: [],
    maxPriority: 0,
    partIds: { drawing: [], legacyDrawing: [], table: [] },
  };
  let row: ScannedRow | undefined;
  let cell: { element: ScannedElement; column: number; text: string[] | undefined; inline: string[] | undefined; hasValue: boolean; formulaRef?: string; hasFormula: boolean } | undefined;
  let lastRow = -1;
  let lastColumn = -1;
  let kept = 0;
  let wrapper: ChildPosition | undefined;
  let format: { ref: string; start: number; priority: number } | undefined;

  // Runs of bare empty cells are scanned as one cell each; offsets come back in the sheet's own text.
  const folded = foldEmptyCells(xml);
  scanXml(folded.text, {
    open: (e) => {
      e.start = folded.original(e.start);
      e.openEnd = folded.original(e.openEnd);
      const depth = e.path.length;
      if (depth === 0) {
        scan.prefix = e.prefix ? `${e.prefix}:` : '';
        for (const [name, value] of Object.entries(e.attributes)) {
          if (!RELATIONSHIP_NAMESPACES.includes(value) || !name.startsWith('xmlns:') || scan.relPrefix !== undefined) continue;
          scan.relPrefix = name.slice(6);
        }
        return;
      }
      if (depth === 1) {
        const child = { name: e.name, start: e.start };
        scan.children.push(child);
        // mc:AlternateContent ranks as the element it wraps (Excel wraps controls and oleObjects).
        wrapper = e.name === 'AlternateContent' ? child : undefined;
        if (e.name === 'conditionalFormatting') format = { ref: e.attributes.sqref ?? '', start: e.start, priority: 0 };
      }
      if (wrapper && depth === 3 && wrapper.name === 'AlternateContent') wrapper.name = e.name;
      const parent = e.path[depth - 1];
      if (parent === 'sheetData' && e.name === 'row') {
        const r = rowIndexOf(e.attributes.r, lastRow);
        lastRow = r;
        lastColumn = -1;
        row = { row: r, start: e.start, openEnd: e.openEnd, closeStart: e.openEnd, end: e.openEnd, selfClosing: e.selfClosing, hasCells: false };
        scan.rows.push(row);
      } else if (parent === 'row' && e.name === 'c' && row) {
        const column = columnIndexOf(e.attributes.r, lastColumn);
        // A folded run of empty cells: the next cell without a reference comes after all of them.
        lastColumn = column + folded.cellsAt(e.start) - 1;
        row.hasCells = true;
        cell = { element: e, column, text: undefined, inline: undefined, hasValue: false, hasFormula: false };
      } else if (cell && parent === 'c') {
        if (e.name === 'is') cell.inline = [];
        if (e.name === 'v') cell.hasValue = true;
        if (e.name === 'f') {
          cell.hasFormula = true;
          if (e.attributes.ref !== undefined && e.attributes.ref.includes(':')) cell.formulaRef = e.attributes.ref;
        }
      } else if (parent === 'cols' && e.name === 'col') {
        scan.cols.push({ min: Number(e.attributes.min), max: Number(e.attributes.max), start: e.start, end: e.openEnd, tag: xml.slice(e.start, e.openEnd) });
      } else if (e.name === 'cfRule' && e.attributes.priority !== undefined) {
        const priority = Number(e.attributes.priority) || 0;
        if (depth === 2 && format) format.priority = Math.max(format.priority, priority);
        else scan.maxPriority = Math.max(scan.maxPriority, priority);
      } else if (depth === 2 && (e.name === 'mergeCell' || e.name === 'dataValidation')) {
        scan.areas.push(e.attributes.ref ?? e.attributes.sqref ?? '');
      } else if (depth === 2 && e.name === 'hyperlink') {
        scan.areas.push(e.attributes.ref ?? '');
      } else if (depth === 1 && e.name === 'autoFilter') {
        scan.areas.push(e.attributes.ref ?? '');
      } else if (depth === 1 && (e.name === 'drawing' || e.name === 'legacyDrawing')) {
        const id = attributeOf(e, 'id');
        if (id) scan.partIds[e.name].push(id);
      } else if (parent === 'tableParts' && e.name === 'tablePart') {
        const id = attributeOf(e, 'id');
        if (id) scan.partIds.table.push(id);
      }
    },
    close: (e, foldedEnd, foldedCloseStart) => {
      const end = folded.original(foldedEnd);
      const closeStart = folded.original(foldedCloseStart);
      const depth = e.path.length;
      if (depth === 0) {
        scan.rootClose = closeStart;
        return;
      }
      if (depth === 1) {
        scan.blocks.set(e.name, { name: e.name, start: e.start, openEnd: e.openEnd, closeStart, end, selfClosing: e.selfClosing, attributes: e.attributes });
        if (e.name === 'conditionalFormatting' && format) {
          scan.conditionalFormats.push({ ref: format.ref, start: format.start, end, priority: format.priority });
          scan.areas.push(format.ref);
          format = undefined;
        }
      }
      if (depth === 2 && e.name === 'hyperlink' && e.path[1] === 'hyperlinks') scan.hyperlinks.push({ ref: e.attributes.ref ?? '', start: e.start, end, id: attributeOf(e, 'id') });
      if (e.name === 'row' && row && e.start === row.start) {
        row.closeStart = closeStart;
        row.end = end;
        row = undefined;
      } else if (e.name === 'c' && cell && e.start === cell.element.start && row) {
        // No object is kept per cell: a patch reads the cells of the rows it writes again (cellsOfRow).
        if (!cell.hasValue && !cell.hasFormula && cell.inline === undefined) {
          // An empty cell (most of a sheet of 48 million <c/>): only a picture in it (vm) holds something.
          if (cell.element.attributes.vm !== undefined) scan.valueWidth = Math.max(scan.valueWidth, cell.column + 1);
          cell = undefined;
          return;
        }
        const style = Number(cell.element.attributes.s ?? 0);
        const type = cell.element.attributes.t ?? 'n';
        const value = valueOf(type, cell.hasValue ? (cell.text?.join('') ?? '') : undefined, cell.inline?.join(''), style, reader);
        // An error value or a picture in the cell (vm: value metadata) holds something too.
        if (value !== undefined || cell.hasFormula || cell.hasValue || cell.element.attributes.vm !== undefined) scan.valueWidth = Math.max(scan.valueWidth, cell.column + 1);
        if (value !== undefined) {
          if (++kept > FILE_LIMITS.sheetValues.value) throw new FileLimitError('sheetValues', 'The sheet');
          (scan.values[row.row] ??= [])[cell.column] = value;
        }
        cell = undefined;
      }
    },
    text: (text, path) => {
      // Extension blocks name their cells in <xm:sqref>: validations that refer to other sheets,
      // Excel 2010 conditional formats, sparklines. They occupy those cells too.
      if (path[path.length - 1] === 'sqref' && path.includes('extLst')) scan.areas.push(text);
      if (!cell) return;
      const last = path[path.length - 1];
      if (last === 'v') (cell.text ??= []).push(text);
      else if (cell.inline && path.includes('is')) collectText(path, text, cell.inline);
    },
  });
  return scan;
}

/**
 * The cells of one scanned row, read again from the sheet's text: the scan keeps no object per
 * cell (48 million empty `<c/>` would take gigabytes), so a patch reads only the rows it writes.
 */
export function cellsOfRow(scan: Pick<SheetScan, 'xml'>, row: ScannedRow): ScannedCell[] {
  if (!row.hasCells) return [];
  const cells: ScannedCell[] = [];
  let lastColumn = -1;
  let open: { element: ScannedElement; column: number; hasFormula: boolean; formulaRef?: string } | undefined;
  scanXml(scan.xml.slice(row.start, row.end), {
    open: (e) => {
      const depth = e.path.length;
      if (depth === 1 && e.name === 'c') {
        lastColumn = columnIndexOf(e.attributes.r, lastColumn);
        open = { element: e, column: lastColumn, hasFormula: false };
      } else if (depth === 2 && open && e.name === 'f') {
        open.hasFormula = true;
        if (e.attributes.ref !== undefined && e.attributes.ref.includes(':')) open.formulaRef = e.attributes.ref;
      }
    },
    close: (e, end) => {
      if (e.path.length !== 1 || !open || e.start !== open.element.start) return;
      const a = open.element.attributes;
      cells.push({ column: open.column, start: row.start + e.start, end: row.start + end, style: Number(a.s ?? 0), type: a.t ?? 'n', hasFormula: open.hasFormula, formulaRef: open.formulaRef });
      open = undefined;
    },
  });
  return cells;
}
