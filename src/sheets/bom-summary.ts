import type { Lang } from '../../api/vocabulary';
import { layoutSummarySheet } from '../../core/report/sheet-layout';
import { summarizeDocument } from '../../core/report/summarize-document';
import type { BomSummary } from '../../core/report/types';
import type { BomRules } from '../../core/rules/types';
import { workbookName, type RunExcel } from './deps';
import { isCancellation } from '../../core/enrich/failures';
import { failureDetail, OUTCOME_WORDS } from './outcome-words';
import type { EnrichDeps } from './enrich';
import { excelDocument } from './excel-document';
import { writeSummarySheet } from './summary-sheet';

export interface SheetSummaryOptions {
  /** The part-number column, as for an enrichment; absent: found from the selection. */
  partColumn?: string;
  /** Builds to compute last-time-buy quantities for. */
  builds?: number;
  /** Call out AEC-Q200. @default 'auto' */
  automotive?: boolean | 'auto';
  /** Language of the data (statuses) asked of the service. */
  lang?: Lang;
  /** Language of the sheet's labels (the UI language). @default lang */
  labels?: Lang;
  /** The user's locale (Office's display language, `en-US`), which chooses the printed paper: Letter where it is the norm, else A4. */
  locale?: string;
  /** Write the PartSpec Summary sheet; false computes the figures only (the taskpane view). @default true */
  writeSheet?: boolean;
  /** The team's BOM rules the summary's checks judge by. @default the shipped rules */
  rules?: BomRules;
  signal?: AbortSignal;
}

export type BomSummaryResult =
  | { status: 'done'; summary: BomSummary; bomSheet: string; summarySheet?: string; created?: boolean }
  | { status: 'cancelled' | 'failed'; message: string; error?: unknown };

/**
 * The whole BOM at a glance, in Excel: the core summarizes the BOM around the selection through the
 * Excel adapter, reading and looking it up exactly as an enrichment does (the client's cache
 * answers what an enrichment just fetched); the PartSpec Summary sheet is then created or updated.
 * The BOM itself is only read.
 */
export async function summarizeBomInExcel(deps: EnrichDeps, options: SheetSummaryOptions = {}): Promise<BomSummaryResult> {
  try {
    const today = (deps.now ?? (() => new Date()))();
    const file = await workbookName(deps.run);
    const result = await summarizeDocument(excelDocument(deps.run, options.partColumn), deps.client, {
      file,
      builds: options.builds,
      automotive: options.automotive,
      lang: options.lang,
      labels: options.labels,
      today,
      signal: options.signal,
      rules: options.rules,
      shell: 'addin',
    });
    // The locator's facts are said in the pane's language; English keeps the locator's sentence.
    if (!result.ok) return { status: 'failed', message: result.said ?? result.message };
    const { summary } = result;
    const bomSheet = result.bom.region.sheetName;
    if (options.writeSheet === false) return { status: 'done', summary, bomSheet };
    const written = await writeSummarySheet(deps.run, layoutSummarySheet(summary, options.labels ?? options.lang ?? 'en', { locale: options.locale }), bomSheet);
    return { status: 'done', summary, bomSheet, summarySheet: written.sheetName, created: written.created };
  } catch (error) {
    const words = OUTCOME_WORDS[options.labels ?? 'en'];
    if (isCancellation(error, options.signal)) return { status: 'cancelled', message: words.summaryCancelled, error };
    return { status: 'failed', message: words.summaryFailed(failureDetail(error, options.labels)), error };
  }
}

/** Selects one BOM row (0-based) on its sheet, as clicking an at-risk part in the BOM health view does. */
export async function selectBomRow(run: RunExcel, sheetName: string, row: number): Promise<void> {
  await run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    sheet.activate();
    sheet.getRange(`${row + 1}:${row + 1}`).select();
    await context.sync();
  });
}
