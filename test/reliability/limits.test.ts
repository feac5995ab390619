/**
 * Limits: no request over the service's 2,082-byte URL budget, even for the longest lookups and
 * filters (every file of this suite checks its own emulators' logs the same way when it ends); and
 * an import cancelled at a random moment leaves a consistent sheet: complete, or no sheet at all,
 * or a marker that states how many rows were written above a table of exactly those rows.
 */
import { DEMO_KEY, HOSTILE_PARTNOS, type RunningEmulator } from '../../emulator';
import { URL_BUDGET_BYTES, createClient, isValidationError } from '../../api';
import { importProducts, type ImportResult } from '../../src/sheets/import';
import { createExcelDouble } from '../../src/workbench/excel-double';
import { closePoolAndCheckBudget, createEmulatorPool, logSettled, recordFigures } from './support';

const pool = createEmulatorPool();
let emulator: RunningEmulator;
const figures: Record<string, number> = {};

beforeAll(async () => {
  emulator = await pool.start();
});

afterAll(async () => {
  const { requests, maxUrlBytes } = await closePoolAndCheckBudget(pool);
  recordFigures('limits', { ...figures, requestsChecked: requests, maxUrlBytes });
});

const client = () => createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false, retry: false });

describe('the URL budget', () => {
  test('a lookup of 3,000 part numbers (long, hostile, with # and lower case) packs URLs up to, never over, 2,082 bytes', async () => {
    const mark = emulator.requests.length;
    const parts = emulator.catalog.products.filter((_, i) => i % 20 === 0).slice(0, 2900).map((p) => p.values.Partno as string);
    const inputs = [...parts, ...HOSTILE_PARTNOS.map((p) => `${p.toLowerCase()}#`), ...parts.slice(0, 84).map((p) => `  ${p}  `)];
    const outcomes = await client().lookup(inputs);
    await logSettled(emulator);
    expect(outcomes.size).toBe(inputs.length);
    expect([...outcomes.values()].every((o) => o.status === 'exact')).toBe(true);
    const sent = emulator.requests.slice(mark);
    expect(sent.length).toBeGreaterThan(20);
    const longest = Math.max(...sent.map((r) => r.urlBytes));
    expect(longest).toBeLessThanOrEqual(URL_BUDGET_BYTES);
    // Packed close to the budget, so the bound is really exercised.
    expect(longest).toBeGreaterThan(URL_BUDGET_BYTES - 40);
    figures.lookupRequests = sent.length;
    figures.lookupLongestUrl = longest;
  });

  test('a filter that cannot fit is refused before sending; one that just fits is sent', async () => {
    const mark = emulator.requests.length;
    const parts = emulator.catalog.byGroup.SMD.map((p) => p.values.Partno as string);
    let fitting = 0;
    let refused = 0;
    for (let n = 80; n <= 130; n += 2) {
      const filter = `Partno eq '${parts.slice(0, n).join('|')}'`;
      try {
        await client().search({ category: 'ceramicCapacitorsSMD', filter });
        fitting++;
      } catch (error) {
        expect(isValidationError(error) && error.code === 'urlTooLong').toBe(true);
        refused++;
      }
    }
    await logSettled(emulator);
    expect(fitting).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    expect(emulator.requests.slice(mark)).toHaveLength(fitting);
    expect(Math.max(...emulator.requests.slice(mark).map((r) => r.urlBytes))).toBeLessThanOrEqual(URL_BUDGET_BYTES);
  });
});

describe('cancelling an import at random moments', () => {
  const TRIALS = 10;
  const request = { query: { category: 'inductors' as const, max: 3000 }, fields: ['Inductance', 'Status', 'ProductName'], budget: { maxBytes: 20_000 } };

  test(`${TRIALS} random cancels: each sheet is complete, absent, or marked with the count of the rows it holds`, async () => {
    const reference = createExcelDouble();
    const started = Date.now();
    const full = await importProducts({ run: reference.run, client: client(), settings: reference.office.context.document.settings }, request);
    const duration = Date.now() - started;
    expect(full).toMatchObject({ status: 'done', rowsWritten: 3000 });
    const referenceRows = reference.values(full.sheetName!).slice(1);

    const outcomes: Record<'done' | 'beforeRows' | 'partial', number> = { done: 0, beforeRows: 0, partial: 0 };
    for (let trial = 0; trial < TRIALS; trial++) {
      const excel = createExcelDouble();
      const controller = new AbortController();
      // Even trials cancel after a random delay (mostly while fetching); odd ones at a random row
      // while writing, since the workbook's syncs leave no room for a timer between chunks.
      const delay = Math.floor(Math.random() * duration * 1.2);
      const atRow = Math.floor(Math.random() * 3000);
      const timer = trial % 2 === 0 ? setTimeout(() => controller.abort(), delay) : undefined;
      const onProgress = (p: { phase: string; rowsWritten: number }): void => {
        if (trial % 2 === 1 && p.phase === 'writing' && p.rowsWritten >= atRow) controller.abort();
      };
      let result: ImportResult;
      try {
        result = await importProducts({ run: excel.run, client: client(), settings: excel.office.context.document.settings }, { ...request, signal: controller.signal, onProgress });
      } finally {
        clearTimeout(timer);
      }
      const context = trial % 2 === 0 ? `trial ${trial}, cancel after ${delay} ms of ${duration}` : `trial ${trial}, cancel at row ${atRow}`;
      if (result.status === 'done') {
        outcomes.done++;
        expect({ context, rows: excel.values(result.sheetName!).slice(1) }).toEqual({ context, rows: referenceRows });
        continue;
      }
      expect({ context, status: result.status }).toEqual({ context, status: 'cancelled' });
      if (result.sheetName === undefined) {
        outcomes.beforeRows++;
        expect(result.message).toBe('The import was cancelled before any row was written.');
        expect(excel.sheetNames()).toEqual(['Sheet1']);
        expect(excel.tables()).toEqual([]);
        continue;
      }
      outcomes.partial++;
      const n = result.rowsWritten;
      const values = excel.values(result.sheetName);
      expect(values[0][0]).toBe(
        `PartSpec: import cancelled after ${n.toLocaleString('en-US')} of 3,000 products were written; the table holds only those rows. Run the import again or use Refresh.`,
      );
      expect(excel.tables()).toHaveLength(1);
      expect(excel.tables()[0].rowCount).toBe(Math.max(1, n));
      // Header and exactly the rows written, equal to the start of the complete import; nothing below.
      expect(values.slice(1)).toEqual(referenceRows.slice(0, 1 + n));
    }
    expect(outcomes.done + outcomes.beforeRows + outcomes.partial).toBe(TRIALS);
    Object.assign(figures, { cancelTrials: TRIALS, cancelDone: outcomes.done, cancelBeforeRows: outcomes.beforeRows, cancelPartial: outcomes.partial });
  }, 60_000);
});
