/**
 * Faults: the same import, enrichment and recalculation against a clean emulator and against one
 * that fails 20 % of requests with 500, drops connections, adds latency and rate-limits hard
 * enough to answer 429. The workbook must come out identical (nothing lost, nothing twice). When
 * retries cannot win (every request fails, or a rate limit with no retry), every affected cell or
 * row says so and no promise stays pending.
 */
import { DEMO_KEY, type RunningEmulator } from '../../emulator';
import { createClient, type ClientOptions, type RetryOptions } from '../../api';
import { spec, risk, query } from '../../src/functions/functions';
import { enrichSelection } from '../../src/sheets/enrich';
import { importProducts } from '../../src/sheets/import';
import { refreshWorkbook } from '../../src/sheets/refresh';
import { createExcelDouble, type ExcelDouble } from '../../src/workbench/excel-double';
import { describeError } from '../../testkit/custom-functions-shim';
import { spreadPartnos, startFunctionsHarness } from '../../testkit/functions-harness';
import { FAULTS, NO_RETRY, PATIENT_RETRY, closePoolAndCheckBudget, createEmulatorPool, logSettled, recordFigures, settleWithin } from './support';
import type { EnrichmentReport } from '../../core/enrich/run-enrichment';
import { reportOf, firstSet } from '../support/enrichment-report';

const pool = createEmulatorPool();
let clean: RunningEmulator;
const figures: Record<string, number> = {};
const faultStatuses = { 500: 0, 429: 0, dropped: 0 };
const TODAY = new Date('2025-06-15T10:00:00Z');
/** A rate limit that a burst of requests always exceeds. */
const TIGHT_RATE_LIMIT = { max: 2, windowSeconds: 1 };

beforeAll(async () => {
  clean = await pool.start();
});

afterAll(async () => {
  const { requests, maxUrlBytes } = await closePoolAndCheckBudget(pool);
  recordFigures('faults', { ...figures, ...faultStatuses, requestsChecked: requests, maxUrlBytes });
});

function countFaults(emulator: RunningEmulator): void {
  for (const r of emulator.requests) {
    if (r.status === 500) faultStatuses[500]++;
    else if (r.status === 429) faultStatuses[429]++;
    else if (r.status === 0) faultStatuses.dropped++;
  }
}

const clientFor = (emulator: RunningEmulator, retry: RetryOptions, extra: Partial<ClientOptions> = {}) =>
  createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false, retry, ...extra });

const sheetDeps = (excel: ExcelDouble, emulator: RunningEmulator, retry: RetryOptions) => ({
  run: excel.run,
  client: clientFor(emulator, retry),
  settings: excel.office.context.document.settings,
  now: () => TODAY,
});

/** A BOM of part numbers from every group, with base part numbers, unknown and blank rows. */
function bomRows(emulator: RunningEmulator, count: number): unknown[][] {
  const parts = spreadPartnos(emulator, count);
  const bases = emulator.catalog.byGroup.Ind.slice(0, 20).map((p) => p.values.PartnoWithoutPackageCode as string);
  const rows: unknown[][] = [['Ref', 'Part Number', 'Qty']];
  parts.forEach((p, i) => rows.push([`R${i + 1}`, p, 1]));
  bases.forEach((b, i) => rows.push([`L${i + 1}`, b, 2]));
  rows.push(['X1', 'ZZZQ99999999', 1], ['X2', '', 1], ['X3', 'AB|CD', 1]);
  return rows;
}

async function enrichBom(emulator: RunningEmulator, retry: RetryOptions, rows: unknown[][]): Promise<{ excel: ExcelDouble; result: EnrichmentReport }> {
  const excel = createExcelDouble();
  excel.setCells('Sheet1', 'A1', rows);
  excel.select('Sheet1', 'B2');
  const result = reportOf(await enrichSelection(
    { run: excel.run, client: clientFor(emulator, retry), now: () => TODAY },
    { fields: [{ field: 'Capacitance', unit: 'nF' }, 'Status', 'ProductName', 'Inductance'], risk: true, alternatives: true },
  ));
  return { excel, result };
}

/** One recalculation, one PART.SPEC per cell; error values kept as { code, message } so they can be compared too. */
async function recalculateCells(partnos: readonly string[], fields: readonly string[]): Promise<unknown[]> {
  const settled = await settleWithin(partnos.flatMap((p) => fields.map((f) => spec([[p]], [[f]]))), 60_000);
  return settled.map((s) => (s.status === 'fulfilled' ? s.value[0][0] : (describeError(s.reason) ?? String(s.reason))));
}

describe('identical results under failures, drops, latency and 429s', () => {
  test('an enrichment of a 420-row BOM: every cell the same as without faults', async () => {
    const rows = bomRows(clean, 400);
    const reference = await enrichBom(clean, NO_RETRY, rows);
    expect(reference.result.status).toBe('done');

    const faulty = await pool.start({ ...FAULTS, rateLimit: TIGHT_RATE_LIMIT });
    const run = await enrichBom(faulty, PATIENT_RETRY, rows);
    await logSettled(faulty);
    countFaults(faulty);
    expect(run.result.status).toBe('done');
    expect(firstSet(run.result).tally.counts).toEqual(firstSet(reference.result).tally.counts);
    expect(run.excel.values('Sheet1')).toEqual(reference.excel.values('Sheet1'));
    expect(run.excel.formulaCells()).toEqual([]);
    expect(faulty.requests.filter((r) => r.status !== 200).length).toBeGreaterThan(0);
    figures.enrichRows = rows.length - 1;
    figures.enrichCells = (rows.length - 1) * (reference.excel.values('Sheet1')[0].length - 3);
    await faulty.close();
  }, 60_000);

  test('a recalculation of 150 parts × 3 fields through the custom functions: same values', async () => {
    const fields = ['Status', 'ProductName', 'Capacitance'];
    const h = await startFunctionsHarness({ clientOptions: { retry: NO_RETRY, cache: false } });
    pool.track(h.emulator);
    const parts = spreadPartnos(h.emulator, 150);
    const expected = await recalculateCells(parts, fields);
    await h.close();

    const f = await startFunctionsHarness({ emulator: { ...FAULTS, rateLimit: TIGHT_RATE_LIMIT }, clientOptions: { retry: PATIENT_RETRY, cache: false } });
    pool.track(f.emulator);
    const got = await recalculateCells(parts, fields);
    await logSettled(f.emulator);
    countFaults(f.emulator);
    expect(got).toEqual(expected);
    // Inductors have no capacitance: those cells are the same #N/A both times, not a lost answer.
    const na = got.filter((v) => typeof v === 'object' && v !== null && (v as { code?: string }).code === '#N/A');
    expect(na.length).toBeLessThan(parts.length);
    expect(na.every((v) => /does not apply/.test((v as { message: string }).message))).toBe(true);
    figures.functionCells = got.length;
    await f.close();
  }, 60_000);

  test('an import of the whole leaded category (6,651 products): same rows, none lost or twice, every fault type met', async () => {
    const fields = [{ field: 'Capacitance', unit: 'pF' }, 'Status', 'ProductName', 'RatedVoltage'] as const;
    const request = { query: { category: 'ceramicCapacitorsLead' as const }, fields: [...fields] };
    const reference = createExcelDouble();
    const expected = await importProducts(sheetDeps(reference, clean, NO_RETRY), request);
    expect(expected.status).toBe('done');
    // Row 1 is the status line (it names the request count, which faults change); the rest must match.
    const want = reference.values(expected.sheetName!).slice(1);
    const wantPartnos = new Set(want.slice(1).map((row) => row[0]));
    expect(wantPartnos.size).toBe(6651);

    // Faults are random: import again until each kind (500, 429, dropped) has been met at least once.
    const seenAll = (): boolean => faultStatuses[500] > 0 && faultStatuses[429] > 0 && faultStatuses.dropped > 0;
    let rounds = 0;
    do {
      const faulty = await pool.start({ ...FAULTS, rateLimit: TIGHT_RATE_LIMIT });
      const excel = createExcelDouble();
      const result = await importProducts(sheetDeps(excel, faulty, PATIENT_RETRY), request);
      await logSettled(faulty);
      countFaults(faulty);
      expect(result).toMatchObject({ status: 'done', productCount: 6651, rowsWritten: 6651 });
      const got = excel.values(result.sheetName!).slice(1);
      expect(got).toEqual(want);
      const partnos = got.slice(1).map((row) => row[0]);
      expect(partnos).toHaveLength(6651);
      expect(new Set(partnos)).toEqual(wantPartnos);
      expect(excel.tables()[0]).toMatchObject({ rowCount: 6651 });
      figures.importAttempts = (figures.importAttempts ?? 0) + faulty.requests.length;
      await faulty.close();
      rounds++;
    } while (!seenAll() && rounds < 10);
    figures.importRows = 6651;
    figures.importRounds = rounds;
    expect(faultStatuses[500]).toBeGreaterThan(0);
    expect(faultStatuses[429]).toBeGreaterThan(0);
    expect(faultStatuses.dropped).toBeGreaterThan(0);
  }, 90_000);
});

describe('when retries are exhausted, every affected cell or row says so', () => {
  const exhausted: [string, Parameters<typeof pool.start>[0], RegExp][] = [
    ['every request fails (500)', { failRate: 1 }, /500/],
    ['a rate limit with no retry (429)', { rateLimit: { max: 0, windowSeconds: 60 } }, /429/],
  ];

  test.each(exhausted)('functions, %s: every promise settles with #N/A and a reason', async (_name, faults, reason) => {
    const h = await startFunctionsHarness({ emulator: faults, clientOptions: { retry: NO_RETRY } });
    pool.track(h.emulator);
    try {
      const parts = spreadPartnos(h.emulator, 120);
      const calls: Promise<unknown>[] = [
        ...parts.flatMap((p) => [spec([[p]], [['Status']]), spec([[p]], [['Capacitance']], [['nF']]), risk([[p]])]),
        spec(parts.map((p) => [p]), [['Status', 'Rohs']]),
        query('inductors', "Status eq 'NRND'"),
      ];
      const settled = await settleWithin(calls, 15_000);
      const errors = settled.map((s) => (s.status === 'rejected' ? describeError(s.reason) : undefined));
      expect(errors.every((e) => e?.code === '#N/A' && reason.test(e.message))).toBe(true);
      figures[`exhaustedFunctionCalls${faults?.failRate ? '500' : '429'}`] = settled.length;
    } finally {
      await h.close();
    }
  }, 30_000);

  test.each(exhausted)('enrichment, %s: failed with the reason in one sentence, and the sheet as it was', async (_name, faults, reason) => {
    const emulator = await pool.start(faults);
    const rows = bomRows(clean, 60);
    const { excel, result } = await enrichBom(emulator, NO_RETRY, rows);
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(reason);
    expect(result.message).toContain('after 1 attempt.');
    // A failed run loses nothing: no cell is written, so the last good answers stay.
    expect(excel.values('Sheet1')).toEqual(rows);
    await emulator.close();
  });

  test.each(exhausted)('import, %s: failed with the reason and no half-written sheet; a refresh leaves a marker over the old rows', async (_name, faults, reason) => {
    const excel = createExcelDouble();
    const first = await importProducts(sheetDeps(excel, clean, NO_RETRY), { query: { category: 'inductors', filter: "Status eq 'NRND'" }, fields: ['Inductance', 'Status'] });
    expect(first.status).toBe('done');
    const before = excel.values(first.sheetName!).slice(1);

    const emulator = await pool.start(faults);
    const failed = await importProducts(sheetDeps(excel, emulator, NO_RETRY), { query: { category: 'ceramicCapacitorsLead' }, fields: ['Capacitance'] });
    expect(failed.status).toBe('failed');
    expect(failed.message).toMatch(reason);
    expect(excel.sheetNames()).toEqual(['Sheet1', first.sheetName]);

    const refreshed = await refreshWorkbook(sheetDeps(excel, emulator, NO_RETRY));
    expect(refreshed.imports[first.tableName!].status).toBe('failed');
    const after = excel.values(first.sheetName!);
    expect(after[0][0]).toMatch(new RegExp(`^PartSpec: refresh failed; the rows below are from the previous import\\. .*(${reason.source})`, 'i'));
    expect(after.slice(1)).toEqual(before);
    await emulator.close();
  });

  test('import, the workbook refuses a write midway: the marker states how many rows the table holds', async () => {
    const excel = createExcelDouble();
    let writes = 0;
    excel.configure({ fault: (_index, record) => (record.bytes > 20_000 && ++writes === 3 ? new Error('The workbook is busy.') : undefined) });
    const result = await importProducts(sheetDeps(excel, clean, NO_RETRY), {
      query: { category: 'inductors', max: 3000 },
      fields: ['Inductance', 'Status'],
      budget: { maxBytes: 40_000 },
    });
    expect(result.status).toBe('failed');
    expect(result.rowsWritten).toBeGreaterThan(0);
    expect(result.rowsWritten).toBeLessThan(3000);
    const values = excel.values(result.sheetName!);
    expect(values[0][0]).toBe(`PartSpec: import failed after ${result.rowsWritten.toLocaleString('en-US')} of 3,000 products were written; the table holds only those rows. The workbook is busy.`);
    expect(values).toHaveLength(2 + result.rowsWritten);
    expect(excel.tables()[0].rowCount).toBe(result.rowsWritten);
  });
});
