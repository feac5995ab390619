import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_KEY, startEmulator } from '../emulator';
import { writeBigWorkbook } from './big-workbook';
import { check, formatBytes, formatCount, type BenchmarkResult, type Row } from './report';

/*
 * B12: an in-place enrichment of a 10,000-row BOM in a 30 MB workbook with charts and pivot
 * tables. `partspec enrich book.xlsx --out book.xlsx` patches the package: it reads and rewrites
 * the BOM sheet, the shared strings and the styles, and copies every other part through as it is
 * (compressed bytes included, through one reused buffer), and reads no sheet after the BOM, so its
 * memory follows the BOM sheet, not the workbook: the check wants the 30 MB workbook's peak within
 * 10 MB of the 3 MB one's (`--patch-only` runs just those two cases). Beside it in
 * the same run, the naive approach (the whole workbook through ExcelJS, the same columns written,
 * saved to a new file). Each case runs as a child process whose peak resident size is measured;
 * the same BOM in a 3 MB workbook shows what the workbook's size adds. Timings are reported, never
 * checked; the emulator answers without added latency, so the time is the program's own.
 */

const ROOT = join(__dirname, '..');
const PRELOAD = join(__dirname, 'memory-children', 'peak-rss.js');
const MB = 1024 * 1024;
const BOM_ROWS = 10_000;

interface ChildRun {
  peakBytes: number;
  ms: number;
  code: number | null;
  stderr: string;
}

function runChild(args: string[], env: Record<string, string>, rssFile: string): Promise<ChildRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--require', PRELOAD, ...args], { cwd: ROOT, env: { ...process.env, ...env, PARTSPEC_BENCH_RSS_FILE: rssFile }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ peakBytes: Number(readFileSync(rssFile, 'utf8')), ms: Date.now() - started, code, stderr }));
  });
}

const mb = (bytes: number): number => Math.round(bytes / MB);

/** Runs B12; `naive: false` leaves out the ExcelJS rewrites (minutes on their own). */
export async function runWorkbookPatch(options: { naive?: boolean } = {}): Promise<BenchmarkResult> {
  const withNaive = options.naive ?? true;
  const emulator = await startEmulator({ port: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'partspec-b12-'));
  const env = { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: emulator.url, HOME: dir, XDG_CONFIG_HOME: dir, XDG_CACHE_HOME: dir };
  // Part numbers of the catalog, every 97th one unknown to it, as a BOM of many distinct parts.
  const catalog = emulator.catalog.products.map((p) => String(p.values.Partno));
  const partnos = Array.from({ length: 4000 }, (_, i) => (i % 97 === 96 ? `XYZ-UNKNOWN-${i}` : catalog[(i * 7919) % catalog.length]));
  const rss = (name: string): string => join(dir, `rss-${name}`);
  const book = (name: string, targetBytes: number) => {
    const file = join(dir, name);
    return { file, ...writeBigWorkbook({ file, partnos, bomRows: BOM_ROWS, targetBytes }) };
  };
  const patch = (file: string, name: string) => runChild([join(ROOT, 'bin', 'partspec.js'), 'enrich', file, '--fields', 'Status', '--out', file, '--no-cache'], env, rss(name));
  const naive = (file: string, name: string) => runChild(['--import', require.resolve('tsx'), join(__dirname, 'memory-children', 'exceljs-rewrite.ts'), emulator.url, file, join(dir, `${name}-rewritten.xlsx`)], env, rss(name));
  try {
    const small = book('small.xlsx', 3 * MB);
    const large = book('large.xlsx', 30 * MB);
    const patchSmall = await patch(small.file, 'patch-small');
    const patchLarge = await patch(large.file, 'patch-large');
    const naiveSmall = withNaive ? await naive(small.file, 'naive-small') : undefined;
    const naiveLarge = withNaive ? await naive(large.file, 'naive-large') : undefined;
    // partspec exits 1 when a part is not found (the file is written all the same); the naive child exits 1 only on failure.
    const written = (run: ChildRun, naiveRun = false): boolean => run.code === 0 || (!naiveRun && run.code === 1);
    const describe = (run: ChildRun, size: number, naiveRun: boolean): string =>
      written(run, naiveRun) ? `peak resident ${mb(run.peakBytes)} MB, ${formatBytes(size)} workbook, ${formatCount(BOM_ROWS)} BOM rows` : `did not finish (exit ${run.code}): ${run.stderr.trim().split('\n').pop()}`;
    const row = (name: string, run: ChildRun, size: number, checks: Row['checks'] = []): Row => ({ benchmark: 'B12', case: name, timeMs: run.ms, measure: describe(run, size, name.startsWith('naive')), checks });
    const growth = (patchLarge.peakBytes - patchSmall.peakBytes) / MB;
    return {
      id: 'B12',
      title: 'In-place enrichment of a large workbook: patch vs ExcelJS rewrite',
      rows: [
        ...(naiveSmall ? [row('naive: ExcelJS loads the 3 MB workbook, writes the columns, saves a new file (child process)', naiveSmall, small.bytes)] : []),
        ...(naiveLarge ? [row('naive: ExcelJS loads the 30 MB workbook, writes the columns, saves a new file (child process)', naiveLarge, large.bytes)] : []),
        row('partspec enrich --out the same 3 MB workbook, patched in place (child process)', patchSmall, small.bytes, [check('B12 partspec enrich in place of the 3 MB workbook writes it (1 = yes)', Number(written(patchSmall)), '= 1', written(patchSmall))]),
        row('partspec enrich --out the same 30 MB workbook, patched in place (child process)', patchLarge, large.bytes, [
          check('B12 partspec enrich in place of the 30 MB workbook writes it (1 = yes)', Number(written(patchLarge)), '= 1', written(patchLarge)),
          check('B12 patch peak resident MB added by 27 MB more workbook', Math.round(growth), '≤ 10', growth <= 10),
        ]),
      ],
      details: { bomRows: BOM_ROWS, small: { bytes: small.bytes, dataSheets: small.dataSheets, written: statSync(small.file).size }, large: { bytes: large.bytes, dataSheets: large.dataSheets, written: statSync(large.file).size }, patchSmall, patchLarge, naiveSmall, naiveLarge },
    };
  } finally {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runWorkbookPatch({ naive: !process.argv.includes('--patch-only') })
    .then((r) => process.stdout.write(`${JSON.stringify(r, null, 2)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exit(1);
    });
}
