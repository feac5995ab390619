import type { ProductRecord } from '../../api/product';
import { categoryLabel, type Lang } from '../../api/vocabulary';
import type { CellValue } from '../../core/cells/cell-values';
import { buildImportColumns, NUMBER_FORMATS, type ColumnSpec, type FieldChoice } from '../../core/cells/columns';
import type { ChunkBudget } from '../../core/tables/chunks';
import type { ImportQuery, ImportRecord } from '../../core/tables/metadata';
import { uniqueSheetName, uniqueTableName } from '../../core/names';
import { buildProductRows } from '../../core/cells/rows';
import { cancelledStatus, doneStatus, failedStatus, inProgressStatus, refreshFailedStatus } from '../../core/tables/status-text';
import { isImportStatus } from '../../core/tables/status-words';
import { cellAddress } from '../../core/address';
import { readImportRecords, writeImportRecord, type DocumentSettings, type RunExcel, type SheetsClient } from './deps';
import { isCancellation } from '../../core/enrich/failures';
import { failureDetail, OUTCOME_WORDS, unreadableDownload } from './outcome-words';
import { writeStatusCell, writeTable } from './write-table';
import { diffImportedTable, describeTableChanges } from '../../core/tables/table-changes';
import { markTableChanges, readTableRows } from './import-changes';

export interface ImportDeps {
  run: RunExcel;
  client: SheetsClient;
  settings: DocumentSettings;
  /** @default () => new Date() */
  now?: () => Date;
}

export type ImportPhase = 'fetching' | 'writing';

export interface ImportProgress {
  phase: ImportPhase;
  requests: number;
  products: number;
  rowsWritten: number;
}

export interface SheetImportRequest {
  query: ImportQuery;
  /** Fields as resolveField accepts them, with optional display units; Partno is always the first column. */
  fields: readonly FieldChoice[];
  /** Name wanted for the new sheet (made valid and unique). @default a name from the category */
  sheetName?: string;
  /**
   * Products from a category's download file instead of a search, and the requests it took: all
   * in hand, or batches as the file streams in (each batch is turned into rows and written in
   * payload-bounded chunks, so no step holds the whole category). Nothing is created until the
   * first batch is in: a file that cannot be read fails without a sheet. The query is still
   * recorded, so Refresh re-runs it as a search.
   */
  products?: { products: readonly ProductRecord[] | AsyncIterable<readonly ProductRecord[]>; requests: number };
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  /** Chunk budget of each sync. @default DEFAULT_CHUNK_BUDGET */
  budget?: ChunkBudget;
  /** Language of the status line and of what the import says when it stops short (the pane's). @default 'en' */
  labels?: Lang;
}

export interface ImportResult {
  status: 'done' | 'cancelled' | 'failed';
  /** Where the table is; absent when nothing was written. */
  sheetName?: string;
  tableName?: string;
  /** Products fetched and rows written. */
  productCount: number;
  rowsWritten: number;
  requestCount: number;
  /** More products match than were fetched (`max`). */
  hasMoreHits: boolean;
  /** A sentence for the user when the status is not done. */
  message?: string;
  error?: unknown;
  /** After a refresh in place: rows added, removed and changed since the last one (changed cells are filled). */
  changes?: { added: number; removed: number; changed: number };
}

interface Target {
  sheetName: string;
  tableName: string;
  top: number;
  left: number;
  /** Set when an existing import is re-run in place. */
  previous?: ImportRecord;
  /** The table's values before a refresh (header row first), to report what changed. */
  previousRows?: unknown[][];
}

/** Where the products come from: the first batch in hand, and the rest still arriving (a streamed file). */
interface ProductSource {
  first: readonly ProductRecord[];
  rest?: AsyncIterator<readonly ProductRecord[]>;
  hasMoreHits: boolean;
  requests: number;
}

/** Fetches the products, or (for a stream) only its first batch, so a file that cannot be read fails here. */
async function openProducts(deps: ImportDeps, request: SheetImportRequest, lang: Lang | undefined): Promise<ProductSource> {
  const given = request.products;
  const products = given?.products;
  if (given && products && isBatches(products)) {
    const rest = products[Symbol.asyncIterator]();
    const next = await rest.next();
    request.onProgress?.({ phase: 'fetching', requests: given.requests, products: next.done ? 0 : next.value.length, rowsWritten: 0 });
    return next.done ? { first: [], hasMoreHits: false, requests: given.requests } : { first: next.value, rest, hasMoreHits: false, requests: given.requests };
  }
  if (given && products) return { first: products as readonly ProductRecord[], hasMoreHits: false, requests: given.requests };
  const harvested = await deps.client.harvest(
    { category: request.query.category, filter: request.query.filter, orderby: request.query.orderby, lang },
    {
      signal: request.signal,
      max: request.query.max,
      onProgress: (p) => request.onProgress?.({ phase: 'fetching', requests: p.requests, products: p.products, rowsWritten: 0 }),
    },
  );
  return { first: harvested.products, hasMoreHits: harvested.hasMoreHits, requests: harvested.stats.requests };
}

function isBatches(products: readonly ProductRecord[] | AsyncIterable<readonly ProductRecord[]>): products is AsyncIterable<readonly ProductRecord[]> {
  return Symbol.asyncIterator in products;
}

/** The rows of the batches still arriving, one batch at a time, counted as they come; stopping it stops the source. */
async function* rowBatches(source: ProductSource, columns: readonly ColumnSpec[], onProducts: (received: number) => void): AsyncGenerator<CellValue[][]> {
  let received = source.first.length;
  yield buildProductRows(source.first, columns);
  const rest = source.rest;
  if (!rest) return;
  for await (const batch of { [Symbol.asyncIterator]: () => rest }) {
    received += batch.length;
    onProducts(received);
    yield buildProductRows(batch, columns);
  }
}

async function newTarget(run: RunExcel, wanted: string, labels: Lang): Promise<Target> {
  return run(async (context) => {
    const sheets = context.workbook.worksheets.load('items/name');
    const tables = context.workbook.tables.load('items/name');
    await context.sync();
    const sheetName = uniqueSheetName(wanted, sheets.items.map((s) => s.name));
    const tableName = uniqueTableName(`PartSpec_${wanted}`, [...tables.items.map((t) => t.name), ...sheets.items.map((s) => s.name), sheetName]);
    const sheet = context.workbook.worksheets.add(sheetName);
    sheet.activate();
    // Said at once, in the sync that makes the sheet: a streamed import writes its header only once
    // the first chunk is in, and the sheet must never look finished before then.
    const status = sheet.getCell(0, 0);
    status.numberFormat = [[NUMBER_FORMATS.text]];
    status.values = [[inProgressStatus(labels)]];
    await context.sync();
    return { sheetName, tableName, top: 0, left: 0 };
  });
}

/** The sentence for a fetch that failed before any row, in `labels`: for a file PartSpec cannot read, what was received. */
function failureBeforeRows(error: unknown, labels: Lang): string {
  return unreadableDownload(error, labels) ?? OUTCOME_WORDS[labels].importFailed(failureDetail(error, labels));
}

/** Runs the fetch and the write for a target; shared by a new import and a refresh in place. */
async function importInto(deps: ImportDeps, request: SheetImportRequest, makeTarget: () => Promise<Target>): Promise<ImportResult> {
  const now = deps.now ?? (() => new Date());
  const lang = request.query.lang;
  const labels = request.labels ?? 'en';
  let columns;
  try {
    columns = buildImportColumns(request.fields, lang);
  } catch (error) {
    return { status: 'failed', productCount: 0, rowsWritten: 0, requestCount: 0, hasMoreHits: false, message: OUTCOME_WORDS[labels].importFailed(failureDetail(error, labels)), error };
  }
  let source: ProductSource;
  try {
    source = await openProducts(deps, request, lang);
  } catch (error) {
    const cancelled = isCancellation(error, request.signal);
    return {
      status: cancelled ? 'cancelled' : 'failed',
      productCount: 0,
      rowsWritten: 0,
      requestCount: 0,
      hasMoreHits: false,
      message: cancelled ? OUTCOME_WORDS[labels].importCancelledBeforeRows : failureBeforeRows(error, labels),
      error: cancelled ? undefined : error,
    };
  }
  const { hasMoreHits, requests } = source;
  // Products in hand become rows at once (a refresh compares them); a stream becomes rows batch by batch.
  const rows = source.rest ? undefined : buildProductRows(source.first, columns);
  let target: Target;
  try {
    target = await makeTarget();
  } catch (error) {
    await source.rest?.return?.().catch(() => undefined);
    throw error;
  }
  let rowsWritten = 0;
  const outcome = await writeTable(deps.run, {
    ...target,
    columns,
    rows: rows ?? rowBatches(source, columns, (products) => request.onProgress?.({ phase: rowsWritten > 0 ? 'writing' : 'fetching', requests, products, rowsWritten })),
    progressText: inProgressStatus(labels),
    signal: request.signal,
    budget: request.budget,
    onRows: (written, received) => {
      rowsWritten = written;
      request.onProgress?.({ phase: 'writing', requests, products: received, rowsWritten: written });
    },
  });
  const base = { sheetName: target.sheetName, tableName: target.tableName, productCount: outcome.total ?? outcome.received, requestCount: requests, hasMoreHits };
  const record: ImportRecord = {
    version: 1,
    tableName: target.tableName,
    sheetName: target.sheetName,
    query: { ...request.query },
    fields: [...request.fields],
    lang: lang ?? 'en',
    time: now().toISOString(),
    productCount: outcome.written,
    requestCount: requests,
    truncated: hasMoreHits || outcome.total === undefined || outcome.written < outcome.total,
  };
  if (outcome.status === 'failed') {
    const message = failedStatus(outcome.written, outcome.total, failureDetail(outcome.error, labels) ?? '', labels);
    await writeStatusCell(deps.run, target.sheetName, target.top, target.left, message, 'warning').catch(() => undefined);
    await writeImportRecord(deps.settings, record, target.previous?.tableName).catch(() => undefined);
    return { ...base, status: 'failed', rowsWritten: outcome.written, message, error: outcome.error };
  }
  if (outcome.status === 'cancelled') {
    const message = cancelledStatus(outcome.written, outcome.total, labels);
    await writeStatusCell(deps.run, target.sheetName, target.top, target.left, message, 'warning');
    await writeImportRecord(deps.settings, record, target.previous?.tableName);
    return { ...base, status: 'cancelled', rowsWritten: outcome.written, message };
  }
  const diff = target.previousRows && rows ? diffImportedTable(target.previousRows, columns, rows) : undefined;
  if (diff) await markTableChanges(deps.run, { sheetName: target.sheetName, firstRow: target.top + 2, left: target.left }, diff);
  await writeStatusCell(deps.run, target.sheetName, target.top, target.left, diff ? `${doneStatus(record, labels)} · ${describeTableChanges(diff, labels)}` : doneStatus(record, labels), 'ok');
  await writeImportRecord(deps.settings, record, target.previous?.tableName);
  const changes = diff ? { added: diff.added, removed: diff.removed, changed: diff.changed } : undefined;
  return { ...base, status: 'done', rowsWritten: outcome.written, ...(changes ? { changes } : {}) };
}

/**
 * Imports the products of a query into a new worksheet: a status line in A1, then an Excel table
 * with typed columns, recorded in the workbook's document settings (never the key) for Refresh.
 * Cancelled or failed imports say so in the status line; a failure before any row leaves no sheet.
 */
export async function importProducts(deps: ImportDeps, request: SheetImportRequest): Promise<ImportResult> {
  // The sheet is named for people, in their language (`Inductors`, `インダクタ`), not by the API's category identifier.
  const wanted = request.sheetName ?? (request.query.category ? categoryLabel(request.query.category, request.query.lang ?? 'en') : 'PartSpec import');
  return importInto(deps, request, () => newTarget(deps.run, wanted, request.labels ?? 'en'));
}

/**
 * Re-runs a recorded import in place: same sheet, same table name, same top-left cell. When the
 * fetch fails nothing but the status line changes, so the previous rows stay.
 */
export async function refreshImport(
  deps: ImportDeps,
  tableName: string,
  options: { signal?: AbortSignal; onProgress?: (p: ImportProgress) => void; budget?: ChunkBudget; labels?: Lang } = {},
): Promise<ImportResult> {
  const labels = options.labels ?? 'en';
  const record = readImportRecords(deps.settings)[tableName];
  if (!record) return { status: 'failed', productCount: 0, rowsWritten: 0, requestCount: 0, hasMoreHits: false, message: OUTCOME_WORDS[labels].notRecorded(tableName) };
  const located = await deps.run(async (context) => {
    const table = context.workbook.tables.getItemOrNullObject(tableName);
    const range = table.getRange();
    const sheet = table.worksheet;
    table.load('name');
    await context.sync();
    if (table.isNullObject) return undefined;
    range.load('rowIndex,columnIndex');
    sheet.load('name');
    await context.sync();
    const above = range.rowIndex > 0 ? sheet.getCell(range.rowIndex - 1, range.columnIndex).load('values') : undefined;
    await context.sync();
    return { sheetName: sheet.name, headerRow: range.rowIndex, left: range.columnIndex, above: above?.values[0]?.[0] };
  });
  if (!located) {
    return { status: 'failed', productCount: 0, rowsWritten: 0, requestCount: 0, hasMoreHits: false, message: OUTCOME_WORDS[labels].tableGone(tableName) };
  }
  // The line above the table is rewritten only when it is PartSpec's status line, in whichever
  // language it was written, or empty: text of the user's own there is never overwritten.
  if (located.above !== undefined && located.above !== '' && located.above !== null && !isImportStatus(located.above)) {
    return { status: 'failed', productCount: 0, rowsWritten: 0, requestCount: 0, hasMoreHits: false, message: OUTCOME_WORDS[labels].statusLineTaken(tableName, `${cellAddress(located.headerRow - 1, located.left)}`) };
  }
  const top = Math.max(0, located.headerRow - 1);
  const request: SheetImportRequest = { query: { ...record.query, lang: record.query.lang ?? record.lang }, fields: record.fields, signal: options.signal, onProgress: options.onProgress, budget: options.budget, labels };
  const result = await importInto(deps, request, async () => {
    const previousRows = await readTableRows(deps.run, tableName);
    await deps.run(async (context) => {
      const table = context.workbook.tables.getItem(tableName);
      const range = table.getRange();
      range.clear('All');
      table.delete();
      await context.sync();
    });
    return { sheetName: located.sheetName, tableName, top, left: located.left, previous: record, previousRows };
  });
  if (result.status !== 'done' && result.rowsWritten === 0 && result.sheetName === undefined) {
    await writeStatusCell(deps.run, located.sheetName, top, located.left, refreshFailedStatus(result.message ?? '', labels), 'warning').catch(() => undefined);
  }
  return result;
}
