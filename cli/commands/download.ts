import { createWriteStream } from 'node:fs';
import { DOWNLOAD_CATEGORY_IDS, CATEGORIES, VALUE_FIELDS, isCancelledError, type ProductRecord } from '../../api/node';
import { categoryLabel } from '../../api/vocabulary/labels';
import { buildImportColumns } from '../../core/cells/columns';
import { buildProductRows } from '../../core/cells/rows';
import { CONNECTION_HELP, CONNECTION_OPTIONS, categoryFlag, parseFlags } from '../args';
import { connect, pathIn, type CommandContext } from '../context';
import { EXIT, UsageError } from '../../node/errors';
import { formatOfFile, writeFileSafely } from '../../node/files/files';
import { writeWaiting } from '../../ooxml/drain';
import { drain, writeTableStream } from '../../node/files/table-stream';
import type { Command } from './command';
import { parseFieldList } from '../../node/args';

const USAGE = `usage: partspec download --category C --out FILE.xlsx|FILE.csv|FILE.json [options]

Downloads the data file of a whole category through its download link and writes it as a table
(the same typed columns as 'search') or, for .json, as the normalized product records. The file
(JSON, CSV, TSV or xlsx, plain or in ZIP or gzip) is read and written as it arrives, so memory
stays small whatever the category's size. Interrupted (Ctrl-C, a cut connection), the output
keeps the rows that arrived and says how many; a file PartSpec cannot read writes nothing.

Options:
  --category C          ${DOWNLOAD_CATEGORY_IDS.join(', ')}
  --fields a,b,…        columns for .xlsx/.csv; FIELD:UNIT converts (default: every field of the category)
  --out FILE            .xlsx, .csv (text starting with = + - @ gets a leading ') or .json
${CONNECTION_HELP}`;

/**
 * Products per batch as the file is read. A batch lives until its rows are written; at 100 it is
 * gone before the garbage collector's young generation fills, so the download's garbage never
 * reaches the old generation (500 took the SMD category's CSV from 160 MB to 240 MB peak).
 */
const BATCH_PRODUCTS = 100;

/** The batches of an iterator whose first batch was already taken. */
async function* resume<T>(first: IteratorResult<T>, rest: AsyncIterator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value;
  }
}

/** Writes records as a JSON array, one record per line, as they arrive. */
async function writeJsonStream(file: string, batches: AsyncIterable<ProductRecord[]>): Promise<{ rows: number; stoppedBy?: unknown }> {
  let result: { rows: number; stoppedBy?: unknown } = { rows: 0 };
  await writeFileSafely(file, async (temp) => {
    const stream = createWriteStream(temp);
    const put = (text: string): Promise<void> => writeWaiting(stream, text);
    try {
      await put('[');
      let first = true;
      result = await drain(batches, async (batch) => {
        for (const record of batch) {
          await put(`${first ? '\n' : ',\n'}${JSON.stringify(record)}`);
          first = false;
        }
      });
      await put('\n]\n');
      await new Promise<void>((resolve, reject) => stream.once('error', reject).end(resolve));
    } catch (error) {
      stream.destroy();
      throw error;
    }
  });
  return result;
}

export const downloadCommand: Command = {
  name: 'download',
  summary: 'download a whole category into .xlsx, .csv or .json',
  usage: USAGE,
  async run(argv, context: CommandContext) {
    const flags = parseFlags(argv, { ...CONNECTION_OPTIONS, category: { type: 'string' }, fields: { type: 'string', multiple: true }, out: { type: 'string' } }, { min: 0, max: 0 });
    const category = categoryFlag(flags.required('category'), DOWNLOAD_CATEGORY_IDS);
    const out = flags.required('out');
    const outPath = pathIn(context, out);
    const json = out.toLowerCase().endsWith('.json');
    if (!json) formatOfFile(outPath, '--out');
    const fields = parseFieldList(flags.list('fields'));
    if (json && fields) throw new UsageError('--fields applies to .xlsx and .csv; .json holds every field of each product.');
    const groups = CATEGORIES[category].groups;
    const choices = fields ?? VALUE_FIELDS.filter((f) => f.groups.some((g) => groups.includes(g))).map((f) => f.key);
    // Fields and units are checked before the key is.
    buildImportColumns(choices);
    const { client, config } = connect(context, flags);
    const columns = buildImportColumns(choices, config.lang);
    const link = await client.getDownloadUrl(category, config.lang, { signal: context.signal });
    let products = 0;
    const stream = client.streamCategory(link.url, {
      category,
      batchSize: BATCH_PRODUCTS,
      signal: context.signal,
      onProgress: ({ bytes, totalBytes }) => context.progress.update(`Downloading (${products.toLocaleString('en-US')} products, bytes)`, bytes, totalBytes),
    });
    // The first batch settles the file's format: a file PartSpec cannot read stops here, before any output exists.
    const first = await stream.next();
    const batches = (async function* counted() {
      for await (const batch of resume(first, stream)) {
        products += batch.length;
        yield batch;
      }
    })();
    const started = new Date().toISOString();
    const kept = (rows: number, error: unknown): void => {
      const why = isCancelledError(error) ? 'the download was cancelled' : 'the download stopped';
      context.progress.clear();
      context.note(`${why} after ${rows.toLocaleString('en-US')} products; ${out} holds only those rows.`);
    };
    if (json) {
      const result = await writeJsonStream(outPath, batches);
      if (result.stoppedBy !== undefined) {
        kept(result.rows, result.stoppedBy);
        throw result.stoppedBy;
      }
    } else {
      await writeTableStream(
        outPath,
        columns,
        (async function* rows() {
          for await (const batch of batches) yield buildProductRows(batch, columns);
        })(),
        {
          stdout: context.stdout,
          sheetName: categoryLabel(category, config.lang),
          about: (rows, stoppedBy) => [
            ['Category', category],
            ['Language', config.lang],
            ['Downloaded at', started],
            ['Products', rows],
            ['Complete', stoppedBy === undefined ? 'yes' : `no: ${isCancelledError(stoppedBy) ? 'cancelled' : 'the download stopped'} after ${rows} products; this sheet holds only those`],
          ],
          onKept: kept,
        },
      );
    }
    context.progress.clear();
    context.note(`${products.toLocaleString('en-US')} products of ${category} written to ${out}.`);
    return EXIT.ok;
  },
};
