import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_KEY, startEmulator } from '../emulator';
import { writeBigWorkbook } from './big-workbook';
import { measureCli, type Measured } from './measure-cli';
import { check, formatBytes, formatCount, type BenchmarkResult, type Row } from './report';

/*
 * B13: `partspec report` of a 10,000-row BOM beside the enrichment alone, as CSV and as a 3 MB
 * workbook. The report looks the BOM up as the enrichment does, then also asks for replacement
 * candidates of the parts at risk (most of its time: `enrich --replacements` runs the same
 * searches), computes the summary and writes the summary sheet with its charts (workbook), the
 * HTML page and the JSON. Each run is a child process whose wall time and
 * peak resident size are measured; the emulator answers without added latency, so the time is
 * the program's own. Timings are reported, never checked.
 */

const BOM_ROWS = 10_000;
const FIELDS = 'Status,LastBuyDate,ProductionEndDate,Rohs,Reach,LeadFree';

/** Runs B13. */
export async function runBomReport(): Promise<BenchmarkResult> {
  const emulator = await startEmulator({ port: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'partspec-b13-'));
  const env = { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: emulator.url, HOME: dir, XDG_CONFIG_HOME: dir, XDG_CACHE_HOME: dir };
  // Part numbers of the catalog (every lifecycle state is in it), every 97th one unknown to it.
  const catalog = emulator.catalog.products.map((p) => String(p.values.Partno));
  const partnos = Array.from({ length: 4000 }, (_, i) => (i % 97 === 96 ? `XYZ-UNKNOWN-${i}` : catalog[(i * 7919) % catalog.length]));
  const csvRows = Array.from({ length: BOM_ROWS }, (_, i) => `${i + 1},${(i % 4) + 1},C${i + 1},Murata,${partnos[i % partnos.length]}`);
  writeFileSync(join(dir, 'bom.csv'), `Item,Qty,Reference,Manufacturer,MPN\n${csvRows.join('\n')}\n`);
  const book = writeBigWorkbook({ file: join(dir, 'bom.xlsx'), partnos, bomRows: BOM_ROWS, targetBytes: 3 * 1024 * 1024 });
  try {
    const cases: [string, string[]][] = [
      ['partspec enrich of the CSV BOM (Status, dates, compliance, Risk)', ['enrich', 'bom.csv', '--fields', FIELDS, '--risk', '--out', 'enriched.csv']],
      ['partspec enrich of the CSV BOM with --replacements (the same candidate searches as the report)', ['enrich', 'bom.csv', '--fields', FIELDS, '--risk', '--replacements', '--out', 'enriched-replacements.csv']],
      ['partspec report of the CSV BOM (--html and --json)', ['report', 'bom.csv', '--builds', '100', '--html', 'report.html', '--json', 'report.json']],
      ['partspec enrich of the 3 MB workbook (same columns)', ['enrich', 'bom.xlsx', '--fields', FIELDS, '--risk', '--out', 'enriched.xlsx']],
      ['partspec report of the 3 MB workbook (summary sheet with charts, --html, --json)', ['report', 'bom.xlsx', '--builds', '100', '--out', 'report.xlsx', '--html', 'report-book.html', '--json', 'report-book.json']],
    ];
    const runs: Measured[] = [];
    for (const [, args] of cases) runs.push(await measureCli(args, env, dir, `run-${runs.length}`));
    // enrich exits 1 when some parts are not found (the output is written all the same).
    const ok = (run: Measured, i: number): boolean => run.code === 0 || (cases[i][1][0] === 'enrich' && run.code === 1);
    const rows: Row[] = runs.map((run, i) => ({
      benchmark: 'B13',
      case: `${cases[i][0]} (child process)`,
      timeMs: run.ms,
      measure: ok(run, i) ? `peak resident ${Math.round(run.peakBytes / (1024 * 1024))} MB, ${formatCount(BOM_ROWS)} BOM rows` : `did not finish (exit ${run.code}): ${run.stderr.trim().split('\n').pop()}`,
      checks: cases[i][1][0] === 'report' ? [check(`B13 ${cases[i][1][1]} report written (1 = yes)`, Number(ok(run, i)), '= 1', ok(run, i))] : [],
    }));
    const summary = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { rows: number; atRisk: unknown[]; ending: unknown[] };
    return {
      id: 'B13',
      title: 'BOM report of 10,000 rows beside the enrichment alone',
      rows,
      details: {
        bomRows: BOM_ROWS,
        workbookBytes: book.bytes,
        summary: { rows: summary.rows, atRisk: summary.atRisk.length, ending: summary.ending.length },
        html: formatBytes(statSync(join(dir, 'report.html')).size),
        runs: runs.map((r, i) => ({ case: cases[i][0], code: r.code, ms: r.ms, peakBytes: r.peakBytes })),
      },
    };
  } finally {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  // `npx tsx bench/bom-report.ts`: this benchmark alone, its result as JSON on stdout.
  runBomReport().then(
    (result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`),
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
