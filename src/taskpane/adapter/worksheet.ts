import { formatFilter, formatOrderBy, type Client } from '../../../api';
import { isApiError } from '../../../api/errors/api-error';
import { CancelledError } from '../../../api/errors/cancelled-error';
import { MAX_PRODUCTS_PER_CALL, type Lang } from '../../../api/vocabulary';
import { UserProblem } from '../../../core/user-problem';
import { bomColumnId, inspectBom, selectChangedRows, selectRowsWithStatus } from '../../sheets/bom-tools';
import { enrichSelection } from '../../sheets/enrich';
import { writeWorkbookPortfolio } from '../../sheets/portfolio';
import { importProducts, type SheetImportRequest, type ImportResult } from '../../sheets/import';
import { officeDocumentSettings, type RunExcel, type SheetsClient } from '../../sheets/deps';
import { locateMessage } from '../../sheets/read-bom';
import { applyReplacement, listSelectedRowReplacements } from '../../sheets/apply-replacement';
import { selectBomRow, summarizeBomInExcel } from '../../sheets/bom-summary';
import { pickSuggestion } from '../../sheets/pick-suggestion';
import { readWorkbookRules, rememberBomRules, workbookRulesChoice } from '../../sheets/bom-rules';
import { applyWorkbookReplacement, previewWorkbookReplacement } from '../../sheets/replace-everywhere';
import type { ImportSummary, ImportProgress, ProgressListener, TaskpaneServices, WorksheetOperations } from './services';

/** Candidates the pane lists for one row. */
const REPLACEMENTS_LISTED = 10;
/** Products per batch of a streamed category file: small batches die young, which keeps the pane's memory low. */
const CATEGORY_BATCH = 100;

/** The sentence of a worksheet result that says what went wrong (`{ ok: false, message }`), as the problem the pane shows. */
function refused(result: { message: string }): never {
  throw new UserProblem(result.message);
}

/**
 * Turns a sheets run that did not finish into the error the pane shows: a cancellation, or the
 * run's own sentence as a UserProblem (an import's says what the sheet now holds), with what
 * failed underneath as its cause.
 */
function failure(result: { status: string; message?: string; error?: unknown }): Error {
  if (result.status === 'cancelled') return new CancelledError({ cause: result.message });
  return new UserProblem(result.message ?? 'The worksheet could not be written. Try again.', { cause: result.error });
}

/**
 * The same for a run whose failure sentence is its error's own (enrichment, summary, parts in
 * use): when the service failed, the pane gets the ApiError itself, as it does from a search.
 */
function runFailure(result: { status: string; message?: string; error?: unknown }): Error {
  if (result.status !== 'cancelled' && isApiError(result.error)) return result.error;
  return failure(result);
}

function toSummary(result: ImportResult): ImportSummary {
  if (result.status !== 'done') throw failure(result);
  return {
    products: result.productCount,
    requests: result.requestCount,
    sheetName: result.sheetName ?? '',
    harvested: result.productCount > MAX_PRODUCTS_PER_CALL,
  };
}

export interface WorksheetOperationsOptions {
  /** `Excel.run`, or the workbench's double. */
  run: RunExcel;
  getClient: () => Promise<Client>;
}

/**
 * The worksheet operations on top of `src/sheets` (the only code that calls Excel.run), in their
 * own chunk, fetched when the user starts the first: each result that did not finish becomes the
 * UserProblem (or cancellation) the pane shows, so the sections read only what succeeded.
 */
export function createWorksheetOperations({ run, getClient }: WorksheetOperationsOptions): WorksheetOperations {
  const settings = officeDocumentSettings;
  // The part-number column of the last enrichment, so "select the not-found rows" finds the same BOM.
  let lastColumn: string | undefined;
  let lastLang: Lang | undefined;

  async function importWith(
    client: SheetsClient,
    request: Parameters<TaskpaneServices['importProducts']>[0],
    onProgress: ProgressListener<ImportProgress>,
    signal?: AbortSignal,
    inHand?: SheetImportRequest['products'],
    onImported?: SheetImportRequest['onProgress'],
  ): Promise<ImportSummary> {
    const result = await importProducts(
      { run, client, settings: settings() },
      {
        query: {
          category: request.category,
          filter: request.filter.conditions.length > 0 ? formatFilter(request.filter) : undefined,
          orderby: request.orderby.length > 0 ? formatOrderBy(request.orderby) : undefined,
          lang: request.lang,
        },
        fields: request.fields,
        ...(request.labels ? { labels: request.labels } : {}),
        products: inHand,
        signal,
        onProgress: onImported ?? ((p) => onProgress({ requests: p.requests, products: p.products })),
      },
    );
    return toSummary(result);
  }

  return {
    async importProducts(request, onProgress, signal) {
      return importWith(await getClient(), request, onProgress, signal);
    },

    async importCategory(link, fields, onProgress, signal, labels) {
      const client = await getClient();
      let bytes = 0;
      let totalBytes: number | undefined;
      // The file streams in batches: each is written as it arrives, so no step holds the whole category.
      const batches = client.streamCategory(link.url, {
        signal,
        category: link.category,
        batchSize: CATEGORY_BATCH,
        onProgress: (p) => {
          bytes = p.bytes;
          totalBytes = p.totalBytes;
        },
      });
      // Recorded as the category's query, so Refresh re-runs it as a search.
      const request = { category: link.category, filter: { conditions: [] }, orderby: [], lang: link.lang, fields, ...(labels ? { labels } : {}) };
      const summary = await importWith(client, request, onProgress, signal, { products: batches, requests: 1 }, (p) =>
        onProgress({ requests: 1, products: p.products, bytes, ...(totalBytes === undefined ? {} : { totalBytes }) }),
      );
      return { ...summary, harvested: false, fromFile: true };
    },

    async inspectBom() {
      const found = await inspectBom(run);
      return found.ok ? found : refused(found);
    },

    async enrich(options, signal) {
      const client = await getClient();
      lastColumn = options.partColumn;
      lastLang = options.lang;
      // Checks judge by the rules remembered in the workbook, else by the shipped ones.
      const rules = options.rules ?? (options.checks ? readWorkbookRules(settings()) : undefined);
      const result = await enrichSelection({ run, client }, { ...options, ...(rules ? { rules } : {}), signal });
      if (!result.ok) throw new UserProblem(locateMessage(result, options.lang));
      if (result.status === 'failed') throw runFailure(result);
      const first = result.sets[0];
      // The column this enrichment used, so the row actions read the same BOM whatever is selected then.
      if (!options.partColumn && first) lastColumn = bomColumnId(result.bom.region.sheetName, first.partNumbers);
      return result;
    },

    async listReplacements(strict, signal) {
      const client = await getClient();
      const listed = await listSelectedRowReplacements(run, client, { strict, max: REPLACEMENTS_LISTED, partColumn: lastColumn, lang: lastLang, signal });
      return listed.ok ? listed : refused(listed);
    },

    async pickSuggestion(target, partno) {
      const picked = await pickSuggestion(run, { sheetName: target.sheetName, cell: target.cell, partno });
      return picked.ok ? { address: picked.address } : refused(picked);
    },

    async applyReplacement(row, partno) {
      const applied = await applyReplacement(run, { sheetName: row.sheetName, row: row.row, expected: row.input, replacement: partno, partColumn: lastColumn, lang: lastLang });
      return applied.ok ? applied : refused(applied);
    },

    async selectRowsWithStatus(statuses) {
      const selected = await selectRowsWithStatus(run, statuses, lastColumn, lastLang);
      return selected.ok ? selected.rows : refused(selected);
    },

    async selectChangedRows() {
      const selected = await selectChangedRows(run, lastColumn, lastLang);
      return selected.ok ? selected.rows : refused(selected);
    },

    async partsInUse(request, signal) {
      const result = await writeWorkbookPortfolio({ run, client: await getClient() }, { ...request, signal });
      if (result.status !== 'done') throw runFailure(result);
      return result;
    },

    async summarizeBom(request, signal) {
      const client = await getClient();
      // The BOM the user is looking at now, whatever the last enrichment used.
      // Office's display language (en-US) chooses the summary's paper, as the ribbon's BOM summary does.
      const locale = typeof Office === 'undefined' ? undefined : Office.context?.displayLanguage;
      const rules = readWorkbookRules(settings());
      const result = await summarizeBomInExcel({ run, client }, { ...request, locale, signal, ...(rules ? { rules } : {}) });
      if (result.status !== 'done') throw runFailure(result);
      return result;
    },

    selectBomRow: (sheetName, row) => selectBomRow(run, sheetName, row),
    bomRules: async () => workbookRulesChoice(settings()),
    chooseBomRules: (text, file) => rememberBomRules(settings(), text, file),

    async previewReplaceEverywhere(request, signal) {
      const preview = await previewWorkbookReplacement(run, await getClient(), { ...request, signal });
      if (!preview.ok) refused(preview);
      const { oldPart, newPart, dropIn, sentence, changes, formulas, boms } = preview;
      return { oldPart, newPart, dropIn, ...(dropIn || !sentence ? {} : { differs: sentence }), changes, formulas, boms };
    },

    async applyReplaceEverywhere(preview, acceptDifferences) {
      // The pane's checkbox is the user's word; the service holds to it too, so no other caller skips it.
      if (!preview.dropIn && !acceptDifferences) throw new UserProblem(`${preview.newPart} is not a drop-in of ${preview.oldPart}: accept the differences to write it. Nothing was written.`);
      const applied = await applyWorkbookReplacement(run, preview.changes);
      return applied.ok ? { written: applied.written } : refused(applied);
    },
  };
}
