/**
 * Formula evaluation for the workbench: a `=PART.*` formula written into the double (typed in the
 * formula bar or written by PartSpec itself) shows `#BUSY!`, then the function registered under
 * its id runs with the arguments shaped as functions.json declares them, and the result is
 * written back, spilling a grid down and right as Excel's dynamic arrays do.
 */
import { parseRef, type Block } from './excel-double/a1';
import type { ExcelDouble, Scalar } from './excel-double';
import type { SheetModel } from './excel-double/model';
import { ERROR_CODES, WorkbenchFunctionError, type FunctionRegistry } from './custom-functions-host';
import { parsePartFormula, type FormulaArgument, type PartCall } from './formula';

/** What functions.json says about one function. */
export interface FunctionMetadata {
  id: string;
  parameters: { name: string; dimensionality?: string; optional?: boolean }[];
}

export interface CellError {
  code: string;
  message: string;
}

export interface Calculator {
  /** Plugged into the double with `configure({ evaluate })`. */
  evaluate(formula: string, at: { sheet: string; row: number; column: number }): Scalar;
  /** The error value of a cell and its message (what Excel shows on hover). */
  errorAt(sheet: string, address: string): CellError | undefined;
  /** True when the cell holds a value spilled by a formula elsewhere. */
  isSpilled(sheet: string, row: number, column: number): boolean;
  /** Re-evaluates every PART formula (Refresh, or a change of settings). */
  recalculate(): void;
  /** Re-evaluates the formulas that read this cell (after a user edit). */
  recalculateDependents(sheet: string, row: number, column: number): void;
  /** Resolves when no formula is waiting for its function. */
  idle(): Promise<void>;
  pending(): number;
}

export interface CalculatorOptions {
  double: ExcelDouble;
  registry: FunctionRegistry;
  /** functions.json's entries, loaded once. */
  metadata: () => Promise<FunctionMetadata[]>;
}

type CellKey = string;
const keyOf = (sheetId: string, row: number, column: number): CellKey => `${sheetId}:${row}:${column}`;

interface Anchor {
  sheetId: string;
  row: number;
  column: number;
  formula: string;
  /** References it reads, for recalculating dependents. */
  refs: { sheetId: string; block: Block }[];
  /** Cells it spilled into (not the anchor). */
  spill: CellKey[];
  generation: number;
}

function inside(block: Block, row: number, column: number): boolean {
  return row >= block.row && row < block.row + block.rowCount && column >= block.column && column < block.column + block.columnCount;
}

/** A function's result as a grid of displayable values and errors. */
function toGrid(result: unknown): unknown[][] {
  if (Array.isArray(result)) {
    const rows = result.map((row) => (Array.isArray(row) ? row : [row]));
    return rows.length > 0 && rows[0].length > 0 ? rows : [['']];
  }
  return [[result]];
}

/**
 * A result cell as the grid shows it: formatted numbers (ExcelApi 1.16) as their number in their
 * own format, entities by their text, errors by their code.
 */
function toCell(value: unknown): { value: Scalar; error?: CellError; numberFormat?: string } {
  if (value instanceof WorkbenchFunctionError) return { value: value.code, error: { code: value.code, message: value.message } };
  if (value instanceof Error) return { value: ERROR_CODES.invalidValue, error: { code: ERROR_CODES.invalidValue, message: value.message } };
  if (value === null || value === undefined) return { value: 0 };
  if (typeof value === 'number') {
    return Number.isFinite(value) ? { value } : { value: ERROR_CODES.invalidNumber, error: { code: ERROR_CODES.invalidNumber, message: 'The function returned a number Excel cannot hold.' } };
  }
  if (typeof value === 'string' || typeof value === 'boolean') return { value };
  if (typeof value === 'object' && (value as { type?: unknown }).type === 'FormattedNumber') {
    const { basicValue, numberFormat } = value as { basicValue: unknown; numberFormat?: unknown };
    if (typeof basicValue === 'number' && Number.isFinite(basicValue)) return { value: basicValue, numberFormat: typeof numberFormat === 'string' ? numberFormat : undefined };
  }
  if (typeof value === 'object' && 'text' in value) return { value: String((value as { text: unknown }).text) };
  return { value: ERROR_CODES.invalidValue, error: { code: ERROR_CODES.invalidValue, message: `The function returned ${typeof value}.` } };
}

export function createCalculator(options: CalculatorOptions): Calculator {
  const { double, registry } = options;
  const model = double.model;
  const anchors = new Map<CellKey, Anchor>();
  const spilledBy = new Map<CellKey, CellKey>();
  const errors = new Map<CellKey, CellError>();
  /** Cells showing a formatted number's own format. */
  const formatted = new Set<CellKey>();
  let running = 0;
  let waiters: (() => void)[] = [];

  const settle = (): void => {
    running--;
    if (running === 0) {
      const ready = waiters;
      waiters = [];
      ready.forEach((w) => w());
    }
  };

  /** Writes a computed value without parsing it, so text such as `=1+1` from the service stays text. */
  const put = (sheet: SheetModel, row: number, column: number, cell: { value: Scalar; error?: CellError; numberFormat?: string }): void => {
    model.setStyle(sheet, row, column, {});
    const key = keyOf(sheet.id, row, column);
    // A formatted number's format belongs to the value: it goes when the value does.
    if (cell.numberFormat !== undefined) {
      model.setFormat(sheet, row, column, cell.numberFormat);
      formatted.add(key);
    } else if (formatted.delete(key)) model.setFormat(sheet, row, column, 'General');
    model.cell(sheet, row, column)!.value = cell.value;
    if (cell.error) errors.set(key, cell.error);
    else errors.delete(key);
  };

  const clearSpill = (anchor: Anchor): void => {
    const sheet = model.findSheet(anchor.sheetId);
    for (const key of anchor.spill) {
      spilledBy.delete(key);
      errors.delete(key);
      if (!sheet) continue;
      const [, row, column] = key.split(':').map(Number);
      const cell = model.cell(sheet, row, column);
      if (cell && cell.formula === undefined) cell.value = '';
      if (formatted.delete(key)) model.setFormat(sheet, row, column, 'General');
    }
    anchor.spill = [];
  };

  const argumentValue = (arg: FormulaArgument, sheet: SheetModel, matrix: boolean, refs: Anchor['refs']): unknown => {
    if (arg.kind === 'omitted') return null;
    if (arg.kind === 'literal') return matrix ? [[arg.value]] : arg.value;
    if (arg.kind === 'array') return matrix ? arg.rows : arg.rows[0][0];
    const target = arg.sheet !== undefined ? model.sheet(arg.sheet) : sheet;
    const { block } = parseRef(arg.address);
    const used = model.usedBlock(target, false);
    // Whole columns stop at the used range, as Excel hands functions only the cells in use.
    const rowCount = block.rowCount > 100_000 ? Math.max(0, (used ? used.row + used.rowCount : 0) - block.row) : block.rowCount;
    refs.push({ sheetId: target.id, block });
    const grid = Array.from({ length: Math.max(rowCount, 1) }, (_, r) =>
      Array.from({ length: block.columnCount }, (_, c) => model.cell(target, block.row + r, block.column + c)?.value ?? ''),
    );
    return matrix ? grid : grid[0][0];
  };

  async function compute(anchor: Anchor, call: PartCall): Promise<void> {
    const sheet = model.findSheet(anchor.sheetId);
    if (!sheet) return;
    const fn = registry.get(call.id);
    let grid: unknown[][];
    if (!fn) {
      grid = [[new WorkbenchFunctionError(ERROR_CODES.invalidName, `PART.${call.id} is not a PartSpec function.`)]];
    } else {
      const meta = (await options.metadata()).find((m) => m.id.toUpperCase() === call.id);
      try {
        const refs: Anchor['refs'] = [];
        const args = call.args.map((arg, i) => argumentValue(arg, sheet, meta?.parameters[i]?.dimensionality === 'matrix', refs));
        anchor.refs = refs;
        grid = toGrid(await fn(...args));
      } catch (error) {
        grid = [[error instanceof Error ? error : new WorkbenchFunctionError(ERROR_CODES.invalidValue, String(error))]];
      }
    }
    const current = anchors.get(keyOf(anchor.sheetId, anchor.row, anchor.column));
    const cell = model.cell(sheet, anchor.row, anchor.column);
    if (current !== anchor || cell?.formula !== anchor.formula || !model.findSheet(anchor.sheetId)) return;
    clearSpill(anchor);
    const blocked = grid.some((row, r) =>
      row.some((_, c) => {
        if (r === 0 && c === 0) return false;
        const other = model.cell(sheet, anchor.row + r, anchor.column + c);
        return !!other && (other.value !== '' || other.formula !== undefined);
      }),
    );
    if (blocked) {
      put(sheet, anchor.row, anchor.column, { value: '#SPILL!', error: { code: '#SPILL!', message: 'The spill range is not empty: clear the cells below and to the right.' } });
      return;
    }
    grid.forEach((row, r) =>
      row.forEach((value, c) => {
        put(sheet, anchor.row + r, anchor.column + c, toCell(value));
        if (r === 0 && c === 0) return;
        const key = keyOf(sheet.id, anchor.row + r, anchor.column + c);
        anchor.spill.push(key);
        spilledBy.set(key, keyOf(anchor.sheetId, anchor.row, anchor.column));
      }),
    );
  }

  function start(sheet: SheetModel, row: number, column: number, formula: string): Scalar {
    const key = keyOf(sheet.id, row, column);
    const previous = anchors.get(key);
    if (previous) clearSpill(previous);
    const parsed = parsePartFormula(formula);
    if (!parsed.ok) {
      anchors.delete(key);
      errors.set(key, { code: ERROR_CODES.invalidName, message: parsed.message });
      return ERROR_CODES.invalidName;
    }
    const anchor: Anchor = { sheetId: sheet.id, row, column, formula, refs: [], spill: [], generation: (previous?.generation ?? 0) + 1 };
    anchors.set(key, anchor);
    errors.delete(key);
    running++;
    // After the current write has landed: the function reads the cells as they are then.
    setTimeout(() => {
      compute(anchor, parsed.call)
        .catch((error: unknown) => put(sheet, row, column, toCell(error)))
        .finally(() => {
          settle();
          double.notify();
        });
    }, 0);
    return '#BUSY!';
  }

  const rerun = (anchor: Anchor): void => {
    const sheet = model.findSheet(anchor.sheetId);
    const cell = sheet && model.cell(sheet, anchor.row, anchor.column);
    if (!sheet || cell?.formula !== anchor.formula) return;
    cell.value = start(sheet, anchor.row, anchor.column, anchor.formula);
  };

  return {
    evaluate(formula, at) {
      const sheet = model.sheet(at.sheet);
      // A write over a spilled cell takes it out of its spill.
      spilledBy.delete(keyOf(sheet.id, at.row, at.column));
      return start(sheet, at.row, at.column, formula);
    },
    errorAt(sheetName, address) {
      const sheet = model.findSheet(sheetName);
      if (!sheet) return undefined;
      const { block } = parseRef(address);
      return errors.get(keyOf(sheet.id, block.row, block.column));
    },
    isSpilled: (sheetName, row, column) => {
      const sheet = model.findSheet(sheetName);
      return !!sheet && spilledBy.has(keyOf(sheet.id, row, column));
    },
    recalculate() {
      [...anchors.values()].forEach(rerun);
      double.notify();
    },
    recalculateDependents(sheetName, row, column) {
      const sheet = model.findSheet(sheetName);
      if (!sheet) return;
      const hits = [...anchors.values()].filter((a) => a.refs.some((ref) => ref.sheetId === sheet.id && inside(ref.block, row, column)));
      hits.forEach(rerun);
      if (hits.length > 0) double.notify();
    },
    idle: () => (running === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
    pending: () => running,
  };
}

