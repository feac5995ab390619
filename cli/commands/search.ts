import { CATEGORY_IDS, compareOrderKeys, isCancelledError, orderKeyOf, type HarvestPages, type OrderKey, type ProductRecord } from '../../api/node';
import type { CellValue } from '../../core/cells/cell-values';
import { defaultSearchFields } from '../../api/vocabulary/key-fields';
import { categoryLabel } from '../../api/vocabulary/labels';
import { buildImportColumns, type ColumnSpec } from '../../core/cells/columns';
import { buildProductRow, buildProductRows } from '../../core/cells/rows';
import { CONNECTION_HELP, CONNECTION_OPTIONS, categoryFlag, parseFlags } from '../args';
import { connect, pathIn, type CommandContext } from '../context';
import { EXIT } from '../../node/errors';
import { formatOfFile } from '../../node/files/files';
import { writeTableStream, type RowBatches } from '../../node/files/table-stream';
import type { Command } from './command';
import { parseFieldList } from '../../node/args';

const USAGE = `usage: partspec search --category C [options] --out FILE.xlsx|FILE.csv

Fetches every product matching a query (beyond the service's 2000-per-call cap) into a table,
with the same columns as the add-in's import: the part number first, numbers numeric with the
unit in the header, dates as dates, web addresses as hyperlinks. Rows are written as they arrive
(in part-number order), so memory stays small whatever the category's size. Interrupted (Ctrl-C,
a cut connection), the file keeps the rows that arrived and says how many.

Options:
  --category C          ${CATEGORY_IDS.join(', ')}
  --filter "…"          e.g. "Capacitance ge 100n and RatedVoltage ge 50 and Status eq 'In Production'"
  --orderby "…"         e.g. "Capacitance desc, Partno"; with any order but part number first, more
                        than 2000 matches are held in memory (as table rows) until all are sorted
  --fields a,b,…        columns; FIELD:UNIT converts (Capacitance:nF) (default: Partno, Status, key specs)
  --max N               stop after N products
  --out FILE            .xlsx (a table sheet and a 'PartSpec query' sheet) or .csv; - for CSV on stdout
${CONNECTION_HELP}

In CSV files, text that starts with = + - @ (or a tab or carriage return) gets a leading ' so a
spreadsheet program shows it as text and never runs it as a formula.`;

/**
 * Products per batch of rows handed to the writer. A page holds up to 2000 products; its rows are
 * built and written a few hundred at a time, so each batch's rows and text are gone before the
 * garbage collector's young generation fills.
 */
const ROW_BATCH = 250;

/** The rows of harvested pages as they arrive (the pages are already in the query's order). */
async function* streamedRows(pages: HarvestPages, columns: readonly ColumnSpec[]): RowBatches {
  const iterator = pages[Symbol.asyncIterator]();
  for (;;) {
    // No reference to a page outlives its rows: the next page is fetched while nothing of this one is held.
    let page: ProductRecord[] | undefined = await nextPage(iterator);
    if (page === undefined) return;
    for (let start = 0; start < page.length; start += ROW_BATCH) yield buildProductRows(page.slice(start, start + ROW_BATCH), columns);
    page = undefined;
  }
}

/** The next page, or undefined at the end. */
async function nextPage(iterator: AsyncIterator<ProductRecord[]>): Promise<ProductRecord[] | undefined> {
  const next = await iterator.next();
  return next.done ? undefined : next.value;
}

/**
 * The rows of a harvest whose order is not the walk's: each product is held only as its row and
 * the values its order compares, sorted once every match is in, then cut to `max`. A run that
 * stops early still yields what it holds, sorted, before the reason is rethrown.
 */
async function* sortedRows(pages: HarvestPages, columns: readonly ColumnSpec[], max: number | undefined, more: { hasMoreHits: boolean }): RowBatches {
  let held: { key: OrderKey; row: CellValue[] }[] = [];
  let stoppedBy: unknown;
  try {
    for await (const page of pages) for (const product of page) held.push({ key: orderKeyOf(product, pages.orderby), row: buildProductRow(product, columns) });
  } catch (error) {
    stoppedBy = error;
  }
  held.sort((a, b) => compareOrderKeys(a.key, b.key, pages.orderby));
  if (max !== undefined && held.length > max) {
    held = held.slice(0, max);
    more.hasMoreHits = true;
  }
  for (let start = 0; start < held.length; start += ROW_BATCH) yield held.slice(start, start + ROW_BATCH).map((h) => h.row);
  if (stoppedBy !== undefined) throw stoppedBy;
}

export const searchCommand: Command = {
  name: 'search',
  summary: 'fetch every product matching a query into .xlsx or .csv',
  usage: USAGE,
  async run(argv, context: CommandContext) {
    const flags = parseFlags(
      argv,
      { ...CONNECTION_OPTIONS, category: { type: 'string' }, filter: { type: 'string' }, orderby: { type: 'string' }, fields: { type: 'string', multiple: true }, max: { type: 'string' }, out: { type: 'string' } },
      { min: 0, max: 0 },
    );
    const category = categoryFlag(flags.required('category'));
    const out = flags.required('out');
    const outPath = out === '-' ? out : pathIn(context, out);
    if (out !== '-') formatOfFile(outPath, '--out');
    const max = flags.integer('max', 1, 10_000_000);
    const choices = parseFieldList(flags.list('fields')) ?? defaultSearchFields(category).map((f) => f.key);
    // Fields and units are checked before the key is.
    buildImportColumns(choices);
    const { client, config } = connect(context, flags);
    const columns = buildImportColumns(choices, config.lang);
    const query = { category, filter: flags.string('filter'), orderby: flags.string('orderby'), lang: config.lang };
    const started = new Date();
    const pages = client.harvestPages(query, {
      max,
      signal: context.signal,
      onProgress: (p) => context.progress.update(`Fetching (${p.requests} requests, products)`, p.products),
    });
    const sorted = { hasMoreHits: false };
    const batches = pages.inOrder ? streamedRows(pages, columns) : sortedRows(pages, columns, max, sorted);
    const moreMatch = (): boolean => pages.hasMoreHits || sorted.hasMoreHits;
    const stopped = (error: unknown): string => (isCancelledError(error) ? 'cancelled' : 'the search stopped');
    const rows = await writeTableStream(outPath, columns, batches, {
      stdout: context.stdout,
      sheetName: categoryLabel(category, config.lang),
      about: (written, stoppedBy) => [
        ['Category', category],
        ['Filter', query.filter ?? ''],
        ['Order by', query.orderby ?? ''],
        ['Language', config.lang],
        ['Fetched at', started.toISOString()],
        ['Products', written],
        ['Requests', pages.stats.requests],
        ['Complete', stoppedBy !== undefined ? `no: ${stopped(stoppedBy)} after ${written} products; this sheet holds only those` : moreMatch() ? 'no: more products match (raise --max)' : 'yes'],
      ],
      onKept: (written, stoppedBy) => {
        context.progress.clear();
        context.note(`The search was ${isCancelledError(stoppedBy) ? 'cancelled' : 'stopped'} after ${written.toLocaleString('en-US')} products; ${out === '-' ? 'stdout' : out} holds only those rows.`);
      },
    });
    context.progress.clear();
    const more = moreMatch() ? '; more products match (raise --max to get them)' : '';
    context.note(`${rows.toLocaleString('en-US')} products (${pages.stats.requests} requests) written to ${out === '-' ? 'stdout' : out}${more}.`);
    return EXIT.ok;
  },
};
