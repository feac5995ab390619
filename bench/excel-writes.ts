/**
 * B4 Excel writes: a 20,000-row × 40-column import through the real importProducts into the
 * in-memory workbook double, which records every sync and the size of its request payload.
 */
import { performance } from 'node:perf_hooks';
import { DEMO_KEY, startEmulator } from '../emulator';
import { DEFAULT_RETRY, createClient, fieldsOfGroup, type HarvestResult } from '../api';
import { buildImportColumns } from '../core/cells/columns';
import { buildProductRows } from '../core/cells/rows';
import { importProducts } from '../src/sheets/import';
import { type SheetsClient } from '../src/sheets/deps';
import { DOUBLE_PAYLOAD_LIMIT, createExcelDouble } from '../src/workbench/excel-double';
import { BENCH_EMULATOR, progress, timed } from './conditions';
import { check, formatBytes, formatCount, formatMs, type BenchmarkResult } from './report';

const ROWS = 20_000;
const COLUMNS = 40;

export async function runExcelWrites(): Promise<BenchmarkResult> {
  const emulator = await startEmulator(BENCH_EMULATOR);
  try {
    const api = createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false, retry: DEFAULT_RETRY });
    // Keeps the harvested products, so row building can be timed on exactly what the import wrote.
    let harvested: HarvestResult | undefined;
    let harvestMs = 0;
    const client: SheetsClient = {
      harvest: async (query, options) => {
        const fetched = await timed(() => api.harvest(query, options));
        harvestMs = fetched.ms;
        harvested = fetched.value;
        return fetched.value;
      },
      lookup: (partnos, options) => api.lookup(partnos, options),
      planLookup: (partnos, options) => api.planLookup(partnos, options),
      search: (options) => api.search(options),
      clearCache: () => api.clearCache(),
    };
    const excel = createExcelDouble();
    // Partno is always the first column; 39 more fields of the SMD group make 40.
    const fields = fieldsOfGroup('SMD').map((f) => f.key).filter((k) => k !== 'Partno').slice(0, COLUMNS - 1);
    progress(`B4 import of ${formatCount(ROWS)} rows × ${COLUMNS} columns into the workbook double…`);
    const { value: result, ms } = await timed(() =>
      importProducts(
        { run: excel.run, client, settings: excel.office.context.document.settings },
        {
          // No $orderby: the harvest's own Partno order lets it stop once it has 20,000.
          query: { category: 'ceramicCapacitorsSMD', max: ROWS },
          fields,
        },
      ),
    );
    // Everything after the fetch: building rows, the syncs into the double, the status line and the record.
    const writeMs = ms - harvestMs;
    if (result.status !== 'done' || !harvested) throw new Error(`B4 import ${result.status}: ${result.message ?? ''}`);

    const columns = buildImportColumns(fields);
    const started = performance.now();
    const rows = buildProductRows(harvested.products, columns);
    const buildMs = performance.now() - started;

    const [table] = excel.tables();
    const payloads = excel.payloadSizes();
    const largest = Math.max(...payloads);
    const syncs = excel.syncCount();
    return {
      id: 'B4',
      title: 'Excel writes',
      rows: [
        {
          benchmark: 'B4 Excel writes',
          case: `importProducts: ${formatCount(ROWS)} rows × ${COLUMNS} columns into the workbook double`,
          requests: result.requestCount,
          timeMs: ms,
          measure: `${syncs} syncs; largest payload ${formatBytes(largest)}; building rows ${formatMs(buildMs)}; fetch ${formatMs(harvestMs)}, rows + writing ${formatMs(writeMs)}; table ${formatCount(table?.rowCount ?? 0)} × ${table?.headers.length ?? 0}`,
          checks: [
            check('B4 largest payload of one sync (bytes)', largest, `largest payload < ${formatBytes(DOUBLE_PAYLOAD_LIMIT)}`, largest < DOUBLE_PAYLOAD_LIMIT),
            check('B4 rows written', result.rowsWritten, `${formatCount(ROWS)} rows × ${COLUMNS} columns`, result.rowsWritten === ROWS && table?.rowCount === ROWS && table.headers.length === COLUMNS && rows.length === ROWS),
          ],
        },
      ],
      details: { rows: ROWS, columns: COLUMNS, requests: result.requestCount, syncs, payloadSizes: payloads, largestPayload: largest, buildRowsMs: buildMs, harvestMs, writeMs, importMs: ms, rowsWritten: result.rowsWritten },
    };
  } finally {
    await emulator.close();
  }
}
