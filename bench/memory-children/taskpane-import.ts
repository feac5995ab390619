/*
 * B8: the taskpane's "Import whole category" pipeline in Node, into a counting workbook sink.
 * `stream`: the file read in batches and written chunk by chunk as it arrives (what the pane
 * does); `naive`: the whole file read into one array of products, then imported (what it did).
 * Reports heap above a warmed-up baseline (sampled at every sync, every batch and every 5 ms).
 * Run with --expose-gc. Usage: taskpane-import.ts stream|naive BASE_URL
 */
import { createClient, type ProductRecord } from '../../api/node';
import { fieldsOfGroup } from '../../api';
import { importProducts } from '../../src/sheets/import';
import { createCountingWorkbook } from './counting-workbook';

const CATEGORY = 'ceramicCapacitorsSMD';

async function main(): Promise<void> {
  const [mode, baseUrl] = process.argv.slice(2);
  const gc = (globalThis as { gc?: () => void }).gc;
  let peak = 0;
  const sample = (): void => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  const workbook = createCountingWorkbook(sample);
  const client = createClient({ baseUrl, apiKey: process.env.PARTSPEC_API_KEY ?? '', cache: false, retry: false });
  // Warm-up: modules loaded, a request made and a small import written, then a settled heap.
  const link = await client.getDownloadUrl(CATEGORY, 'en');
  await importProducts({ run: workbook.run, client, settings: workbook.settings }, { query: { category: 'inductors', max: 10 }, fields: ['Inductance'] });
  gc?.();
  gc?.();
  const baseline = process.memoryUsage().heapUsed;
  peak = baseline;
  Object.assign(workbook.counts, { syncs: 0, cells: 0, bytes: 0, maxSyncBytes: 0 });
  const timer = setInterval(sample, 5);
  const started = Date.now();

  // Every field of the category, as the pane's "all columns" preset writes it.
  const fields = fieldsOfGroup('SMD').map((f) => f.key);
  let products: ProductRecord[] | AsyncIterable<readonly ProductRecord[]>;
  if (mode === 'naive') {
    products = await client.downloadCategory(link.url, { category: CATEGORY });
    sample();
  } else {
    const batches = client.streamCategory(link.url, { category: CATEGORY, batchSize: 100 });
    products = (async function* sampled() {
      for await (const batch of batches) {
        sample();
        yield batch;
      }
    })();
  }
  const result = await importProducts(
    { run: workbook.run, client, settings: workbook.settings },
    { query: { category: CATEGORY, lang: 'en' }, fields, products: { products, requests: 1 } },
  );
  sample();
  clearInterval(timer);
  if (result.status !== 'done') throw new Error(`import ${result.status}: ${result.message ?? ''}`);
  process.stdout.write(`${JSON.stringify({ products: result.rowsWritten, ms: Date.now() - started, baselineBytes: baseline, peakHeapBytes: peak, heapAboveBaselineBytes: peak - baseline, ...workbook.counts })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
