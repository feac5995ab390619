import type { Lang } from '../../api/vocabulary';
import { cellAddress } from '../../core/address';
import type { FieldChoice } from '../../core/cells/columns';
import type { ChunkBudget } from '../../core/tables/chunks';
import type { BomLayout } from '../../core/bom/bom';
import type { RowKind } from '../../core/bom/bom-rows';
import { buildEnrichmentColumns, entryText, type EnrichMode, type MatchCounts } from '../../core/enrich/enrich-plan';
import { runEnrichment, type EnrichmentReport } from '../../core/enrich/run-enrichment';
import { userMessageOf, type RunExcel, type SheetsClient } from './deps';
import { EMPTY_SHEET } from './enrich-sets';
import { excelDocument } from './excel-document';
import { buildReplacementColumn } from '../../core/enrich/replacement-column';

export { readBom, type BomRead, type ReadOutcome } from './enrich-sets';

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

/** The add-in's result of a run of the core's enrichment. */
function resultOf(run: EnrichmentReport): EnrichResult {
  const { layout, region } = run.bom;
  const [first, ...alternates] = run.sets;
  const problemRows = (first?.entries ?? []).flatMap((e, i) => {
    const t = entryText(e);
    const s = t === undefined ? undefined : run.outcomes.get(t)?.status;
    return s === 'notFound' || s === 'invalid' ? [layout.firstRow + i + 1] : [];
  });
  const report = first?.changes?.report;
  return {
    status: run.status,
    ...(run.message === undefined ? {} : { message: run.message }),
    ...(run.error === undefined ? {} : { error: run.error }),
    sheetName: region.sheetName,
    layout,
    partNumbers: `${cellAddress(layout.firstRow, layout.partColumn)}:${cellAddress(layout.lastRow, layout.partColumn)}`,
    columns: run.columns,
    counts: first?.tally.counts ?? { ...EMPTY_COUNTS },
    problemRows,
    changedRows: report?.changedRows.map((r) => layout.firstRow + r + 1) ?? [],
    handEdits: report?.edits ?? 0,
    ...(first ? { kinds: first.tally.kinds, notOurs: first.tally.notOurs, summary: first.tally.summary } : {}),
    ...(first ? { alternates: alternates.map((s) => ({ source: s.source ?? '', partNumbers: s.partNumbers, counts: s.tally.counts, kinds: s.tally.kinds, notOurs: s.tally.notOurs, summary: s.tally.summary })) } : {}),
  };
}

/**
 * Enriches the BOM around the selection in place: a match column, the chosen fields, optionally
 * risk and alternatives, added right of the BOM (inside its table when it is one) or updated where
 * a `PartSpec: …` column already exists. Only those columns are written; the part numbers and the
 * user's other cells keep their values and formats. If the lookup fails, every row's match cell
 * says so; a cancel while writing marks the rows that were not reached. The sequence is the
 * core's runEnrichment, as `partspec enrich` runs it.
 */
export async function enrichSelection(deps: EnrichDeps, options: EnrichOptions): Promise<EnrichResult> {
  const failed = (message: string, error?: unknown): EnrichResult => ({ status: 'failed', columns: [], counts: { ...EMPTY_COUNTS }, problemRows: [], changedRows: [], handEdits: 0, message, error });
  let columns;
  try {
    columns = buildEnrichmentColumns({ fields: options.fields, risk: options.risk, alternatives: options.alternatives, replacements: options.replacements, lang: options.lang });
  } catch (error) {
    return failed(userMessageOf(error), error);
  }
  const today = (deps.now ?? (() => new Date()))();
  const { lang, signal } = options;
  const run = await runEnrichment(excelDocument(deps.run, { partColumn: options.partColumn, budget: options.budget }), (inputs, s) => deps.client.lookup(inputs, { lang, signal: s }), {
    columns,
    mode: options.mode,
    alternates: (options.alternateColumns ?? []).map((address) => ({ address })),
    highlight: options.highlight,
    today,
    signal,
    replacements: options.replacements ? async (inputs, outcomes) => (await buildReplacementColumn(deps.client, { inputs, outcomes, today, lang, signal })).cells : undefined,
    describeFailure: userMessageOf,
    onProgress: options.onProgress,
  });
  if (!run.ok) return failed(run.kind === 'empty' ? EMPTY_SHEET : run.message);
  return resultOf(run);
}
