/**
 * B7: a team on three PartSpec servers behind one address, against an emulator that allows `RATE`
 * requests per second. 50 users send their requests to the three instances in turn, as a load
 * balancer does. (a) Searches (part-number prefixes, overlapping between users): each distinct
 * search needs its own upstream request, so the users ask for more than the budget allows and the
 * budget's use is measured; three instances on one Redis (one cache, one budget) side by side with
 * three independent instances, each with its own cache and the same `--upstream-rate` (what
 * copying one server's configuration three times gives). (b) Exact part lookups, as BOM
 * enrichment sends them: upstream requests per distinct part.
 */
import { performance } from 'node:perf_hooks';
import { startEmulator, type RunningEmulator } from '../emulator';
import { send, searchUrl } from '../testkit/emulator-http';
import { startRedisServer } from '../testkit/redis-server';
import { startTeam, type Team } from '../testkit/team-servers';
import { LATENCY_MS, progress, summarizeLog } from './conditions';
import { check, formatCount, type BenchmarkResult, type Row } from './report';

const INSTANCES = 3;
const USERS = 50;
/** Requests per user, drawn from a pool shared by the team. */
const LOOKUPS_PER_USER = 12;
const POOL = 120;
/** Requests each user sends at once: a whole recalculation's worth, so every distinct search is waiting from the start. */
const IN_FLIGHT = LOOKUPS_PER_USER;
/** The upstream's limit, and the budget every configuration is given. */
const RATE = { max: 20, windowSeconds: 2 };

type Workload = 'searches' | 'parts';

interface TeamMeasure {
  userRequests: number;
  /** User answers by status. */
  statuses: Record<string, number>;
  upstreamRequests: number;
  upstream429: number;
  /** Distinct searches (a) or distinct parts (b) the users asked for. */
  unique: number;
  timeMs: number;
  /**
   * Upstream answers other than 429 per second over the budget's rate, in the steady state: from
   * the first upstream answer to the last, less the first window's burst (a budget may start with
   * a full window).
   */
  budgetFraction: number;
  /** Times an instance lost Redis during the run (it then works on its own state). */
  redisLosses: number;
}

/** A deterministic spread: user u's i-th item of the pool. Overlapping, as a company's BOMs and searches are. */
function itemsOf(user: number, pool: readonly string[]): string[] {
  return Array.from({ length: LOOKUPS_PER_USER }, (_, i) => pool[(user * 7 + i * 31 + ((user * i) % 13)) % pool.length]);
}

function filterFor(workload: Workload, item: string): string {
  return workload === 'searches' ? `startswith(Partno,'${item}')` : `Partno eq '${item}'`;
}

async function runTeam(emulator: RunningEmulator, team: Team, workload: Workload, pool: readonly string[]): Promise<TeamMeasure> {
  const token = await team.instances[0].state.tokens!.add('bench-team');
  emulator.configure({ rateLimit: RATE, latencyMs: LATENCY_MS });
  emulator.resetLog();
  const statuses: Record<string, number> = {};
  const unique = new Set<string>();
  let turn = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: USERS }, async (_, user) => {
      const items = itemsOf(user, pool);
      // Each user keeps up to IN_FLIGHT requests going at once.
      const worker = async (): Promise<void> => {
        for (let item = items.shift(); item !== undefined; item = items.shift()) {
          unique.add(item);
          const instance = team.instances[turn++ % INSTANCES];
          const res = await send(searchUrl(instance.url, { filter: filterFor(workload, item) }), { headers: { 'x-api-key': token } });
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    }),
  );
  const timeMs = performance.now() - started;
  const upstream = emulator.requests.filter((r) => r.url.startsWith('/v2/'));
  const log = summarizeLog(upstream);
  const served = log.requests - log.rateLimited;
  const spanSeconds = upstream.length > 1 ? (Date.parse(upstream[upstream.length - 1].time) - Date.parse(upstream[0].time)) / 1000 : 0;
  return {
    userRequests: USERS * LOOKUPS_PER_USER,
    statuses,
    upstreamRequests: log.requests,
    upstream429: log.rateLimited,
    unique: unique.size,
    timeMs,
    budgetFraction: spanSeconds > 0 ? Math.max(0, served - RATE.max) / spanSeconds / (RATE.max / RATE.windowSeconds) : 0,
    redisLosses: team.instances.flatMap((i) => i.stateLog).filter((line) => / is unavailable /.test(line)).length,
  };
}

const describeStatuses = (statuses: Record<string, number>): string =>
  Object.entries(statuses)
    .map(([status, n]) => `${formatCount(n)} × ${status}`)
    .join(', ');

/** B7: three instances × 50 users on one Redis, against three independent instances. */
export async function runRedisTeam(): Promise<BenchmarkResult> {
  const redis = await startRedisServer();
  const emulator = await startEmulator({ port: 0 });
  const partnos = [...emulator.catalog.byPartno.keys()];
  // Part numbers without their last letter (the package code): each prefix finds a few products.
  const prefixes = [...new Set(partnos.map((p) => p.slice(0, -1)))].slice(0, POOL);
  const parts = partnos.slice(0, POOL);
  const upstreamRate = { max: RATE.max, windowMs: RATE.windowSeconds * 1000 };
  const open = (name: string, redisUrl?: string): Promise<Team> =>
    startTeam({ count: INSTANCES, redisUrl, upstream: emulator.url, prefix: `b7-${name}:`, upstreamRate, requestTimeoutMs: 60_000 });
  const measure = async (name: string, workload: Workload, pool: readonly string[], redisUrl?: string): Promise<TeamMeasure> => {
    progress(`B7 ${name}…`);
    const team = await open(name, redisUrl);
    return runTeam(emulator, team, workload, pool).finally(() => team.close());
  };
  try {
    const searches = await measure('searches on one Redis', 'searches', prefixes, redis.url);
    const independent = await measure('searches on independent instances', 'searches', prefixes);
    const lookups = await measure('part lookups on one Redis', 'parts', parts, redis.url);

    const perSearch = searches.upstreamRequests / searches.unique;
    const perPart = lookups.upstreamRequests / lookups.unique;
    const user429 = (searches.statuses['429'] ?? 0) + (lookups.statuses['429'] ?? 0);
    const summary = (m: TeamMeasure, what: string): string =>
      `${formatCount(m.userRequests)} user requests (${describeStatuses(m.statuses)}) for ${m.unique} ${what}: ${(m.upstreamRequests / m.unique).toFixed(2)} upstream requests per ${what === 'searches' ? 'search' : 'part'}, ${m.upstream429} upstream 429s, throughput ${m.budgetFraction.toFixed(2)} × the budget`;
    const rows: Row[] = [
      {
        benchmark: 'B7',
        case: `(a) searches, ${INSTANCES} instances on one Redis`,
        requests: searches.upstreamRequests,
        timeMs: searches.timeMs,
        measure: summary(searches, 'searches'),
        checks: [
          check('B7 upstream requests per distinct search', Number(perSearch.toFixed(3)), '≤ 1.0', perSearch <= 1),
          check('B7 429s seen by users', user429, '= 0', user429 === 0),
          check('B7 upstream 429s', searches.upstream429 + lookups.upstream429, '= 0', searches.upstream429 + lookups.upstream429 === 0),
          check('B7 throughput / upstream budget', Number(searches.budgetFraction.toFixed(3)), '≥ 0.9', searches.budgetFraction >= 0.9),
        ],
      },
      {
        benchmark: 'B7',
        case: `(a) searches, ${INSTANCES} independent instances (comparison)`,
        requests: independent.upstreamRequests,
        timeMs: independent.timeMs,
        measure: summary(independent, 'searches'),
        checks: [],
      },
      {
        benchmark: 'B7',
        case: `(b) exact part lookups, ${INSTANCES} instances on one Redis`,
        requests: lookups.upstreamRequests,
        timeMs: lookups.timeMs,
        measure: summary(lookups, 'parts'),
        checks: [check('B7 upstream requests per distinct part', Number(perPart.toFixed(3)), '≤ 1.0', perPart <= 1)],
      },
    ];
    return {
      id: 'B7',
      title: `Team on ${INSTANCES} instances × ${USERS} users, upstream limited to ${RATE.max}/${RATE.windowSeconds} s`,
      rows,
      details: { instances: INSTANCES, users: USERS, requestsPerUser: LOOKUPS_PER_USER, rate: RATE, latencyMs: LATENCY_MS, searches, independent, lookups },
    };
  } finally {
    await emulator.close();
    await redis.stop();
  }
}
