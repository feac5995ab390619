import type { Client, LookupOutcome } from '../../api/client';
import { readValue } from '../../api/product';
import type { DisplayUnit } from '../../api/units';
import type { FieldDef, Lang } from '../../api/vocabulary';
import { cellKindOf, type CellValue } from '../../core/cells/cell-values';
import { rowRisk } from '../../core/cells/risk';
import { alternativeItemsOf } from '../../core/cells/several-products';
import {
  cellText,
  checkFieldApplies,
  readNameList,
  readRange,
  resolveFieldArgument,
  resolveLangArgument,
  resolveUnitArgument,
  type RangeArgument,
} from './arguments';
import { buildEntityCard } from './entity';
import { ArgumentProblem } from './errors';
import { NUMBER_FORMATS } from '../../core/cells/columns';
import { fromExcelSerial } from '../../core/dates';
import { findMeantParts } from '../../core/enrich/misread-part-numbers';
import { buildGrid, finishGrid, planGrid, type CellResult } from './grid';
import { agreeAcrossVariants, fieldValueOf, productsOf, singleProductOf } from './product-values';
import type { FunctionsRuntime } from './runtime';

/**
 * The PART functions that start from part numbers: SPEC, LIST, RISK and CARD. Each evaluates its
 * arguments, asks the client once for all its part numbers (the client merges these calls with
 * every other cell's within its batch window) and builds the cells.
 */

/** The outcome of each distinct non-blank input, from one lookup call. */
async function lookupInputs(client: Client, inputs: readonly string[], lang: Lang): Promise<Map<string, LookupOutcome>> {
  const unique = [...new Set(inputs.filter((p) => p !== ''))];
  if (unique.length === 0) return new Map();
  return client.lookup(unique, { lang });
}

/** One column of a SPEC grid: its field and unit, blank, or the problem that fills the column. */
type SpecColumn = { kind: 'field'; field: FieldDef; unit?: DisplayUnit } | { kind: 'blank' } | { kind: 'problem'; problem: ArgumentProblem };

/**
 * The unit of each field column. Several units pair with the fields one to one (blank = SI). One
 * unit for several fields applies to those it measures and leaves the others alone, so
 * `=PART.SPEC(A2:A9, B1:E1, "nF")` shows capacitances in nF beside the status; it must fit one.
 */
function unitsPerField(unit: unknown, fields: (FieldDef | undefined)[]): unknown[] {
  const units = readNameList(unit).cells;
  if (units.length > 1 && units.length !== fields.length) {
    throw new ArgumentProblem('#VALUE!', `Give one unit, or one unit per field (${fields.length}), not ${units.length}`);
  }
  if (units.length > 1) return units;
  const [only] = units;
  if (fields.length === 1 || cellText(only) === '') return fields.map(() => only);
  const known = fields.filter((f): f is FieldDef => f !== undefined);
  const fitting = known.map((f) => {
    try {
      return resolveUnitArgument(f, only) !== undefined;
    } catch {
      return false;
    }
  });
  if (known.length > 0 && !fitting.some(Boolean)) resolveUnitArgument(known.find((f) => f.unit) ?? known[0], only);
  return fields.map((f) => (f && fitting[known.indexOf(f)] ? only : undefined));
}

function resolveColumns(fields: RangeArgument, unit: unknown): SpecColumn[] {
  const resolved = fields.cells.map((cell): FieldDef | ArgumentProblem | undefined => {
    if (cellText(cell) === '') return undefined;
    try {
      return resolveFieldArgument(cell);
    } catch (error) {
      if (error instanceof ArgumentProblem) return error;
      throw error;
    }
  });
  const units = unitsPerField(unit, resolved.map((r) => (r instanceof ArgumentProblem ? undefined : r)));
  return resolved.map((r, i): SpecColumn => {
    if (r === undefined) return { kind: 'blank' };
    if (r instanceof ArgumentProblem) return { kind: 'problem', problem: r };
    try {
      return { kind: 'field', field: r, unit: resolveUnitArgument(r, units[i]) };
    } catch (error) {
      if (error instanceof ArgumentProblem) return { kind: 'problem', problem: error };
      throw error;
    }
  });
}

export interface SpecArguments {
  partno: unknown;
  field: unknown;
  unit?: unknown;
  lang?: unknown;
}

/**
 * A date as PART.SPEC shows it: a number formatted as a date where the host takes formatted
 * numbers (it stays a date for arithmetic and sorting), else ISO text; never a bare serial (46505).
 */
function shownDate(serial: number, runtime: FunctionsRuntime): CellValue | Excel.FormattedNumberCellValue {
  if (runtime.supportsEntities()) return { type: 'FormattedNumber', basicValue: serial, numberFormat: NUMBER_FORMATS.date } as Excel.FormattedNumberCellValue;
  return fromExcelSerial(serial).toISOString().slice(0, 10);
}

/** The `#N/A` of a part not found, with the part it most likely is (one misread character: O for 0). */
function withMeantPart(error: unknown, input: string, meant: ReadonlyMap<string, string>): unknown {
  const likely = meant.get(input);
  if (!likely || !(error instanceof ArgumentProblem) || error.code !== '#N/A' || !error.message.startsWith('Part not found')) return error;
  return new ArgumentProblem('#N/A', `${error.message} — did you mean ${likely}?`);
}

/** PART.SPEC: a grid of field values (see planGrid for its shape); a one-cell grid's error is thrown. */
export async function evaluateSpec(runtime: FunctionsRuntime, args: SpecArguments): Promise<(CellValue | Excel.FormattedNumberCellValue)[][]> {
  const parts = readRange(args.partno);
  const fields = readNameList(args.field);
  if (parts.cells.length === 0) throw new ArgumentProblem('#VALUE!', 'No part number given');
  if (fields.cells.length === 0) throw new ArgumentProblem('#VALUE!', 'No field given — type a field name such as Capacitance, or see =PART.FIELDS()');
  const columns = resolveColumns(fields, args.unit);
  const inputs = parts.cells.map(cellText);
  const plan = planGrid(parts, fields);
  let outcomes = new Map<string, LookupOutcome>();
  let meant: ReadonlyMap<string, string> = new Map();
  if (columns.some((c) => c.kind === 'field') && inputs.some((p) => p !== '')) {
    const { client, lang } = await runtime.session();
    const language = resolveLangArgument(args.lang, lang);
    outcomes = await lookupInputs(client, inputs, language);
    const notFound = [...outcomes].filter(([, o]) => o.status === 'notFound').map(([input]) => input);
    if (notFound.length > 0) meant = await findMeantParts(notFound, (variants) => client.lookup(variants, { lang: language }));
  }
  const grid = buildGrid(plan, (p, f): CellResult => {
    const column = columns[f];
    if (column.kind === 'problem') throw column.problem;
    const input = inputs[p];
    if (column.kind === 'blank' || input === '') return '';
    try {
      return fieldValueOf(input, outcomes.get(input), column.field, column.unit);
    } catch (error) {
      throw withMeantPart(error, input, meant);
    }
  });
  const isDate = (r: number, c: number): boolean => {
    const column = columns[plan.at(r, c).field];
    return column.kind === 'field' && cellKindOf(column.field) === 'date';
  };
  return finishGrid(grid).map((row, r) => row.map((cell, c) => (typeof cell === 'number' && isDate(r, c) ? shownDate(cell, runtime) : cell)));
}

/** The items of a list field for one product: List[String] as is, comma-separated text split. */
function listItems(value: unknown, field: FieldDef): string[] {
  const items = Array.isArray(value) ? value.map(String) : value === undefined ? [] : field.commaSeparated ? String(value).split(',') : [String(value)];
  return items.map((s) => s.trim()).filter((s) => s !== '');
}

/** PART.LIST: the items of a list field, one per row. */
export async function evaluateList(runtime: FunctionsRuntime, args: { partno: unknown; field: unknown; lang?: unknown }): Promise<string[][]> {
  const parts = readRange(args.partno);
  if (parts.cells.length > 1) throw new ArgumentProblem('#VALUE!', 'PART.LIST takes one part number; use PART.SPEC for a range of parts');
  const input = cellText(parts.cells[0]);
  if (input === '') throw new ArgumentProblem('#VALUE!', 'No part number given');
  const field = resolveFieldArgument(args.field);
  if (cellKindOf(field) !== 'list') {
    throw new ArgumentProblem('#VALUE!', `Field '${field.name}' is not a list — use PART.SPEC for it`);
  }
  const { client, lang } = await runtime.session();
  const outcomes = await lookupInputs(client, [input], resolveLangArgument(args.lang, lang));
  const outcome = outcomes.get(input);
  const products = productsOf(input, outcome);
  if (field.key === 'AlternativePartno') {
    // The several-products rule: every variant's alternatives together, as the enrichment's Alternatives column.
    for (const product of products) checkFieldApplies(field, product.group);
    const alternatives = alternativeItemsOf(outcome);
    if (!alternatives.ok) throw new ArgumentProblem('#N/A', `No ${field.name} for ${input}`);
    return alternatives.value.map((item) => [item]);
  }
  const items = agreeAcrossVariants(products, field.name, (product) => {
    checkFieldApplies(field, product.group);
    return JSON.stringify(listItems(readValue(product, field.key), field));
  });
  const list = JSON.parse(items) as string[];
  if (list.length === 0) throw new ArgumentProblem('#N/A', `No ${field.name} for ${input}`);
  return list.map((item) => [item]);
}

/** PART.RISK: the lifecycle risk level of each part, in the shape of the part range. */
export async function evaluateRisk(runtime: FunctionsRuntime, args: { partno: unknown }): Promise<string[][]> {
  const parts = readRange(args.partno);
  if (parts.cells.length === 0) throw new ArgumentProblem('#VALUE!', 'No part number given');
  const inputs = parts.cells.map(cellText);
  let outcomes = new Map<string, LookupOutcome>();
  if (inputs.some((p) => p !== '')) {
    const { client, lang } = await runtime.session();
    outcomes = await lookupInputs(client, inputs, lang);
  }
  const today = runtime.today();
  const grid = buildGrid(planGrid(parts, { cells: [''], rows: 1, columns: 1 }), (p): CellResult => {
    const input = inputs[p];
    if (input === '') return '';
    const outcome = outcomes.get(input);
    const products = productsOf(input, outcome);
    const risk = rowRisk(outcome, today);
    if (!risk.ok) throw new ArgumentProblem('#N/A', `Ambiguous: ${products.length} package variants differ in lifecycle risk — use the full part number`);
    return risk.value.level;
  });
  return finishGrid(grid) as string[][];
}

/** PART.CARD: an entity card for the part where the host shows them, else its part number. */
export async function evaluateCard(runtime: FunctionsRuntime, args: { partno: unknown }): Promise<Excel.EntityCellValue | string> {
  const parts = readRange(args.partno);
  if (parts.cells.length > 1) throw new ArgumentProblem('#VALUE!', 'PART.CARD takes one part number');
  const input = cellText(parts.cells[0]);
  if (input === '') throw new ArgumentProblem('#VALUE!', 'No part number given');
  const { client, lang } = await runtime.session();
  const outcomes = await lookupInputs(client, [input], lang);
  const product = singleProductOf(input, outcomes.get(input));
  if (!runtime.supportsEntities()) return product.partno;
  return buildEntityCard(product, runtime.today(), lang);
}
