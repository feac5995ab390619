import { DEFAULT_LANG, FIELD_NAMES_FOR_HINTS, columnUnitOf, datasheetUnitsOf, fieldLabel, resolveField, type FieldDef, type Lang } from '../../api/vocabulary';
import { parseDisplayUnit, type DisplayUnit } from '../../api/units';
import { ValidationError } from '../../api/errors/validation-error';
import { cellKindOf, resolveDisplayUnit, type CellKind } from './cell-values';
import { foldCase } from '../fold';

/**
 * A field the user chose, by any name resolveField accepts, with an optional unit (`nF`). Without
 * a unit a numeric field is written in its column unit (capacitance in nF, see COLUMN_UNITS); with
 * one, in that unit (`F` keeps SI). Either way every cell is a plain number in the unit its header names.
 */
export type FieldChoice = string | { field: string; unit?: string };

/** Prefix of every column PartSpec adds to a user's sheet; re-runs find their columns by it. */
export const PARTSPEC_HEADER_PREFIX = 'PartSpec: ';

/**
 * Columns of an enrichment that are not product fields, headed in the run's language after the
 * `PartSpec: ` prefix. A re-run in any language finds the columns any language wrote (parsePartSpecHeader).
 */
const SPECIAL_COLUMNS = {
  en: {
    match: 'Match',
    risk: 'Risk',
    alternatives: 'Alternatives',
    /** What changed since the last enrichment; written only when PartSpec columns are overwritten. */
    changes: 'Changes',
    /** For a row at Risk or EOL: the best drop-in replacement and how many more. */
    replacement: 'Replacement',
    /** The part a row had before a replacement was written into it (kept as a note, never overwritten). */
    replaced: 'Replaced part',
    /** For a row with no maker part number or another maker's: the maker's best candidate and why (core/find). */
    suggested: 'Suggested',
    /** The team's BOM rules' verdict on the row: its worst level and each check that fired (core/rules). */
    checks: 'Checks',
  },
  ja: { match: '一致', risk: 'リスク', alternatives: '代替品', changes: '変更内容', replacement: '置換候補', replaced: '置換前の品番', suggested: '提案品', checks: 'チェック' },
  zh: { match: '匹配', risk: '风险', alternatives: '替代品', changes: '变化', replacement: '替换件', replaced: '替换前的型号', suggested: '推荐型号', checks: '检查' },
} as const satisfies Record<Lang, Record<string, string>>;
export type SpecialColumn = keyof (typeof SPECIAL_COLUMNS)['en'];

/** A special column's header in `lang`, the prefix included: `PartSpec: Match`, `PartSpec: 一致`. */
export function specialHeader(special: SpecialColumn, lang: Lang = DEFAULT_LANG): string {
  return `${PARTSPEC_HEADER_PREFIX}${SPECIAL_COLUMNS[lang][special]}`;
}

/** Number formats PartSpec writes. Text is `@`, so a value starting with `=` stays text. */
export const NUMBER_FORMATS = {
  text: '@',
  general: 'General',
  integer: '0',
  date: 'yyyy-mm-dd',
} as const;

/** A column's datasheet view: the ladder of its cells' formats and its header without a unit. */
export interface DatasheetView {
  /** Units of the ladder, smallest (the stored unit) first. */
  ladder: readonly string[];
  /** The header a workbook shows: the field's name and no unit (`PartSpec: Capacitance`). */
  header: string;
}

/** One output column. */
export interface ColumnSpec {
  /** The field key (`Specs.Capacitance`) or a special column's name (`match`, `risk`, `alternatives`). */
  id: string;
  header: string;
  kind: CellKind;
  field?: FieldDef;
  special?: SpecialColumn;
  /** The unit every number of the column is in, the one its header names; absent means SI or no unit. */
  unit?: DisplayUnit;
  /** Number format of the column's cells. */
  numberFormat: string;
  /**
   * For a numeric field whose unit was not chosen: how a workbook shows the column, each cell in
   * its own unit (100 pF, 4.7 nF, 10 µF) under a header naming none (core/cells/datasheet.ts).
   * CSV and text show `header` and the cells in `unit`.
   */
  datasheet?: DatasheetView;
}

/** A field resolved from what a user typed, with its checked unit. */
export interface ResolvedChoice {
  field: FieldDef;
  unit?: DisplayUnit;
  /** True when no unit was chosen for a numeric field: a workbook shows its cells in their datasheet units. */
  datasheet?: boolean;
}

/**
 * The one rule for a numeric column's unit: the unit asked for, else the field's column unit
 * (COLUMN_UNITS). Every cell of the column is a number in that unit, and its header names it.
 */
export function resolveFieldUnit(field: FieldDef, unitText?: string): { unit?: DisplayUnit; datasheet?: boolean } {
  const asked = resolveDisplayUnit(field, unitText);
  if (asked) return { unit: asked };
  const columnUnit = columnUnitOf(field);
  if (!columnUnit || cellKindOf(field) !== 'number') return {};
  return { unit: parseDisplayUnit(columnUnit), datasheet: true };
}

/** The datasheet view of a field column whose unit was not chosen: its ladder, and its header without a unit. */
function datasheetViewOf(field: FieldDef, datasheet: boolean | undefined, prefix: string, lang: Lang): { datasheet?: DatasheetView } {
  const ladder = datasheet ? datasheetUnitsOf(field) : undefined;
  return ladder ? { datasheet: { ladder, header: `${prefix}${fieldLabel(field, lang)}` } } : {};
}

/** Most field names a hint lists for a word several fields contain. */
const HINTED_FIELDS = 4;

/**
 * The hint after an unknown field: the likely typo (`Capacitence`), else the fields whose names
 * contain the word (`Tolerance`: ToleranceCapacitance, InductanceTolerance), and where all are listed.
 */
function fieldHint(name: string, suggestion: string | undefined): string {
  const word = name.trim().split('.').pop()?.toLowerCase().replace(/[\s_-]/g, '') ?? '';
  const containing = word.length >= 3 ? FIELD_NAMES_FOR_HINTS.filter((f) => f.toLowerCase().includes(word) && !f.endsWith('Text')) : [];
  const names = suggestion ? [suggestion] : containing.slice(0, HINTED_FIELDS);
  const meant = names.length > 0 ? ` Did you mean ${names.map((n) => `'${n}'`).join(names.length === 2 ? ' or ' : ', ')}?` : '';
  return `${meant} 'partspec fields' lists every field.`;
}

/** Resolves field choices; throws ValidationError naming the first unknown field or bad unit. Duplicates are dropped. */
export function resolveChoices(choices: readonly FieldChoice[]): ResolvedChoice[] {
  const out: ResolvedChoice[] = [];
  for (const choice of choices) {
    const name = typeof choice === 'string' ? choice : choice.field;
    const unitText = typeof choice === 'string' ? undefined : choice.unit;
    const resolution = resolveField(name);
    if (!resolution.field) throw new ValidationError('unknownField', `Unknown field '${name}'.${fieldHint(name, resolution.suggestion)}`, { token: name });
    if (out.some((c) => c.field.key === resolution.field.key)) continue;
    out.push({ field: resolution.field, ...resolveFieldUnit(resolution.field, unitText) });
  }
  return out;
}

/** The number format of a field's column. */
function numberFormatOf(field: FieldDef): string {
  const kind = cellKindOf(field);
  if (kind === 'date') return NUMBER_FORMATS.date;
  if (kind === 'number') return field.type === 'Integer' ? NUMBER_FORMATS.integer : NUMBER_FORMATS.general;
  if (kind === 'boolean') return NUMBER_FORMATS.general;
  return NUMBER_FORMATS.text;
}

/**
 * Header of a field column: the field's display name in `lang` and the unit of its cells
 * (`Rated voltage (V)`, `Capacitance (nF)`, `定格電圧 (V)`, `Status`); with `prefix`,
 * `PartSpec: Capacitance (nF)`. The API's name stays in `--fields`, JSON keys and tooltips.
 */
export function headerOf(field: FieldDef, unit?: DisplayUnit, prefix = '', lang: Lang = DEFAULT_LANG): string {
  const unitLabel = unit?.label ?? field.unit;
  return `${prefix}${fieldLabel(field, lang)}${unitLabel ? ` (${unitLabel})` : ''}`;
}

/**
 * The name of a field column in JSON: the API's identifier with the unit of the values
 * (`Capacitance (nF)`, `Partno`), the same in every language, for scripts that read it.
 */
export function jsonKeyOf(column: Pick<ColumnSpec, 'field' | 'unit' | 'header'>): string {
  if (!column.field) return column.header;
  const unitLabel = column.unit?.label ?? column.field.unit;
  return `${column.field.name}${unitLabel ? ` (${unitLabel})` : ''}`;
}

/** Columns of an imported table, headed in `lang`: the part number first, then the chosen fields in order. */
export function buildImportColumns(choices: readonly FieldChoice[], lang: Lang = DEFAULT_LANG): ColumnSpec[] {
  const resolved = resolveChoices(choices);
  if (!resolved.some((c) => c.field.key === 'Partno')) resolved.unshift(...resolveChoices(['Partno']));
  return resolved.map(({ field, unit, datasheet }) => ({
    id: field.key,
    header: headerOf(field, unit, '', lang),
    kind: cellKindOf(field),
    field,
    unit,
    numberFormat: numberFormatOf(field),
    ...datasheetViewOf(field, datasheet, '', lang),
  }));
}

/** A field column of an enrichment, headed in `lang`: `PartSpec: Capacitance (nF)`. */
export function enrichmentFieldColumn({ field, unit, datasheet }: ResolvedChoice, lang: Lang = DEFAULT_LANG): ColumnSpec {
  return {
    id: field.key,
    header: headerOf(field, unit, PARTSPEC_HEADER_PREFIX, lang),
    kind: cellKindOf(field),
    field,
    unit,
    numberFormat: numberFormatOf(field),
    ...datasheetViewOf(field, datasheet, PARTSPEC_HEADER_PREFIX, lang),
  };
}

/** A special column of an enrichment, headed in `lang`: `PartSpec: Match`, `PartSpec: 一致`. */
export function specialColumn(special: SpecialColumn, lang: Lang = DEFAULT_LANG): ColumnSpec {
  return { id: special, header: specialHeader(special, lang), kind: special === 'alternatives' ? 'list' : 'text', special, numberFormat: NUMBER_FORMATS.text };
}

/** A PartSpec header read back: what it names and, for a second-source column's set, that column's header. */
export interface PartSpecHeader {
  /** The field key (`Specs.Capacitance`) or special column (`match`, `risk`, …). */
  id: string;
  /** The part-number column the set belongs to (`MPN2` in `PartSpec (MPN2): Match`); absent for the first column's set. */
  source?: string;
}

/** Every language's name of each special column, folded, with the column it names. */
const SPECIAL_BY_NAME: ReadonlyMap<string, SpecialColumn> = new Map(
  Object.values(SPECIAL_COLUMNS).flatMap((names) => (Object.entries(names) as [SpecialColumn, string][]).map(([special, name]): [string, SpecialColumn] => [foldCase(name), special])),
);

/**
 * Reads a header PartSpec wrote, in any language: `PartSpec: Status`, `PartSpec: Capacitance (nF)`, or a
 * second-source set's `PartSpec (MPN2): Match`; undefined for any other header.
 */
export function parsePartSpecHeader(header: unknown): PartSpecHeader | undefined {
  if (typeof header !== 'string') return undefined;
  // The source is the shortest text up to '):', so a source with brackets of its own (MPN (alt)) survives.
  const m = /^\s*PartSpec\s*(?:\((.*?)\)\s*)?[:：]\s*(.+?)\s*(?:\(([^()]*)\))?\s*$/i.exec(header);
  if (!m) return undefined;
  const name = m[2].trim();
  const source = m[1]?.trim();
  const special = SPECIAL_BY_NAME.get(foldCase(name));
  const id = special ?? resolveField(name).field?.key;
  if (id === undefined) return undefined;
  return source ? { id, source } : { id };
}

/**
 * What a PartSpec header names: the field key or special column it belongs to, whatever unit it
 * was written with, or undefined for a header PartSpec did not write. Without `source` only the
 * first part-number column's headers (`PartSpec: …`) count; with it, only that second-source
 * column's (`PartSpec (MPN2): …`), compared without regard to case.
 */
export function identifyPartSpecHeader(header: unknown, source?: string): string | undefined {
  const parsed = parsePartSpecHeader(header);
  if (!parsed) return undefined;
  if (source === undefined) return parsed.source === undefined ? parsed.id : undefined;
  return parsed.source !== undefined && foldCase(parsed.source) === foldCase(source) ? parsed.id : undefined;
}

/**
 * The columns of an enrichment for a second-source column: the same columns, each header naming
 * the source (`PartSpec: Match` → `PartSpec (MPN2): Match`).
 */
export function withSource(columns: readonly ColumnSpec[], source: string): ColumnSpec[] {
  const named = (header: string): string => (header.startsWith(PARTSPEC_HEADER_PREFIX) ? `PartSpec (${source.trim()}): ${header.slice(PARTSPEC_HEADER_PREFIX.length)}` : header);
  return columns.map((c) => ({ ...c, header: named(c.header), ...(c.datasheet ? { datasheet: { ...c.datasheet, header: named(c.datasheet.header) } } : {}) }));
}
