/*
 * The columns of one set of an enrichment, built once for both shells: the rows, what changed
 * since the last run, and the writes (cells, highlights, change fills) the BomDocument port takes.
 */
import type { CellValue } from '../cells/cell-values';
import { changeMarks, detectChanges, isComparedColumn, type ChangeReport } from './changes';
import type { ColumnWrite } from './document';
import type { Lang } from '../../api/vocabulary';
import { buildEnrichmentRows, entryText, labelSkippedRows, type EnrichMode, type EnrichSet, type MatchOutcome } from './enrich-plan';
import { rulesOf } from './highlight';
import { withoutDatasheet } from '../cells/datasheet';

/** The rows of a set: what is written, and in formulas mode the values the formulas show now. */
export interface SetRows {
  rows: CellValue[][];
  shown: CellValue[][];
  /** True in formulas mode: =PART.SPEC returns one unit, so the columns are written in the unit their header names. */
  formulas?: boolean;
}

export interface SetRowsInput {
  outcomes: ReadonlyMap<string, MatchOutcome>;
  mode: EnrichMode;
  today: Date;
  firstRow: number;
  replacements?: ReadonlyMap<string, string>;
  /** Language of the Match and Risk cells. @default 'en' */
  lang?: Lang;
}

/** A set's rows, with DNP and other makers' rows labelled in the Match column. */
export function buildSetRows(set: EnrichSet, input: SetRowsInput): SetRows {
  const rowsInput = { ...input, entries: set.entries, columns: set.planned.map((p) => p.spec), partColumn: set.partColumn };
  const rows = buildEnrichmentRows(rowsInput);
  labelSkippedRows(set, rows, input.lang);
  // Formulas show the values looked up now, so their cells get the formats those values need.
  const shown = input.mode === 'formulas' ? buildEnrichmentRows({ ...rowsInput, mode: 'values' }) : rows;
  return { rows, shown, ...(input.mode === 'formulas' ? { formulas: true } : {}) };
}

/** What changed since the last run in a set's columns, and which data cells of each column to fill. */
export interface SetChanges {
  report: ChangeReport;
  /** Per planned column: the changed cells, or undefined for a column whose fill is never touched. */
  changed: (boolean[] | undefined)[];
}

/**
 * Compares what the compared columns hold now (`previous`: the BOM's whole rows from the first
 * part-number row, starting at `headerOrigin`) with `rows`, and writes each row's Changes text
 * into `rows` (the column whose spec is `changes`), in `lang`.
 */
export function compareSet(set: EnrichSet, rows: CellValue[][], bom: { headers: readonly unknown[]; headerOrigin: number; rows: readonly (readonly unknown[])[] }, lang: Lang = 'en'): SetChanges {
  const { planned } = set;
  const previous = planned.map((p) =>
    p.existing && isComparedColumn(p.spec) ? { header: bom.headers[p.column - bom.headerOrigin], cells: rows.map((_, i) => bom.rows[i]?.[p.column - bom.headerOrigin]) } : undefined,
  );
  const report = detectChanges({ columns: planned.map((p) => p.spec), previous, rows, blank: (r) => entryText(set.entries[r]) === undefined, lang });
  const at = planned.findIndex((p) => p.spec.special === 'changes');
  report.texts.forEach((text, r) => (rows[r][at] = text));
  const changed: (boolean[] | undefined)[] = planned.map(() => undefined);
  for (const mark of changeMarks(report, planned.map((p) => p.spec), at)) {
    const flags = rows.map(() => false);
    for (const [a, b] of mark.runs) for (let r = a; r <= b; r++) flags[r] = true;
    changed[mark.column] = flags;
  }
  return { report, changed };
}

/**
 * The writes of a set's columns. Without highlights the columns get no rules, and the fill of the
 * last run's changes is cleared without new fills.
 */
export function setColumnWrites(set: EnrichSet, built: SetRows, place: { headerRow: number; firstRow: number }, changes: SetChanges | undefined, highlight: boolean): ColumnWrite[] {
  return set.planned.map((p, c) => {
    const changed = changes?.changed[c];
    return {
      column: p.column,
      headerRow: place.headerRow,
      spec: built.formulas ? withoutDatasheet(p.spec) : p.spec,
      existing: p.existing,
      firstRow: place.firstRow,
      cells: built.rows.map((r) => r[c]),
      ...(highlight ? { highlight: rulesOf(p.spec, built.rows.map((r) => r[c])) } : {}),
      ...(changed ? { changed: highlight ? changed : changed.map(() => false) } : {}),
    };
  });
}

