import { parseDisplayUnit, type DisplayUnit } from '../../api/units';
import {
  CATEGORY_IDS,
  GROUP_LABELS,
  LANGS,
  isLang,
  resolveField,
  type CategoryId,
  type FieldDef,
  type Group,
  type Lang,
} from '../../api/vocabulary';
import { ArgumentProblem } from './errors';

/**
 * Reading what a user typed into a PART function: field names, units, languages, categories and
 * ranges. Pure: every problem is thrown as an ArgumentProblem with the sentence the cell shows.
 */

/** A cell of a range argument as Excel passes it (empty cells arrive as "" or null). */
export type ArgumentCell = unknown;

/** True for an empty argument or empty cell. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The text of a cell: numbers and Booleans as Excel would show them, text trimmed. */
export function cellText(value: unknown): string {
  if (isBlank(value)) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return dataTypeText(value);
}

/**
 * The text of a data type passed as an argument. With `allowCustomDataForDataTypeAny` (which the
 * metadata sets for PART.CARD's sake), Excel with CustomFunctionsRuntime 1.4 passes a cell holding
 * a card (`=PART.SPEC(A2, "Status")` over `=PART.CARD(…)`) as the card itself: its text is the
 * part number, its basic value the number or string it stands for.
 */
function dataTypeText(value: unknown): string {
  if (!value || typeof value !== 'object' || !('type' in value)) return '';
  const { text, basicValue } = value as { text?: unknown; basicValue?: unknown };
  if (typeof text === 'string') return text.trim();
  if (typeof basicValue === 'string') return basicValue.trim();
  if (typeof basicValue === 'number' || typeof basicValue === 'boolean') return String(basicValue);
  return '';
}

/** The cells of a scalar or range argument, row by row, and the range's shape. */
export interface RangeArgument {
  cells: ArgumentCell[];
  rows: number;
  columns: number;
}

/** Reads a scalar or a range (`any[][]`) argument; an omitted argument has no cells. */
export function readRange(value: unknown): RangeArgument {
  if (Array.isArray(value)) {
    const rows = value.map((row) => (Array.isArray(row) ? row : [row]));
    const columns = rows.reduce((max, row) => Math.max(max, row.length), 0);
    return { cells: rows.flatMap((row) => [...row, ...Array(columns - row.length).fill('')]), rows: rows.length, columns };
  }
  if (value === undefined || value === null) return { cells: [], rows: 0, columns: 0 };
  return { cells: [value], rows: 1, columns: 1 };
}

/** Separators of several names in one text: `"Partno,Inductance"`, `"Partno; Status"`. */
const LIST_SEPARATORS = /[,;]/;

/** The names in one cell's text: split at commas (or semicolons), trimmed, blanks dropped. */
function splitNameList(value: unknown): string[] {
  return cellText(value).split(LIST_SEPARATORS).map((s) => s.trim()).filter((s) => s !== '');
}

/**
 * A list argument (fields, units) where one text may hold several comma-separated names: a cell,
 * row or column holding such a text is read as one row of the names (`"Partno,Inductance"` is two
 * fields), so it pairs with a part range the way a row of field cells does. A 2-D range keeps its shape.
 */
export function readNameList(value: unknown): RangeArgument {
  const range = readRange(value);
  const split = range.cells.map(splitNameList);
  if (!split.some((names) => names.length > 1) || (range.rows > 1 && range.columns > 1)) return range;
  const cells = range.cells.flatMap((c, i) => (split[i].length > 1 ? split[i] : [c]));
  return { cells, rows: 1, columns: cells.length };
}

/**
 * A field name as a user types it (`Capacitance`, `rohs`, `ComplianceInfo.Rohs`,
 * `MediaFileUrls.SpecificationsSheet`); throws `#VALUE!` "Unknown field 'Capacitence' — did you
 * mean 'Capacitance'?".
 */
export function resolveFieldArgument(value: unknown): FieldDef {
  const text = cellText(value);
  if (text === '') throw new ArgumentProblem('#VALUE!', 'No field given — type a field name such as Capacitance, or see =PART.FIELDS()');
  const resolution = resolveField(text);
  if (resolution.field) return resolution.field;
  const hint = resolution.suggestion ? ` — did you mean '${resolution.suggestion}'?` : ' — see =PART.FIELDS() for the field names';
  throw new ArgumentProblem('#VALUE!', `Unknown field '${text}'${hint}`);
}

/** Symbol of a field's SI unit as shown in messages: `Capacitance (F)`. */
function describeFieldUnit(field: FieldDef): string {
  return field.unit ? `${field.name} (${field.unit})` : field.name;
}

/**
 * The display unit for a field (`pF`, `uF`, `µF`, `nH`, `mm`, `mOhm`, `mΩ`, `MHz`, `mA`…), or
 * undefined for SI. Throws `#VALUE!` "Unit 'nH' does not fit Capacitance (F)".
 */
export function resolveUnitArgument(field: FieldDef, value: unknown): DisplayUnit | undefined {
  const text = cellText(value);
  if (text === '') return undefined;
  const unit = parseDisplayUnit(text);
  if (!unit) throw new ArgumentProblem('#VALUE!', `Unknown unit '${text}' — use for example pF, nF, µF, nH, µH, mm, mΩ, MHz or mA`);
  if (!field.unit) throw new ArgumentProblem('#VALUE!', `Field '${field.name}' has no unit — leave the unit empty`);
  if (unit.unit !== field.unit) throw new ArgumentProblem('#VALUE!', `Unit '${text}' does not fit ${describeFieldUnit(field)}`);
  return unit;
}

/** Throws `#N/A` "Field 'Inductance' does not apply to ceramic capacitors (SMD)" when the group lacks the field. */
export function checkFieldApplies(field: FieldDef, group: Group): void {
  checkFieldAppliesToAny(field, [group]);
}

/** Throws `#N/A` "Field 'Inductance' does not apply to ceramic capacitors (SMD)" when none of the groups has the field. */
export function checkFieldAppliesToAny(field: FieldDef, groups: readonly Group[]): void {
  if (!field.groups.some((g) => groups.includes(g))) {
    throw new ArgumentProblem('#N/A', `Field '${field.name}' does not apply to ${groups.map((g) => GROUP_LABELS[g].en).join(' or ')}`);
  }
}

/** The data language: the argument, else the default from Settings. Throws `#VALUE!` for an unknown one. */
export function resolveLangArgument(value: unknown, fallback: Lang): Lang {
  const text = cellText(value).toLowerCase();
  if (text === '') return fallback;
  if (isLang(text)) return text;
  throw new ArgumentProblem('#VALUE!', `Unknown language '${cellText(value)}' — use ${LANGS.join(', ')}`);
}

/** A category ID, case-insensitive; `allowed` narrows the accepted ones (URL acquisition takes three). */
export function resolveCategoryArgument(value: unknown, allowed: readonly CategoryId[] = CATEGORY_IDS): CategoryId {
  const text = cellText(value);
  const found = allowed.find((id) => id.toLowerCase() === text.toLowerCase());
  if (found) return found;
  const known = CATEGORY_IDS.find((id) => id.toLowerCase() === text.toLowerCase());
  const list = `${allowed.slice(0, -1).join(', ')} or ${allowed[allowed.length - 1]}`;
  if (known) throw new ArgumentProblem('#VALUE!', `Category '${known}' cannot be used here — use ${list}`);
  if (text === '') throw new ArgumentProblem('#VALUE!', `No category given — use ${list}`);
  throw new ArgumentProblem('#VALUE!', `Unknown category '${text}' — use ${list}`);
}

/** A whole number argument within bounds, or the default when omitted. */
export function resolveCountArgument(value: unknown, name: string, fallback: number, max: number): number {
  if (isBlank(value)) return fallback;
  const n = typeof value === 'number' ? value : Number(cellText(value));
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new ArgumentProblem('#VALUE!', `${name} must be a whole number from 1 to ${max}, not '${cellText(value)}'`);
  }
  return n;
}
