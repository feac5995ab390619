/**
 * B1 enrichment and B3 warm cache: 1,000 part numbers × 8 fields as one recalculation of 8,000
 * PART.SPEC cells, against the emulator with latency and a rate limit. PartSpec runs the real
 * custom functions; the two other strategies send their requests through a client with the same
 * transport (4 in flight, the same retry policy, no cache), so only how part numbers are packed
 * into requests differs.
 */
import { DEMO_KEY, type RunningEmulator } from '../emulator';
import { DEFAULT_RETRY, URL_BUDGET_BYTES, createClient, lowerBoundRequests, partnoFilter, type Client } from '../api';
import { describeError } from '../testkit/custom-functions-shim';
import { recalculate, settledRequests, spreadPartnos, startFunctionsHarness, type FunctionsHarness } from '../testkit/functions-harness';
import { BENCH_EMULATOR, progress, startCase, summarizeLog, timed } from './conditions';
import { check, formatCount, formatMs, type BenchmarkResult, type Row } from './report';

const PART_COUNT = 1000;
/** Fields every group returns, so each of the 8,000 cells has a value. */
const FIELDS = ['Status', 'PackageType', 'MinOrderQuantity', 'Rohs', 'Length', 'Width', 'MediaFileUrls.SpecificationsSheet', 'PartnoWithoutPackageCode'];
const CELLS = PART_COUNT * FIELDS.length;
/** Cells actually sent one request each; the rest is extrapolated linearly. */
const SAMPLE_CELLS = 400;
/** What a peer BOM add-in sends: a fixed number of part numbers per request. */
const PEER_BATCH = 20;

interface StrategyMeasure {
  requests: number;
  rateLimited: number;
  urlBytes: number;
  responseBytes: number;
  bytes: number;
  timeMs: number;
}

/** Runs one strategy from a clean slate and measures it from the emulator's log and the client's byte count. */
async function measure(emulator: RunningEmulator, client: Client, work: () => Promise<void>): Promise<StrategyMeasure> {
  startCase(emulator);
  const bytesBefore = client.stats().bytes;
  const { ms } = await timed(work);
  const log = summarizeLog(await settledRequests(emulator));
  const responseBytes = client.stats().bytes - bytesBefore;
  return { ...log, responseBytes, bytes: log.urlBytes + responseBytes, timeMs: ms };
}

function baselineClient(emulator: RunningEmulator): Client {
  return createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false, retry: DEFAULT_RETRY });
}

/** (a) One `Partno eq 'X'` request per cell, for an evenly spread sample of the cells. */
async function onePerCell(h: FunctionsHarness, parts: readonly string[]): Promise<StrategyMeasure & { sample: StrategyMeasure }> {
  const client = baselineClient(h.emulator);
  const stride = CELLS / SAMPLE_CELLS;
  const sampled = Array.from({ length: SAMPLE_CELLS }, (_, i) => parts[Math.floor((i * stride) / FIELDS.length)]);
  const sample = await measure(h.emulator, client, async () => {
    const answers = await Promise.all(sampled.map((p) => client.search({ filter: partnoFilter([p], 'eq') })));
    const missing = answers.filter((a, i) => !a.products.some((r) => r.partno === sampled[i])).length;
    if (missing > 0) throw new Error(`one request per cell: ${missing} answers lack their part`);
  });
  const scale = CELLS / SAMPLE_CELLS;
  return {
    requests: Math.round(sample.requests * scale),
    rateLimited: Math.round(sample.rateLimited * scale),
    urlBytes: Math.round(sample.urlBytes * scale),
    responseBytes: Math.round(sample.responseBytes * scale),
    bytes: Math.round(sample.bytes * scale),
    timeMs: sample.timeMs * scale,
    sample,
  };
}

/** (b) A fixed 20 part numbers per request, every request at once. */
async function fixedBatches(h: FunctionsHarness, parts: readonly string[]): Promise<StrategyMeasure> {
  const client = baselineClient(h.emulator);
  const groups: string[][] = [];
  for (let i = 0; i < parts.length; i += PEER_BATCH) groups.push(parts.slice(i, i + PEER_BATCH));
  return measure(h.emulator, client, async () => {
    const answers = await Promise.all(groups.map((g) => client.search({ filter: partnoFilter(g, 'eq') })));
    const found = new Set(answers.flatMap((a) => a.products.map((r) => r.partno)));
    const missing = parts.filter((p) => !found.has(p)).length;
    if (missing > 0) throw new Error(`${PEER_BATCH} per request: ${missing} parts missing`);
  });
}

/** (c) and B3: the real PART.SPEC calls of one recalculation; every cell must hold a value. */
async function recalculation(h: FunctionsHarness, parts: readonly string[]): Promise<StrategyMeasure & { eqRequests: number; prefixRequests: number; errorCells: number }> {
  const { client } = await h.runtime.session();
  let errorCells = 0;
  const measured = await measure(h.emulator, client, async () => {
    const values = await recalculate(parts, FIELDS);
    errorCells = values.filter((v) => v === undefined || describeError(v) !== undefined).length;
  });
  const urls = h.emulator.requests.map((r) => decodeURIComponent(r.url));
  return {
    ...measured,
    eqRequests: urls.filter((u) => u.includes('Partno eq ')).length,
    prefixRequests: urls.filter((u) => u.includes('startswith(Partno')).length,
    errorCells,
  };
}

const ratio = (a: number, b: number): number => Math.round((a / b) * 100) / 100;
const times = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;

/** B1 and B3 on one runtime: B3 is B1's recalculation again, on the same warm cache. */
export async function runEnrichment(): Promise<BenchmarkResult[]> {
  const h = await startFunctionsHarness({ emulator: BENCH_EMULATOR, clientOptions: { retry: DEFAULT_RETRY } });
  try {
    const parts = spreadPartnos(h.emulator, PART_COUNT);
    const bound = lowerBoundRequests(parts, 'eq', { baseUrl: h.emulator.url, lang: 'en', budget: URL_BUDGET_BYTES });

    progress(`B1 (a) one request per cell: ${SAMPLE_CELLS} sampled cells…`);
    const perCell = await onePerCell(h, parts);
    progress(`B1 (b) ${PEER_BATCH} part numbers per request…`);
    const peer = await fixedBatches(h, parts);
    progress('B1 (c) PartSpec, cold cache…');
    await h.runtime.clearCache();
    const cold = await recalculation(h, parts);
    progress('B3 PartSpec, warm cache…');
    const warm = await recalculation(h, parts);

    const lookupRequests = cold.requests;
    const eqRatio = ratio(cold.eqRequests, bound);
    const lookupRatio = ratio(lookupRequests, bound);
    const b1: Row[] = [
      {
        benchmark: 'B1 enrichment',
        case: `(a) one request per cell: ${formatCount(CELLS)} × \`Partno eq 'X'\`, extrapolated ×${CELLS / SAMPLE_CELLS} from ${SAMPLE_CELLS} sent`,
        requests: perCell.requests,
        bytes: perCell.bytes,
        timeMs: perCell.timeMs,
        measure: `sample: ${perCell.sample.requests} requests (${perCell.sample.rateLimited} answered 429) in ${formatMs(perCell.sample.timeMs)}; ${times(perCell.requests, bound)} the lower bound`,
        checks: [],
      },
      {
        benchmark: 'B1 enrichment',
        case: `(b) fixed ${PEER_BATCH} part numbers per request (peer BOM add-in)`,
        requests: peer.requests,
        bytes: peer.bytes,
        timeMs: peer.timeMs,
        measure: `${peer.rateLimited} answered 429; ${times(peer.requests, bound)} the lower bound`,
        checks: [],
      },
      {
        benchmark: 'B1 enrichment',
        case: `(c) PartSpec: ${formatCount(CELLS)} PART.SPEC calls, one recalculation`,
        requests: cold.requests,
        bytes: cold.bytes,
        timeMs: cold.timeMs,
        measure: `eq pass ${cold.eqRequests} requests = ${times(cold.eqRequests, bound)} the lower bound; lookup pass ${lookupRequests} (${cold.prefixRequests} prefix, ${cold.rateLimited} answered 429) = ${times(lookupRequests, bound)}; ${cold.errorCells} cells without a value`,
        checks: [
          check('B1 PartSpec eq-pass requests / lower bound', eqRatio, 'eq pass = 1.0× lower bound', cold.eqRequests === bound),
          check('B1 PartSpec lookup-pass requests / lower bound', lookupRatio, 'lookup pass ≤ 1.0×', lookupRequests <= bound),
          check('B1 PartSpec cells without a value', cold.errorCells, '0 empty cells', cold.errorCells === 0),
        ],
      },
      {
        benchmark: 'B1 enrichment',
        case: 'lower bound ⌈bytes needed / bytes per URL⌉ (`lowerBoundRequests`)',
        requests: bound,
        measure: `${formatCount(PART_COUNT)} unique part numbers, \`Partno eq\`, ${URL_BUDGET_BYTES}-byte URLs`,
        checks: [],
      },
    ];
    const b3: Row[] = [
      {
        benchmark: 'B3 warm cache',
        case: `B1's ${formatCount(CELLS)} calls again, same runtime`,
        requests: warm.requests,
        bytes: warm.bytes,
        timeMs: warm.timeMs,
        measure: `${warm.errorCells} cells without a value`,
        checks: [
          check('B3 warm recalculation requests', warm.requests, '0 requests', warm.requests === 0),
          check('B3 warm cells without a value', warm.errorCells, '0 empty cells', warm.errorCells === 0),
        ],
      },
    ];
    return [
      {
        id: 'B1',
        title: 'Enrichment',
        rows: b1,
        details: { parts: PART_COUNT, fields: FIELDS, cells: CELLS, sampleCells: SAMPLE_CELLS, lowerBound: bound, onePerCell: perCell, fixedBatches: peer, partspec: cold, eqRatio, lookupRatio },
      },
      { id: 'B3', title: 'Warm cache', rows: b3, details: { partspec: warm } },
    ];
  } finally {
    await h.close();
  }
}
