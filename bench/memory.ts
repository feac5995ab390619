import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_KEY, startEmulator } from '../emulator';
import { PAYLOAD_LIMIT_BYTES } from '../core/tables/chunks';
import { check, formatCount, type BenchmarkResult, type Row } from './report';

/*
 * B8: whole categories in bounded memory. Each case runs as a child process, side by side with the
 * naive approach (everything collected before writing) in the same run:
 * - `partspec download --category ceramicCapacitorsSMD` to CSV and xlsx (peak resident size), and
 *   to xlsx once more under a 64 MB heap, which only a writer that keeps nothing finishes,
 * - `partspec search --category ceramicCapacitorsSMD` (the whole category) to xlsx (peak resident),
 * - the taskpane's "Import whole category" pipeline into a counting workbook sink (heap above a
 *   warmed-up baseline, sampled at every sync and batch; the sink counts cells, bytes and syncs
 *   and keeps nothing, so what is measured is the pipeline, not a workbook).
 */

const ROOT = join(__dirname, '..');
const CHILDREN = join(__dirname, 'memory-children');
const PRELOAD = join(CHILDREN, 'peak-rss.js');
const MB = 1024 * 1024;
const CATEGORY = 'ceramicCapacitorsSMD';

interface ChildRun {
  peakBytes: number;
  ms: number;
  /** What the child printed last on stdout, parsed (the TypeScript children report JSON). */
  report?: Record<string, number>;
}

/** What the taskpane import child reports. */
interface ImportReport {
  products: number;
  ms: number;
  heapAboveBaselineBytes: number;
  syncs: number;
  cells: number;
  bytes: number;
  maxSyncBytes: number;
}

function runChild(args: string[], env: Record<string, string>, rssFile: string): Promise<ChildRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--require', PRELOAD, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env, PARTSPEC_BENCH_RSS_FILE: rssFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-2000)));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`child ${args.join(' ')} exited ${code}: ${stderr}`));
        return;
      }
      const last = stdout.trim().split('\n').pop() ?? '';
      let report: Record<string, number> | undefined;
      try {
        report = last.startsWith('{') ? (JSON.parse(last) as Record<string, number>) : undefined;
      } catch {
        report = undefined;
      }
      resolve({ peakBytes: Number(readFileSync(rssFile, 'utf8')), ms: Date.now() - started, report });
    });
  });
}

const mb = (bytes: number): number => Math.round(bytes / MB);

/** Runs B8. */
export async function runMemory(): Promise<BenchmarkResult> {
  const emulator = await startEmulator({ port: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'partspec-b8-'));
  const env = { PARTSPEC_API_KEY: DEMO_KEY, HOME: dir, XDG_CONFIG_HOME: dir, XDG_CACHE_HOME: dir };
  const products = emulator.catalog.byGroup.SMD.length;
  const tsChild = (file: string, ...args: string[]): string[] => ['--import', require.resolve('tsx'), join(CHILDREN, file), ...args];
  const cli = (command: string, out: string): string[] => [join(ROOT, 'bin', 'partspec.js'), command, '--category', CATEGORY, '--out', join(dir, out), '--base-url', emulator.url, '--no-cache'];
  const rss = (name: string): string => join(dir, `rss-${name}`);
  try {
    const naive = await runChild(tsChild('naive-download.ts', emulator.url, join(dir, 'naive.csv')), env, rss('naive'));
    const csv = await runChild(cli('download', 'smd.csv'), env, rss('csv'));
    const xlsx = await runChild(cli('download', 'smd.xlsx'), env, rss('xlsx'));
    // The same xlsx download under a 64 MB heap: a writer that kept rows would run out of memory here.
    const xlsxSmallHeap = await runChild(['--max-old-space-size=64', ...cli('download', 'smd-64.xlsx')], env, rss('xlsx-64')).then(
      (run) => ({ ...run, finished: true }),
      () => ({ peakBytes: 0, ms: 0, finished: false }),
    );
    const naiveSearch = await runChild(tsChild('naive-search.ts', emulator.url, join(dir, 'naive-search.xlsx')), env, rss('naive-search'));
    const search = await runChild(cli('search', 'search.xlsx'), env, rss('search'));
    const naiveImport = await runChild(['--expose-gc', ...tsChild('taskpane-import.ts', 'naive', emulator.url)], env, rss('naive-import'));
    const streamedImport = await runChild(['--expose-gc', ...tsChild('taskpane-import.ts', 'stream', emulator.url)], env, rss('import'));

    // Time is reported beside the naive run's, never checked (report.ts: the machine may be busy).
    const row = (name: string, run: ChildRun, checks: Row['checks'] = [], versus?: ChildRun): Row => ({
      benchmark: 'B8',
      case: name,
      timeMs: run.ms,
      measure: `peak resident ${mb(run.peakBytes)} MB for ${formatCount(products)} products${versus ? `, ${(run.ms / versus.ms).toFixed(2)}× the naive run's time` : ''}`,
      checks,
    });
    const residentCheck = (name: string, run: ChildRun, limitMb: number) => check(`B8 ${name} peak resident MB`, mb(run.peakBytes), `≤ ${limitMb}`, run.peakBytes / MB <= limitMb);
    const importRow = (name: string, run: ChildRun, limitMb?: number): Row => {
      const r = run.report as unknown as ImportReport;
      const above = r.heapAboveBaselineBytes / MB;
      return {
        benchmark: 'B8',
        case: name,
        timeMs: r.ms,
        measure: `heap ${above.toFixed(1)} MB above baseline, peak resident ${mb(run.peakBytes)} MB, for ${formatCount(r.products)} products: ${formatCount(r.syncs)} syncs, largest ${(r.maxSyncBytes / MB).toFixed(2)} MB, ${formatCount(r.cells)} cells`,
        checks: limitMb === undefined ? [] : [check(`B8 ${name} heap MB above baseline`, Math.round(above), `≤ ${limitMb}`, above <= limitMb), check(`B8 ${name} every sync under the 5 MB payload limit`, Number((r.maxSyncBytes / MB).toFixed(2)), '< 5', r.maxSyncBytes < PAYLOAD_LIMIT_BYTES)],
      };
    };
    return {
      id: 'B8',
      title: 'Whole categories in bounded memory',
      rows: [
        row('naive: download whole file, parse, build rows, write CSV (child process)', naive),
        row('partspec download SMD → CSV, streamed (child process)', csv, [residentCheck('partspec download → CSV', csv, 250)], naive),
        row('partspec download SMD → xlsx, streamed (child process)', xlsx, [residentCheck('partspec download → xlsx', xlsx, 250)]),
        row('partspec download SMD → xlsx under a 64 MB heap (child process)', xlsxSmallHeap, [
          check('B8 partspec download → xlsx finishes under --max-old-space-size=64 (1 = yes)', Number(xlsxSmallHeap.finished), '= 1', xlsxSmallHeap.finished),
        ]),
        row('naive: harvest the whole category, build rows, write xlsx (child process)', naiveSearch),
        row('partspec search --category SMD → xlsx, whole category streamed (child process)', search, [residentCheck('partspec search → xlsx', search, 300)], naiveSearch),
        importRow('naive taskpane import: whole file → all products → importProducts (counting workbook sink)', naiveImport),
        importRow('taskpane Import whole category, streamed chunk by chunk (counting workbook sink)', streamedImport, 100),
      ],
      details: { products, naive, csv, xlsx, xlsxSmallHeap, naiveSearch, search, naiveImport, streamedImport },
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
