/**
 * The key: a distinctive key is the only one the emulator accepts. Every flow runs with it —
 * import, enrichment (values and formulas), refresh, the custom functions, the command line — and
 * then the error paths (403, 429, 500, an unreachable service). Afterwards the key must be in none
 * of the places a user, a log or a shared workbook can see.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RunningEmulator } from '../../emulator';
import { createClient, isApiError, type Client, type RequestEvent } from '../../api';
import { downloadUrl, risk, query, spec } from '../../src/functions/functions';
import { enrichSelection } from '../../src/sheets/enrich';
import { importProducts } from '../../src/sheets/import';
import { refreshWorkbook } from '../../src/sheets/refresh';
import { createExcelDouble } from '../../src/workbench/excel-double';
import { makeTempDir, readXlsx } from '../cli/helpers';
import { runCliInProcess } from '../cli/in-process';
import { describeError } from '../../testkit/custom-functions-shim';
import { startFunctionsHarness, type FunctionsHarness } from '../../testkit/functions-harness';
import { SECRET_KEY, closePoolAndCheckBudget, createEmulatorPool, logSettled, recordFigures } from './support';
import { reportOf } from '../support/enrichment-report';

const pool = createEmulatorPool();
const temp = makeTempDir();
const logFiles = [join(temp.dir, 'requests.jsonl'), join(temp.dir, 'functions-requests.jsonl')];
let emulator: RunningEmulator;
let harness: FunctionsHarness;
const excel = createExcelDouble();
const events: RequestEvent[] = [];
/** Everything a person, a log or a copy of the workbook could show, by where it came from. */
const places: { where: string; text: string }[] = [];

const see = (where: string, value: unknown): void => {
  places.push({ where, text: typeof value === 'string' ? value : JSON.stringify(value) ?? String(value) });
};

function seeError(where: string, error: unknown): void {
  see(`${where}: String()`, String(error));
  if (error instanceof Error) {
    see(`${where}: message`, error.message);
    see(`${where}: stack`, error.stack ?? '');
  }
  if (isApiError(error)) {
    see(`${where}: userMessage`, error.userMessage);
    see(`${where}: request`, error.request ?? {});
    see(`${where}: body`, (error as { body?: unknown }).body ?? '');
  }
  const described = describeError(error);
  if (described) see(`${where}: cell error`, described);
}

const clientWith = (url: string, extra: Partial<Parameters<typeof createClient>[0]> = {}): Client =>
  createClient({ baseUrl: url, apiKey: SECRET_KEY, cache: false, retry: { limit: 1, budgetMs: 3000, initialDelay: 1, backoffLimit: 5, maxRetryAfter: 5 }, onRequest: (e) => events.push(e), ...extra });

beforeAll(async () => {
  emulator = await pool.start({ keys: [SECRET_KEY], logRequests: logFiles[0] });
  harness = await startFunctionsHarness({ key: SECRET_KEY, emulator: { keys: [SECRET_KEY], logRequests: logFiles[1] } });
  pool.track(harness.emulator);
});

afterAll(async () => {
  await harness.close();
  await closePoolAndCheckBudget(pool);
  temp.cleanup();
});

test('the flows work with the key', async () => {
  const settings = excel.office.context.document.settings;
  const deps = { run: excel.run, client: clientWith(emulator.url), settings, now: () => new Date('2025-06-15T10:00:00Z') };
  const imported = await importProducts(deps, { query: { category: 'inductors', filter: "Status eq 'NRND'" }, fields: ['Inductance', 'Status', 'ProductDetailUrl'] });
  expect(imported.status).toBe('done');
  const parts = emulator.catalog.byGroup.SMD.slice(0, 40).map((p) => [p.values.Partno as string]);
  excel.addSheet('BOM');
  excel.setCells('BOM', 'A1', [['Part Number'], ...parts]);
  excel.select('BOM', 'A2');
  expect((reportOf(await enrichSelection(deps, { fields: ['Capacitance', 'Status', 'ProductDetailUrl'], risk: true }))).status).toBe('done');
  excel.addSheet('BOM live');
  excel.setCells('BOM live', 'A1', [['Part Number'], ...parts]);
  excel.select('BOM live', 'A2');
  expect((reportOf(await enrichSelection(deps, { fields: ['Capacitance'], mode: 'formulas', risk: true }))).status).toBe('done');
  const refreshed = await refreshWorkbook(deps);
  expect(Object.values(refreshed.imports).map((r) => r.status)).toEqual(['done']);
  const link = await deps.client.getDownloadUrl('inductors');
  see('download link', link);

  const cells = await spec(parts.slice(0, 10), [['Status', 'ProductName']]);
  see('PART.SPEC values', cells);
  see('PART.QUERY values', await query('inductors', "Status eq 'NRND'", [['Partno', 'ProductDetailUrl']], undefined, 20));
  see('PART.RISK values', await risk(parts.slice(0, 5)));
  see('PART.DOWNLOADURL value', await downloadUrl('inductors'));
}, 60_000);

test('the command line works with the key from the environment and from --api-key', async () => {
  const out = join(temp.dir, 'search.xlsx');
  const env = { PARTSPEC_API_KEY: SECRET_KEY };
  const searched = await runCliInProcess(['search', '--category', 'inductors', '--filter', "Status eq 'NRND'", '--out', out, '--base-url', emulator.url], { home: temp.dir, env });
  expect(searched.code).toBe(0);
  see('CLI search stdout', searched.stdout);
  see('CLI search stderr', searched.stderr);
  const workbook = await readXlsx(out);
  workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => see(`CLI xlsx ${sheet.name}!${cell.address}`, cell.text))));
  const part = emulator.catalog.byGroup.SMD[0].values.Partno as string;
  const looked = await runCliInProcess(['lookup', part, '--json', '--api-key', SECRET_KEY, '--base-url', emulator.url], { home: temp.dir });
  expect(looked.code).toBe(0);
  see('CLI lookup stdout', looked.stdout);
  see('CLI lookup stderr', looked.stderr);
}, 60_000);

describe('error paths', () => {
  const paths: [string, Parameters<RunningEmulator['configure']>[0]][] = [
    ['403 (the key is no longer accepted)', { keys: ['another-key'] }],
    ['429', { rateLimit: { max: 0, windowSeconds: 1 } }],
    ['500', { failRate: 1 }],
  ];

  test.each(paths)('%s: client, sheets, functions and command line', async (name, faults) => {
    emulator.configure(faults);
    harness.emulator.configure(faults);
    try {
      const c = clientWith(emulator.url);
      for (const call of [c.search({ category: 'inductors' }), c.harvest({ category: 'inductors' }), c.lookup(['MCS18R71H104KZ9D']), c.getDownloadUrl('inductors')]) {
        const error = await call.then(() => undefined, (e: unknown) => e);
        expect(error).toBeDefined();
        seeError(`client ${name}`, error);
      }
      const connection = await c.testConnection();
      expect(connection.ok).toBe(false);
      if (!connection.ok) seeError(`testConnection ${name}`, connection.error);

      const deps = { run: excel.run, client: c, settings: excel.office.context.document.settings };
      const failedImport = await importProducts(deps, { query: { category: 'ceramicCapacitorsLead' }, fields: ['Capacitance'] });
      expect(failedImport.status).toBe('failed');
      see(`import ${name}`, failedImport.message);
      seeError(`import ${name}`, failedImport.error);
      excel.select('BOM', 'A2');
      const failedEnrich = reportOf(await enrichSelection(deps, { fields: ['Status'] }));
      expect(failedEnrich.status).toBe('failed');
      see(`enrich ${name}`, failedEnrich.message);
      const refreshed = await refreshWorkbook(deps);
      for (const r of Object.values(refreshed.imports)) see(`refresh ${name}`, r.message);

      // Inputs not asked before, so no cache can answer them.
      const fresh = harness.emulator.catalog.byGroup.Lead[500 + paths.findIndex((p) => p[0] === name)].values.Partno as string;
      const settled = await Promise.allSettled([spec([[fresh]], [['Status']]), query('ceramicCapacitorsLead', `Partno eq '${fresh}'`)]);
      for (const outcome of settled) {
        expect(outcome.status).toBe('rejected');
        const error = (outcome as PromiseRejectedResult).reason;
        expect(describeError(error)?.code).toBe('#N/A');
        seeError(`function ${name}`, error);
      }

      // A short retry budget: the command line would otherwise keep trying for its default 2 minutes.
      const cli = await runCliInProcess(['lookup', 'MCS18R71H104KZ9D', '--base-url', emulator.url], { home: temp.dir, env: { PARTSPEC_API_KEY: SECRET_KEY, PARTSPEC_RETRY_BUDGET: '0.5' } });
      expect(cli.code).toBe(3);
      see(`CLI ${name} stdout`, cli.stdout);
      see(`CLI ${name} stderr`, cli.stderr);
    } finally {
      const reset = { keys: [SECRET_KEY], rateLimit: undefined, failRate: 0 };
      emulator.configure(reset);
      harness.emulator.configure(reset);
    }
  }, 60_000);

  test('the service unreachable, and a key the client was given but the service never saw', async () => {
    const gone = clientWith('http://127.0.0.1:9');
    for (const call of [gone.search({ category: 'inductors' }), gone.lookup(['MCS18R71H104KZ9D'])]) seeError('unreachable', await call.then(() => undefined, (e: unknown) => e));
    const cli = await runCliInProcess(['search', '--category', 'inductors', '--out', '-', '--base-url', 'http://127.0.0.1:9', '--api-key', SECRET_KEY], { home: temp.dir });
    expect(cli.code).toBe(3);
    see('CLI unreachable stdout', cli.stdout);
    see('CLI unreachable stderr', cli.stderr);
  }, 60_000);
});

test('afterwards, the key is in none of the places anyone can see', async () => {
  await logSettled(emulator);
  await logSettled(harness.emulator);
  for (const sheet of excel.sheetNames()) {
    excel.values(sheet).forEach((row, r) => row.forEach((value, c) => see(`cell ${sheet}!R${r + 1}C${c + 1}`, value)));
  }
  for (const f of excel.formulaCells()) see(`formula ${f.address}`, f.formula);
  see('document settings (saved in the workbook)', excel.savedSettings());
  for (const r of pool.requests()) see(`emulator URL ${r.url.slice(0, 40)}`, r.url);
  for (const e of events) see('onRequest event', e);
  for (const file of logFiles) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const text = readFileSync(file, 'utf8');
    expect(text.length).toBeGreaterThan(0);
    see(`request log ${file}`, text);
  }

  const cells = places.filter((p) => p.where.startsWith('cell ')).length;
  expect(cells).toBeGreaterThan(100);
  const leaks = places.filter((p) => p.text.includes(SECRET_KEY) || p.text.includes(Buffer.from(SECRET_KEY).toString('base64')));
  expect(leaks.map((p) => p.where)).toEqual([]);

  const count = (prefix: string): number => places.filter((p) => p.where.startsWith(prefix)).length;
  recordFigures('key', {
    placesSearched: places.length,
    workbookCells: cells,
    formulas: count('formula '),
    documentSettings: count('document settings'),
    urls: count('emulator URL'),
    requestLogFiles: count('request log'),
    onRequestEvents: count('onRequest'),
    errorTexts: places.filter((p) => /^(client|testConnection|import|enrich|refresh|function|unreachable)/.test(p.where)).length,
    cliStreams: places.filter((p) => p.where.startsWith('CLI') && !p.where.startsWith('CLI xlsx')).length,
    cliXlsxCells: count('CLI xlsx'),
    leaks: leaks.length,
  });
});
