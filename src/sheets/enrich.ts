import type { Lang } from '../../api/vocabulary';
import type { FieldChoice } from '../../core/cells/columns';
import type { ChunkBudget } from '../../core/tables/chunks';
import { buildEnrichmentColumns, type EnrichMode } from '../../core/enrich/enrich-plan';
import { runEnrichment, type EnrichmentRun } from '../../core/enrich/run-enrichment';
import type { RunExcel, SheetsClient } from './deps';
import { userMessageOf } from '../../core/enrich/failures';
import { excelDocument } from './excel-document';
import { buildReplacementColumn } from '../../core/enrich/replacement-column';

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
  /** A `PartSpec: Suggested` column: for rows with no maker part number or another maker's, the maker's best part and why. */
  suggest?: boolean;
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

/**
 * Enriches the BOM around the selection in place: a match column, the chosen fields, optionally
 * risk and alternatives, added right of the BOM (inside its table when it is one) or updated where
 * a `PartSpec: …` column already exists. Only those columns are written; the part numbers and the
 * user's other cells keep their values and formats. If the lookup fails, nothing is written and
 * the report says why; a cancel while writing leaves the rows not reached as they were. The sequence is the
 * core's runEnrichment, as `partspec enrich` runs it, and so is the report: the shells read it as
 * it is. Throws when a field is not one the vocabulary knows.
 */
export async function enrichSelection(deps: EnrichDeps, options: EnrichOptions): Promise<EnrichmentRun> {
  const columns = buildEnrichmentColumns({ fields: options.fields, risk: options.risk, alternatives: options.alternatives, replacements: options.replacements, suggest: options.suggest, lang: options.lang });
  const today = (deps.now ?? (() => new Date()))();
  const { lang, signal } = options;
  return runEnrichment(excelDocument(deps.run, { partColumn: options.partColumn, budget: options.budget }), (inputs, s) => deps.client.lookup(inputs, { lang, signal: s }), {
    columns,
    mode: options.mode,
    alternates: (options.alternateColumns ?? []).map((address) => ({ address })),
    highlight: options.highlight,
    today,
    signal,
    replacements: options.replacements ? async (inputs, outcomes) => (await buildReplacementColumn(deps.client, { inputs, outcomes, today, lang, signal })).cells : undefined,
    suggest: options.suggest ? { search: (query, s) => deps.client.search({ ...query, signal: s }), lang } : undefined,
    describeFailure: userMessageOf,
    onProgress: options.onProgress,
  });
}
