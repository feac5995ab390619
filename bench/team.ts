/**
 * B6: a team of 20 users enriching overlapping BOMs at the same time through one PartSpec server,
 * against an emulator that allows `RATE` requests per second. Each user runs the add-in's own
 * lookup (one call for the whole BOM, packed into 2,082-byte URLs). The lower bound is what one
 * user would send for the union of everyone's parts; 20 users calling the service directly are
 * set beside it for comparison. The server runs in a process of its own (bench/team-server.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../emulator';
import { createTokenFileStore } from '../server/tokens/token-file';
import { createClient } from '../api/node';
import { LATENCY_MS, progress, summarizeLog } from './conditions';
import { check, formatCount, type BenchmarkResult, type Row } from './report';

const USERS = 20;
const BOM_SIZE = 300;
const POOL = 3000;
/** The upstream's limit, and the server's --upstream-rate. */
const RATE = { max: 20, windowSeconds: 1 };

/** Starts bench/team-server.ts in its own process; resolves with its address. */
function startServerProcess(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'team-server.ts')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve({ url: out.trim(), child });
    });
    child.on('exit', (code) => reject(new Error(`the B6 server exited with ${code}`)));
  });
}

/** User u's BOM: `BOM_SIZE` distinct parts of the shared pool, overlapping other users' BOMs. */
function bomOf(user: number, pool: readonly string[]): string[] {
  const parts = new Set<string>();
  for (let i = 0; parts.size < BOM_SIZE; i++) parts.add(pool[(user * 61 + i * 7 + ((user * i) % 11)) % pool.length]);
  return [...parts];
}

interface Measure {
  requests: number;
  rateLimited: number;
  timeMs: number;
  /** Parts some user did not get an exact match for. */
  missing: number;
}

async function lookUpAll(emulator: RunningEmulator, baseUrl: string, apiKey: string, boms: readonly string[][]): Promise<Measure> {
  emulator.configure({ rateLimit: RATE, latencyMs: LATENCY_MS });
  emulator.resetLog();
  const started = performance.now();
  const outcomes = await Promise.all(
    boms.map((bom) => createClient({ baseUrl, apiKey, cache: false, timeoutMs: 120_000 }).lookup(bom)),
  );
  const timeMs = performance.now() - started;
  const missing = outcomes.reduce((n, outcome) => n + [...outcome.values()].filter((o) => o.status !== 'exact').length, 0);
  const log = summarizeLog(emulator.requests);
  return { requests: log.requests, rateLimited: log.rateLimited, timeMs, missing };
}

/** B6: 20 users × 300-part BOMs through one server, beside the lower bound and 20 direct users. */
export async function runTeam(): Promise<BenchmarkResult> {
  const emulator = await startEmulator({ port: 0 });
  const dir = mkdtempSync(path.join(tmpdir(), 'partspec-b6-'));
  const tokensFile = path.join(dir, 'tokens.json');
  try {
    const pool = [...emulator.catalog.byPartno.keys()].filter((_, i) => i % 7 === 0).slice(0, POOL);
    const boms = Array.from({ length: USERS }, (_, u) => bomOf(u, pool));
    const union = [...new Set(boms.flat())];

    progress(`B6: one user looking up the union of ${formatCount(union.length)} parts…`);
    const bound = await lookUpAll(emulator, emulator.url, DEMO_KEY, [union]);

    progress(`B6: ${USERS} users through one PartSpec server…`);
    const token = await createTokenFileStore(tokensFile).add('bench');
    const server = await startServerProcess({
      B6_UPSTREAM: emulator.url,
      B6_TOKENS: tokensFile,
      B6_UPSTREAM_RATE: `${RATE.max}/${RATE.windowSeconds * 1000}`,
    });
    const stopped = new Promise((resolve) => server.child.once('exit', resolve));
    const team = await lookUpAll(emulator, server.url, token, boms).finally(() => {
      server.child.kill('SIGTERM');
      return stopped;
    });

    progress(`B6: ${USERS} users calling the service directly…`);
    const direct = await lookUpAll(emulator, emulator.url, DEMO_KEY, boms);

    const ratio = team.requests / bound.requests;
    const rows: Row[] = [
      {
        benchmark: 'B6 team',
        case: `${USERS} users × ${BOM_SIZE}-part BOMs through one server`,
        requests: team.requests,
        timeMs: team.timeMs,
        measure: `${formatCount(USERS * BOM_SIZE)} lookups of ${formatCount(union.length)} distinct parts: ${ratio.toFixed(2)}× one user's need for the union; ${team.rateLimited} upstream 429s; ${team.missing} lookups without an exact match`,
        checks: [
          check('B6 upstream requests / one user for the union', Number(ratio.toFixed(3)), '≤ 1.05', ratio <= 1.05),
          check('B6 upstream 429s', team.rateLimited, '= 0', team.rateLimited === 0),
          check('B6 lookups without an exact match', team.missing, '= 0', team.missing === 0),
        ],
      },
      {
        benchmark: 'B6 team',
        case: 'lower bound: one user looks up the union',
        requests: bound.requests,
        timeMs: bound.timeMs,
        measure: `${formatCount(union.length)} parts, ${bound.rateLimited} answered 429`,
        checks: [],
      },
      {
        benchmark: 'B6 team',
        case: `${USERS} users calling the service directly (comparison)`,
        requests: direct.requests,
        timeMs: direct.timeMs,
        measure: `${(direct.requests / bound.requests).toFixed(2)}× the lower bound; ${direct.rateLimited} answered 429 (retried by each client)`,
        checks: [],
      },
    ];
    return {
      id: 'B6',
      title: `Team of ${USERS} users through one server, upstream limited to ${RATE.max}/${RATE.windowSeconds} s`,
      rows,
      details: { users: USERS, bomSize: BOM_SIZE, pool: POOL, unionParts: union.length, rate: RATE, latencyMs: LATENCY_MS, team, bound, direct },
    };
  } finally {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
