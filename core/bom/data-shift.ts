/*
 * Data rows pasted beside their header: a BOM whose rows sit one column right (or left) of the
 * header row. The part numbers are found by their content under the wrong header; every other
 * column the enrichment reads by its header (manufacturer, quantity, designators, second sources)
 * must then be read with the same shift, or every one of our parts reads as another maker's.
 */
import { scorePartNumberHeader } from './header-score';
import { describeColumn, filledShare, partShare } from './part-number-shape';

/** Rows looked at to judge a column by its content (the first non-blank ones). */
const SAMPLE_ROWS = 50;
/** Fewer data rows than this say nothing about a shift. */
const MIN_ROWS = 3;

const isBlankRow = (row: readonly unknown[] | undefined): boolean => row === undefined || row.every((v) => v === undefined || v === null || String(v).trim() === '');

/**
 * How many columns right of their headers the data rows sit (1, or -1 for left), 0 when they sit
 * under them. Only a whole row counts: the part numbers' column has no part-number header of its
 * own, and the part-number header beside it stands over cells that are filled but are not part
 * numbers (the quantities or references that slid under it). A part-number header over an almost
 * empty column, with the part numbers beside it, is one misplaced column, not a shift.
 * `partIndex` and the result index into `headers` and each row alike; data starts at `rows[firstRow]`.
 */
export function findDataShift(headers: readonly unknown[], rows: readonly (readonly unknown[] | undefined)[], partIndex: number, firstRow = 0): number {
  if (scorePartNumberHeader(headers[partIndex]) > 0) return 0;
  const sample: (readonly unknown[])[] = [];
  for (let r = firstRow; r < rows.length && sample.length < SAMPLE_ROWS; r++) {
    const row = rows[r];
    if (!isBlankRow(row)) sample.push(row!);
  }
  if (sample.length < MIN_ROWS || partShare(describeColumn(sample.map((r) => r[partIndex]))) < 0.5) return 0;
  for (const shift of [1, -1]) {
    const at = partIndex - shift;
    if (at < 0 || scorePartNumberHeader(headers[at]) === 0) continue;
    const under = describeColumn(sample.map((r) => r[at]));
    if (filledShare(under) >= 0.5 && partShare(under) < 0.5) return shift;
  }
  return 0;
}

/** The cells' index of a header's column (`headerIndex`) in rows that sit `shift` columns right of their headers, or undefined. */
export function shiftIndex(headerIndex: number | undefined, shift: number): number | undefined {
  if (headerIndex === undefined || headerIndex + shift < 0) return undefined;
  return headerIndex + shift;
}
