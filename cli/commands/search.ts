import { CATEGORY_IDS, isCategoryId, type CategoryId } from '../../src/api/node';
import { defaultSearchFields } from '../../src/functions/key-fields';
import { buildImportColumns } from '../../src/sheets/core/columns';
import { buildProductRows } from '../../src/sheets/core/rows';
import { CONNECTION_HELP, CONNECTION_OPTIONS, parseFieldList, parseFlags } from '../args';
import { connect, type CommandContext } from '../context';
import { EXIT, UsageError } from '../errors';
import { formatOfFile } from '../io/files';
import { writeTableFile } from '../io/table-file';
import type { Command } from './command';

const USAGE = `usage: partspec search --category C [options] --out FILE.xlsx|FILE.csv

Fetches every product matching a query (beyond the service's 2000-per-call cap) into a table,
with the same columns as the add-in's import: the part number first, numbers numeric with the
unit in the header, dates as dates, web addresses as hyperlinks.

Options:
  --category C          ${CATEGORY_IDS.join(', ')}
  --filter "…"          e.g. "Capacitance ge 100n and RatedVoltage ge 50 and Status eq 'In Production'"
  --orderby "…"         e.g. "Capacitance desc, Partno"
  --fields a,b,…        columns; FIELD:UNIT converts (Capacitance:nF) (default: Partno, Status, key specs)
  --max N               stop after N products
  --out FILE            .xlsx (a table sheet and a 'PartSpec query' sheet) or .csv; - for CSV on stdout
${CONNECTION_HELP}

In CSV files, text that starts with = + - @ (or a tab or carriage return) gets a leading ' so a
spreadsheet program shows it as text and never runs it as a formula.`;

/** The category flag, checked (the core's validator would also refuse it, later). */
export function categoryFlag(value: string, allowed: readonly CategoryId[] = CATEGORY_IDS): CategoryId {
  if (!isCategoryId(value) || !allowed.includes(value)) throw new UsageError(`'${value}' is not a category here; use ${allowed.join(', ')}.`);
  return value;
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
    if (out !== '-') formatOfFile(out, '--out');
    const max = flags.integer('max', 1, 10_000_000);
    const columns = buildImportColumns(parseFieldList(flags.string('fields')) ?? defaultSearchFields(category).map((f) => f.key));
    const { client, config } = connect(context, flags);
    const query = { category, filter: flags.string('filter'), orderby: flags.string('orderby'), lang: config.lang };
    const started = new Date();
    const result = await client.harvest(query, {
      max,
      signal: context.signal,
      onProgress: (p) => context.progress.update(`Fetching (${p.requests} requests)`, p.products),
    });
    context.progress.update('Writing', 0, result.products.length);
    const rows = buildProductRows(result.products, columns);
    await writeTableFile(out, columns, rows, {
      sheetName: category,
      about: [
        ['Category', category],
        ['Filter', query.filter ?? ''],
        ['Order by', query.orderby ?? ''],
        ['Language', config.lang],
        ['Fetched at', started.toISOString()],
        ['Products', result.products.length],
        ['Requests', result.stats.requests],
        ['Complete', result.hasMoreHits ? 'no: more products match (raise --max)' : 'yes'],
      ],
    });
    context.progress.clear();
    const more = result.hasMoreHits ? '; more products match (raise --max to get them)' : '';
    context.note(`${result.products.length.toLocaleString('en-US')} products (${result.stats.requests} requests) written to ${out === '-' ? 'stdout' : out}${more}.`);
    return EXIT.ok;
  },
};
