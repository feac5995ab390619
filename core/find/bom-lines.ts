/*
 * BOM rows as the lines findParts reads: a row's cells joined with ` | ` (designators, value,
 * footprint, description, another maker's number), PartSpec's own columns left out, and the
 * columns a user named found under their headers.
 */
import { columnIndex } from '../address';
import { foldCase } from '../fold';
import { parsePartSpecHeader } from '../cells/columns';

/** How far down a header row is looked for. */
const HEADER_SEARCH_ROWS = 30;

/** The text of one BOM row: its non-empty cells (of `columns` when given), joined with ` | `. */
export function rowLine(row: readonly unknown[], columns?: readonly number[]): string {
  const cells = columns ? columns.map((c) => row[c]) : row;
  return cells
    .map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim()))
    .filter((text) => text !== '')
    .join(' | ');
}

/** The columns of a header row that are not PartSpec's own (0-based indexes). */
export function usersColumns(headers: readonly unknown[]): number[] {
  return headers.flatMap((h, i) => (parsePartSpecHeader(h) ? [] : [i]));
}

export type NamedColumns = { ok: true; headerRow: number; columns: number[] } | { ok: false; message: string };

/**
 * The header row (0-based, in the first 30 rows) that holds every named column, and those
 * columns' indexes, matched by header text (case and width ignored) or by column letters.
 */
export function locateNamedColumns(values: readonly (readonly unknown[])[], names: readonly string[]): NamedColumns {
  const wanted = names.map(foldCase);
  for (let r = 0; r < Math.min(values.length, HEADER_SEARCH_ROWS); r++) {
    const headers = (values[r] ?? []).map(foldCase);
    const columns = wanted.map((w) => headers.indexOf(w));
    if (columns.every((c) => c >= 0)) return { ok: true, headerRow: r, columns };
  }
  const letters = names.map((n) => (/^[A-Z]{1,3}$/i.test(n.trim()) ? columnIndex(n.trim().toUpperCase()) : -1));
  if (letters.every((c) => c >= 0)) return { ok: true, headerRow: -1, columns: letters };
  const missing = names.filter((n, i) => !values.slice(0, HEADER_SEARCH_ROWS).some((row) => (row ?? []).map(foldCase).includes(wanted[i])));
  return { ok: false, message: `No header row holds ${missing.map((m) => `'${m}'`).join(', ')} (looked in the first ${HEADER_SEARCH_ROWS} rows).` };
}
