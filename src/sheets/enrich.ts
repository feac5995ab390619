import type { ChunkBudget } from '../../core/tables/chunks';
import { buildEnrichmentColumns, type ColumnChoice } from '../../core/enrich/enrich-plan';
import { runEnrichment, type EnrichmentOptions as RunOptions, type EnrichmentRun } from '../../core/enrich/run-enrichment';
import type { RunExcel, SheetsClient } from './deps';
import { userMessageOf } from '../../core/enrich/failures';
import { excelDocument } from './excel-document';
import { DEFAULT_FIND_COUNT } from '../../core/find/find-parts';

export interface EnrichDeps {
  run: RunExcel;
  client: SheetsClient;
  /** @default () => new Date() */
  now?: () => Date;
}

/**
 * What Enrich takes in Excel, the taskpane's and the ribbon's alike: the core's column choice
 * (buildEnrichmentColumns) and run options, with the part-number columns by their Excel address.
 */
export interface EnrichOptions extends ColumnChoice, Pick<RunOptions, 'mode' | 'highlight' | 'signal' | 'onProgress' | 'confirmLargeChange' | 'rules'> {
  /** The part-number column to use instead of the selection (an address such as `Sheet1!C:C` or `C2:C40`). */
  partColumn?: string;
  /**
   * Second-source part-number columns (MPN2 beside MPN), by address like `partColumn`: each gets its
   * own `PartSpec (MPN2): …` columns; their part numbers go into the same lookup as the first column's.
   */
  alternateColumns?: readonly string[];
  budget?: ChunkBudget;
}

/**
 * The one adapter of the add-in's enrichment (the taskpane through its lazily loaded worksheet
 * chunk, and the ribbon): enriches the BOM around the selection in place: a match column, the chosen fields, optionally
 * risk and alternatives, added right of the BOM (inside its table when it is one) or updated where
 * a `PartSpec: …` column already exists. Only those columns are written; the part numbers and the
 * user's other cells keep their values and formats. If the lookup fails, nothing is written and
 * the report says why; a cancel while writing leaves the rows not reached as they were. The sequence is the
 * core's runEnrichment, as `partspec enrich` runs it, and so is the report: the shells read it as
 * it is. Throws when a field is not one the vocabulary knows.
 */
export async function enrichSelection(deps: EnrichDeps, options: EnrichOptions): Promise<EnrichmentRun> {
  const columns = buildEnrichmentColumns(options);
  const today = (deps.now ?? (() => new Date()))();
  return runEnrichment(excelDocument(deps.run, options.partColumn, options.budget), deps.client, {
    columns,
    mode: options.mode,
    alternates: (options.alternateColumns ?? []).map((address) => ({ address })),
    highlight: options.highlight,
    lang: options.lang,
    today,
    signal: options.signal,
    // The pane lists a few candidates per row (the cell names the first).
    suggest: { count: DEFAULT_FIND_COUNT },
    describeFailure: userMessageOf,
    onProgress: options.onProgress,
    confirmLargeChange: options.confirmLargeChange,
    rules: options.rules,
  });
}
