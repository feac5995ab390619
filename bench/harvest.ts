/**
 * B2 harvest: whole categories and filters past the 2000-product cap, against the emulator with
 * latency and a rate limit; requests against ⌈N/2000⌉, where N is counted on the emulator's
 * catalog with plain predicates (not with the emulator's query code). Then the download-file path.
 */
import { DEMO_KEY, startEmulator, type CatalogProduct, type RunningEmulator } from '../emulator';
import { DEFAULT_RETRY, MAX_PRODUCTS_PER_CALL, createClient, type CategoryId, type Client, type SearchQuery } from '../api';
import { settledRequests } from '../testkit/functions-harness';
import { BENCH_EMULATOR, progress, startCase, summarizeLog, timed } from './conditions';
import { check, formatCount, type BenchmarkResult, type Row } from './report';

/** Requests may exceed ⌈N/2000⌉ by this factor. */
const REQUEST_TOLERANCE = 1.15;

interface HarvestCase {
  name: string;
  query: SearchQuery;
  /** The products the query must return, from the catalog. */
  expected: (emulator: RunningEmulator) => readonly CatalogProduct[];
}

const isClose = (a: unknown, b: number): boolean => typeof a === 'number' && Math.abs(a - b) <= 1e-12 * Math.abs(b);
const ceramic = (e: RunningEmulator): CatalogProduct[] => [...e.catalog.byGroup.SMD, ...e.catalog.byGroup.Lead];

const CATEGORY_CASES: HarvestCase[] = [
  { name: 'category ceramicCapacitorsSMD', query: { category: 'ceramicCapacitorsSMD' }, expected: (e) => e.catalog.byGroup.SMD },
  { name: 'category ceramicCapacitorsLead', query: { category: 'ceramicCapacitorsLead' }, expected: (e) => e.catalog.byGroup.Lead },
  { name: 'category inductors', query: { category: 'inductors' }, expected: (e) => e.catalog.byGroup.Ind },
  { name: 'category ceramicCapacitors (SMD + Lead)', query: { category: 'ceramicCapacitors' }, expected: ceramic },
];

const FILTER_CASES: HarvestCase[] = [
  {
    name: '~3k, all tied: SMD `Capacitance eq 100n`',
    query: { category: 'ceramicCapacitorsSMD', filter: 'Capacitance eq 100n' },
    expected: (e) => e.catalog.byGroup.SMD.filter((p) => isClose(p.values['Specs.Capacitance'], 1e-7)),
  },
  {
    name: "~10k, two tied values: SMD `TemperatureCharacteristics eq 'X7R|X7S'`",
    query: { category: 'ceramicCapacitorsSMD', filter: "TemperatureCharacteristics eq 'X7R|X7S'" },
    expected: (e) => e.catalog.byGroup.SMD.filter((p) => ['X7R', 'X7S'].includes(String(p.values['Specs.TemperatureCharacteristics']))),
  },
  {
    name: "~40k, all tied: ceramicCapacitors `Status eq 'In Production'`",
    query: { category: 'ceramicCapacitors', filter: "Status eq 'In Production'" },
    expected: (e) => ceramic(e).filter((p) => p.values.Status === 'In Production'),
  },
];

/** The download file of this category is checked against its whole group. */
const DOWNLOAD_CATEGORY: CategoryId = 'ceramicCapacitorsSMD';

async function harvestCase(emulator: RunningEmulator, client: Client, c: HarvestCase): Promise<{ row: Row; details: Record<string, unknown> }> {
  const expected = new Set(c.expected(emulator).map((p) => p.values.Partno as string));
  const n = expected.size;
  const ideal = Math.ceil(n / MAX_PRODUCTS_PER_CALL);
  startCase(emulator);
  const { value: result, ms } = await timed(() => client.harvest(c.query));
  const log = summarizeLog(await settledRequests(emulator));
  const partnos = result.products.map((p) => p.partno);
  const distinct = new Set(partnos);
  const duplicates = partnos.length - distinct.size;
  const missing = [...expected].filter((p) => !distinct.has(p)).length;
  const extra = [...distinct].filter((p) => !expected.has(p)).length;
  const requestRatio = Math.round((log.requests / ideal) * 100) / 100;
  const shownRatio = (log.requests / ideal).toFixed(2);
  const row: Row = {
    benchmark: 'B2 harvest',
    case: c.name,
    requests: log.requests,
    bytes: log.urlBytes + result.stats.bytes,
    timeMs: ms,
    measure: `N = ${formatCount(n)}, ⌈N/2000⌉ = ${ideal}, ratio ${shownRatio}; products ${formatCount(partnos.length)}, ${duplicates} duplicates, ${missing} missing, ${extra} unexpected${log.rateLimited ? `; ${log.rateLimited} answered 429` : ''}`,
    checks: [
      check(`B2 ${c.name}: requests / ⌈N/2000⌉`, requestRatio, `requests ≤ ${REQUEST_TOLERANCE}×⌈N/2000⌉`, log.requests <= REQUEST_TOLERANCE * ideal),
      check(`B2 ${c.name}: products − N`, partnos.length - n, 'products = N', partnos.length === n && missing === 0 && extra === 0),
      check(`B2 ${c.name}: duplicates`, duplicates, 'no duplicates', duplicates === 0),
    ],
  };
  return {
    row,
    details: { case: c.name, query: c.query, n, ideal, requests: log.requests, rateLimited: log.rateLimited, clientRequests: result.stats.requests, urlBytes: log.urlBytes, responseBytes: result.stats.bytes, products: partnos.length, duplicates, missing, extra, timeMs: ms },
  };
}

async function downloadCase(emulator: RunningEmulator, client: Client): Promise<{ row: Row; details: Record<string, unknown> }> {
  const n = emulator.catalog.byGroup.SMD.length;
  startCase(emulator);
  const bytesBefore = client.stats().bytes;
  // The file's body streams past the client's byte count (only the link's answer is in it): its
  // bytes are counted as they arrive.
  let bodyBytes = 0;
  const { value: products, ms } = await timed(async () => {
    const link = await client.getDownloadUrl(DOWNLOAD_CATEGORY);
    return client.downloadCategory(link.url, { category: DOWNLOAD_CATEGORY, onProgress: ({ bytes }) => (bodyBytes = bytes) });
  });
  const log = summarizeLog(await settledRequests(emulator));
  const responseBytes = client.stats().bytes - bytesBefore + bodyBytes;
  const distinct = new Set(products.map((p) => p.partno)).size;
  return {
    row: {
      benchmark: 'B2 harvest',
      case: `download file: getDownloadUrl + downloadCategory (${DOWNLOAD_CATEGORY})`,
      requests: log.requests,
      bytes: log.urlBytes + responseBytes,
      timeMs: ms,
      measure: `products ${formatCount(products.length)} of N = ${formatCount(n)}, ${products.length - distinct} duplicates; bytes are the decompressed body`,
      checks: [
        check('B2 download requests', log.requests, '2 requests', log.requests === 2),
        check('B2 download products − N', products.length - n, 'products = N, no duplicates', products.length === n && distinct === n),
      ],
    },
    details: { category: DOWNLOAD_CATEGORY, n, requests: log.requests, urlBytes: log.urlBytes, responseBytes, products: products.length, distinct, timeMs: ms },
  };
}

async function runCases(id: string, cases: readonly HarvestCase[], withDownload: boolean): Promise<BenchmarkResult> {
  const emulator = await startEmulator(BENCH_EMULATOR);
  try {
    const client = createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false, retry: DEFAULT_RETRY });
    const outcomes = [];
    for (const c of cases) {
      progress(`B2 harvest: ${c.name}…`);
      outcomes.push(await harvestCase(emulator, client, c));
    }
    if (withDownload) {
      progress('B2 download file…');
      outcomes.push(await downloadCase(emulator, client));
    }
    return { id, title: 'Harvest', rows: outcomes.map((o) => o.row), details: { cases: outcomes.map((o) => o.details) } };
  } finally {
    await emulator.close();
  }
}

/** B2, first half: the four whole categories. */
export function runHarvestCategories(): Promise<BenchmarkResult> {
  return runCases('B2 categories', CATEGORY_CASES, false);
}

/** B2, second half: filters of about 3k, 10k and 40k matches, then the download file. */
export function runHarvestFilters(): Promise<BenchmarkResult> {
  return runCases('B2 filters', FILTER_CASES, true);
}
