/**
 * B10 start-up: `partspec --help` as a user starts it, from the compiled JavaScript that `npm run
 * build` makes and an installed package runs, beside the path every command took before (the
 * TypeScript sources compiled by tsx at each start), in the same run. Median wall time and peak
 * resident memory of whole processes over several runs; the goal (≤ 0.2 s) is reported, not
 * checked, since timings never decide the exit code.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { progress } from './conditions';
import { formatBytes, formatMs, type BenchmarkResult, type Row } from './report';

const ROOT = join(__dirname, '..');
const BIN = join(ROOT, 'bin', 'partspec.js');
const PRELOAD = join(__dirname, 'memory-children', 'peak-rss.js');
const RUNS = 9;
const GOAL_MS = 200;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * `bin/partspec.js` in a folder laid out as an installed package (bin, build, package.json and
 * node_modules, no TypeScript sources), so it runs the compiled code even when a source in the
 * clone changed after the build (the clone's own bin would then compile the sources with tsx).
 */
function installedBin(dir: string): string {
  mkdirSync(join(dir, 'bin'));
  copyFileSync(BIN, join(dir, 'bin', 'partspec.js'));
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  for (const name of ['build', 'node_modules']) symlinkSync(join(ROOT, name), join(dir, name));
  return join(dir, 'bin', 'partspec.js');
}

/** Runs `partspec --help` RUNS times; median wall time and peak resident size. */
function measure(env: NodeJS.ProcessEnv, bin = BIN): { ms: number; rss: number } {
  const dir = mkdtempSync(join(tmpdir(), 'partspec-startup-'));
  const times: number[] = [];
  const peaks: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const rssFile = join(dir, `rss-${i}`);
      const started = process.hrtime.bigint();
      const run = spawnSync(process.execPath, ['--require', PRELOAD, bin, '--help'], { env: { ...process.env, ...env, PARTSPEC_BENCH_RSS_FILE: rssFile }, encoding: 'utf8' });
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (run.status !== 0 || !run.stdout.startsWith('usage: partspec')) throw new Error(`partspec --help failed: ${run.stderr}`);
      peaks.push(Number(readFileSync(rssFile, 'utf8')));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { ms: median(times), rss: median(peaks) };
}

export function runStartup(): BenchmarkResult {
  progress('B10 compiling the command line (npm run build:node)…');
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-node.js')], { cwd: ROOT, stdio: ['ignore', process.stderr, process.stderr] });
  const installed = mkdtempSync(join(tmpdir(), 'partspec-installed-'));
  let compiled: { ms: number; rss: number };
  try {
    compiled = measure({}, installedBin(installed));
  } finally {
    rmSync(installed, { recursive: true, force: true });
  }
  const source = measure({ PARTSPEC_FROM_SOURCE: '1' });
  const rows: Row[] = [
    {
      benchmark: 'B10 start-up',
      case: 'partspec --help, TypeScript compiled by tsx at start (before)',
      timeMs: source.ms,
      measure: `median of ${RUNS}: ${formatMs(source.ms)}, peak ${formatBytes(source.rss)} resident`,
      checks: [],
    },
    {
      benchmark: 'B10 start-up',
      case: 'partspec --help, compiled JavaScript (build/node, as installed)',
      timeMs: compiled.ms,
      measure: `median of ${RUNS}: ${formatMs(compiled.ms)} (${(compiled.ms / source.ms).toFixed(2)}× before), peak ${formatBytes(compiled.rss)} resident; goal ≤ ${formatMs(GOAL_MS)}: ${compiled.ms <= GOAL_MS ? 'met' : 'missed on this run'}`,
      checks: [],
    },
  ];
  return { id: 'B10', title: 'Start-up', rows, details: { runs: RUNS, compiled, source, goalMs: GOAL_MS } };
}
