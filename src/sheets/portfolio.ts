/*
 * Parts in use across every BOM sheet of the open workbook, as `partspec portfolio` computes them
 * for files: the core collects the BOM sheets (each located as enrichment locates one), looks the
 * union of their parts up once and folds them into one line per part (core/portfolio/collect.ts);
 * this module only hands it the workbook's sheets and writes the layout as a sheet of its own.
 */
import type { Lang } from '../../api/vocabulary';
import { pointsForChars } from '../../core/cells/rows';
import type { BomDocument } from '../../core/enrich/document';
import { isCancellation } from '../../core/enrich/failures';
import { PORTFOLIO_SHEET_NAME } from '../../core/names';
import { collectPortfolio, type SkippedSheet } from '../../core/portfolio/collect';
import { sheetCells, type PortfolioSheet } from '../../core/portfolio/layout';
import { layoutWorkbookParts } from '../../core/portfolio/workbook-parts';
import type { Portfolio } from '../../core/portfolio/types';
import { workbookName, type RunExcel } from './deps';
import type { EnrichDeps } from './enrich';
import { readBlock } from './excel-document';
import { sheetRegions } from './replace-everywhere';
import { addChart, sheetToRewrite, writeCells } from './summary-sheet';
import { failureDetail, OUTCOME_WORDS } from './outcome-words';

export interface WorkbookPortfolioOptions {
  /** Builds of every BOM sheet, for the demand and last-time-buy quantities. @default 1 */
  builds?: number;
  /** Language of the data asked of the service and of the risk reasons. */
  lang?: Lang;
  /** Language of what the run says when it stops short (the pane's). @default 'en' */
  labels?: Lang;
  signal?: AbortSignal;
}

export type WorkbookPortfolioResult =
  | { status: 'done'; portfolio: Portfolio; sheetName: string; created: boolean; skipped: SkippedSheet[] }
  | { status: 'cancelled' | 'failed'; message: string; error?: unknown };

/** Every worksheet of the workbook as one read-only BOM document: one region per sheet, which the core locates a BOM in one by one. */
function workbookDocument(run: RunExcel): BomDocument {
  return {
    regions: () => sheetRegions(run),
    read: (sheetName, block) => readBlock(run, sheetName, block),
    write: () => Promise.reject(new Error('the parts in use only read the BOM sheets')),
  };
}

/**
 * Writes the Parts in use table to its own sheet, replacing what a previous run wrote there (its
 * cells and chart) and nothing else: the header bold and frozen, the side table of parts
 * by risk with its native chart. Text is written as text. Two syncs; three on a re-run.
 */
async function writePartsSheet(run: RunExcel, layout: PortfolioSheet): Promise<{ created: boolean }> {
  return run(async (context) => {
    const { sheet, created } = await sheetToRewrite(context, PORTFOLIO_SHEET_NAME, [layout.chart.name]);
    const { rows } = writeCells(sheet, sheetCells(layout));
    sheet.getRangeByIndexes(0, 0, 1, layout.header.length).format.font.bold = true;
    sheet.getRangeByIndexes(0, layout.side.column, 1, layout.side.header.length).format.font.bold = true;
    const widths = [...layout.widths, 2, ...layout.side.header.map((_, i) => (i === 0 ? 12 : 8))];
    widths.forEach((chars, column) => {
      sheet.getCell(0, column).format.columnWidth = pointsForChars(chars);
    });
    sheet.freezePanes.freezeRows(1);
    if (rows.length > 1) addChart(sheet, layout.chart);
    await context.sync();
    return { created };
  });
}

/**
 * Parts in use across every BOM sheet of the open workbook (PartSpec's own sheets and sheets that
 * hold no BOM left out), looked up once for the union of their parts, written to the sheet
 * `PartSpec Parts in use`: one row per part with the command line's Parts in use columns and where
 * it is used (sheet and 1-based row). The BOM sheets are only read.
 */
export async function writeWorkbookPortfolio(deps: EnrichDeps, options: WorkbookPortfolioOptions = {}): Promise<WorkbookPortfolioResult> {
  const words = OUTCOME_WORDS[options.labels ?? 'en'];
  try {
    const today = (deps.now ?? (() => new Date()))();
    const file = await workbookName(deps.run);
    const document = workbookDocument(deps.run);
    const { portfolio, skipped } = await collectPortfolio([{ file, open: async () => ({ document, close: () => undefined }) }], deps.client, {
      buildsOf: () => options.builds ?? 1,
      today,
      lang: options.lang,
      labels: options.labels,
      fetchedAt: today.toISOString(),
      shell: 'addin',
      signal: options.signal,
    });
    if (portfolio.boms.length === 0) return { status: 'failed', message: words.noBomSheet(skipped[0]) };
    const { created } = await writePartsSheet(deps.run, layoutWorkbookParts(portfolio, options.lang ?? 'en'));
    return { status: 'done', portfolio, sheetName: PORTFOLIO_SHEET_NAME, created, skipped };
  } catch (error) {
    if (isCancellation(error, options.signal)) return { status: 'cancelled', message: words.partsCancelled, error };
    return { status: 'failed', message: words.partsFailed(failureDetail(error, options.labels)), error };
  }
}
