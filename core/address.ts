/** A1 addresses for the pure core: 0-based row/column indexes in, Excel text out, and back. */

/** Largest column index (XFD) and row index of a worksheet, 0-based. */
export const MAX_COLUMN_INDEX = 16383;
export const MAX_ROW_INDEX = 1048575;

/** Column letters of a 0-based column index: 0 → A, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** 0-based column index of column letters: A → 0, AA → 26. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** A1 text of one cell. */
export function cellAddress(row: number, column: number): string {
  return `${columnLetters(column)}${row + 1}`;
}

/** A1 text of a block of cells (a single cell when it is 1×1). */
export function rangeAddress(row: number, column: number, rowCount = 1, columnCount = 1): string {
  const first = cellAddress(row, column);
  return rowCount === 1 && columnCount === 1 ? first : `${first}:${cellAddress(row + rowCount - 1, column + columnCount - 1)}`;
}

/** A rectangular block of cells, 0-based. */
export interface CellBlock {
  sheet?: string;
  row: number;
  column: number;
  rowCount: number;
  columnCount: number;
}

/** Parses `Sheet1!A1:C5`, `'My sheet'!B2`, `A:C` or `2:4` as Excel's `address` property writes it. */
export function parseAddress(address: string): CellBlock {
  let sheet: string | undefined;
  let ref = address;
  const bang = address.lastIndexOf('!');
  if (bang >= 0) {
    sheet = address.slice(0, bang);
    if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
    ref = address.slice(bang + 1);
  }
  const [a, b = a] = ref.replace(/\$/g, '').split(':');
  const pa = parsePart(a, 'start');
  const pb = parsePart(b, 'end');
  return { sheet, row: pa.row, column: pa.column, rowCount: pb.row - pa.row + 1, columnCount: pb.column - pa.column + 1 };
}

function parsePart(part: string, end: 'start' | 'end'): { row: number; column: number } {
  const m = /^([A-Za-z]*)(\d*)$/.exec(part);
  if (!m || (m[1] === '' && m[2] === '')) throw new RangeError(`'${part}' is not a cell address`);
  const column = m[1] ? columnIndex(m[1]) : end === 'start' ? 0 : MAX_COLUMN_INDEX;
  const row = m[2] ? Number(m[2]) - 1 : end === 'start' ? 0 : MAX_ROW_INDEX;
  return { row, column };
}

/** True when `inner` lies completely inside `outer` (sheets ignored). */
export function containsBlock(outer: CellBlock, inner: CellBlock): boolean {
  return (
    inner.row >= outer.row &&
    inner.column >= outer.column &&
    inner.row + inner.rowCount <= outer.row + outer.rowCount &&
    inner.column + inner.columnCount <= outer.column + outer.columnCount
  );
}

/** True when the two blocks share at least one cell (sheets ignored). */
export function intersectsBlock(a: CellBlock, b: CellBlock): boolean {
  return a.row < b.row + b.rowCount && b.row < a.row + a.rowCount && a.column < b.column + b.columnCount && b.column < a.column + a.columnCount;
}

/** An address on a named sheet, quoted as Excel writes it: `'BOM (rev B)'!A12`. */
export function sheetAddress(sheetName: string, address: string): string {
  return `'${sheetName.replace(/'/g, "''")}'!${address}`;
}
