import type { CellValue } from '../../core/cells/cell-values';
import type { RangeArgument } from './arguments';
import { ArgumentProblem, createFunctionError, isFunctionError } from './errors';

/** What one cell of a result holds: a value, or an error value with its message. */
export type CellResult = CellValue | CustomFunctions.Error;

/** Where the cell at (row, column) of the result takes its part and its field from. */
export interface GridPlan {
  rows: number;
  columns: number;
  /** Index into the part cells and into the field cells. */
  at(row: number, column: number): { part: number; field: number };
}

/**
 * How a part argument and a field argument combine into one result, the way a data terminal's
 * BDP does: one field keeps the shape of the part range (a column of parts gives a column), one
 * part keeps the shape of the field range (a row of fields gives a row), and otherwise every
 * part is a row and every field a column.
 */
export function planGrid(parts: RangeArgument, fields: RangeArgument): GridPlan {
  const n = parts.cells.length;
  const m = fields.cells.length;
  if (m === 1) return { rows: parts.rows, columns: parts.columns, at: (r, c) => ({ part: r * parts.columns + c, field: 0 }) };
  if (n === 1) return { rows: fields.rows, columns: fields.columns, at: (r, c) => ({ part: 0, field: r * fields.columns + c }) };
  return { rows: n, columns: m, at: (r, c) => ({ part: r, field: c }) };
}

/** Runs `compute`, turning an ArgumentProblem (or an error value) into the cell's error value. */
function cellResult(compute: () => CellResult): CellResult {
  try {
    return compute();
  } catch (error) {
    if (error instanceof ArgumentProblem) return createFunctionError(error.code, error.message);
    if (isFunctionError(error)) return error;
    throw error;
  }
}

/** Fills a plan cell by cell; each cell's problem stays in that cell. */
export function buildGrid(plan: GridPlan, compute: (part: number, field: number) => CellResult): CellResult[][] {
  const grid: CellResult[][] = [];
  for (let r = 0; r < plan.rows; r++) {
    const row: CellResult[] = [];
    for (let c = 0; c < plan.columns; c++) {
      const { part, field } = plan.at(r, c);
      row.push(cellResult(() => compute(part, field)));
    }
    grid.push(row);
  }
  return grid;
}

/**
 * The result as Excel receives it: a one-cell result whose value is an error is thrown, so the
 * formula's own cell shows it like any scalar function; larger grids keep errors in their cells.
 */
export function finishGrid<T>(grid: (T | CustomFunctions.Error)[][]): T[][] {
  if (grid.length === 1 && grid[0].length === 1 && isFunctionError(grid[0][0])) throw grid[0][0];
  return grid as T[][];
}
