import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lowerBoundRequests, normalizePartnoInput } from '../api';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../emulator';
import { logSettled } from '../testkit/settle';
import { progress } from './conditions';
import { measureCli, type Measured } from './measure-cli';
import { check, formatCount, type BenchmarkResult, type Row } from './report';

/*
 * B19: parts in use across a portfolio of 50 BOMs × 300 rows (2,000 distinct parts, every 97th
 * unknown to the catalog), `partspec portfolio` of the folder beside the naive way, `partspec
 * report` of each BOM in turn. The portfolio looks the union up once: its exact-match requests
 * must equal the lower bound for the union. Each run is a child process with no answer cache,
 * its wall time and peak resident size measured; the emulator adds no latency. Timings are
 * reported, never checked. PARTSPEC_B19_BOMS, _ROWS and _PARTS make it smaller while developing.
 */

const BOMS = Number(process.env.PARTSPEC_B19_BOMS) || 50;
const ROWS = Number(process.env.PARTSPEC_B19_ROWS) || 300;
const PARTS = Number(process.env.PARTSPEC_B19_PARTS) || 2000;

/** Product-search requests of the emulator's log: the lookup's exact and prefix passes, and the rest (replacement searches). */
function searches(emulator: RunningEmulator): { eq: number; startswith: number; all: number } {
  const calls = emulator.requests.filter((r) => r.method === 'GET' && /\/v2\/products\?/.test(r.url));
  return { eq: calls.filter((r) => r.url.includes('Partno%20eq')).length, startswith: calls.filter((r) => r.url.includes('startswith')).length, all: calls.length };
}

async function measured(emulator: RunningEmulator, args: string[], env: Record<string, string>, dir: string, name: string): Promise<{ run: Measured; requests: ReturnType<typeof searches> }> {
  await logSettled(emulator);
  emulator.resetLog();
  const run = await measureCli([...args, '--no-cache'], env, dir, name);
  await logSettled(emulator);
  return { run, requests: searches(emulator) };
}

/** Runs B19. */
export async function runPortfolio(): Promise<BenchmarkResult> {
  const emulator = await startEmulator({ port: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'partspec-b19-'));
  const env = { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: emulator.url, HOME: dir, XDG_CONFIG_HOME: dir, XDG_CACHE_HOME: dir };
  const catalog = emulator.catalog.products.map((p) => String(p.values.Partno));
  const parts = Array.from({ length: PARTS }, (_, i) => (i % 97 === 96 ? `XYZ-UNKNOWN-${i}` : catalog[(i * 7919) % catalog.length]));
  const folder = join(dir, 'boms');
  mkdirSync(folder);
  const files: string[] = [];
  for (let b = 0; b < BOMS; b++) {
    const lines = Array.from({ length: ROWS }, (_, j) => `${j + 1},${(j % 4) + 1},C${j + 1},Murata,${parts[(b * ROWS + j) % PARTS]}`);
    const file = `board-${String(b + 1).padStart(2, '0')}.csv`;
    writeFileSync(join(folder, file), `Item,Qty,Reference,Manufacturer,MPN\n${lines.join('\n')}\n`);
    files.push(file);
  }
  writeFileSync(join(dir, 'plan.csv'), `BOM,Builds\n${files.map((f, i) => `${f},${(i % 5) * 50 + 50}`).join('\n')}\n`);
  try {
    progress(`B19: partspec portfolio of ${BOMS} BOMs × ${ROWS} rows`);
    const portfolio = await measured(emulator, ['portfolio', 'boms', '--plan', 'plan.csv', '--json', 'portfolio.json', '--out', 'portfolio.xlsx', '--html', 'portfolio.html'], env, dir, 'portfolio');
    const union = [...new Set(Array.from({ length: Math.min(PARTS, BOMS * ROWS) }, (_, i) => normalizePartnoInput(parts[i])).flatMap((n) => (n.ok ? [n.partno] : [])))];
    const context = { baseUrl: emulator.url, lang: 'en' as const, budget: 2082 };
    const bound = lowerBoundRequests(union, 'eq', context);
    const result = JSON.parse(readFileSync(join(dir, 'portfolio.json'), 'utf8')) as { parts: unknown[]; lookedUp: number };

    progress(`B19: partspec report of each of the ${BOMS} BOMs in turn`);
    let naiveMs = 0;
    let naivePeak = 0;
    let naiveFailed = 0;
    const naive = { eq: 0, startswith: 0, all: 0 };
    for (const [i, file] of files.entries()) {
      const { run, requests } = await measured(emulator, ['report', `boms/${file}`, '--builds', String((i % 5) * 50 + 50), '--json', `report-${i}.json`], env, dir, `report-${i}`);
      naiveMs += run.ms;
      naivePeak = Math.max(naivePeak, run.peakBytes);
      if (run.code !== 0) naiveFailed++;
      naive.eq += requests.eq;
      naive.startswith += requests.startswith;
      naive.all += requests.all;
    }
    const mb = (bytes: number): number => Math.round(bytes / (1024 * 1024));
    const ok = portfolio.run.code === 0;
    const rows: Row[] = [
      {
        benchmark: 'B19',
        case: `partspec portfolio of ${BOMS} BOMs × ${ROWS} rows (${formatCount(PARTS)} distinct parts), with a plan, --json, --out, --html (child process)`,
        requests: portfolio.requests.all,
        timeMs: portfolio.run.ms,
        measure: ok
          ? `exact-match requests ${portfolio.requests.eq} for a lower bound of ${bound} (union of ${formatCount(union.length)}); prefix ${portfolio.requests.startswith}; ${formatCount(result.parts.length)} lines; peak resident ${mb(portfolio.run.peakBytes)} MB`
          : `did not finish (exit ${portfolio.run.code}): ${portfolio.run.stderr.trim().split('\n').pop()}`,
        checks: [check('B19 portfolio exact-match requests / lower bound for the union', ok && bound > 0 ? portfolio.requests.eq / bound : 0, '= 1.0', ok && portfolio.requests.eq === bound)],
      },
      {
        benchmark: 'B19',
        case: `partspec report of each BOM in turn (${BOMS} child processes, the naive way)`,
        requests: naive.all,
        timeMs: naiveMs,
        measure: `exact-match requests ${naive.eq} (${bound > 0 ? (naive.eq / bound).toFixed(1) : '–'} × the bound); prefix ${naive.startswith}; highest peak resident ${mb(naivePeak)} MB${naiveFailed > 0 ? `; ${naiveFailed} runs failed` : ''}`,
        checks: [],
      },
    ];
    return {
      id: 'B19',
      title: `Parts in use across ${BOMS} BOMs beside a report of each`,
      rows,
      details: { boms: BOMS, rows: ROWS, parts: PARTS, union: union.length, lowerBound: bound, lookedUp: result.lookedUp, portfolio: { ...portfolio.requests, ms: portfolio.run.ms, peakBytes: portfolio.run.peakBytes }, naive: { ...naive, ms: naiveMs, peakBytes: naivePeak } },
    };
  } finally {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  // `npx tsx bench/portfolio.ts`: this benchmark alone, its result as JSON on stdout.
  runPortfolio().then(
    (result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`),
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
