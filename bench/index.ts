/**
 * `npm run bench`: every benchmark in one run. Prints a markdown table on stdout (progress goes to stderr),
 * writes bench/results.json, and exits with status 1 when a count misses its target. Timings are
 * reported, never checked.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { runAbuseLatency } from './abuse-latency';
import { runBomReport } from './bom-report';
import { runBundle } from './bundle';
import { BENCH_EMULATOR, progress, timed } from './conditions';
import { runEmptyCells } from './empty-cells';
import { runEnrichment } from './enrichment';
import { runEveryLine } from './every-line';
import { runExcelWrites } from './excel-writes';
import { runFunctionsFirst } from './functions-first';
import { runHarvestCategories, runHarvestFilters } from './harvest';
import { runMcpLookup } from './mcp-lookup';
import { runMemory } from './memory';
import { runPortfolio } from './portfolio';
import { runRedisTeam } from './redis-team';
import { runTeam } from './team';
import { runReplacements } from './replacements';
import { runStartup } from './startup';
import { runSuggest } from './suggest';
import { runWorkbookPatch } from './workbook-patch';
import { allChecks, formatMs, renderTable, type BenchmarkResult } from './report';

const RESULTS_FILE = join(__dirname, 'results.json');

/** Wall time of each stage, for results.json. */
const durations: Record<string, number> = {};

/** Runs one benchmark and tells how long it took (each should stay under a minute). */
async function stage<T>(name: string, run: () => Promise<T>): Promise<T> {
  const { value, ms } = await timed(run);
  progress(`${name} done in ${formatMs(ms)}`);
  durations[name] = Math.round(ms);
  return value;
}

async function main(): Promise<void> {
  const started = new Date();
  const [b1, b3] = await stage('B1 + B3', runEnrichment);
  // B2 runs as two stages, so each stays well under a minute on a busy machine.
  const b2 = await stage('B2 categories', runHarvestCategories);
  const b2Filters = await stage('B2 filters + download', runHarvestFilters);
  const b4 = await stage('B4', runExcelWrites);
  const b5 = await stage('B5', async () => runBundle());
  const b6 = await stage('B6', runTeam);
  const b7 = await stage('B7', runRedisTeam);
  const b8 = await stage('B8', runMemory);
  const b9 = await stage('B9', runReplacements);
  const b10 = await stage('B10', async () => runStartup());
  const b11 = await stage('B11', runFunctionsFirst);
  // The naive half of B12 (ExcelJS loading a 30 MB workbook) takes about two minutes on its own.
  const b12 = await stage('B12', runWorkbookPatch);
  const b13 = await stage('B13', runBomReport);
  const b14 = await stage('B14', runMcpLookup);
  const b15 = await stage('B15', runSuggest);
  const b16 = await stage('B16', runEmptyCells);
  const b17 = await stage('B17', runEveryLine);
  const b18 = await stage('B18', runAbuseLatency);
  const b19 = await stage('B19', runPortfolio);
  const results: BenchmarkResult[] = [b1, b2, b2Filters, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14, b15, b16, b17, b18, b19];

  const table = renderTable(results);
  const checks = allChecks(results);
  const failed = checks.filter((c) => !c.pass);
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        date: started.toISOString(),
        environment: { node: process.version, platform: process.platform, cpus: cpus().length, emulator: { latencyMs: BENCH_EMULATOR.latencyMs, rateLimit: BENCH_EMULATOR.rateLimit } },
        passed: failed.length === 0,
        stageMs: durations,
        checks,
        benchmarks: results,
        table,
      },
      null,
      2,
    )}\n`,
  );
  console.log(table);
  console.log('');
  console.log(
    failed.length === 0
      ? `All ${checks.length} count targets met. Timings are for information only.`
      : `${failed.length} of ${checks.length} count targets missed: ${failed.map((c) => `${c.name} = ${c.value} (target ${c.target})`).join('; ')}`,
  );
  if (failed.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
