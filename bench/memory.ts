import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_KEY, startEmulator } from '../emulator';
import { check, formatCount, type BenchmarkResult, type Row } from './report';

/*
 * B8: peak resident memory of `partspec download --category ceramicCapacitorsSMD` as a child
 * process (the category file streamed to CSV and to xlsx), side by side with the naive approach
 * (the whole file read, parsed and turned into rows before writing) in the same run.
 */

const ROOT = join(__dirname, '..');
const PRELOAD = join(__dirname, 'memory-children', 'peak-rss.js');
const MB = 1024 * 1024;

interface ChildRun {
  peakBytes: number;
  ms: number;
  code: number;
}

function runChild(args: string[], env: Record<string, string>, rssFile: string): Promise<ChildRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--require', PRELOAD, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env, PARTSPEC_BENCH_RSS_FILE: rssFile },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`child ${args.join(' ')} exited ${code}: ${stderr}`));
      else resolve({ peakBytes: Number(readFileSync(rssFile, 'utf8')), ms: Date.now() - started, code: code ?? 0 });
    });
  });
}

/** Runs B8. */
export async function runMemory(): Promise<BenchmarkResult> {
  const emulator = await startEmulator({ port: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'partspec-b8-'));
  const env = { PARTSPEC_API_KEY: DEMO_KEY, HOME: dir, XDG_CONFIG_HOME: dir, XDG_CACHE_HOME: dir };
  const products = emulator.catalog.byGroup.SMD.length;
  try {
    const cli = (out: string): string[] => [join(ROOT, 'bin', 'partspec.js'), 'download', '--category', 'ceramicCapacitorsSMD', '--out', join(dir, out), '--base-url', emulator.url, '--no-cache'];
    const naive = await runChild(['--import', require.resolve('tsx'), join(__dirname, 'memory-children', 'naive-download.ts'), emulator.url, join(dir, 'naive.csv')], env, join(dir, 'rss-naive'));
    const csv = await runChild(cli('smd.csv'), env, join(dir, 'rss-csv'));
    const xlsx = await runChild(cli('smd.xlsx'), env, join(dir, 'rss-xlsx'));
    const row = (name: string, run: ChildRun, limitMb?: number): Row => ({
      benchmark: 'B8',
      case: name,
      timeMs: run.ms,
      measure: `peak resident ${Math.round(run.peakBytes / MB)} MB for ${formatCount(products)} products`,
      checks: limitMb === undefined ? [] : [check(`B8 ${name} peak resident MB`, Math.round(run.peakBytes / MB), `≤ ${limitMb}`, run.peakBytes / MB <= limitMb)],
    });
    return {
      id: 'B8',
      title: 'Whole categories in bounded memory',
      rows: [
        row('naive: download whole file, parse, build rows, write CSV (child process)', naive),
        row('partspec download SMD → CSV, streamed (child process)', csv, 250),
        row('partspec download SMD → xlsx, streamed (child process)', xlsx),
      ],
      details: { products, naive, csv, xlsx },
    };
  } finally {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runMemory()
    .then((r) => process.stdout.write(`${JSON.stringify(r, null, 2)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exit(1);
    });
}
