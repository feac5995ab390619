import { DOWNLOAD_CATEGORY_IDS, CATEGORIES, VALUE_FIELDS } from '../../src/api/node';
import { buildImportColumns } from '../../src/sheets/core/columns';
import { buildProductRows } from '../../src/sheets/core/rows';
import { CONNECTION_HELP, CONNECTION_OPTIONS, parseFieldList, parseFlags } from '../args';
import { connect, type CommandContext } from '../context';
import { EXIT, UsageError } from '../errors';
import { formatOfFile, writeFileSafely } from '../io/files';
import { writeTableFile } from '../io/table-file';
import type { Command } from './command';
import { categoryFlag } from './search';

const USAGE = `usage: partspec download --category C --out FILE.xlsx|FILE.csv|FILE.json [options]

Downloads the data file of a whole category through its download link and writes it as a table
(the same typed columns as 'search') or, for .json, as the normalized product records.

Options:
  --category C          ${DOWNLOAD_CATEGORY_IDS.join(', ')}
  --fields a,b,…        columns for .xlsx/.csv; FIELD:UNIT converts (default: every field of the category)
  --out FILE            .xlsx, .csv (text starting with = + - @ gets a leading ') or .json
${CONNECTION_HELP}`;

export const downloadCommand: Command = {
  name: 'download',
  summary: 'download a whole category into .xlsx, .csv or .json',
  usage: USAGE,
  async run(argv, context: CommandContext) {
    const flags = parseFlags(argv, { ...CONNECTION_OPTIONS, category: { type: 'string' }, fields: { type: 'string', multiple: true }, out: { type: 'string' } }, { min: 0, max: 0 });
    const category = categoryFlag(flags.required('category'), DOWNLOAD_CATEGORY_IDS);
    const out = flags.required('out');
    const json = out.toLowerCase().endsWith('.json');
    if (!json) formatOfFile(out, '--out');
    const fields = parseFieldList(flags.string('fields'));
    if (json && fields) throw new UsageError('--fields applies to .xlsx and .csv; .json holds every field of each product.');
    const groups = CATEGORIES[category].groups;
    const columns = buildImportColumns(fields ?? VALUE_FIELDS.filter((f) => f.groups.some((g) => groups.includes(g))).map((f) => f.key));
    const { client, config } = connect(context, flags);
    const link = await client.getDownloadUrl(category, config.lang, { signal: context.signal });
    const products = await client.downloadCategory(link.url, {
      category,
      signal: context.signal,
      onProgress: ({ bytes, totalBytes }) => context.progress.update('Downloading (bytes)', bytes, totalBytes),
    });
    context.progress.update('Writing', 0, products.length);
    if (json) await writeFileSafely(out, `${JSON.stringify(products, null, 1)}\n`);
    else {
      await writeTableFile(out, columns, buildProductRows(products, columns), {
        sheetName: category,
        about: [
          ['Category', category],
          ['Language', config.lang],
          ['Downloaded at', new Date().toISOString()],
          ['Products', products.length],
        ],
      });
    }
    context.progress.clear();
    context.note(`${products.length.toLocaleString('en-US')} products of ${category} written to ${out}.`);
    return EXIT.ok;
  },
};
