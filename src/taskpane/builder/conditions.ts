import { isValidationError } from '../../../api/errors/validation-error';
import {
  NUMBER_OPERATORS,
  STRING_OPERATORS,
  categoryOf,
  formatFilter,
  parseFilter,
  validateFilter,
  type Condition,
  type Filter,
  type NumberOperator,
  type StringOperator,
} from '../../../api/filter';
import {
  VALUE_SEPARATOR,
  filterFieldsFor,
  getFilterField,
  listValuesOf,
  translateValue,
  type CategoryId,
  type FilterFieldDef,
  type Lang,
} from '../../../api/vocabulary';
import { numberToText, parseNumberText } from './quantity';

/** Every operator a condition row can hold. */
export type RowOperator = StringOperator | NumberOperator;

/**
 * One condition as the form edits it. What `text` and `values` hold depends on the field:
 * list fields keep the chosen allowed values in `values`; free-text fields keep what the user
 * typed in `text` (several values separated by `|`, as in the filter); numbers keep the typed
 * quantity (`100n`, `4.7 µF`) in `text`; Booleans keep `true` or `false` in `text`.
 */
export interface ConditionRow {
  id: string;
  /** Filter field name, or '' until one is chosen. */
  field: string;
  op: RowOperator;
  text: string;
  values: string[];
}

export interface BuilderContext {
  /** The chosen category, or undefined for none. */
  category?: CategoryId;
  /** The data language: list values are written in it. */
  lang: Lang;
}

/** What is wrong with a row, for the form to put into words. */
export type RowProblem =
  | { kind: 'chooseField' }
  | { kind: 'enterValue' }
  | { kind: 'badNumber'; detail: string }
  | { kind: 'invalid'; message: string };

let rowCounter = 0;

/** A fresh, unique row id (ids only key React lists; they carry no meaning). */
export function createRowId(): string {
  rowCounter += 1;
  return `row-${rowCounter}`;
}

/** An empty row: the user chooses the field first. */
export function createEmptyRow(): ConditionRow {
  return { id: createRowId(), field: '', op: 'eq', text: '', values: [] };
}

/** Filter fields a row may use with the category (the spec's applicability table). */
export function fieldChoices(category: CategoryId | undefined): FilterFieldDef[] {
  return filterFieldsFor(category);
}

/** Operators a field accepts: list fields exact match only, text eq/startswith/contains, numbers comparisons, Booleans eq. */
export function operatorsFor(field: FilterFieldDef | undefined): RowOperator[] {
  if (!field) return ['eq'];
  if (field.type === 'Double') return [...NUMBER_OPERATORS];
  if (field.type === 'Boolean' || listValuesOf(field)) return ['eq'];
  return [...STRING_OPERATORS];
}

/** The operator a new row on this field starts with. */
export function defaultOperator(field: FilterFieldDef | undefined): RowOperator {
  return field?.type === 'Double' ? 'ge' : 'eq';
}

/** How the value of a field is edited. */
export type ValueEditor = 'list' | 'text' | 'number' | 'boolean' | 'none';

export function valueEditorOf(field: FilterFieldDef | undefined): ValueEditor {
  if (!field) return 'none';
  if (field.type === 'Double') return 'number';
  if (field.type === 'Boolean') return 'boolean';
  return listValuesOf(field) ? 'list' : 'text';
}

/**
 * The row after the user picks another field: the operator stays when the new field accepts it,
 * the value stays when the way of editing it is the same.
 */
export function changeRowField(row: ConditionRow, fieldName: string): ConditionRow {
  const before = getFilterField(row.field);
  const after = getFilterField(fieldName);
  const op = operatorsFor(after).includes(row.op) && before?.type === after?.type ? row.op : defaultOperator(after);
  const editor = valueEditorOf(after);
  const sameEditor = editor === valueEditorOf(before) && editor !== 'list';
  return {
    ...row,
    field: fieldName,
    op,
    text: sameEditor ? row.text : editor === 'boolean' ? 'true' : '',
    values: [],
  };
}

/** The condition a row stands for, or what is missing or wrong. */
function rowToCondition(row: ConditionRow, context: BuilderContext): Condition | RowProblem {
  const field = getFilterField(row.field);
  if (!field) return { kind: 'chooseField' };
  let condition: Condition;
  switch (valueEditorOf(field)) {
    case 'list':
      if (row.values.length === 0) return { kind: 'enterValue' };
      condition = { type: 'string', field: field.name, op: row.op as StringOperator, values: [...row.values] };
      break;
    case 'text':
      if (row.text === '') return { kind: 'enterValue' };
      condition = { type: 'string', field: field.name, op: row.op as StringOperator, values: row.text.split(VALUE_SEPARATOR) };
      break;
    case 'number': {
      if (row.text.trim() === '') return { kind: 'enterValue' };
      const parsed = parseNumberText(row.text, field);
      if (!parsed.ok) return { kind: 'badNumber', detail: parsed.message };
      condition = { type: 'number', field: field.name, op: row.op as NumberOperator, value: parsed.value };
      break;
    }
    default:
      condition = { type: 'boolean', field: field.name, value: row.text !== 'false' };
  }
  const [problem] = validateFilter({ conditions: [condition] }, context);
  return problem ? { kind: 'invalid', message: problem.message } : condition;
}

function isRowProblem(value: Condition | RowProblem): value is RowProblem {
  return 'kind' in value;
}

/** The problem of a row, or undefined when it can be sent. */
export function validateRow(row: ConditionRow, context: BuilderContext): RowProblem | undefined {
  const result = rowToCondition(row, context);
  return isRowProblem(result) ? result : undefined;
}

/** The filter the complete, valid rows make (rows with a problem are left out), without the Category condition. */
export function rowsToFilter(rows: readonly ConditionRow[], context: BuilderContext): Filter {
  const conditions: Condition[] = [];
  for (const row of rows) {
    const result = rowToCondition(row, context);
    if (!isRowProblem(result)) conditions.push(result);
  }
  return { conditions };
}

/** The `$filter` text the rows make (the raw text box shows it). */
export function formatRows(rows: readonly ConditionRow[], context: BuilderContext): string {
  return formatFilter(rowsToFilter(rows, context));
}

/** Rows for the conditions of a filter (a Category condition is not a row: the category picker holds it). */
export function filterToRows(filter: Filter): ConditionRow[] {
  const rows: ConditionRow[] = [];
  for (const c of filter.conditions) {
    if (c.type === 'category') continue;
    const field = getFilterField(c.field);
    const base = { id: createRowId(), field: c.field };
    if (c.type === 'number') rows.push({ ...base, op: c.op, text: field ? numberToText(c.value, field) : String(c.value), values: [] });
    else if (c.type === 'boolean') rows.push({ ...base, op: 'eq', text: String(c.value), values: [] });
    else if (field && listValuesOf(field)) rows.push({ ...base, op: c.op, text: '', values: [...c.values] });
    else rows.push({ ...base, op: c.op, text: c.values.join(VALUE_SEPARATOR), values: [] });
  }
  return rows;
}

export type RawFilterResult =
  | { ok: true; rows: ConditionRow[]; category?: CategoryId }
  | { ok: false; message: string; position?: number };

/**
 * Turns `$filter` text typed by the user into rows. A Category condition in the text wins over
 * the picker (the picker follows it). When the text cannot become rows, the parser's sentence
 * says why and where.
 */
export function parseRawFilter(text: string, context: BuilderContext): RawFilterResult {
  const options = { category: context.category, lang: context.lang, syntax: 'user' as const };
  let filter: Filter;
  try {
    try {
      filter = parseFilter(text, options);
    } catch (error) {
      if (!(isValidationError(error) && error.code === 'conflictingCategory')) throw error;
      filter = parseFilter(text, { ...options, category: undefined });
    }
  } catch (error) {
    if (isValidationError(error)) return { ok: false, message: error.message, position: error.position };
    throw error;
  }
  return { ok: true, rows: filterToRows(filter), category: categoryOf(filter) };
}

/** Rewrites the list values of rows from one data language into another (values not in the table stay as they are). */
export function translateRows(rows: readonly ConditionRow[], from: Lang, to: Lang): ConditionRow[] {
  if (from === to) return [...rows];
  return rows.map((row) => {
    const field = getFilterField(row.field);
    const list = field && listValuesOf(field);
    return list ? { ...row, values: row.values.map((v) => translateValue(list, v, from, to)) } : row;
  });
}
