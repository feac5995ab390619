import { columnIndex } from '../src/sheets/core/address';
import { detectBomLayout, HEADER_SEARCH_ROWS, type BomLayout } from '../src/sheets/core/bom';
import { UsageError } from './errors';

/** Header text compared loosely: NFKC, case and surrounding spaces ignored. */
const fold = (value: unknown): string => (value === undefined || value === null ? '' : String(value).normalize('NFKC').trim().toLowerCase());

/**
 * Where the part numbers of a sheet are, found by the add-in's own detection: with `column`, the
 * column under the header of that name (or with those letters) plays the part of the user's
 * selection; without it, the header that looks most like a manufacturer part number wins.
 */
export function locatePartNumbers(values: readonly (readonly unknown[])[], column: string | undefined, sheetName: string): BomLayout {
  const height = values.length;
  if (height === 0) throw new UsageError(`The sheet '${sheetName}' is empty.`, { showUsage: false });
  const origin = { row: 0, column: 0 };
  if (column === undefined) {
    const found = detectBomLayout({ values, origin });
    if (!found.ok) throw new UsageError(`Sheet '${sheetName}': ${found.message.replace(/select the part numbers \(one column\), or name/, 'give --column, or name')}`, { showUsage: false });
    return found;
  }
  const wanted = fold(column);
  for (let r = 0; r < Math.min(HEADER_SEARCH_ROWS, height); r++) {
    const c = (values[r] ?? []).findIndex((v) => fold(v) === wanted);
    if (c < 0) continue;
    if (r + 1 >= height) throw new UsageError(`Sheet '${sheetName}': there are no part numbers below the header '${column}'.`, { showUsage: false });
    const found = detectBomLayout({ values, origin, headerRow: r, selection: { row: r + 1, column: c, rowCount: height - r - 1, columnCount: 1 } });
    if (!found.ok) throw new UsageError(`Sheet '${sheetName}': ${found.message}`, { showUsage: false });
    return found;
  }
  if (/^[A-Za-z]{1,3}$/.test(column.trim())) {
    const found = detectBomLayout({ values, origin, selection: { row: 0, column: columnIndex(column.trim()), rowCount: height, columnCount: 1 } });
    if (!found.ok) throw new UsageError(`Sheet '${sheetName}': ${found.message}`, { showUsage: false });
    return found;
  }
  throw new UsageError(`Sheet '${sheetName}' has no column headed '${column}' in its first ${HEADER_SEARCH_ROWS} rows.`, { showUsage: false });
}
