/**
 * Workbook cells that read like a datasheet: a numeric column whose unit was not chosen holds, in
 * a workbook, each number in the smallest unit of its field's ladder (`pF`) with a number format
 * that shows the step that fits (100 pF, 4.7 nF, 10 µF) by Excel's conditions and thousands
 * scaling, so every cell is a number to sort, filter and sum, and the header names no unit
 * (`PartSpec: Capacitance`). CSV and text keep the column unit named in the header (`(nF)`).
 *
 * Excel writes `0.###` for a whole number as `100.`, and no single format shows both `10 µF` and
 * `4.7 µF`: each cell gets the ladder with decimals or without, as its value needs; both keep the
 * whole ladder, so a value edited later still gets its prefix.
 */
import { parseDisplayUnit, roundNoise, type DisplayUnit } from '../../api/units';
import { columnUnitOf, datasheetUnitsOf, type FieldDef } from '../../api/vocabulary';
import type { CellValue } from './cell-values';
import type { ColumnSpec, DatasheetView } from './columns';

/** Steps of a ladder are this far apart: one comma of Excel's thousands scaling. */
const STEP = 1000;
/** Most decimals a ladder cell shows (4.7 nF, 2.25 µH, 0.125 pF). */
const LADDER_DECIMALS = 3;

/** An Excel literal: the text in double quotes, with a space before it (`" nF"`). */
const literal = (label: string): string => `" ${label.replace(/"/g, '')}"`;

/**
 * The format of a ladder, with decimals or whole:
 * `[>=1000000]0.###,," µF";[>=1000]0.###," nF";0.###" pF"`; one unit is `0.###" mm"`.
 */
export function ladderFormat(ladder: readonly string[], whole: boolean): string {
  if (ladder.length === 0 || ladder.length > 3) throw new RangeError(`A ladder has one to three units, not ${ladder.length}.`);
  const digits = whole ? '0' : `0.${'#'.repeat(LADDER_DECIMALS)}`;
  return ladder
    .map((label, step) => `${step > 0 ? `[>=${STEP ** step}]` : ''}${digits}${','.repeat(step)}${literal(label)}`)
    .reverse()
    .join(';');
}

/** The step of the ladder Excel shows a value in: the largest whose condition holds. */
function ladderStep(value: number, ladder: readonly string[]): number {
  for (let step = ladder.length - 1; step > 0; step--) if (value >= STEP ** step) return step;
  return 0;
}

/** True when a stored value shows as a whole number in its step (100 pF, 22 nF, 10 µF), after rounding to the shown decimals. */
function isWholeInStep(value: number, ladder: readonly string[]): boolean {
  const shown = value / STEP ** ladderStep(value, ladder);
  const scale = 10 ** LADDER_DECIMALS;
  return Math.round(Math.abs(shown) * scale) % scale === 0;
}

/** The unit a datasheet column's workbook cells hold: its ladder's smallest. */
function storedUnitOf(view: DatasheetView): DisplayUnit {
  return parseDisplayUnit(view.ladder[0])!;
}

/** What a workbook shows over a column: its datasheet header, else its header. */
export function workbookHeaderOf(spec: Pick<ColumnSpec, 'header' | 'datasheet'>): string {
  return spec.datasheet?.header ?? spec.header;
}

/**
 * A cell of a column as a workbook holds it: a number of a datasheet column in its ladder's
 * smallest unit (the core's cells are in the column unit, `spec.unit`) with the ladder format it
 * needs; any other cell as it is, with its column's format.
 */
export function workbookCellOf(spec: Pick<ColumnSpec, 'unit' | 'numberFormat' | 'datasheet'>, value: CellValue | undefined): { value: CellValue | undefined; numberFormat: string } {
  if (!spec.datasheet || typeof value !== 'number' || !Number.isFinite(value)) return { value, numberFormat: spec.numberFormat };
  const stored = roundNoise((value * (spec.unit?.factor ?? 1)) / storedUnitOf(spec.datasheet).factor);
  return { value: stored, numberFormat: ladderFormat(spec.datasheet.ladder, isWholeInStep(stored, spec.datasheet.ladder)) };
}

/** A column as CSV and formulas show it: one unit, named in its header. */
export function withoutDatasheet<T extends Pick<ColumnSpec, 'datasheet'>>(spec: T): T {
  if (!spec.datasheet) return spec;
  const { datasheet: _datasheet, ...plain } = spec;
  return plain as T;
}

/** The middle of the non-zero magnitudes (the lower of the two middle ones for an even count), or undefined for none. */
function medianMagnitude(values: readonly number[]): number | undefined {
  const magnitudes = values.filter((v) => Number.isFinite(v) && v !== 0).map(Math.abs).sort((a, b) => a - b);
  return magnitudes.length === 0 ? undefined : magnitudes[Math.floor((magnitudes.length - 1) / 2)];
}

/**
 * The one unit a column of a numeric field reads best in where a cell cannot carry its own (a
 * custom function's spill takes no number formats): the step of the field's datasheet ladder that
 * puts the median of the column's values (SI) between 1 and 999, so 10 µF parts read `10` under
 * `(µF)` and 100 pF parts `100` under `(pF)`. Below the ladder's first step it is the first, above
 * its last the last; a column with no non-zero number keeps the field's column unit (COLUMN_UNITS).
 * Undefined for a field without a unit.
 */
export function readableColumnUnit(field: FieldDef, siValues: readonly number[]): DisplayUnit | undefined {
  const ladder = datasheetUnitsOf(field);
  const columnUnit = columnUnitOf(field);
  if (!ladder || !columnUnit) return undefined;
  const median = medianMagnitude(siValues);
  if (median === undefined) return parseDisplayUnit(columnUnit);
  const units = ladder.map((label) => parseDisplayUnit(label)!);
  return units.find((unit, step) => step === units.length - 1 || roundNoise(median / unit.factor) < STEP)!;
}
