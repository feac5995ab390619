import type { Lang } from '../../api/vocabulary';
import { lookupInputs, planSets } from '../../core/enrich/enrich-sets';
import type { MatchOutcome } from '../../core/enrich/enrich-plan';
import { layoutSummarySheet } from '../../core/report/sheet-layout';
import { summaryRowsOf } from '../../core/report/summary-rows';
import { summarizeBom } from '../../core/report/summary';
import type { BomSummary } from '../../core/report/types';
import { isCancellation, userMessageOf, type RunExcel } from './deps';
import type { EnrichDeps } from './enrich';
import { readBom } from './enrich';
import { readBomRows } from './enrich-sets';
import { buildReplacementColumn } from './replacement-column';
import { writeSummarySheet } from './summary-sheet';

export interface BomSummaryOptions {
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
  /** Write the PartSpec Summary sheet; false computes the figures only (the taskpane view). @default true */
  writeSheet?: boolean;
  signal?: AbortSignal;
}

export type BomSummaryResult =
  | { status: 'done'; summary: BomSummary; bomSheet: string; summarySheet?: string; created?: boolean }
  | { status: 'cancelled' | 'failed'; message: string; error?: unknown };

/**
 * The whole BOM at a glance, in Excel: the BOM around the selection is read and looked up exactly
 * as an enrichment reads it (the same layout, row kinds and sets, the client's cache answering what
 * an enrichment just fetched), the parts at risk get their replacement candidates, and the core
 * computes the summary; the PartSpec Summary sheet is then created or updated. The BOM itself is
 * only read.
 */
export async function summarizeBomInExcel(deps: EnrichDeps, options: BomSummaryOptions = {}): Promise<BomSummaryResult> {
  const read = await readBom(deps.run, options.partColumn);
  if (!read.ok) return { status: 'failed', message: read.message };
  const { bom } = read;
  const { layout } = bom;
  try {
    const bomRows = await readBomRows(deps.run, bom, layout.firstRow, layout.lastRow);
    const [set] = planSets(bomRows, layout.partColumn, [], []);
    const inputs = lookupInputs([set]);
    const outcomes: Map<string, MatchOutcome> = inputs.length > 0 ? await deps.client.lookup(inputs, { lang: options.lang, signal: options.signal }) : new Map();
    const today = (deps.now ?? (() => new Date()))();
    const { answers } = await buildReplacementColumn(deps.client, { inputs, outcomes, today, lang: options.lang, signal: options.signal });
    const rows = summaryRowsOf({ set, bom: bomRows, firstRow: layout.firstRow, outcomes, replacements: answers });
    const summary = summarizeBom(rows, { today, builds: options.builds, automotive: options.automotive });
    if (options.writeSheet === false) return { status: 'done', summary, bomSheet: bom.sheetName };
    const written = await writeSummarySheet(deps.run, layoutSummarySheet(summary, options.labels ?? options.lang ?? 'en'), bom.sheetName);
    return { status: 'done', summary, bomSheet: bom.sheetName, summarySheet: written.sheetName, created: written.created };
  } catch (error) {
    if (isCancellation(error, options.signal)) return { status: 'cancelled', message: 'The summary was cancelled; the workbook is unchanged.', error };
    return { status: 'failed', message: userMessageOf(error), error };
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
