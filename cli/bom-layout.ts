import { columnIndex, columnLetters } from '../core/address';
import { describeAmbiguity as describeLayoutAmbiguity, detectBomLayout, findAlternateColumns, HEADER_SEARCH_ROWS, nameColumn, type BomLayout } from '../core/bom/bom';
import { alternateColumn, type AlternateColumn } from '../core/enrich/enrich-sets';
import { foldCase as fold } from '../core/fold';
import { UsageError } from '../node/errors';

/** Looser still: no spaces or `*` marks anywhere (`--column MPN` finds ` * MPN `). */
const foldMarks = (value: unknown): string => fold(value).replace(/[\s*]+/g, '');

/** Where `--column` names a column in a header row: by its header, or by its letters; -1 when neither. */
function findNamedColumn(headers: readonly unknown[], column: string): number {
  const exact = headers.findIndex((v) => fold(v) === fold(column));
  if (exact >= 0) return exact;
  return foldMarks(column) === '' ? -1 : headers.findIndex((v) => foldMarks(v) === foldMarks(column));
}

/** Whether `column` is the letters of a column the sheet uses (MPN is a header, not column 9,062 of an 8-column sheet). */
const isLettersWithin = (column: string, values: readonly (readonly unknown[])[]): boolean =>
  /^[A-Za-z]{1,3}$/.test(column.trim()) && columnIndex(column.trim()) < Math.max(0, ...values.map((r) => r?.length ?? 0));

/**
 * Where the part numbers of a sheet are, found by the add-in's own detection: with `column`, the
 * column under the header of that name (or with those letters) plays the part of the user's
 * selection; without it, the column whose header and cells look most like the maker's part
 * numbers wins.
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
  for (let r = 0; r < Math.min(HEADER_SEARCH_ROWS, height); r++) {
    const c = findNamedColumn(values[r] ?? [], column);
    if (c < 0) continue;
    if (r + 1 >= height) throw new UsageError(`Sheet '${sheetName}': there are no part numbers below the header '${column}'.`, { showUsage: false });
    const found = detectBomLayout({ values, origin, headerRow: r, selection: { row: r + 1, column: c, rowCount: height - r - 1, columnCount: 1 } });
    if (!found.ok) throw new UsageError(`Sheet '${sheetName}': ${found.message}`, { showUsage: false });
    return found;
  }
  if (isLettersWithin(column, values)) {
    const found = detectBomLayout({ values, origin, selection: { row: 0, column: columnIndex(column.trim()), rowCount: height, columnCount: 1 } });
    if (!found.ok) throw new UsageError(`Sheet '${sheetName}': ${found.message}`, { showUsage: false });
    return found;
  }
  throw new UsageError(`Sheet '${sheetName}' has no column headed '${column}' in its first ${HEADER_SEARCH_ROWS} rows.`, { showUsage: false });
}

/**
 * A further `--column`: by its header in the first column's header row, or by its letters. Refused
 * when it is the first column again, or has no header row cell of that name.
 */
export function locateAlternateColumn(values: readonly (readonly unknown[])[], layout: BomLayout, column: string, sheetName: string): AlternateColumn {
  const headers = values[layout.headerRow] ?? [];
  let at = findNamedColumn(headers, column);
  if (at < 0 && isLettersWithin(column, values)) at = columnIndex(column.trim());
  if (at < 0) throw new UsageError(`Sheet '${sheetName}' has no column headed '${column}' in row ${layout.headerRow + 1}, the header row of the part numbers.`, { showUsage: false });
  if (at === layout.partColumn) throw new UsageError(`--column '${column}' is the first part-number column again; give each column once.`, { showUsage: false });
  return alternateColumn(headers, 0, at);
}

/** How `--column` names a column on the command line: its header if it has one, else its letters, quoted for a shell. */
function columnArgument(column: number, header: string): string {
  const word = header || columnLetters(column);
  return /^[\w.-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/**
 * The sentence for a sheet whose runner-up column is as likely as the one used: both columns by
 * letter, header and two samples, and the `--column` that picks the other.
 */
export function describeAmbiguity(layout: BomLayout): string | undefined {
  return describeLayoutAmbiguity(layout, (other) => `Give --column ${columnArgument(other.column, other.header)} to use the other.`, 2);
}

/**
 * The sentence for second-source columns that were not asked for (MPN2 beside MPN): how to enrich
 * them too. Only columns with something in them are named.
 */
export function describeUnaskedAlternates(values: readonly (readonly unknown[])[], layout: BomLayout): string | undefined {
  const headers = values[layout.headerRow] ?? [];
  const filled = findAlternateColumns(headers, layout.partColumn).filter((c) => values.slice(layout.firstRow, layout.lastRow + 1).some((r) => String(r?.[c] ?? '').trim() !== ''));
  if (filled.length === 0) return undefined;
  const primary = String(headers[layout.partColumn] ?? '').trim();
  const names = filled.map((c) => nameColumn(c, String(headers[c] ?? '').trim()));
  const args = [layout.partColumn, ...filled].map((c) => `--column ${columnArgument(c, String(headers[c] ?? '').trim())}`).join(' ');
  return `${names.length === 1 ? 'Column' : 'Columns'} ${names.join(', ')} ${names.length === 1 ? 'looks like a second source' : 'look like second sources'} of ${nameColumn(layout.partColumn, primary)}; give ${args} to enrich ${names.length === 1 ? 'it' : 'them'} too.`;
}
