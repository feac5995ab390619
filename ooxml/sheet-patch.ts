import { cellAddress, parseAddress, MAX_COLUMN_INDEX, type CellBlock } from '../core/address';
import { describeLimit } from '../core/limits';
import { highlightMarkup, type ColumnHighlight } from './conditional-formats';
import type { TypedCell } from './typed-cells';
import type { RelationshipsPart } from './package-parts';
import { relationshipType } from './namespaces';
import { insertChild, WORKSHEET_ORDER } from './schema-order';
import { columnEdits } from './sheet-columns';
import type { SharedStrings } from './shared-strings';
import { cellsOfRow, type ScannedCell, type ScannedRef, type ScannedRow, type SheetScan } from './sheet-scan';
import type { StylesPart } from './styles';
import { applyEditsAsUtf8, removeAttributeInTag, setAttributeInTag, type TextEdit } from './xml-scan';

/*
 * The edits of one worksheet: the cells an enrichment writes (replaced where they are, inserted
 * in column order where they are not, rows likewise), their hyperlinks, the highlight rules of
 * their columns, the width of new columns and the used range. Every other character of the part
 * stays as it was read: other cells, row attributes, unknown elements, extLst, mc:AlternateContent.
 */


/** Why a write cannot be made safely: the caller turns it into one sentence naming the file. */
export class UnsafeWriteError extends Error {}

/** One cell to write. */
export interface PendingCell {
  row: number;
  column: number;
  /** The value, or undefined to empty the cell (its format kept). */
  typed: TypedCell | undefined;
  bold?: boolean;
  /** An ARGB solid fill, null to remove the fill, undefined to keep it. */
  fill?: string | null;
  /**
   * The cell keeps its own format and hyperlink: only its value changes (a part number replaced
   * in a BOM's own column, see WorkbookPatch.replaceCells).
   */
  keepFormat?: boolean;
}

/** What an enrichment writes to one sheet. */
export interface SheetWrites {
  cells: Map<string, PendingCell>;
  highlights: Map<number, ColumnHighlight>;
  /** Width in characters of each new column. */
  widths: Map<number, number>;
}

export function emptyWrites(): SheetWrites {
  return { cells: new Map(), highlights: new Map(), widths: new Map() };
}

/** What the parts shared by all sheets give the patch of one sheet. */
export interface PatchContext {
  styles: StylesPart;
  strings: SharedStrings;
  rels: RelationshipsPart;
  /** The package's relationships namespace: transitional, or strict for a Strict Open XML workbook. */
  relNamespace: string;
}

/** 0-based blocks of a reference list (`A1:B3 D5`); unreadable references are skipped. */
export function blocksOf(sqref: string): CellBlock[] {
  return sqref
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((ref) => {
      try {
        return [parseAddress(ref)];
      } catch {
        return [];
      }
    });
}

/** The markup of a written cell. */
function cellMarkup(p: string, ref: string, style: number, typed: TypedCell | undefined, strings: SharedStrings): string {
  const s = style === 0 ? '' : ` s="${style}"`;
  if (!typed) return `<${p}c r="${ref}"${s}/>`;
  switch (typed.type) {
    case 'number':
    case 'date':
      return `<${p}c r="${ref}"${s}><${p}v>${typed.value}</${p}v></${p}c>`;
    case 'boolean':
      return `<${p}c r="${ref}"${s} t="b"><${p}v>${typed.value ? 1 : 0}</${p}v></${p}c>`;
    default:
      return `<${p}c r="${ref}"${s} t="s"><${p}v>${strings.indexOf(typed.value)}</${p}v></${p}c>`;
  }
}

/**
 * A cell's new value in its own start tag: every attribute it had (its format `s`, even `s="0"`
 * as LibreOffice writes it, and any other) stays as written; only the type follows the value.
 */
function keptCellMarkup(p: string, xml: string, old: ScannedCell, typed: TypedCell, strings: SharedStrings): string {
  const element = xml.slice(old.start, old.end);
  const open = element.slice(0, element.indexOf('>') + 1);
  let tag = open.endsWith('/>') ? `${open.slice(0, -2).replace(/\s+$/, '')}>` : open;
  if (typed.type === 'text') {
    tag = setAttributeInTag(tag, 't', 's');
    return `${tag}<${p}v>${strings.indexOf(typed.value)}</${p}v></${p}c>`;
  }
  tag = typed.type === 'boolean' ? setAttributeInTag(tag, 't', 'b') : removeAttributeInTag(tag, 't');
  return `${tag}<${p}v>${typed.type === 'boolean' ? (typed.value ? 1 : 0) : typed.value}</${p}v></${p}c>`;
}

/** Result of patching a sheet. */
export interface PatchedSheet {
  /** The patched part, UTF-8. */
  bytes: Uint8Array;
  /** True when a cell that held a formula was overwritten (the calculation chain lists it). */
  overwroteFormula: boolean;
}

/** Applies the writes to a scanned sheet. */
export function patchSheet(scan: SheetScan, writes: SheetWrites, context: PatchContext): PatchedSheet {
  const p = scan.prefix;
  const { styles, strings, rels } = context;
  const edits: TextEdit[] = [];
  let overwroteFormula = false;
  const byRow = new Map<number, PendingCell[]>();
  for (const cell of writes.cells.values()) {
    const list = byRow.get(cell.row) ?? [];
    list.push(cell);
    byRow.set(cell.row, list);
  }
  const links: { ref: string; target: string }[] = [];
  if ([...writes.cells.values()].some((c) => c.column > MAX_COLUMN_INDEX)) {
    throw new UnsafeWriteError(`the new columns would go past column XFD, over ${describeLimit('sheetColumns')}`);
  }

  /** The markup of a pending cell, given the cell it replaces; '' when nothing is to be written. */
  const markupOf = (cell: PendingCell, old: ScannedCell | undefined): string => {
    const ref = cellAddress(cell.row, cell.column);
    if (old?.type === 's') strings.release();
    if (old?.hasFormula) overwroteFormula = true;
    const base = old?.style ?? 0;
    if (!cell.typed) {
      if (!old && !cell.fill) return '';
      const style = cell.fill === undefined ? base : styles.styleOf(base, { fill: cell.fill });
      return cellMarkup(p, ref, style, undefined, strings);
    }
    if (cell.keepFormat && old) return keptCellMarkup(p, scan.xml, old, cell.typed, strings);
    if (cell.keepFormat) return cellMarkup(p, ref, base, cell.typed, strings);
    if (cell.typed.type === 'text' && cell.typed.link !== undefined) links.push({ ref, target: cell.typed.link });
    const style = styles.styleOf(base, { numFmt: cell.typed.numFmt, bold: cell.bold, link: cell.typed.type === 'text' && cell.typed.link !== undefined, fill: cell.fill });
    return cellMarkup(p, ref, style, cell.typed, strings);
  };

  // Cells and rows, in order.
  const rows = [...byRow.keys()].sort((a, b) => a - b);
  // Rows (and cells) out of order in the file are looked up in order, so a row or cell that is
  // there is always found and merged into, never written a second time.
  const scanned = inOrder(scan.rows, (row) => row.row);
  const sheetData = scan.blocks.get('sheetData');
  const newRows: string[][] = [];
  let rowAt = 0;
  for (const r of rows) {
    const cells = (byRow.get(r) ?? []).sort((a, b) => a.column - b.column);
    while (rowAt < scanned.length && scanned[rowAt].row < r) rowAt++;
    const existing = scanned[rowAt]?.row === r ? scanned[rowAt] : undefined;
    if (!existing) {
      const markup = cells.map((c) => markupOf(c, undefined)).join('');
      if (markup === '') continue;
      const at = scanned[rowAt]?.start ?? (sheetData ? (sheetData.selfClosing ? -1 : sheetData.closeStart) : -1);
      const row = `<${p}row r="${r + 1}">${markup}</${p}row>`;
      if (at < 0) newRows.push([row]);
      else edits.push({ start: at, end: at, text: row });
      continue;
    }
    const inserted: string[] = [];
    const olds = inOrder(cellsOfRow(scan, existing), (c) => c.column);
    let cellAt = 0;
    for (const cell of cells) {
      while (cellAt < olds.length && olds[cellAt].column < cell.column) cellAt++;
      const old = olds[cellAt]?.column === cell.column ? olds[cellAt] : undefined;
      if (old?.formulaRef) throw new SharedFormulaError(cellAddress(r, cell.column));
      const markup = markupOf(cell, old);
      if (old) edits.push({ start: old.start, end: old.end, text: markup });
      else if (existing.selfClosing) inserted.push(markup);
      else {
        const at = olds[cellAt]?.start ?? existing.closeStart;
        edits.push({ start: at, end: at, text: markup });
      }
    }
    // The row's spans hint covers its new cells.
    let tag = scan.xml.slice(existing.start, existing.openEnd);
    const spans = /\sspans\s*=\s*"(\d+):(\d+)"/.exec(tag);
    const last = cells[cells.length - 1].column + 1;
    if (spans && Number(spans[2]) < last) tag = setAttributeInTag(tag, 'spans', `${spans[1]}:${last}`);
    if (existing.selfClosing) {
      edits.push({ start: existing.start, end: existing.end, text: `${tag.slice(0, -2).replace(/\s+$/, '')}>${inserted.join('')}</${p}row>` });
    } else if (tag !== scan.xml.slice(existing.start, existing.openEnd)) {
      edits.push({ start: existing.start, end: existing.openEnd, text: tag });
    }
  }
  if (!sheetData) edits.push(insertChild(WORKSHEET_ORDER, scan.children, 'sheetData', scan.rootClose, `<${p}sheetData>${newRows.flat().join('')}</${p}sheetData>`));
  else if (sheetData.selfClosing && newRows.length > 0) edits.push({ start: sheetData.start, end: sheetData.end, text: `<${p}sheetData>${newRows.flat().join('')}</${p}sheetData>` });

  edits.push(...columnEdits(scan, writes.widths));
  edits.push(...dimensionEdits(scan, writes));
  edits.push(...highlightEdits(scan, writes, styles));
  edits.push(...hyperlinkEdits(scan, writes, links, rels, context.relNamespace));
  return { bytes: applyEditsAsUtf8(scan.xml, edits), overwroteFormula };
}

/** The list sorted by `key` (itself when it already is, as Excel writes rows and cells). */
function inOrder<T>(list: readonly T[], key: (item: T) => number): readonly T[] {
  for (let i = 1; i < list.length; i++) if (key(list[i]) < key(list[i - 1])) return [...list].sort((a, b) => key(a) - key(b));
  return list;
}

/** A written cell is the master of a shared or array formula that other cells use. */
export class SharedFormulaError extends Error {
  constructor(readonly cell: string) {
    super(`cell ${cell} holds a formula other cells share`);
  }
}

/** The `<dimension>` grown to hold the written cells. */
function dimensionEdits(scan: SheetScan, writes: SheetWrites): TextEdit[] {
  const block = scan.blocks.get('dimension');
  if (!block || writes.cells.size === 0) return [];
  const ref = block.attributes.ref ?? 'A1';
  let area: CellBlock;
  try {
    area = parseAddress(ref);
  } catch {
    return [];
  }
  let [r1, c1, r2, c2] = [area.row, area.column, area.row + area.rowCount - 1, area.column + area.columnCount - 1];
  const wasEmpty = ref === 'A1' && scan.rows.every((r) => !r.hasCells);
  for (const cell of writes.cells.values()) {
    if (!cell.typed) continue;
    if (wasEmpty) [r1, c1, r2, c2] = [cell.row, cell.column, cell.row, cell.column];
    r1 = Math.min(r1, cell.row);
    c1 = Math.min(c1, cell.column);
    r2 = Math.max(r2, cell.row);
    c2 = Math.max(c2, cell.column);
  }
  const grown = r1 === r2 && c1 === c2 ? cellAddress(r1, c1) : `${cellAddress(r1, c1)}:${cellAddress(r2, c2)}`;
  if (grown === ref) return [];
  const tag = scan.xml.slice(block.start, block.openEnd);
  return [{ start: block.start, end: block.openEnd, text: setAttributeInTag(tag, 'ref', grown) }];
}

/**
 * The highlight rules of the written columns: conditional formats covering exactly one written
 * column (an earlier run's) are replaced, so re-runs never stack them; any other is kept.
 */
function highlightEdits(scan: SheetScan, writes: SheetWrites, styles: StylesPart): TextEdit[] {
  if (writes.highlights.size === 0) return [];
  const p = scan.prefix;
  const edits: TextEdit[] = [];
  let priority = scan.maxPriority;
  for (const format of scan.conditionalFormats) {
    const blocks = blocksOf(format.ref);
    if (blocks.length === 1 && blocks[0].columnCount === 1 && writes.highlights.has(blocks[0].column)) edits.push({ start: format.start, end: format.end, text: '' });
    else priority = Math.max(priority, format.priority ?? 0);
  }
  const added = [...writes.highlights.values()]
    .sort((a, b) => a.column - b.column)
    .map((h) => highlightMarkup(p, h, styles, () => ++priority))
    .join('');
  if (added !== '') edits.push(insertChild(WORKSHEET_ORDER, scan.children, 'conditionalFormatting', scan.rootClose, added));
  return edits;
}

/**
 * The hyperlinks of the written cells: an earlier one on a written cell is removed (with its
 * relationship, when nothing else uses it), each new one added with an external relationship.
 */
function hyperlinkEdits(scan: SheetScan, writes: SheetWrites, links: readonly { ref: string; target: string }[], rels: RelationshipsPart, relNamespace: string): TextEdit[] {
  const p = scan.prefix;
  const written = new Set([...writes.cells.values()].filter((c) => !c.keepFormat).map((c) => cellAddress(c.row, c.column)));
  const isWritten = (h: ScannedRef): boolean => written.has(h.ref.replace(/\$/g, '').toUpperCase());
  const removed = scan.hyperlinks.filter(isWritten);
  const kept = scan.hyperlinks.filter((h) => !isWritten(h));
  const stillUsed = new Set(kept.map((k) => k.id));
  const edits: TextEdit[] = removed.map((h) => ({ start: h.start, end: h.end, text: '' }));
  for (const h of removed) if (h.id && !stillUsed.has(h.id)) rels.remove(h.id);
  const r = scan.relPrefix ?? 'r';
  const declare = scan.relPrefix === undefined ? ` xmlns:r="${relNamespace}"` : '';
  const markup = links.map((l) => `<${p}hyperlink ref="${l.ref}"${declare} ${r}:id="${rels.add(relationshipType('hyperlink', relNamespace), l.target, true)}"/>`).join('');
  const block = scan.blocks.get('hyperlinks');
  if (block && kept.length === 0 && markup === '' && removed.length > 0) return [{ start: block.start, end: block.end, text: '' }];
  if (markup === '') return edits;
  if (!block) edits.push(insertChild(WORKSHEET_ORDER, scan.children, 'hyperlinks', scan.rootClose, `<${p}hyperlinks>${markup}</${p}hyperlinks>`));
  else if (block.selfClosing) edits.push({ start: block.start, end: block.end, text: `<${p}hyperlinks>${markup}</${p}hyperlinks>` });
  else edits.push({ start: block.closeStart, end: block.closeStart, text: markup });
  return edits;
}

/** The columns of each row's cells, read once per row and kept as numbers only. */
const rowColumns = new WeakMap<ScannedRow, Int32Array>();

/**
 * The rows from `first` to `last` holding a cell element in `column`: a blank written there
 * empties it; on any other row it writes nothing. Only the rows in that range are read.
 */
export function rowsWithCellIn(scan: SheetScan, column: number, first: number, last: number): Set<number> {
  const found = new Set<number>();
  for (const row of scan.rows) {
    if (row.row < first || row.row > last || !row.hasCells) continue;
    let columns = rowColumns.get(row);
    if (!columns) {
      columns = Int32Array.from(cellsOfRow(scan, row), (c) => c.column);
      rowColumns.set(row, columns);
    }
    if (columns.includes(column)) found.add(row.row);
  }
  return found;
}

/** The last column an area reaches, or its first when it runs to the sheet's last column (a whole-row area). */
export function lastColumnOf(block: CellBlock): number {
  const last = block.column + block.columnCount - 1;
  return last >= MAX_COLUMN_INDEX ? block.column : last;
}

