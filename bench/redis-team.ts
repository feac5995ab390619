/**
 * B7: a team on three PartSpec servers behind one address. 50 users look up parts (with overlap,
 * as BOMs of one company do) through three instances in turn, against an emulator that allows
 * `RATE` requests per second. Three instances sharing one Redis (one cache, one budget) are set
 * side by side with three independent instances, each with its own cache and the same
 * `--upstream-rate` (what copying one server's configuration three times gives).
 */
import { performance } from 'node:perf_hooks';
import { startEmulator, type RunningEmulator } from '../emulator';
import { send, searchUrl } from '../test/emulator/helpers';
import { startRedisServer } from '../test/support/redis-server';
import { startTeam, type Team } from '../test/support/team-servers';
import { LATENCY_MS, progress, summarizeLog } from './conditions';
import { check, formatCount, type BenchmarkResult, type Row } from './report';

const INSTANCES = 3;
const USERS = 50;
/** Lookups per user, drawn from a pool shared by the team. */
const LOOKUPS_PER_USER = 12;
const POOL = 240;
/** The upstream's limit, and the budget every configuration is given. */
const RATE = { max: 20, windowSeconds: 1 };

interface TeamMeasure {
  userRequests: number;
  /** User answers by status. */
  statuses: Record<string, number>;
  upstreamRequests: number;
  upstream429: number;
  uniqueParts: number;
  timeMs: number;
  /** Upstream answers other than 429 per second, over the budget's rate. */
  budgetFraction: number;
}

/** A deterministic spread of lookups: user u's i-th part. Overlapping, as a company's BOMs are. */
function partsOf(user: number, pool: readonly string[]): string[] {
  return Array.from({ length: LOOKUPS_PER_USER }, (_, i) => pool[(user * 7 + i * 31 + ((user * i) % 13)) % pool.length]);
}

async function runTeam(emulator: RunningEmulator, team: Team, pool: readonly string[]): Promise<TeamMeasure> {
  const token = await team.instances[0].state.tokens!.add('bench-team');
  emulator.configure({ rateLimit: RATE, latencyMs: LATENCY_MS });
  emulator.resetLog();
  const statuses: Record<string, number> = {};
  const unique = new Set<string>();
  let turn = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: USERS }, async (_, user) => {
      for (const partno of partsOf(user, pool)) {
        unique.add(partno);
        const instance = team.instances[turn++ % INSTANCES];
        const res = await send(searchUrl(instance.url, { filter: `Partno eq '${partno}'` }), { headers: { 'x-api-key': token } });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  const timeMs = performance.now() - started;
  const log = summarizeLog(emulator.requests.filter((r) => r.url.startsWith('/v2/')));
  const served = log.requests - log.rateLimited;
  return {
    userRequests: USERS * LOOKUPS_PER_USER,
    statuses,
    upstreamRequests: log.requests,
    upstream429: log.rateLimited,
    uniqueParts: unique.size,
    timeMs,
    budgetFraction: served / (timeMs / 1000) / (RATE.max / RATE.windowSeconds),
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
  const pool = [...emulator.catalog.byPartno.keys()].slice(0, POOL);
  const upstreamRate = { max: RATE.max, windowMs: RATE.windowSeconds * 1000 };
  try {
    progress(`B7: ${INSTANCES} instances on one Redis, ${USERS} users…`);
    const shared = await startTeam({ count: INSTANCES, redisUrl: redis.url, upstream: emulator.url, prefix: 'b7:', upstreamRate, requestTimeoutMs: 60_000 });
    const withRedis = await runTeam(emulator, shared, pool).finally(() => shared.close());
    progress(`B7: ${INSTANCES} independent instances, ${USERS} users…`);
    const separate = await startTeam({ count: INSTANCES, upstream: emulator.url, prefix: 'b7-naive:', upstreamRate, requestTimeoutMs: 60_000 });
    const independent = await runTeam(emulator, separate, pool).finally(() => separate.close());

    const perPart = withRedis.upstreamRequests / withRedis.uniqueParts;
    const user429 = withRedis.statuses['429'] ?? 0;
    const rows: Row[] = [
      {
        benchmark: 'B7',
        case: `${INSTANCES} instances on one Redis`,
        requests: withRedis.upstreamRequests,
        timeMs: withRedis.timeMs,
        measure: `${formatCount(withRedis.userRequests)} user lookups (${describeStatuses(withRedis.statuses)}) of ${withRedis.uniqueParts} parts: ${perPart.toFixed(2)} upstream requests per part, ${withRedis.upstream429} upstream 429s, throughput ${withRedis.budgetFraction.toFixed(2)} × the budget`,
        checks: [
          check('B7 upstream requests per unique part', Number(perPart.toFixed(3)), '≤ 1.0', perPart <= 1),
          check("B7 429s seen by users", user429, '= 0', user429 === 0),
          check('B7 upstream 429s', withRedis.upstream429, '= 0', withRedis.upstream429 === 0),
          check('B7 throughput / upstream budget', Number(withRedis.budgetFraction.toFixed(3)), '≥ 0.9', withRedis.budgetFraction >= 0.9),
        ],
      },
      {
        benchmark: 'B7',
        case: `${INSTANCES} independent instances (comparison)`,
        requests: independent.upstreamRequests,
        timeMs: independent.timeMs,
        measure: `${formatCount(independent.userRequests)} user lookups (${describeStatuses(independent.statuses)}): ${(independent.upstreamRequests / independent.uniqueParts).toFixed(2)} upstream requests per part, ${independent.upstream429} upstream 429s, throughput ${independent.budgetFraction.toFixed(2)} × the budget`,
        checks: [],
      },
    ];
    return {
      id: 'B7',
      title: `Team on ${INSTANCES} instances × ${USERS} users, upstream limited to ${RATE.max}/${RATE.windowSeconds} s`,
      rows,
      details: { instances: INSTANCES, users: USERS, lookupsPerUser: LOOKUPS_PER_USER, rate: RATE, latencyMs: LATENCY_MS, withRedis, independent },
    };
  } finally {
    await emulator.close();
    await redis.stop();
  }
}
