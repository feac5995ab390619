/**
 * A1 references for the workbook double. Column letters and address text are the core's; the
 * parser is the double's own and strict as Excel is (corners in either order, nothing past the
 * sheet's last row or column), so it does not share a blind spot with the core's reader.
 */
import { columnIndex, columnLetters, intersectsBlock, MAX_COLUMN_INDEX, MAX_ROW_INDEX, rangeAddress } from '../../../core/address';

export interface Block {
  row: number;
  column: number;
  rowCount: number;
  columnCount: number;
}

export const LAST_ROW = MAX_ROW_INDEX;
export const LAST_COLUMN = MAX_COLUMN_INDEX;

/** Column letters of a 0-based column index: 0 → A, 26 → AA. */
export const letters = columnLetters;

function corner(part: string, isEnd: boolean): { row: number; column: number } {
  const m = /^\$?([A-Za-z]{0,3})\$?(\d*)$/.exec(part.trim());
  if (!m || (!m[1] && !m[2])) throw new Error(`Invalid address part '${part}'`);
  const column = m[1] ? columnIndex(m[1]) : isEnd ? LAST_COLUMN : 0;
  const row = m[2] ? Number(m[2]) - 1 : isEnd ? LAST_ROW : 0;
  if (column > LAST_COLUMN || row > LAST_ROW || row < 0) throw new Error(`Address '${part}' is outside the sheet`);
  return { row, column };
}

/** Splits `'My sheet'!A1:B2` into sheet name (or undefined) and block. */
export function parseRef(address: string): { sheet?: string; block: Block } {
  let sheet: string | undefined;
  let ref = address;
  const bang = address.lastIndexOf('!');
  if (bang >= 0) {
    sheet = address.slice(0, bang);
    if (/^'.*'$/.test(sheet)) sheet = sheet.slice(1, -1).replace(/''/g, "'");
    ref = address.slice(bang + 1);
  }
  const [a, b = a] = ref.split(':');
  const s = corner(a, false);
  const e = corner(b, true);
  const top = Math.min(s.row, e.row);
  const left = Math.min(s.column, e.column);
  return { sheet, block: { row: top, column: left, rowCount: Math.abs(e.row - s.row) + 1, columnCount: Math.abs(e.column - s.column) + 1 } };
}

export function blockText(b: Block): string {
  return rangeAddress(b.row, b.column, b.rowCount, b.columnCount);
}

/** Excel's `address`: the sheet name quoted when it is not a plain word. */
export function fullAddress(sheet: string, b: Block): string {
  const name = /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
  return `${name}!${blockText(b)}`;
}

export const intersects: (a: Block, b: Block) => boolean = intersectsBlock;

export function contains(outer: Block, row: number, column: number): boolean {
  return row >= outer.row && row < outer.row + outer.rowCount && column >= outer.column && column < outer.column + outer.columnCount;
}
