import { datasheetUnitsOf, findAllowedValue, type Lang, type ListFieldName } from '../../api/vocabulary';
import { parseDisplayUnit, roundNoise } from '../../api/units';
import { LIST_SEPARATOR, type CellValue } from '../cells/cell-values';
import { PARTSPEC_HEADER_PREFIX, type ColumnSpec } from '../cells/columns';
import { fromExcelSerial, parseCalendarDate, toExcelSerial } from '../dates';
import { isSyntheticText, readMatchText } from './match-words';
import { isNotUpdatedText } from './not-updated';
import { readRiskText } from '../cells/risk-levels';

/**
 * What changed since the last check: an enrichment that overwrites PartSpec columns compares each
 * cell it is about to write with the value already there, as values (numbers in SI whatever unit
 * either column shows, dates as days, lists as sets, list values in any language), and names
 * every change in one `PartSpec: Changes` cell per row.
 */

/** Shown for an empty cell in a change. */
const BLANK_MARK = '—';
/** Between the old and the new value. */
const CHANGE_ARROW = ' → ';
/** Between the changes of one row. */
const CHANGE_SEPARATOR = '; ';
/** After an old value PartSpec could not have written: the user typed it. */
const EDITED_MARKS: Readonly<Record<Lang, string>> = { en: ' (edited by hand)', ja: '（手入力）', zh: '（手工输入）' };
/** Fill of changed cells and of the Changes cell of a changed row (Excel's light orange accent). */
export const CHANGE_FILL = '#FCE4D6';
/** Values longer than this are cut in the Changes text (the cell itself holds the whole new value). */
const MAX_VALUE_CHARS = 80;

/** One changed cell of a row. */
export interface CellChange {
  /** Index into the enrichment's columns. */
  column: number;
  /** The column's name without `PartSpec: ` (`Status`, `Capacitance (nF)`). */
  label: string;
  before: string;
  after: string;
  /** True when the old value is not one PartSpec writes in that column: someone typed it. */
  edited: boolean;
}

/** The value already in one enrichment column, when the column existed before this run. */
export interface PreviousColumn {
  /** Its header as it was (its unit may differ from this run's). */
  header: unknown;
  /** One value per row, as read from the sheet or file (numbers, Dates, text, Booleans, blanks). */
  cells: readonly unknown[];
}

export interface ChangeInput {
  /** This run's columns, in the order of `rows`. */
  columns: readonly ColumnSpec[];
  /** Per column: what was there before, or undefined for a column this run adds. */
  previous: readonly (PreviousColumn | undefined)[];
  /** This run's cells, `rows[r][c]`. */
  rows: readonly (readonly CellValue[])[];
  /** Rows with no part number: never changed. */
  blank?: (row: number) => boolean;
  /** Language of the Changes text: list values (a status) in its words, and its hand-edit mark. @default 'en' */
  lang?: Lang;
}

export interface ChangeReport {
  /** The Changes cell of every row: `Status In Production → NRND; LastBuyDate — → 2027-03-31`, or ''. */
  texts: string[];
  /** The changes of every row. */
  changes: CellChange[][];
  /** Indexes of the rows with at least one change. */
  changedRows: number[];
  /** How many changed cells held a value typed by hand. */
  edits: number;
}

/** True for the columns whose changes are named: product fields, Match and Alternatives. Risk follows from the fields and the day. */
export function isComparedColumn(spec: ColumnSpec): boolean {
  return spec.field !== undefined || spec.special === 'match' || spec.special === 'alternatives';
}

type Normal = { blank: true } | { blank: false; key: string; show: string; edited: boolean };
const BLANK: Normal = { blank: true };

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** CSV output puts `'` before text starting with = + - @: read back, the value is the text after it. */
function plainText(value: unknown): string {
  const text = String(value).trim();
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** The unit factor (to SI) of a header such as `PartSpec: Capacitance (nF)`; 1 without a unit. */
function headerFactor(header: unknown, spec: ColumnSpec): number {
  if (typeof header !== 'string') return 1;
  const m = /\(([^()]*)\)\s*$/.exec(header);
  const unit = m ? parseDisplayUnit(m[1]) : undefined;
  if (unit) return unit.factor;
  // A numeric header naming no unit is a workbook's datasheet column: its cells are in the ladder's smallest unit (pF).
  const ladder = spec.field ? datasheetUnitsOf(spec.field) : undefined;
  return ladder ? (parseDisplayUnit(ladder[0])?.factor ?? 1) : 1;
}

function cut(text: string): string {
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/** `YYYY-MM-DD` of a date cell: an Excel serial, a Date (UTC midnight, as files give it) or date text. */
function dayOf(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  if (typeof value === 'number' && Number.isFinite(value) && value > 0 && value < 2958466) return fromExcelSerial(value).toISOString().slice(0, 10);
  if (typeof value === 'string') {
    const day = parseCalendarDate(value);
    return day ? fromExcelSerial(toExcelSerial(day)).toISOString().slice(0, 10) : undefined;
  }
  return undefined;
}

function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const t = value.trim().toLowerCase();
  return t === 'true' ? true : t === 'false' ? false : undefined;
}

/** A list value in its language-neutral (English) form, when the field has allowed values, and as `lang` shows it. */
function neutralItem(values: ListFieldName | undefined, item: string, lang: Lang): { text: string; show: string; known: boolean } {
  if (!values) return { text: item, show: item, known: true };
  const allowed = findAllowedValue(values, item);
  return allowed ? { text: allowed.en, show: allowed[lang], known: true } : { text: item, show: item, known: false };
}

/** True for text PartSpec writes in a Match cell (a status in any language, or why a row was not updated). */
function isMatchText(text: string): boolean {
  return readMatchText(text) !== undefined || isNotUpdatedText(text) || text.startsWith('Not enriched');
}

/**
 * The comparable key of a Match cell: what it means, so the same answer in another language, or a
 * Not found that now names the part it likely is, is no change; other text as written.
 */
function matchKey(text: string): string {
  const meaning = readMatchText(text);
  return meaning === undefined ? `t:${text}` : `m:${meaning}${isSyntheticText(text) ? ':synthetic' : ''}`;
}

/**
 * One cell as a comparable value: `key` equal means equal values; `show` is how the Changes text
 * writes it (in the unit of `factor`); `edited` when PartSpec could not have written it.
 */
function normalize(spec: ColumnSpec, value: unknown, fromFactor: number, toFactor: number, lang: Lang = 'en'): Normal {
  if (isBlank(value)) return BLANK;
  switch (spec.kind) {
    case 'number': {
      const n = numberOf(value);
      if (n === undefined) return { blank: false, key: `text:${plainText(value)}`, show: plainText(value), edited: true };
      const shown = roundNoise((n * fromFactor) / toFactor);
      // Twelve significant digits in SI: the same quantity written in pF or F compares equal.
      return { blank: false, key: `n:${roundNoise(n * fromFactor)}`, show: String(shown), edited: false };
    }
    case 'date': {
      const day = dayOf(value);
      return day ? { blank: false, key: `d:${day}`, show: day, edited: false } : { blank: false, key: `text:${plainText(value)}`, show: plainText(value), edited: true };
    }
    case 'boolean': {
      const b = booleanOf(value);
      return b === undefined ? { blank: false, key: `text:${plainText(value)}`, show: plainText(value), edited: true } : { blank: false, key: `b:${b}`, show: b ? 'TRUE' : 'FALSE', edited: false };
    }
    case 'list': {
      const items = plainText(value)
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .map((s) => neutralItem(spec.field?.values, s, lang));
      if (items.length === 0) return BLANK;
      const set = [...new Set(items.map((i) => i.text))].sort();
      return { blank: false, key: `l:${set.join('\u0000')}`, show: items.map((i) => i.show).join(LIST_SEPARATOR), edited: items.some((i) => !i.known) };
    }
    default: {
      const text = plainText(value);
      if (text === '') return BLANK;
      if (spec.special === 'match') return { blank: false, key: matchKey(text), show: text, edited: !isMatchText(text) };
      // A level in any language is the same level: a sheet enriched in English reads as one in Japanese.
      if (spec.special === 'risk') {
        const level = readRiskText(text);
        return { blank: false, key: level === undefined ? `t:${text}` : `r:${level}`, show: text, edited: level === undefined };
      }
      const item = neutralItem(spec.field?.values, text, lang);
      return { blank: false, key: `t:${item.text}`, show: item.show, edited: !item.known };
    }
  }
}

/** The text of a row's changes in `lang`: `Status In Production → NRND; LastBuyDate — → 2027-03-31`. */
export function describeChanges(changes: readonly CellChange[], lang: Lang = 'en'): string {
  return changes.map((c) => `${c.label} ${c.before}${c.edited ? EDITED_MARKS[lang] : ''}${CHANGE_ARROW}${c.after}`).join(CHANGE_SEPARATOR);
}

/** The name of a column in a change: its header without `PartSpec: `. */
function changeLabelOf(spec: ColumnSpec): string {
  return spec.header.startsWith(PARTSPEC_HEADER_PREFIX) ? spec.header.slice(PARTSPEC_HEADER_PREFIX.length) : spec.header;
}

/**
 * Compares what each compared column held with what this run writes, row by row. Columns this
 * run adds, and rows without a part number, have no changes; so a first enrichment has none.
 */
export function detectChanges(input: ChangeInput): ChangeReport {
  const { columns, previous, rows } = input;
  const plans = columns.map((spec, c) => {
    const before = previous[c];
    if (!before || !isComparedColumn(spec)) return undefined;
    return { spec, before, label: changeLabelOf(spec), fromFactor: spec.kind === 'number' ? headerFactor(before.header, spec) : 1, toFactor: spec.unit?.factor ?? 1 };
  });
  const texts: string[] = [];
  const changes: CellChange[][] = [];
  const changedRows: number[] = [];
  let edits = 0;
  rows.forEach((row, r) => {
    const found: CellChange[] = [];
    if (!input.blank?.(r)) {
      plans.forEach((plan, c) => {
        if (!plan) return;
        const old = normalize(plan.spec, plan.before.cells[r], plan.fromFactor, plan.toFactor, input.lang);
        const now = normalize(plan.spec, row[c], plan.toFactor, plan.toFactor, input.lang);
        if (old.blank && now.blank) return;
        if (!old.blank && !now.blank && old.key === now.key) return;
        const edited = !old.blank && old.edited;
        if (edited) edits++;
        found.push({ column: c, label: plan.label, before: old.blank ? BLANK_MARK : cut(old.show), after: now.blank ? BLANK_MARK : cut(now.show), edited });
      });
    }
    changes.push(found);
    texts.push(describeChanges(found, input.lang));
    if (found.length > 0) changedRows.push(r);
  });
  return { texts, changes, changedRows, edits };
}

/** Cells to fill as changed: per column index, runs of 0-based rows `[first, last]`. */
export type ChangeMarks = { column: number; runs: [number, number][] }[];

/** Runs of consecutive rows, so a block of changed rows is one range to fill. */
function runsOf(rows: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const row of rows) {
    const last = runs[runs.length - 1];
    if (last && row === last[1] + 1) last[1] = row;
    else runs.push([row, row]);
  }
  return runs;
}

/**
 * Where the changes are highlighted: every compared column and the Changes column (at
 * `changesColumn`), each with the runs of rows to fill; a column without changes gets no runs, so
 * its old highlight is cleared.
 */
export function changeMarks(report: ChangeReport, columns: readonly ColumnSpec[], changesColumn: number): ChangeMarks {
  const rowsOf = new Map<number, number[]>();
  report.changes.forEach((list, r) => {
    const cols = list.length > 0 ? [...list.map((x) => x.column), changesColumn] : [];
    for (const c of cols) rowsOf.set(c, [...(rowsOf.get(c) ?? []), r]);
  });
  return columns.flatMap((spec, c) => (isComparedColumn(spec) || c === changesColumn ? [{ column: c, runs: runsOf(rowsOf.get(c) ?? []) }] : []));
}

/**
 * True when a cell read back (`before`, under `beforeHeader`, whose unit may differ) holds the value
 * this run writes (`after`) in a column: the one comparison every change report makes.
 */
export function isSameValue(spec: ColumnSpec, before: unknown, beforeHeader: unknown, after: unknown): boolean {
  const factor = spec.unit?.factor ?? 1;
  const old = normalize(spec, before, spec.kind === 'number' ? headerFactor(beforeHeader, spec) : 1, factor);
  const now = normalize(spec, after, factor, factor);
  return old.blank ? now.blank : !now.blank && old.key === now.key;
}
