/**
 * Excel number formats that make stored numbers read like a datasheet. A column stores its values
 * in the smallest unit of its ladder (`pF`) and each cell's format shows the step that fits:
 * 100 → `100 pF`, 4700 → `4.7 nF`, 10000000 → `10 µF`, by Excel's conditions and thousands
 * scaling, so the cell still holds a number for sorting, filtering and formulas.
 *
 * Excel writes `0.###` for a whole number as `10.`, and no single format shows both `10 µF` and
 * `4.7 µF`: every ladder has two formats, one with decimals and one without, and each cell gets the
 * one its value needs. Both keep the full ladder, so a value edited later still gets its prefix.
 */
import { roundNoise } from '../../api/units';
import type { CellValue } from './cell-values';

/** Steps of a ladder are this far apart: one comma of Excel's thousands scaling. */
const STEP = 1000;

/** Most decimals a ladder cell shows (4.7 nF, 2.25 µH, 0.125 pF). */
export const LADDER_DECIMALS = 3;

/** An Excel literal: the text in double quotes, with a space before it (`" nF"`). */
function literal(label: string): string {
  return `" ${label.replace(/"/g, '')}"`;
}

/**
 * The format of a ladder (`['pF', 'nF', 'µF']`, stored in pF), with decimals or whole:
 * `[>=1000000]0.###,," µF";[>=1000]0.###," nF";0.###" pF"`. Excel takes at most two conditions,
 * so a ladder has at most three units; one unit is a plain fixed-unit format (`0.###" mm"`).
 */
export function ladderFormat(ladder: readonly string[], whole: boolean): string {
  if (ladder.length === 0 || ladder.length > 3) throw new RangeError(`A ladder has one to three units, not ${ladder.length}.`);
  const digits = whole ? '0' : `0.${'#'.repeat(LADDER_DECIMALS)}`;
  const sections = ladder.map((label, step) => `${step > 0 ? `[>=${STEP ** step}]` : ''}${digits}${','.repeat(step)}${literal(label)}`);
  return sections.reverse().join(';');
}

/** The step of the ladder Excel shows a value in: the largest whose condition holds. */
export function ladderStep(value: number, ladder: readonly string[]): number {
  for (let step = ladder.length - 1; step > 0; step--) if (value >= STEP ** step) return step;
  return 0;
}

/** True when a stored value shows as a whole number in its step (100 pF, 22 nF, 10 µF), after rounding to the shown decimals. */
export function isWholeInStep(value: number, ladder: readonly string[]): boolean {
  const shown = value / STEP ** ladderStep(value, ladder);
  const scale = 10 ** LADDER_DECIMALS;
  return Math.round(shown * scale) % scale === 0;
}

/** What decides a cell's format: its column's format and, for a ladder column, the ladder. */
export interface FormatColumn {
  numberFormat: string;
  /** Units of a datasheet ladder, stored unit first; absent for columns of one fixed format. */
  ladder?: readonly string[];
}

/** The number format one cell needs: the ladder format that fits its value, else the column's format. */
export function cellNumberFormat(column: FormatColumn, value: CellValue | undefined): string {
  if (!column.ladder || typeof value !== 'number' || !Number.isFinite(value)) return column.numberFormat;
  return ladderFormat(column.ladder, isWholeInStep(value, column.ladder));
}

/** True when the cells of a column need formats of their own (a ladder), not one for the whole column. */
export function hasCellFormats(column: FormatColumn): boolean {
  return column.ladder !== undefined;
}

/**
 * The format of every cell of rows `start` to `start + count` of one column, as Office.js takes a
 * one-column range's `numberFormat` (`[[f], [f], …]`). The writers set it per chunk, before values.
 */
export function columnCellFormats(rows: readonly (readonly CellValue[])[], columnIndex: number, column: FormatColumn, start = 0, count = rows.length - start): string[][] {
  const out: string[][] = [];
  for (let r = start; r < start + count; r++) out.push([cellNumberFormat(column, rows[r][columnIndex])]);
  return out;
}

/**
 * The text a ladder cell shows, for places that print rather than format (a terminal table):
 * the same step and at most the same decimals as the cell's number format (`4.7 nF`, `10 µF`).
 */
export function ladderText(value: number, ladder: readonly string[]): string {
  const step = ladderStep(value, ladder);
  const scale = 10 ** LADDER_DECIMALS;
  const shown = roundNoise(Math.round((value / STEP ** step) * scale) / scale);
  return `${shown} ${ladder[step]}`;
}
