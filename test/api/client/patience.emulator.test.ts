/**
 * Patience under a bad service, through the add-in's own client with its default retry policy: a
 * 900-row BOM enriched against the emulator run as
 * `npm run emulator -- --fail-rate 0.25 --drop-rate 0.1 --rate-limit 3/1 --latency 20-120`
 * comes out identical to a fault-free run, every time; and a service that fails every request
 * ends within the configured time budget, each row saying why in one sentence.
 */
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../../emulator';
import { parseCliArgs } from '../../../emulator/cli-args';
import { createClient, type RetryOptions, type ServiceCondition } from '../../../api';
import { enrichSelection } from '../../../src/sheets/enrich';
import { createExcelDouble } from '../../../src/workbench/excel-double';
import { spreadPartnos } from '../../../testkit/functions-harness';
import { reportOf, firstSet } from '../../support/enrichment-report';

const TODAY = new Date('2025-06-15T10:00:00Z');
const RUNS = 20;
const FIELDS = [{ field: 'Capacitance', unit: 'nF' }, 'Status', 'ProductName', 'Inductance'] as const;

/** The command line, read by the emulator's own parser. */
function badServiceOptions() {
  const parsed = parseCliArgs(['--fail-rate', '0.25', '--drop-rate', '0.1', '--rate-limit', '3/1', '--latency', '20-120']);
  if (parsed.help) throw new Error('unexpected --help');
  return parsed.options;
}

/** 900 rows: real part numbers from every group, a few base part numbers, an unknown and a blank. */
function bomRows(emulator: RunningEmulator): unknown[][] {
  const parts = spreadPartnos(emulator, 880);
  const bases = emulator.catalog.byGroup.Ind.slice(0, 18).map((p) => p.values.PartnoWithoutPackageCode as string);
  const rows: unknown[][] = [['Ref', 'Part Number', 'Qty']];
  parts.forEach((p, i) => rows.push([`R${i + 1}`, p, 1]));
  bases.forEach((b, i) => rows.push([`L${i + 1}`, b, 2]));
  rows.push(['X1', 'ZZZQ99999999', 1], ['X2', '', 1]);
  return rows;
}

async function enrich(emulator: RunningEmulator, rows: unknown[][], retry?: RetryOptions | false, conditions?: Set<ServiceCondition>) {
  const excel = createExcelDouble();
  excel.setCells('Sheet1', 'A1', rows);
  excel.select('Sheet1', 'B2');
  const client = createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false, retry, onServiceState: (s) => conditions?.add(s.condition) });
  const result = reportOf(await enrichSelection({ run: excel.run, client, now: () => TODAY }, { fields: [...FIELDS] }));
  return { result, values: excel.values('Sheet1'), stats: client.stats() };
}

describe('patience under a bad service', () => {
  test(`a 900-row BOM against fail 25 %, drop 10 %, 3 requests/s and 20-120 ms latency: identical to a fault-free run, ${RUNS} times of ${RUNS}`, async () => {
    const clean = await startEmulator({ port: 0 });
    let rows: unknown[][];
    let reference: Awaited<ReturnType<typeof enrich>>;
    try {
      rows = bomRows(clean);
      expect(rows).toHaveLength(901);
      reference = await enrich(clean, rows, false);
    } finally {
      await clean.close();
    }
    expect(reference.result.status).toBe('done');
    expect(firstSet(reference.result).tally.counts.exact).toBe(880);

    // Separate emulators (each with its own rate limit), run side by side to keep the wall time sane.
    const conditions = new Set<ServiceCondition>();
    const runs = await Promise.all(
      Array.from({ length: RUNS }, async () => {
        const emulator = await startEmulator({ port: 0, ...badServiceOptions() });
        try {
          const run = await enrich(emulator, rows, undefined, conditions);
          const statuses = emulator.requests.map((r) => r.status);
          return { ...run, statuses };
        } finally {
          await emulator.close();
        }
      }),
    );
    for (const run of runs) {
      expect(run.result.status).toBe('done');
      expect(firstSet(run.result).tally.counts).toEqual(firstSet(reference.result).tally.counts);
      expect(run.values).toEqual(reference.values);
    }
    // The faults were there: failures, drops and 429s all happened and were outlasted.
    const statuses = runs.flatMap((r) => r.statuses);
    expect(statuses).toContain(500);
    expect(statuses).toContain(0);
    expect(runs.reduce((n, r) => n + r.stats.retries, 0)).toBeGreaterThan(RUNS);
    // And the progress line heard about them.
    expect(conditions.has('failing')).toBe(true);
  }, 300_000);

  test('a service that fails every request: the enrichment ends within the time budget, says why in one sentence and writes nothing', async () => {
    const emulator = await startEmulator({ port: 0, failRate: 1 });
    try {
      const rows = bomRows(emulator).slice(0, 301);
      const budgetMs = 1_500;
      const started = Date.now();
      const { result, values, stats } = await enrich(emulator, rows, { budgetMs, initialDelay: 20, backoffLimit: 200 });
      const elapsed = Date.now() - started;
      expect(result.status).toBe('failed');
      // The bound: each request stops retrying budgetMs after its first failure; the requests
      // queued behind the first ones start a little later. Generous, since it is a bound and not a speed.
      expect(elapsed).toBeLessThan(budgetMs + 10_000);
      expect(stats.retries).toBeGreaterThan(0);
      expect(result.message).toMatch(/^The product service had a problem on its side \(500\) after \d+ attempts\./);
      // A failed run loses nothing: the sheet is as it was.
      expect(values).toEqual(rows);
    } finally {
      await emulator.close();
    }
  }, 60_000);
});
