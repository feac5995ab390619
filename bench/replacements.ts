/**
 * B9 replacements: a 1,000-row BOM with 80 ending parts in 30 parameter groups. PartSpec looks the
 * BOM up once (packed to the URL budget) and sends one search per parameter group; the naive way
 * sends one search per risky row. Both use a client with the same transport (4 in flight, the
 * production retry policy, a cache), against the emulator with latency and a rate limit.
 */
import { DEMO_KEY, HOSTILE_PARTNOS, REFERENCE_DATE, startEmulator, type CatalogProduct, type RunningEmulator } from '../emulator';
import {
  DEFAULT_RETRY,
  URL_BUDGET_BYTES,
  applicableRules,
  buildGroupFilter,
  createClient,
  findReplacements,
  lowerBoundRequests,
  parameterGroupKey,
  rankCandidates,
  readValue,
  where,
  type Client,
  type Filter,
  type ProductRecord,
} from '../api';
import { riskyInputs } from '../core/enrich/replacement-cells';
import { settledRequests } from '../testkit/functions-harness';
import { BENCH_EMULATOR, progress, startCase, summarizeLog, timed } from './conditions';
import { check, formatCount, type BenchmarkResult, type Row } from './report';

const ROWS = 1000;
const RISKY_ROWS = 80;
const GROUPS = 30;
const ENDING = new Set(['NRND', 'To be discontinued', 'Discontinued']);

const recordOf = (p: CatalogProduct): ProductRecord => ({ group: p.group, partno: p.values.Partno as string, values: p.values });

/**
 * The BOM: 80 ending parts from 30 parameter groups (each with a replacement in the catalog), the
 * rest In Production parts spread over the catalog, shuffled deterministically.
 */
function buildBom(emulator: RunningEmulator): { rows: string[]; risky: string[]; groups: number } {
  const hostile = new Set<string>(HOSTILE_PARTNOS);
  const live = new Map<string, ProductRecord[]>();
  for (const p of emulator.catalog.products) {
    if (p.values.Status !== 'In Production') continue;
    const key = parameterGroupKey(recordOf(p), 'en');
    const list = live.get(key);
    if (list) list.push(recordOf(p));
    else live.set(key, [recordOf(p)]);
  }
  // Ending parts that have a drop-in, so no near-miss search is needed and the bound is exact.
  const byGroup = new Map<string, CatalogProduct[]>();
  for (const p of emulator.catalog.products) {
    if (!ENDING.has(p.values.Status as string) || hostile.has(p.values.Partno as string)) continue;
    const key = parameterGroupKey(recordOf(p), 'en');
    if (rankCandidates(recordOf(p), live.get(key) ?? []).length === 0) continue;
    const list = byGroup.get(key);
    if (list) list.push(p);
    else byGroup.set(key, [p]);
  }
  const chosen = [...byGroup].filter(([, parts]) => parts.length >= 3).slice(0, GROUPS);
  if (chosen.length < GROUPS) throw new Error(`B9: only ${chosen.length} parameter groups with three ending parts`);
  const risky: string[] = [];
  for (let round = 0; risky.length < RISKY_ROWS; round++) {
    for (const [, parts] of chosen) if (risky.length < RISKY_ROWS && parts[round]) risky.push(parts[round].values.Partno as string);
  }
  const fine = emulator.catalog.products.filter((p) => p.values.Status === 'In Production' && !hostile.has(p.values.Partno as string) && p.values.LastBuyDate === undefined && p.values.ProductionEndDate === undefined);
  const step = Math.floor(fine.length / (ROWS - RISKY_ROWS));
  const rows = [...risky, ...Array.from({ length: ROWS - RISKY_ROWS }, (_, i) => fine[i * step].values.Partno as string)];
  const shuffled = rows.map((p, i) => ({ p, k: (i * 7919) % ROWS })).sort((a, b) => a.k - b.k).map((x) => x.p);
  return { rows: shuffled, risky, groups: chosen.length };
}

/** The naive search of one risky row: its own Category, Status, equality and inequality conditions. */
function rowFilter(original: ProductRecord): Filter {
  const filter = buildGroupFilter(original, 'en');
  const bounds = applicableRules(original)
    .filter((r) => r.op !== 'eq' && typeof readValue(original, r.field.key) === 'number')
    .map((r) => (r.op === 'ge' ? where(r.filter.name).ge(readValue(original, r.field.key) as number) : where(r.filter.name).le(readValue(original, r.field.key) as number)));
  return { conditions: [...filter.conditions, ...bounds] };
}

interface Measure {
  requests: number;
  rateLimited: number;
  lookups: number;
  searches: number;
  timeMs: number;
  totals: number[];
}

async function measure(emulator: RunningEmulator, work: () => Promise<number[]>): Promise<Measure> {
  startCase(emulator);
  const { value: totals, ms } = await timed(work);
  const log = await settledRequests(emulator);
  const summary = summarizeLog(log);
  const lookups = log.filter((r) => r.url.includes('Partno%20eq') || r.url.includes('startswith')).length;
  return { requests: summary.requests, rateLimited: summary.rateLimited, lookups, searches: summary.requests - lookups, timeMs: ms, totals };
}

const newClient = (emulator: RunningEmulator): Client => createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, retry: DEFAULT_RETRY });

/** B9: requests for a BOM's replacements against the lower bound, beside one search per risky row. */
export async function runReplacements(): Promise<BenchmarkResult> {
  const emulator = await startEmulator(BENCH_EMULATOR);
  try {
    const bom = buildBom(emulator);
    const today = new Date(`${REFERENCE_DATE}T12:00:00`);
    const lookupBound = lowerBoundRequests(bom.rows, 'eq', { baseUrl: emulator.url, lang: 'en', budget: URL_BUDGET_BYTES });
    const bound = lookupBound + bom.groups;

    progress('B9: one search per risky row');
    const naiveClient = newClient(emulator);
    const naive = await measure(emulator, async () => {
      const outcomes = await naiveClient.lookup(bom.rows);
      const risky = riskyInputs(bom.rows, outcomes, today);
      return Promise.all(
        risky.map(async (input) => {
          const original = outcomes.get(input)!.products[0];
          const found = await naiveClient.harvest({ filter: rowFilter(original) });
          return rankCandidates(original, found.products).length;
        }),
      );
    });

    progress('B9: PartSpec, one search per parameter group');
    const client = newClient(emulator);
    const run = async (): Promise<number[]> => {
      const outcomes = await client.lookup(bom.rows);
      const risky = riskyInputs(bom.rows, outcomes, today);
      const { answers } = await findReplacements(client, risky, { outcomes, lang: 'en' });
      return [...answers.values()].map((a) => a.total);
    };
    const cold = await measure(emulator, run);
    const warm = await measure(emulator, run);
    const sameAnswers = JSON.stringify(cold.totals) === JSON.stringify(naive.totals) && cold.totals.length === RISKY_ROWS;
    const withoutCandidate = cold.totals.filter((t) => t === 0).length;

    const rows: Row[] = [
      {
        benchmark: 'B9 replacements',
        case: `(a) one search per risky row (${RISKY_ROWS} of ${formatCount(ROWS)} rows)`,
        requests: naive.requests,
        timeMs: naive.timeMs,
        measure: `${naive.lookups} lookups + ${naive.searches} searches = ${(naive.requests / bound).toFixed(2)}× the lower bound; ${naive.rateLimited} answered 429`,
        checks: [],
      },
      {
        benchmark: 'B9 replacements',
        case: `(b) PartSpec: one search per parameter group (${bom.groups} groups)`,
        requests: cold.requests,
        timeMs: cold.timeMs,
        measure: `${cold.lookups} lookups + ${cold.searches} searches = ${(cold.requests / bound).toFixed(2)}× the lower bound; ${cold.rateLimited} answered 429; same candidates as (a): ${sameAnswers ? 'yes' : 'no'}; ${withoutCandidate} rows without one`,
        checks: [
          check('B9 PartSpec requests / lower bound', cold.requests / bound, '= 1.0× lower bound', cold.requests - cold.rateLimited === bound),
          check('B9 PartSpec candidates equal one search per row', sameAnswers ? 1 : 0, 'same counts for all 80 rows', sameAnswers),
        ],
      },
      {
        benchmark: 'B9 replacements',
        case: '(c) PartSpec again, same client (cache)',
        requests: warm.requests,
        timeMs: warm.timeMs,
        measure: 'lookups and searches served from the cache',
        checks: [check('B9 warm requests', warm.requests, '0 requests', warm.requests === 0)],
      },
      {
        benchmark: 'B9 replacements',
        case: 'lower bound: packed lookups + one search per parameter group',
        requests: bound,
        measure: `${lookupBound} lookups of ${formatCount(ROWS)} part numbers (${URL_BUDGET_BYTES}-byte URLs) + ${bom.groups} groups`,
        checks: [],
      },
    ];
    return { id: 'B9', title: 'Replacements', rows, details: { rows: ROWS, riskyRows: RISKY_ROWS, groups: bom.groups, lowerBound: bound, lookupBound, naive, cold, warm } };
  } finally {
    await emulator.close();
  }
}
