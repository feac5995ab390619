import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_KEY, startEmulator } from '../emulator';
import { check, formatCount, type BenchmarkResult, type Row } from './report';

/*
 * B17: suggestions for 1,000 and 10,000 distinct generic lines ("100nF 0402 X7R 16V",
 * "4.7µH 0806 0.5A"), as the run plans them (each category's file, streamed and matched locally)
 * beside one search per line. Each way runs in its own child process (bench/memory-children/
 * suggest-lines.ts) whose wall time and peak resident size are measured; requests are counted in
 * the emulator's log. One search per line is measured on 1,000 lines only and extrapolated to
 * 10,000 (linear in the searches: the emulator answers without added latency). Checked: the
 * planned way stays within the category files' bound and gives the same candidates as the searches.
 */

const ROOT = join(__dirname, '..');
const PRELOAD = join(__dirname, 'memory-children', 'peak-rss.js');
const CHILD = join(__dirname, 'memory-children', 'suggest-lines.ts');
/** Two categories (SMD capacitors and inductors), a link and a file each. */
const FILE_BOUND = 4;

interface ChildRun {
  ms: number;
  peakBytes: number;
  requests: number;
  report: { searches: number; withCandidate: number; digest: string };
}

function runChild(mode: 'search' | 'plan', lines: number, baseUrl: string, dir: string, counted: () => number): Promise<ChildRun> {
  const rssFile = join(dir, `rss-${mode}-${lines}`);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--require', PRELOAD, '--import', require.resolve('tsx'), CHILD, mode, String(lines), baseUrl], {
      cwd: ROOT,
      env: { ...process.env, PARTSPEC_API_KEY: DEMO_KEY, HOME: dir, PARTSPEC_BENCH_RSS_FILE: rssFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`suggest-lines ${mode} ${lines} exited ${code}: ${stderr}`));
      resolve({ ms: Date.now() - started, peakBytes: Number(readFileSync(rssFile, 'utf8')), requests: counted(), report: JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as ChildRun['report'] });
    });
  });
}

const mb = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Runs B17. */
export async function runEveryLine(): Promise<BenchmarkResult> {
  const emulator = await startEmulator({ port: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'partspec-b17-'));
  const run = async (mode: 'search' | 'plan', lines: number): Promise<ChildRun> => {
    emulator.resetLog();
    return runChild(mode, lines, emulator.url, dir, () => emulator.requests.length);
  };
  try {
    const naive1k = await run('search', 1000);
    const planned1k = await run('plan', 1000);
    const planned10k = await run('plan', 10000);
    const same1k = naive1k.report.digest === planned1k.report.digest;
    const perSearch = naive1k.ms / Math.max(1, naive1k.requests);
    const rows: Row[] = [
      { benchmark: 'B17', case: 'one search per line, 1,000 distinct lines (child process)', requests: naive1k.requests, timeMs: naive1k.ms, measure: `peak resident ${mb(naive1k.peakBytes)}, ${formatCount(naive1k.report.withCandidate)} lines with a candidate`, checks: [] },
      {
        benchmark: 'B17',
        case: 'as planned (category files), 1,000 distinct lines (child process)',
        requests: planned1k.requests,
        timeMs: planned1k.ms,
        measure: `peak resident ${mb(planned1k.peakBytes)}, ${formatCount(planned1k.report.withCandidate)} lines with a candidate, ${same1k ? 'the same candidates as the searches' : 'candidates DIFFER from the searches'}`,
        checks: [check('B17 requests for 1,000 lines', planned1k.requests, `≤ ${FILE_BOUND}`, planned1k.requests <= FILE_BOUND), check('B17 1,000 lines: candidates equal the searches\'', same1k ? 1 : 0, '= 1', same1k)],
      },
      {
        benchmark: 'B17',
        case: 'one search per line, 10,000 distinct lines (extrapolated from 1,000)',
        requests: planned10k.report.searches,
        timeMs: Math.round(perSearch * planned10k.report.searches),
        measure: `not run: ${formatCount(planned10k.report.searches)} searches at the 1,000-line run's ${perSearch.toFixed(1)} ms each`,
        checks: [],
      },
      {
        benchmark: 'B17',
        case: 'as planned (category files), 10,000 distinct lines (child process)',
        requests: planned10k.requests,
        timeMs: planned10k.ms,
        measure: `peak resident ${mb(planned10k.peakBytes)}, ${formatCount(planned10k.report.withCandidate)} lines with a candidate`,
        checks: [check('B17 requests for 10,000 lines', planned10k.requests, `≤ ${FILE_BOUND}`, planned10k.requests <= FILE_BOUND)],
      },
    ];
    return { id: 'B17', title: 'Suggestions for 1,000 and 10,000 distinct generic lines: category files beside one search per line', rows, details: { naive1k, planned1k, planned10k } };
  } finally {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  // `npx tsx bench/every-line.ts`: this benchmark alone, its result as JSON on stdout.
  runEveryLine().then(
    (result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`),
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
