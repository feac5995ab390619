/**
 * Everything the taskpane asks of the world, behind one interface: the settings store, the API
 * client and the worksheet operations. `start.tsx` wires the real ones (taskpane-services.ts); the
 * tests inject their own Excel through it or replace the whole. Components never import the client
 * or `src/sheets` code directly. The shapes are the API's, the core's and the Excel adapter's own,
 * named here only where the pane takes one variant of a result (the one that did not fail: a
 * failure rejects, a worksheet or usage problem as a UserProblem, the service's as an ApiError).
 */
import type { BomRulesChoice } from '../../sheets/bom-rules';
import type { BomInspection } from '../../sheets/bom-tools';
import type { ApplyReplacementResult, SelectedRowReplacements } from '../../sheets/apply-replacement';
import type { BomSummaryResult, SheetSummaryOptions } from '../../sheets/bom-summary';
import type { EnrichOptions } from '../../sheets/enrich';
import type { ImportProgress as SheetImportProgress, SheetImportRequest } from '../../sheets/import';
import type { WorkbookPortfolioOptions, WorkbookPortfolioResult } from '../../sheets/portfolio';
import type { WorkbookReplacementPreview } from '../../sheets/replace-everywhere';
import type { ConnectionResult, DownloadProgress, SearchResult } from '../../../api/client/client-types';
import type { LookupStatus } from '../../../api/client/lookup';
import type { ResolvedQuery } from '../../../api/client/query';
import type { ServiceCondition } from '../../../api/client/service-state';
import type { CategoryId, Lang } from '../../../api/vocabulary';
import type { EnrichmentReport } from '../../../core/enrich/run-enrichment';
import type { SettingsStore } from '../../settings/settings';

/** The BOM around the selection, as the Excel adapter found it. */
export type FoundBom = Extract<BomInspection, { ok: true }>;
/** A BOM row's replacement candidates: the row the selection is on and the API's answer for its part. */
export type RowReplacements = Extract<SelectedRowReplacements, { ok: true }>;
/** Where a replacement was written, and the part it replaced. */
export type AppliedReplacement = Extract<ApplyReplacementResult, { ok: true }>;
/**
 * Every cell a replacement across the workbook would change, and what the new part is to the old:
 * `differs` is the core's sentence of what differs, there only when the new part is not a drop-in.
 */
export type ReplaceEverywherePreview = Omit<Extract<WorkbookReplacementPreview, { ok: true }>, 'ok' | 'sentence'> & { differs?: string };
/** The BOM health view's figures, computed by the core. */
export type BomHealth = Extract<BomSummaryResult, { status: 'done' }>;
/** The workbook's portfolio and the sheet it was written to. */
export type PartsInUse = Extract<WorkbookPortfolioResult, { status: 'done' }>;
/** What the pane says of an import written to its sheet (the sentence's figures). */
export interface ImportSummary {
  /** Products written. */
  products: number;
  /** Requests the search (or the harvest) took. */
  requests: number;
  /** Name of the worksheet written. */
  sheetName: string;
  /** More than one request's worth (2000) matched, so the search was split (harvested). */
  harvested: boolean;
  /** The products came from the category's download file, not from searches. */
  fromFile?: boolean;
}
/** How far an import is: the search's counts, and a category file's bytes as the client reports them. */
export type ImportProgress = Pick<SheetImportProgress, 'requests' | 'products'> & Partial<DownloadProgress>;

/** A category download link as the pane holds it: parsed language and dates (the API's own DownloadLink keeps the service's text). */
export interface CategoryLink {
  category: CategoryId;
  lang: Lang;
  url: string;
  issuedAt: Date;
  /** issuedAt + the spec's 7 days. */
  expiresAt: Date;
}

export type ProgressListener<T> = (progress: T) => void;

/** What the taskpane needs; every method that waits takes an AbortSignal and stops when it fires. */
export interface TaskpaneServices {
  settings: SettingsStore;
  /** One cheap call with the saved key and base URL, as the client answers it. */
  testConnection(signal?: AbortSignal): Promise<ConnectionResult>;
  /** Empties the client's memory and persistent caches. */
  clearCache(): Promise<void>;
  /** The first page of a search (one request, at most the service's 2000), for the Preview table. The query is the Search section's, validated. */
  search(query: ResolvedQuery, signal?: AbortSignal): Promise<SearchResult>;
  /** Runs the search to the end (harvesting past 2000) and writes a new sheet; `fields` are recorded for Refresh. Needs Excel. */
  importProducts(request: ResolvedQuery & Pick<SheetImportRequest, 'fields' | 'labels'>, onProgress: ProgressListener<ImportProgress>, signal?: AbortSignal): Promise<ImportSummary>;
  getDownloadUrl(category: CategoryId, lang: Lang, signal?: AbortSignal): Promise<CategoryLink>;
  /** Downloads the category file behind a link and writes its products to a new sheet as they arrive. Needs Excel. */
  importCategory(link: CategoryLink, fields: string[], onProgress: ProgressListener<ImportProgress>, signal?: AbortSignal, labels?: Lang): Promise<ImportSummary>;
  /** Looks at the active sheet's selection or table for the BOM and its part-number column. Needs Excel. */
  inspectBom(): Promise<FoundBom>;
  /**
   * Adds the chosen fields beside the BOM (src/sheets/enrich.ts, as the ribbon does) and resolves
   * to the core's report, cancelled ones included (its message says which rows were written); a
   * BOM not found or a failed run rejects with its sentence. Needs Excel.
   */
  enrich(options: Omit<EnrichOptions, 'signal' | 'budget'>, signal?: AbortSignal): Promise<EnrichmentReport>;
  /** Requests the API client has sent so far (its totals): a section counts what its run took. */
  requestCount(): Promise<number>;
  /** Selects the BOM rows whose match column holds one of the statuses; returns how many. Needs Excel. */
  selectRowsWithStatus(statuses: readonly LookupStatus[]): Promise<number>;
  /** The drop-in replacement candidates of the BOM row the selection is on (at most 10 listed). Needs Excel. */
  listReplacements(strict: boolean, signal?: AbortSignal): Promise<RowReplacements>;
  /** Writes a candidate into that row as a value, the original kept in `PartSpec: Replaced part`. Needs Excel. */
  applyReplacement(row: RowReplacements['row'], partno: string): Promise<AppliedReplacement>;
  /** Writes a suggested part number into its row's `PartSpec: Suggested` cell (`H7`) and selects it; returns the cell. Needs Excel. */
  pickSuggestion(target: { sheetName: string; cell: string }, partno: string): Promise<{ address: string }>;
  /** Selects the BOM rows whose `PartSpec: Changes` cell names a change; returns how many. Needs Excel. */
  selectChangedRows(): Promise<number>;
  /** Parts in use across every BOM sheet of the workbook, looked up once, written to the sheet PartSpec Parts in use. Needs Excel. */
  partsInUse(request: Omit<WorkbookPortfolioOptions, 'signal'>, signal?: AbortSignal): Promise<PartsInUse>;
  /** The BOM around the selection at a glance, and the PartSpec Summary sheet when asked. Needs Excel. */
  summarizeBom(request: Pick<SheetSummaryOptions, 'builds' | 'automotive' | 'lang' | 'labels' | 'writeSheet'>, signal?: AbortSignal): Promise<BomHealth>;
  /** The team's BOM rules remembered in the workbook, or undefined when none were picked (the shipped rules judge). */
  bomRules(): Promise<BomRulesChoice | undefined>;
  /**
   * Reads a rules file the user picked (its text and name) and remembers it in the workbook, where
   * Enrich's checks and the summary judge by it; rejects with the sentence naming a wrong field,
   * the workbook keeping the rules it had. Needs Excel.
   */
  chooseBomRules(text: string, file: string): Promise<BomRulesChoice>;
  /** Selects a BOM row (0-based) on its sheet, from the BOM health view. Needs Excel. */
  selectBomRow(sheetName: string, row: number): Promise<void>;
  /** Every BOM sheet cell of the workbook that holds `oldPart`, and whether `newPart` is a drop-in; writes nothing. Needs Excel. */
  previewReplaceEverywhere(request: { oldPart: string; newPart: string; lang: Lang }, signal?: AbortSignal): Promise<ReplaceEverywherePreview>;
  /**
   * Writes exactly the previewed cells; refused, writing nothing, when one no longer holds what the
   * preview read, or when the new part is not a drop-in and the differences were not accepted.
   * Needs Excel.
   */
  applyReplaceEverywhere(preview: ReplaceEverywherePreview, acceptDifferences: boolean): Promise<{ written: number }>;
  /**
   * Hears when the user switches sheet or changes the selection (Excel's onActivated and
   * onSelectionChanged), so the pane can show what a button will act on; returns the function
   * that stops it. Outside Excel nothing is ever heard.
   */
  watchSelection(listener: () => void): () => void;
  /** Puts text on the clipboard. */
  copyText(text: string): Promise<void>;
  /** Hears when the service starts or stops limiting, failing or being slow (for progress text); returns the function that stops it. */
  watchService(listener: (condition: ServiceCondition) => void): () => void;
}

/** The operations that need Excel: their code is fetched on first use, and outside Excel they say so. */
export const WORKSHEET_OPERATIONS = [
  'importProducts',
  'importCategory',
  'inspectBom',
  'enrich',
  'selectRowsWithStatus',
  'listReplacements',
  'applyReplacement',
  'pickSuggestion',
  'selectChangedRows',
  'partsInUse',
  'summarizeBom',
  'selectBomRow',
  'bomRules',
  'chooseBomRules',
  'previewReplaceEverywhere',
  'applyReplaceEverywhere',
] as const satisfies readonly (keyof TaskpaneServices)[];
export type WorksheetOperations = Pick<TaskpaneServices, (typeof WORKSHEET_OPERATIONS)[number]>;

/** Where the pane runs, as office.js (or the workbench) reports it. */
export interface TaskpaneEnvironment {
  /** Excel (or the workbench's Excel double) is there to write to. */
  inExcel: boolean;
  /** `Office.context.displayLanguage` (`ja-JP`), when known. */
  displayLanguage?: string;
  /** Office's theme is dark, when known. */
  officeDark?: boolean;
  /** The section to open first (`taskpane.html?section=settings`). */
  initialSection?: string;
}
