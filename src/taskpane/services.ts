/**
 * Everything the taskpane asks of the world, behind one interface: the settings store, the API
 * client and the worksheet operations. `index.tsx` wires the real ones; the workbench and the
 * browser tests inject their own. Components never import the client or `src/sheets` directly.
 */
import type { BomRulesChoice } from '../sheets/bom-rules';
import type { SearchResult } from '../../api/client/client-types';
import type { LookupStatus } from '../../api/client/lookup';
import type { ServiceCondition } from '../../api/client/service-state';
import type { Filter, OrderByItem } from '../../api/filter';
import type { CategoryId, Lang } from '../../api/vocabulary';
import type { FieldChoice } from '../../core/cells/columns';
import type { BomSummary } from '../../core/report/types';
import type { CellReplacement } from '../../core/replace/replace-plan';
import type { SettingsStore } from '../settings/settings';
import type { EnrichmentReport } from '../../core/enrich/run-enrichment';
import type { EnrichOptions } from '../sheets/enrich';
import type { Portfolio } from '../../core/portfolio/types';

/** The outcome of Settings → Test connection: one cheap call and what its status means. */
export interface ConnectionReport {
  ok: boolean;
  /** HTTP status, when the service answered. */
  status?: number;
  /** The spec's meaning of the status (STATUS_MEANINGS), when it lists it. */
  meaning?: string;
  /** A sentence that says what to do when the call failed. */
  message?: string;
}

/** A product search as the Search section builds it (already validated). */
export interface SearchRequest {
  category?: CategoryId;
  /** The rows' conditions, without the Category condition (`category` adds it). */
  filter: Filter;
  orderby: OrderByItem[];
  lang: Lang;
}

/** The first products of a search (one request, at most the service's 2000), as the client answers them. */
export type SearchPreview = Pick<SearchResult, 'products' | 'hasMoreHits'>;

export interface ImportRequest extends SearchRequest {
  /** Fields to write as columns (`Partno`, `Specs.Capacitance`, `{ field, unit }`), in order; recorded for Refresh. */
  fields: FieldChoice[];
}

export interface ImportProgress {
  requests: number;
  products: number;
  /** Bytes of a category file received so far, and its size when the service says it. */
  bytes?: number;
  totalBytes?: number;
}

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

/** A category download link as the pane holds it: parsed language and dates (the API's own DownloadLink keeps the service's text). */
export interface CategoryLink {
  category: CategoryId;
  lang: Lang;
  url: string;
  issuedAt: Date;
  /** issuedAt + the spec's 7 days. */
  expiresAt: Date;
}

/** A column of the BOM the part numbers may be in. */
export interface BomColumn {
  /** Stable id the sheets layer understands (for example the column's address). */
  id: string;
  /** Column letter(s) as Excel shows them. */
  letter: string;
  /** Header text ('' when the column has none). */
  header: string;
}

/** A column that could hold the maker's part numbers, shown in the picker with a few of its values. */
export interface BomCandidate extends BomColumn {
  /** Up to 5 values below the header, as text (shown as text, never as markup). */
  samples: string[];
}

export interface BomInspection {
  /** The sheet the BOM is on: the active one, or the one the column named. */
  sheetName: string;
  /** Columns of the BOM (table, selection or used range) to choose from. */
  columns: BomColumn[];
  /** Id of the column that looks like part numbers, if any. */
  detected?: string;
  /** Data rows below the header. */
  rows: number;
  /** The columns that could hold the part numbers, best first; empty when the selection named the column. */
  candidates?: BomCandidate[];
  /** Two columns are about as likely: the pane asks the user to pick one before enriching. */
  ambiguous?: boolean;
  /** How the column was found when its header alone did not say so, in a sentence. */
  note?: string;
  /** Ids of second-source columns of the detected one (MPN2 beside MPN), offered to enrich too. */
  alternates?: string[];
  /**
   * Why the selected column cannot be the part numbers (a `PartSpec:` column, Qty …), in a
   * sentence: Enrich writes nothing until the user takes `detected`, the column that holds them.
   */
  refused?: string;
}


/** One row of the Suggested column as the pane lists it (API and core strings, rendered as text). */
export interface RowSuggestion {
  sheetName: string;
  /** 0-based sheet row. */
  row: number;
  /** The row's `PartSpec: Suggested` cell (`H7`), where a pick is written. */
  cell: string;
  /** The row's line as the core read it. */
  line: string;
  /** What was understood, in the data language. */
  understood: string;
  /** Closest fit first. */
  candidates: { partno: string; why: string }[];
  /** Why there is no candidate, or what the line leaves open. */
  reason?: string;
}


/** Why a row was not looked up, as the summary counts it. */
export const SKIPPED_KINDS = ['dnp', 'total', 'otherMaker'] as const;
export type SkippedKind = (typeof SKIPPED_KINDS)[number];

/** One replacement candidate as the pane lists it (API strings, rendered as text). */
export interface ReplacementChoice {
  partno: string;
  status: string;
  makerAlternative: boolean;
  differs: string[];
}

/** The candidates of one BOM row. */
export interface RowReplacements {
  sheetName: string;
  /** 0-based sheet row. */
  row: number;
  /** The part-number cell (`B7`). */
  partCell: string;
  /** The part number the row holds. */
  input: string;
  candidates: ReplacementChoice[];
  /** Every candidate found (more than listed when over the limit). */
  total: number;
  /** Why there is none: not found, no drop-in (with the closest near-miss). */
  message?: string;
  /** When no candidate is a drop-in: the closest part and what differs (phrases in the enrichment's language); the pane says the sentence in its own. */
  closest?: { partno: string; differs: string[] };
}

/** Where a replacement was written. */
export interface AppliedReplacement {
  address: string;
  noteAddress: string;
  original: string;
}

/** What Parts in use across sheets asks for. */
export interface PartsInUseRequest {
  /** Builds of every BOM sheet, for the demand and last-time-buy quantities. @default 1 */
  builds?: number;
  /** Data language asked of the service. */
  lang: Lang;
}

/** The core's portfolio of the workbook's BOM sheets and the sheet it was written to; API strings in it are shown as text. */
export interface PartsInUse {
  portfolio: Portfolio;
  sheetName: string;
}

/** What the BOM health view asks for. */
export interface BomHealthRequest {
  /** Builds to compute last-time-buy quantities for. */
  builds?: number;
  /** Call out AEC-Q200; absent: decided from the parts found. */
  automotive?: boolean;
  /** Data language asked of the service. */
  lang: Lang;
  /** Language of the summary sheet's labels (the pane's). */
  labels: Lang;
  /** Create or update the PartSpec Summary sheet too; false computes the figures only. */
  writeSheet: boolean;
}

/** The whole BOM at a glance, computed by the core; API strings in it are shown as text. */
export interface BomHealth {
  summary: BomSummary;
  /** The BOM's sheet, where an at-risk part's rows are. */
  bomSheet: string;
  /** The summary sheet, when it was written. */
  summarySheet?: string;
}

/** What replacing one part by another in every BOM sheet of the workbook would change. */
export interface ReplaceEverywherePreview {
  /** Both parts as they are compared and written (trimmed, upper-case). */
  oldPart: string;
  newPart: string;
  /** The new part is a verified drop-in; otherwise `differs` says what differs, and applying needs the user's acceptance. */
  dropIn: boolean;
  differs?: string;
  /** Every cell that would change, sheet by sheet, top to bottom (cell text, rendered as text). */
  changes: CellReplacement[];
  /** Cells that show the old part through a formula (`'BOM'!C5`): left as they are. */
  formulas: string[];
  /** The sheets searched that hold a BOM. */
  boms: string[];
}

export type ProgressListener<T> = (progress: T) => void;

/** What the taskpane needs; every method that waits takes an AbortSignal and stops when it fires. */
export interface TaskpaneServices {
  settings: SettingsStore;
  /** One cheap call with the saved key and base URL. */
  testConnection(signal?: AbortSignal): Promise<ConnectionReport>;
  /** Empties the client's memory and persistent caches. */
  clearCache(): Promise<void>;
  /** The first page of a search, for the Preview table. */
  search(request: SearchRequest, signal?: AbortSignal): Promise<SearchPreview>;
  /** Runs the search to the end (harvesting past 2000) and writes a new sheet. Needs Excel. */
  importProducts(request: ImportRequest, onProgress: ProgressListener<ImportProgress>, signal?: AbortSignal): Promise<ImportSummary>;
  getDownloadUrl(category: CategoryId, lang: Lang, signal?: AbortSignal): Promise<CategoryLink>;
  /** Downloads the category file behind a link and writes its products to a new sheet as they arrive. Needs Excel. */
  importCategory(link: CategoryLink, fields: string[], onProgress: ProgressListener<ImportProgress>, signal?: AbortSignal): Promise<ImportSummary>;
  /** Looks at the active sheet's selection or table for the BOM and its part-number column. Needs Excel. */
  inspectBom(): Promise<BomInspection>;
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
  /** The drop-in replacement candidates of the BOM row the selection is on. Needs Excel. */
  listReplacements(strict: boolean, signal?: AbortSignal): Promise<RowReplacements>;
  /** Writes a candidate into that row as a value, the original kept in `PartSpec: Replaced part`. Needs Excel. */
  applyReplacement(row: RowReplacements, partno: string): Promise<AppliedReplacement>;
  /** Writes a suggested part number into its row's `PartSpec: Suggested` cell and selects it; returns the cell. Needs Excel. */
  pickSuggestion(row: RowSuggestion, partno: string): Promise<{ address: string }>;
  /** Selects the BOM rows whose `PartSpec: Changes` cell names a change; returns how many. Needs Excel. */
  selectChangedRows(): Promise<number>;
  /** Parts in use across every BOM sheet of the workbook, looked up once, written to the sheet PartSpec Parts in use. Needs Excel. */
  partsInUse(request: PartsInUseRequest, signal?: AbortSignal): Promise<PartsInUse>;
  /** The BOM around the selection at a glance, and the PartSpec Summary sheet when asked. Needs Excel. */
  summarizeBom(request: BomHealthRequest, signal?: AbortSignal): Promise<BomHealth>;
  /** The team's BOM rules remembered in the workbook, or undefined when none were picked (the shipped rules judge). Needs Excel. */
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

/** The worksheet half of the services, which `src/sheets` provides (given the client to fetch with). */
export type SheetServices = Pick<
  TaskpaneServices,
  'importProducts' | 'importCategory' | 'inspectBom' | 'enrich' | 'selectRowsWithStatus' | 'listReplacements' | 'applyReplacement' | 'pickSuggestion' | 'selectChangedRows' | 'summarizeBom' | 'selectBomRow' | 'previewReplaceEverywhere' | 'applyReplaceEverywhere' | 'watchSelection' | 'bomRules' | 'chooseBomRules' | 'partsInUse'
>;
