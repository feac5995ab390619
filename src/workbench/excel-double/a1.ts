/** A1 references for the workbook double (its own parser, so it does not share a blind spot with src/sheets). */

export interface Block {
  row: number;
  column: number;
  rowCount: number;
  columnCount: number;
}

export const LAST_ROW = 1048575;
export const LAST_COLUMN = 16383;

export function letters(column: number): string {
  let n = column + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

function columnOf(text: string): number {
  let n = 0;
  for (const ch of text.toUpperCase()) n = n * 26 + ch.charCodeAt(0) - 64;
  return n - 1;
}

function corner(part: string, isEnd: boolean): { row: number; column: number } {
  const m = /^\$?([A-Za-z]{0,3})\$?(\d*)$/.exec(part.trim());
  if (!m || (!m[1] && !m[2])) throw new Error(`Invalid address part '${part}'`);
  const column = m[1] ? columnOf(m[1]) : isEnd ? LAST_COLUMN : 0;
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
  const a = `${letters(b.column)}${b.row + 1}`;
  if (b.rowCount === 1 && b.columnCount === 1) return a;
  return `${a}:${letters(b.column + b.columnCount - 1)}${b.row + b.rowCount}`;
}

/** Excel's `address`: the sheet name quoted when it is not a plain word. */
export function fullAddress(sheet: string, b: Block): string {
  const name = /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
  return `${name}!${blockText(b)}`;
}

export function intersects(a: Block, b: Block): boolean {
  return a.row < b.row + b.rowCount && b.row < a.row + a.rowCount && a.column < b.column + b.columnCount && b.column < a.column + a.columnCount;
}

export function contains(outer: Block, row: number, column: number): boolean {
  return row >= outer.row && row < outer.row + outer.rowCount && column >= outer.column && column < outer.column + outer.columnCount;
}
