import type { Lang } from '../../api/vocabulary';
import { cellAddress, parseAddress, containsBlock, intersectsBlock, type CellBlock } from '../../core/address';
import { NUMBER_FORMATS, type FieldChoice } from '../../core/cells/columns';
import { CHANGE_FILL, changeMarks, detectChanges, isComparedColumn, type ChangeMarks, type PreviousColumn } from '../../core/enrich/changes';
import { planChunks, type ChunkBudget } from '../../core/tables/chunks';
import { detectBomLayout, HEADER_SEARCH_ROWS, isPartNumberHeader, type BomDetection, type BomLayout } from '../../core/bom/bom';
import { describeRowSummary, type RowKind } from '../../core/bom/bom-rows';
import {
  buildEnrichmentColumns,
  buildEnrichmentRows,
  enrichmentNumberFormat,
  entryText,
  labelSkippedRows,
  type EnrichMode,
  type EnrichSet,
  type MatchCounts,
  type MatchOutcome,
  type PlannedColumn,
} from '../../core/enrich/enrich-plan';
import type { CellValue } from '../../core/cells/cell-values';
import { lifecycleRules, matchRules, type HighlightRule } from '../../core/enrich/highlight';
import { columnCellFormats, hasCellFormats } from '../../core/cells/number-formats';
import { enrichmentColumnWidth, hyperlinkCells } from '../../core/cells/rows';
import { rowBytesOf } from './write-table';
import { isCancellation, userMessageOf, type RunExcel, type SheetsClient } from './deps';
import { buildReplacementColumn } from './replacement-column';
import { comparesWithLastRun, countSet, lookupInputs, planSets, withChangesColumn } from '../../core/enrich/enrich-sets';
import { readBomRows, resolveAlternateColumn } from './enrich-sets';

export interface EnrichDeps {
  run: RunExcel;
  client: SheetsClient;
  /** @default () => new Date() */
  now?: () => Date;
}

export interface EnrichOptions {
  fields: readonly FieldChoice[];
  /** Values (a snapshot) or `=PART.SPEC` formulas (live). @default 'values' */
  mode?: EnrichMode;
  risk?: boolean;
  alternatives?: boolean;
  /** A `PartSpec: Replacement` column: for rows at Risk or EOL, the best drop-in replacement and how many more. */
  replacements?: boolean;
  /** Highlight risk levels and problem matches with conditional formats. @default true */
  highlight?: boolean;
  lang?: Lang;
  /** The part-number column to use instead of the selection (an address such as `Sheet1!C:C` or `C2:C40`). */
  partColumn?: string;
  /**
   * Second-source part-number columns (MPN2 beside MPN), by address like `partColumn`: each gets its
   * own `PartSpec (MPN2): …` columns; their part numbers go into the same lookup as the first column's.
   */
  alternateColumns?: readonly string[];
  signal?: AbortSignal;
  onProgress?: (progress: { phase: 'reading' | 'looking up' | 'writing'; rowsWritten: number; totalRows: number }) => void;
  budget?: ChunkBudget;
}

export interface EnrichResult {
  status: 'done' | 'cancelled' | 'failed';
  sheetName?: string;
  /** Where the part numbers were found (absolute A1, e.g. `C2:C41`). */
  partNumbers?: string;
  layout?: BomLayout;
  columns: { header: string; address: string; existing: boolean }[];
  counts: MatchCounts;
  /** 1-based sheet rows whose match is Not found or Invalid (for "select the not-found rows"). */
  problemRows: number[];
  /**
   * 1-based sheet rows where this run changed a value PartSpec had written before (named in
   * `PartSpec: Changes`); empty on a first enrichment and in formulas mode.
   */
  changedRows: number[];
  /** Changed cells that held a value typed by hand. */
  handEdits: number;
  /** Rows by kind: DNP, total, blank and other makers' rows were not looked up (their Match cell says why). */
  kinds?: Record<RowKind, number>;
  /** Not-found part numbers outside the maker's numbering (another maker's, most likely). */
  notOurs?: number;
  /** The run in one sentence, as `partspec enrich` says it ("48 rows: 4 exact, …; not looked up: 2 not fitted (DNP)"). */
  summary?: string;
  /** The second sources enriched too, each with its own counts and sentence. */
  alternates?: { source: string; partNumbers: string; counts: MatchCounts; kinds: Record<RowKind, number>; notOurs: number; summary: string }[];
  message?: string;
  error?: unknown;
}

const EMPTY_COUNTS: MatchCounts = { exact: 0, variant: 0, ambiguous: 0, notFound: 0, invalid: 0, blank: 0 };
const NO_CHANGES = { changedRows: [] as number[], handEdits: 0 };

export interface BomRead {
  sheetName: string;
  tableName?: string;
  layout: BomLayout;
  headers: unknown[];
  headerOrigin: number;
  lastColumn: number;
  entries: unknown[];
}

export type ReadOutcome = { ok: true; bom: BomRead } | { ok: false; message: string };

/** Finds the BOM around the selection: its table or the sheet's used range, the header row and the part column. */
export async function readBom(run: RunExcel, partColumn?: string): Promise<ReadOutcome> {
  return run(async (context) => {
    const selected = partColumn?.includes('!')
      ? context.workbook.worksheets.getItem(parseAddress(partColumn).sheet ?? '').getRange(partColumn.slice(partColumn.lastIndexOf('!') + 1))
      : partColumn
        ? context.workbook.worksheets.getActiveWorksheet().getRange(partColumn)
        : context.workbook.getSelectedRange();
    selected.load('address');
    const sheet = selected.worksheet;
    sheet.load('name');
    const used = sheet.getUsedRangeOrNullObject(true);
    used.load('address');
    const tables = sheet.tables.load('items/name');
    await context.sync();
    if (used.isNullObject) return { ok: false as const, message: 'The sheet is empty: select the part numbers of your BOM first.' };
    const usedBlock = parseAddress(used.address);
    const selection = clampSelection(parseAddress(selected.address), usedBlock);
    const tableRanges = tables.items.map((t) => t.getRange().load('address'));
    await context.sync();

    const tableIndex = tableRanges.findIndex((r) => intersectsBlock(parseAddress(r.address), selection));
    const region: CellBlock = tableIndex >= 0 ? parseAddress(tableRanges[tableIndex].address) : usedBlock;
    const top = sheet.getRangeByIndexes(region.row, region.column, Math.min(HEADER_SEARCH_ROWS, region.rowCount), region.columnCount).load('values');
    await context.sync();
    const input = { values: top.values, origin: { row: region.row, column: region.column }, headerRow: tableIndex >= 0 ? region.row : undefined, rowCount: region.rowCount };
    const found = detectBomLayout({ ...input, selection });
    // A column the user named keeps the header row the BOM's own detection finds, not a title block's "Part No.".
    const detection = partColumn ? pinHeaderRow(found, () => detectBomLayout(input), top.values, region) : found;
    if (!detection.ok) return { ok: false as const, message: detection.message };
    const lastRow = Math.min(detection.lastRow, region.row + region.rowCount - 1);
    const layout: BomLayout = { ...detection, lastRow };
    const headerRange = sheet.getRangeByIndexes(layout.headerRow, region.column, 1, usedBlock.column + usedBlock.columnCount - region.column).load('values');
    const partRange = sheet.getRangeByIndexes(layout.firstRow, layout.partColumn, lastRow - layout.firstRow + 1, 1).load('values');
    await context.sync();
    const lastColumn = tableIndex >= 0 ? region.column + region.columnCount - 1 : usedBlock.column + usedBlock.columnCount - 1;
    const headers = headerRange.values[0].slice(0, lastColumn - region.column + 1);
    return {
      ok: true as const,
      bom: { sheetName: sheet.name, tableName: tableIndex >= 0 ? tables.items[tableIndex].name : undefined, layout, headers, headerOrigin: region.column, lastColumn, entries: partRange.values.map((r) => r[0]) },
    };
  });
}

/**
 * The layout of a picked column whose own header cell names no part number (the part numbers under
 * an empty header), on the header row found without the pick when that row lies below the one the
 * pick found and within its rows: it would otherwise be read under the first row of the first 30
 * that names a part number anywhere, which may be a title block. A picked column under a
 * part-number header keeps its own header row.
 */
function pinHeaderRow(picked: BomDetection, detectWithoutPick: () => BomDetection, values: readonly (readonly unknown[])[], origin: CellBlock): BomDetection {
  if (!picked.ok || isPartNumberHeader(values[picked.headerRow - origin.row]?.[picked.partColumn - origin.column])) return picked;
  const auto = detectWithoutPick();
  if (!auto.ok || auto.headerRow <= picked.headerRow || auto.headerRow >= picked.lastRow) return picked;
  return { ...picked, headerRow: auto.headerRow, firstRow: Math.max(picked.firstRow, auto.headerRow + 1) };
}

/** A whole-column or whole-sheet selection is cut to the used range. */
function clampSelection(selection: CellBlock, used: CellBlock): CellBlock {
  if (containsBlock(used, selection)) return selection;
  const row = Math.max(selection.row, used.row);
  const end = Math.min(selection.row + selection.rowCount, used.row + used.rowCount);
  return { ...selection, row, rowCount: Math.max(1, end - row) };
}

function addRules(range: Excel.Range, rules: readonly HighlightRule[]): void {
  range.conditionalFormats.clearAll();
  for (const rule of rules) {
    const cf = range.conditionalFormats.add('ContainsText');
    cf.textComparison.format.fill.color = rule.fill;
    cf.textComparison.format.font.color = rule.font;
    cf.textComparison.rule = { operator: 'BeginsWith', text: rule.text };
  }
}

/**
 * Enriches the BOM around the selection in place: a match column, the chosen fields, optionally
 * risk and alternatives, added right of the BOM (inside its table when it is one) or updated where
 * a `PartSpec: …` column already exists. Only those columns are written; the part numbers and the
 * user's other cells keep their values and formats. If the lookup fails, every row's match cell
 * says so; a cancel while writing marks the rows that were not reached.
 */
export async function enrichSelection(deps: EnrichDeps, options: EnrichOptions): Promise<EnrichResult> {
  const mode = options.mode ?? 'values';
  const failed = (message: string, error?: unknown): EnrichResult => ({ status: 'failed', columns: [], counts: { ...EMPTY_COUNTS }, problemRows: [], ...NO_CHANGES, message, error });
  let specs;
  try {
    specs = buildEnrichmentColumns({ fields: options.fields, risk: options.risk, alternatives: options.alternatives, replacements: options.replacements });
  } catch (error) {
    return failed(userMessageOf(error), error);
  }
  options.onProgress?.({ phase: 'reading', rowsWritten: 0, totalRows: 0 });
  const read = await readBom(deps.run, options.partColumn);
  if (!read.ok) return failed(read.message);
  const bom = read.bom;
  const { layout } = bom;
  // Whole rows: a DNP mark or the manufacturer may be in any column.
  const bomRows = await readBomRows(deps.run, bom, layout.firstRow, layout.lastRow);
  const alternates: { column: number; source: string }[] = [];
  for (const address of options.alternateColumns ?? []) {
    const resolved = resolveAlternateColumn(address, bomRows, layout.partColumn);
    if ('message' in resolved) return failed(resolved.message);
    if (!alternates.some((a) => a.column === resolved.column)) alternates.push(resolved);
  }
  let sets = planSets(bomRows, layout.partColumn, specs, alternates);
  // Overwriting values PartSpec wrote before: name what changed (formulas are live, so never compared).
  const compare = mode === 'values' && comparesWithLastRun(sets[0].planned);
  if (compare) sets = planSets(bomRows, layout.partColumn, withChangesColumn(specs), alternates);
  const first = sets[0];
  const rangeOf = (column: number): string => `${cellAddress(layout.firstRow, column)}:${cellAddress(layout.lastRow, column)}`;
  const base = {
    sheetName: bom.sheetName,
    layout,
    partNumbers: rangeOf(layout.partColumn),
    columns: sets.flatMap((s) => s.planned).map((p) => ({ header: p.spec.header, address: `${cellAddress(layout.headerRow, p.column)}:${cellAddress(layout.lastRow, p.column)}`, existing: p.existing })),
  };

  // One lookup for every set: the client packs all part numbers into the fewest URLs.
  const inputs = lookupInputs(sets);
  const rowCount = first.entries.length;
  options.onProgress?.({ phase: 'looking up', rowsWritten: 0, totalRows: rowCount });
  let outcomes: Map<string, MatchOutcome>;
  try {
    outcomes = inputs.length > 0 ? await deps.client.lookup(inputs, { lang: options.lang, signal: options.signal }) : new Map();
  } catch (error) {
    if (isCancellation(error, options.signal)) {
      return { ...base, status: 'cancelled', counts: { ...EMPTY_COUNTS }, problemRows: [], ...NO_CHANGES, message: 'The enrichment was cancelled before anything was written.' };
    }
    const message = `Not updated: ${userMessageOf(error)}`;
    const matchOnly = sets.map((set) => ({ entries: set.entries, planned: set.planned.filter((p) => p.spec.special === 'match') }));
    const rows = sideBySide(matchOnly.map((set) => set.entries.map((e) => [entryText(e) === undefined ? '' : message])));
    await writeColumns(deps.run, bom, matchOnly, rows, 'values', options, () => undefined).catch(() => undefined);
    return { ...base, status: 'failed', counts: { ...EMPTY_COUNTS }, problemRows: [], ...NO_CHANGES, message: userMessageOf(error), error };
  }

  const today = (deps.now ?? (() => new Date()))();
  let replacements: Map<string, string> | undefined;
  if (options.replacements) {
    try {
      replacements = (await buildReplacementColumn(deps.client, { inputs, outcomes, today, lang: options.lang, signal: options.signal })).cells;
    } catch (error) {
      return { ...base, status: 'cancelled', counts: { ...EMPTY_COUNTS }, problemRows: [], ...NO_CHANGES, message: 'The enrichment was cancelled before anything was written.', error };
    }
  }
  const built = sets.map((set) => {
    const rowsInput = { entries: set.entries, outcomes, columns: set.planned.map((p) => p.spec), mode, today, partColumn: set.partColumn, firstRow: layout.firstRow, replacements };
    const rows = buildEnrichmentRows(rowsInput);
    labelSkippedRows(set, rows);
    // Formulas show the values looked up now, so their cells get the formats those values need.
    const shown = mode === 'formulas' ? buildEnrichmentRows({ ...rowsInput, mode: 'values' }) : rows;
    return { set, rows, shown };
  });
  const report = compare ? await markChanges(deps.run, bom, first, built[0].rows) : undefined;
  const changes = { changedRows: report?.changedRows.map((r) => layout.firstRow + r + 1) ?? [], handEdits: report?.edits ?? 0 };
  const tallies = sets.map((set) => {
    const tally = countSet(set, bomRows, outcomes);
    const makerHeader = set.makerColumn === undefined ? undefined : String(bom.headers[set.makerColumn - bom.headerOrigin] ?? '');
    return { ...tally, summary: describeRowSummary({ rows: set.entries.length, ...tally.counts, notOurs: tally.notOurs, kinds: tally.kinds, makerHeader }) };
  });
  const { counts } = tallies[0];
  const outcome = {
    counts,
    kinds: tallies[0].kinds,
    notOurs: tallies[0].notOurs,
    summary: tallies[0].summary,
    alternates: sets.slice(1).map((set, i) => ({ source: set.source ?? '', partNumbers: rangeOf(set.partColumn), ...tallies[i + 1] })),
    problemRows: first.entries.flatMap((e, i) => {
      const t = entryText(e);
      const s = t === undefined ? undefined : outcomes.get(t)?.status;
      return s === 'notFound' || s === 'invalid' ? [layout.firstRow + i + 1] : [];
    }),
    ...changes,
  };
  try {
    // Every set's columns side by side in one run: one sync per chunk of rows, not per set. The
    // first set's columns come first, so the change marks' column indexes hold.
    const rows = sideBySide(built.map((b) => b.rows));
    const shown = sideBySide(built.map((b) => b.shown));
    const onRows = (n: number): void => options.onProgress?.({ phase: 'writing', rowsWritten: n, totalRows: rowCount });
    const written = await writeColumns(deps.run, bom, sets, rows, mode, options, onRows, shown, report?.marks);
    if (written < rows.length) {
      return { ...base, status: 'cancelled', ...outcome, message: `Cancelled after ${written} of ${rows.length} rows; the Match cell of every row not reached says so.` };
    }
  } catch (error) {
    return { ...base, status: 'failed', ...outcome, message: `Writing to the sheet failed: ${userMessageOf(error)}`, error };
  }
  return { ...base, status: 'done', ...outcome };
}

/**
 * Reads what the compared columns hold now (one sync), names every change in the Changes column of
 * `rows` (filled in place) and returns the changed rows and the cells to highlight.
 */
async function markChanges(run: RunExcel, bom: BomRead, set: EnrichSet, rows: CellValue[][]): Promise<{ changedRows: number[]; edits: number; marks: ChangeMarks }> {
  const { layout } = bom;
  const { planned } = set;
  const count = rows.length;
  const previous: (PreviousColumn | undefined)[] = await run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(bom.sheetName);
    const ranges = planned.map((p) => (p.existing && isComparedColumn(p.spec) && count > 0 ? sheet.getRangeByIndexes(layout.firstRow, p.column, count, 1).load('values') : undefined));
    await context.sync();
    return planned.map((p, i) => {
      const range = ranges[i];
      return range ? { header: bom.headers[p.column - bom.headerOrigin], cells: range.values.map((r) => r[0]) } : undefined;
    });
  });
  const report = detectChanges({ columns: planned.map((p) => p.spec), previous, rows, blank: (r) => entryText(set.entries[r]) === undefined });
  const at = planned.findIndex((p) => p.spec.special === 'changes');
  report.texts.forEach((text, r) => (rows[r][at] = text));
  return { changedRows: report.changedRows, edits: report.edits, marks: changeMarks(report, planned.map((p) => p.spec), at) };
}

/** Columns to write with the part numbers they were planned for (a set's, or its Match column alone). */
interface ColumnGroup {
  entries: readonly unknown[];
  planned: readonly PlannedColumn[];
}

/** The rows of several groups of columns joined row by row, in the groups' order. */
function sideBySide(groups: readonly (readonly CellValue[][])[]): CellValue[][] {
  return (groups[0] ?? []).map((_, r) => groups.flatMap((rows) => rows[r]));
}

/**
 * Writes the planned columns of every group (`rows` holds them side by side, in the groups' order):
 * one sync for headers, new table columns, formats and highlights, then one sync per chunk.
 * Returns how many rows were written.
 */
async function writeColumns(
  run: RunExcel,
  bom: BomRead,
  groups: readonly ColumnGroup[],
  rows: readonly CellValue[][],
  mode: EnrichMode,
  options: EnrichOptions,
  onRows: (written: number) => void,
  shown: readonly CellValue[][] = rows,
  marks?: ChangeMarks,
): Promise<number> {
  const { layout } = bom;
  const count = rows.length;
  const planned = groups.flatMap((g) => g.planned);
  const specs = planned.map((p) => p.spec);
  const chunks = planChunks(rowBytesOf(rows, specs), planned.length, options.budget);
  let written = 0;
  await run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(bom.sheetName);
    const table = bom.tableName ? context.workbook.tables.getItem(bom.tableName) : undefined;
    for (const p of planned) {
      if (!p.existing && table) table.columns.add(undefined, undefined, p.spec.header);
      const header = sheet.getCell(layout.headerRow, p.column);
      header.numberFormat = [[NUMBER_FORMATS.text]];
      header.values = [[p.spec.header]];
      if (!p.existing && !table) header.format.font.bold = true;
      // The Changes column holds sentences: wide enough to read a status and a date move.
      if (!p.existing) header.format.columnWidth = enrichmentColumnWidth(p.spec);
      const body = sheet.getRangeByIndexes(layout.firstRow, p.column, count, 1);
      body.numberFormat = enrichmentNumberFormat(p.spec, mode) as unknown as string[][];
      if (options.highlight !== false && p.spec.special === 'risk') addRules(body, lifecycleRules());
      if (options.highlight !== false && p.spec.special === 'match') addRules(body, matchRules());
    }
    // The fill of the last run's changes is cleared first, so highlights never pile up.
    for (const mark of marks ?? []) {
      sheet.getRangeByIndexes(layout.firstRow, planned[mark.column].column, count, 1).format.fill.clear();
      if (options.highlight === false) continue;
      for (const [a, b] of mark.runs) sheet.getRangeByIndexes(layout.firstRow + a, planned[mark.column].column, b - a + 1, 1).format.fill.color = CHANGE_FILL;
    }
    await context.sync();

    for (const chunk of chunks) {
      if (options.signal?.aborted) break;
      context.application.suspendApiCalculationUntilNextSync();
      planned.forEach((p, c) => {
        const values = rows.slice(chunk.start, chunk.start + chunk.count).map((r) => [r[c]]);
        const range = sheet.getRangeByIndexes(layout.firstRow + chunk.start, p.column, chunk.count, 1);
        // Datasheet columns: each cell's format shows its own prefix (100 pF, 4.7 nF, 10 µF).
        if (hasCellFormats(p.spec)) range.numberFormat = columnCellFormats(shown, c, p.spec, chunk.start, chunk.count);
        if (mode === 'formulas' && p.spec.special !== 'match' && p.spec.special !== 'replacement') range.formulas = values;
        else range.values = values;
      });
      if (mode === 'values') {
        for (const link of hyperlinkCells(rows as CellValue[][], specs, chunk.start, chunk.count)) {
          sheet.getCell(layout.firstRow + chunk.start + link.row, planned[link.column].column).hyperlink = { address: link.address, textToDisplay: link.address };
        }
      }
      await context.sync();
      written = chunk.start + chunk.count;
      onRows(written);
    }

    if (written < count) {
      const matches = groups.flatMap((g) => g.planned.filter((p) => p.spec.special === 'match').slice(0, 1).map((match) => ({ match, entries: g.entries })));
      for (const { match, entries } of matches) {
        const rest = rows.slice(written).map((_, i) => [entryText(entries[written + i]) === undefined ? '' : 'Not enriched: cancelled']);
        sheet.getRangeByIndexes(layout.firstRow + written, match.column, count - written, 1).values = rest;
      }
      if (matches.length > 0) await context.sync();
    }
  });
  return written;
}
