import type { LookupStatus } from '../../api/client/lookup';
import type { ProductRecord } from '../../api/product';
import type { Lang } from '../../api/vocabulary';
import { cellAddress } from '../address';
import type { CellValue } from '../cells/cell-values';
import { enrichmentFieldColumn, identifyPartSpecHeader, resolveChoices, specialColumn, withSource, NUMBER_FORMATS, type ColumnSpec, type FieldChoice } from '../cells/columns';
import type { RowKind } from '../bom/bom-rows';
import { rowRisk } from '../cells/risk';
import { riskLevelText } from '../cells/risk-levels';
import { alternativesOf, fieldValueOfRow, type RowValue } from '../cells/several-products';
import { isSyntheticMatch } from '../cells/synthetic';
import { uncoveredSeriesOf } from '../bom/maker-numbering';
import { MATCH_WORDS } from './match-words';

export type EnrichMode = 'values' | 'formulas';

/** Words of the match column, in English (MATCH_WORDS has every language's). */
export const MATCH_LABELS: Readonly<Record<LookupStatus, string>> = MATCH_WORDS.en.statuses;


/**
 * The Match cell of an outcome in `lang`: its status, marked synthetic when only synthetic
 * products answered it; a part number not found that is of the maker's series outside the API (a
 * BLM ferrite bead, a CSTNE resonator) says so instead of reading like a typo, and one a misread
 * character away from a real part (`meant`) names that part. Every form is read back by
 * readMatchText, a did-you-mean as Not found.
 */
export function matchLabel(outcome: Pick<MatchOutcome, 'status' | 'products' | 'meant'>, partNumber?: string, lang: Lang = 'en'): string {
  const words = MATCH_WORDS[lang];
  if (outcome.status === 'notFound' && partNumber !== undefined && uncoveredSeriesOf(partNumber)) return words.seriesNotCovered;
  if (outcome.status === 'notFound' && outcome.meant) return words.didYouMean(outcome.meant);
  const synthetic = isSyntheticMatch(outcome.products) ? words.synthetic[outcome.status] : undefined;
  return synthetic ?? words.statuses[outcome.status];
}

/** What the lookup found for one part number. */
export interface MatchOutcome {
  status: LookupStatus;
  products: readonly ProductRecord[];
  reason?: string;
  /** For a part number not found: the real part one misread character away (O for 0), which the Match cell names. */
  meant?: string;
}

export interface ColumnChoice {
  fields: readonly FieldChoice[];
  /** Language of the headers (field and special columns' names, as of the values). @default 'en' */
  lang?: Lang;
  risk?: boolean;
  alternatives?: boolean;
  /** A Replacement column for rows at Risk or EOL. */
  replacements?: boolean;
  /** A Suggested column for rows with no maker part number or another maker's. */
  suggest?: boolean;
  /** A Checks column: each row judged by the team's BOM rules (core/rules). */
  checks?: boolean;
}

/** The columns of an enrichment in order: Match, the fields, Risk, Alternatives, Replacement, Suggested, Checks. */
export function buildEnrichmentColumns(options: ColumnChoice): ColumnSpec[] {
  return [
    specialColumn('match', options.lang),
    ...resolveChoices(options.fields).map((choice) => enrichmentFieldColumn(choice, options.lang)),
    ...(options.risk ? [specialColumn('risk', options.lang)] : []),
    ...(options.alternatives ? [specialColumn('alternatives', options.lang)] : []),
    ...(options.replacements ? [specialColumn('replacement', options.lang)] : []),
    ...(options.suggest ? [specialColumn('suggested', options.lang)] : []),
    ...(options.checks ? [specialColumn('checks', options.lang)] : []),
  ];
}

/** Where one enrichment column goes. */
export interface PlannedColumn {
  spec: ColumnSpec;
  /** Absolute 0-based sheet column. */
  column: number;
  /** True when a column with this PartSpec header already exists and is updated in place. */
  existing: boolean;
}

export interface PlanOptions {
  /**
   * The header of a second-source column (`MPN2`) whose set this is: its columns are headed
   * `PartSpec (MPN2): Match`, `PartSpec (MPN2): Capacitance (µF)`… and a re-run finds them again by
   * that source, never confusing them with the first column's `PartSpec: …` columns.
   */
  source?: string;
}

/**
 * Places each column: onto the existing PartSpec column of the same field or special column
 * (whatever unit it had) and the same source, else appended right of `lastColumn`, in order. The
 * part-number column and columns without a PartSpec header are never targets, so re-running
 * never duplicates a column. With `source`, the planned specs carry that source's headers.
 */
export function planEnrichmentColumns(
  columns: readonly ColumnSpec[],
  headers: readonly unknown[],
  headerOrigin: number,
  lastColumn: number,
  partColumn: number,
  options: PlanOptions = {},
): PlannedColumn[] {
  const { source } = options;
  const existing = new Map<string, number>();
  headers.forEach((h, i) => {
    const id = identifyPartSpecHeader(h, source);
    const column = headerOrigin + i;
    if (id !== undefined && column !== partColumn && !existing.has(id)) existing.set(id, column);
  });
  let next = Math.max(lastColumn, partColumn) + 1;
  const specs = source === undefined ? columns : withSource(columns, source);
  return specs.map((spec) => {
    const at = existing.get(spec.id);
    return at !== undefined ? { spec, column: at, existing: true } : { spec, column: next++, existing: false };
  });
}

/** The number format of an enrichment column's cells: formulas must not land in text-formatted cells. */
export function enrichmentNumberFormat(spec: ColumnSpec, mode: EnrichMode): string {
  if (mode === 'formulas' && !spec.special) return spec.numberFormat === NUMBER_FORMATS.text ? NUMBER_FORMATS.general : spec.numberFormat;
  if (mode === 'formulas' && spec.special === 'risk') return NUMBER_FORMATS.general;
  return spec.numberFormat;
}

/** Excel string literal inside a formula. */
function literal(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** A live formula for a column, referencing the row's part-number cell (never the part number itself). */
export function formulaFor(spec: ColumnSpec, partCell: string): string | undefined {
  if (spec.special === 'risk') return `=PART.RISK(${partCell})`;
  if (spec.special === 'alternatives') return `=PART.SPEC(${partCell},${literal('AlternativePartno')})`;
  if (!spec.field) return undefined;
  return `=PART.SPEC(${partCell},${literal(spec.field.name)}${spec.unit ? `,${literal(spec.unit.label)}` : ''})`;
}

export interface EnrichmentRowsInput {
  /** The part-number cell of each row; '' or undefined rows are left blank. */
  entries: readonly unknown[];
  /** The lookup outcome per trimmed entry text. */
  outcomes: ReadonlyMap<string, MatchOutcome>;
  columns: readonly ColumnSpec[];
  mode: EnrichMode;
  today: Date;
  /** Absolute sheet positions, for formulas. */
  partColumn: number;
  firstRow: number;
  /** The Replacement cell per trimmed entry text (risky rows only; a value in both modes). */
  replacements?: ReadonlyMap<string, string>;
  /** Language of the Match and Risk cells. @default 'en' */
  lang?: Lang;
}

/** The text of a part-number cell as the lookup gets it, or undefined for an empty cell. */
export function entryText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/**
 * The cells of every enrichment column, row by row (`rows[r][c]` follows `columns`). A row of
 * several products shows what several-products.ts decides, the same as =PART.SPEC and =PART.RISK.
 * In formulas mode field, risk and alternatives cells are `=PART.…` formulas; Match stays a value.
 */
export function buildEnrichmentRows(input: EnrichmentRowsInput): CellValue[][] {
  const { entries, outcomes, columns, mode, today, partColumn, firstRow } = input;
  return entries.map((raw, r) => {
    const text = entryText(raw);
    if (text === undefined) return columns.map(() => '');
    const outcome = outcomes.get(text);
    const partCell = cellAddress(firstRow + r, partColumn);
    const shown = <T extends CellValue>(value: RowValue<T>): CellValue => (value.ok ? value.value : '');
    return columns.map((spec) => {
      if (spec.special === 'match') return outcome ? matchLabel(outcome, text, input.lang) : '';
      if (spec.special === 'replacement') return input.replacements?.get(text) ?? '';
      if (mode === 'formulas') return formulaFor(spec, partCell) ?? '';
      if (spec.special === 'risk') {
        const risk = rowRisk(outcome, today);
        return risk.ok ? riskLevelText(risk.value.level, input.lang) : '';
      }
      if (spec.special === 'alternatives') return shown(alternativesOf(outcome));
      return spec.field ? shown(fieldValueOfRow(outcome, spec.field, spec.unit)) : '';
    });
  });
}

/** Counts of each match status, plus blank rows. */
export type MatchCounts = Record<LookupStatus | 'blank', number>;

export function countMatches(entries: readonly unknown[], outcomes: ReadonlyMap<string, MatchOutcome>): MatchCounts {
  const counts: MatchCounts = { exact: 0, variant: 0, ambiguous: 0, notFound: 0, invalid: 0, blank: 0 };
  for (const raw of entries) {
    const text = entryText(raw);
    const o = text === undefined ? undefined : outcomes.get(text);
    if (o) counts[o.status]++;
    else counts.blank++;
  }
  return counts;
}

/**
 * One part-number column of an enrichment and the PartSpec columns it gets: the first column, or a
 * second source (MPN2) with its own columns. The add-in and `partspec enrich` plan the same sets.
 */
export interface EnrichSet {
  /** Absolute 0-based sheet column. */
  partColumn: number;
  /** A second source's header (`MPN2`, or its letters when it has none); undefined for the first column. */
  source?: string;
  /** Absolute column of the manufacturer names this column's rows are told apart by. */
  makerColumn?: number;
  /** Columns the data rows sit right of their headers (findDataShift); absent when 0. A column's header is at `column - shift`. */
  shift?: number;
  kinds: RowKind[];
  /** The part-number cell of each row, undefined where the row is not looked up. */
  entries: unknown[];
  planned: PlannedColumn[];
}

/** What the Match cell of a row that was not looked up says; blank and total rows stay empty. */
function skippedMatchLabel(kind: RowKind, lang: Lang): string | undefined {
  const words = MATCH_WORDS[lang];
  return kind === 'dnp' ? words.notFitted : kind === 'otherMaker' ? words.otherMaker : undefined;
}

/**
 * Writes what each skipped row's Match cell says into a set's built rows (`rows[r][c]` follows
 * `set.planned`), so the add-in and `partspec enrich` tell a user the same reason a row was not looked up.
 */
export function labelSkippedRows(set: Pick<EnrichSet, 'kinds' | 'planned'>, rows: CellValue[][], lang: Lang = 'en'): void {
  const at = set.planned.findIndex((p) => p.spec.special === 'match');
  if (at < 0) return;
  set.kinds.forEach((kind, r) => {
    const label = skippedMatchLabel(kind, lang);
    if (label && rows[r]) rows[r][at] = label;
  });
}
