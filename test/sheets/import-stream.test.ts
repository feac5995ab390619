import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../emulator';
import type { DownloadFormat } from '../../emulator/download-formats';
import { createClient, type Client } from '../../api';
import { importProducts, type ImportProgress, type SheetImportRequest } from '../../src/sheets/import';
import { readImportRecords } from '../../src/sheets/deps';
import { refreshWorkbook } from '../../src/sheets/refresh';
import { PAYLOAD_LIMIT_BYTES } from '../../core/tables/chunks';
import { createExcelDouble, type ExcelDouble } from '../../src/workbench/excel-double';

/*
 * "Import whole category" reads the category file as it streams: each batch becomes rows and is
 * written in payload-bounded chunks. Over real HTTP from the emulator (every format it can send)
 * into the workbook double: the sheet equals the whole-file import's, sync for sync; a cancel or
 * a connection dropped mid-file leaves the rows written and a status line saying how many; a file
 * PartSpec cannot read writes nothing.
 */

const CATEGORY = 'ceramicCapacitorsLead';
const FIELDS: SheetImportRequest['fields'] = ['Capacitance', 'Status', 'RatedVoltage', 'LastBuyDate', 'ProductDetailUrl', 'Rohs'];
const BUDGET = { maxBytes: 150_000 };
const NOW = () => new Date('2025-06-15T10:00:00Z');

const emulators = new Map<DownloadFormat, RunningEmulator>();
let relay: Server;
let relayUrl: string;
/** Bytes after which the relay drops the connection of a file it passes on. */
let cutAfter = Infinity;

beforeAll(async () => {
  for (const format of ['json', 'csv', 'xlsx', 'zip'] as const) emulators.set(format, await startEmulator({ port: 0, downloadFormat: format }));
  // A relay in front of the CSV emulator: passes a file on and drops the connection after `cutAfter`
  // bytes, or serves a page instead of a file (what a captive portal or a proxy's error page does).
  const upstream = emulators.get('csv')!.url;
  relay = createServer((request, response) => {
    if (request.url?.startsWith('/portal')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!DOCTYPE html><html><body>Sign in to continue</body></html>');
      return;
    }
    get(`${upstream}${request.url ?? '/'}`, (answer) => {
      response.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/octet-stream' });
      let sent = 0;
      answer.on('data', (chunk: Buffer) => {
        response.write(chunk);
        sent += chunk.length;
        if (sent > cutAfter) {
          answer.destroy();
          response.socket?.destroy();
        }
      });
      answer.on('end', () => response.end());
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  for (const e of emulators.values()) await e.close();
  relay.closeAllConnections();
  await new Promise((resolve) => relay.close(resolve));
});

interface Workbook {
  excel: ExcelDouble;
  client: Client;
}

function workbookOn(format: DownloadFormat): Workbook {
  return { excel: createExcelDouble(), client: createClient({ baseUrl: emulators.get(format)!.url, apiKey: DEMO_KEY, retry: false, cache: false }) };
}

const depsOf = ({ excel, client }: Workbook) => ({ run: excel.run, client, settings: excel.office.context.document.settings, now: NOW });

/**
 * The whole-file import of the category as `format` sends it (downloaded, then imported), made
 * once per file: the reference the streamed imports of that format are held against.
 */
const wholeImports = new Map<DownloadFormat, Promise<{ workbook: Workbook; link: string; result: Awaited<ReturnType<typeof importProducts>> }>>();
function wholeImport(format: DownloadFormat) {
  let made = wholeImports.get(format);
  if (!made) {
    made = (async () => {
      const workbook = workbookOn(format);
      const link = (await workbook.client.getDownloadUrl(CATEGORY, 'en')).url;
      const products = await workbook.client.downloadCategory(link, { category: CATEGORY });
      const result = await importProducts(depsOf(workbook), { query: { category: CATEGORY, lang: 'en' }, fields: FIELDS, products: { products, requests: 1 }, budget: BUDGET });
      return { workbook, link, result };
    })();
    wholeImports.set(format, made);
  }
  return made;
}

/** The sheet as a person sees it, with the cells' formats, the table and the widths. */
function sheetOf(excel: ExcelDouble, sheet: string) {
  const values = excel.values(sheet);
  return {
    values,
    formats: excel.numberFormats(sheet),
    tables: excel.tables(),
    widths: values[1].map((_, i) => excel.columnWidth(sheet, i)),
    links: values.slice(2, 50).map((_, i) => excel.cell(sheet, `F${i + 3}`)?.hyperlink?.address),
  };
}

/** Cell values JSON cannot tell apart from others (undefined, -0, NaN, ±Infinity), written as what they are. */
const distinct = (_key: string, value: unknown): unknown =>
  value === undefined ? '\u0000undefined' : typeof value === 'number' && (Object.is(value, -0) || !Number.isFinite(value)) ? `\u0000${Object.is(value, -0) ? '-0' : value}` : value;

/**
 * `expect(actual).toEqual(expected)` for two whole sheets of cells: compared as JSON text first
 * (with the values JSON would confuse kept apart), a fraction of jest's deep walk over thousands
 * of rows; only when the texts differ does jest compare them, which decides and shows the diff.
 */
function expectSameSheet(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual, distinct) === JSON.stringify(expected, distinct)) return;
  expect(actual).toEqual(expected);
}

test.each(['json', 'csv', 'xlsx', 'zip'] as const)('a category file sent as %s streams into the same sheet as the whole-file import, in the same payload-bounded syncs', async (format) => {
  const { workbook: whole, link, result: expected } = await wholeImport(format);
  expect(expected).toMatchObject({ status: 'done', productCount: emulators.get(format)!.catalog.byGroup.Lead.length });

  const streamed = workbookOn(format);
  const progress: ImportProgress[] = [];
  const batches = streamed.client.streamCategory(link, { category: CATEGORY, batchSize: 100 });
  const result = await importProducts(depsOf(streamed), {
    query: { category: CATEGORY, lang: 'en' },
    fields: FIELDS,
    products: { products: batches, requests: 1 },
    budget: BUDGET,
    onProgress: (p) => progress.push(p),
  });
  expect(result).toMatchObject({ status: 'done', productCount: expected.productCount, rowsWritten: expected.productCount, requestCount: 1, sheetName: expected.sheetName });
  expectSameSheet(sheetOf(streamed.excel, result.sheetName!), sheetOf(whole.excel, expected.sheetName!));
  expect(streamed.excel.savedSettings()).toEqual(whole.excel.savedSettings());

  // Sync for sync the same writes: every one under the payload limit, the row chunks under the budget's size.
  const syncs = streamed.excel.syncs();
  expect(streamed.excel.payloadSizes()).toEqual(whole.excel.payloadSizes());
  const writes = syncs.filter((s) => s.calculationSuspended);
  expect(writes.length).toBeGreaterThan(5);
  expect(Math.max(...syncs.map((s) => s.bytes))).toBeLessThan(PAYLOAD_LIMIT_BYTES);
  expect(Math.max(...writes.map((s) => s.bytes))).toBeLessThan(BUDGET.maxBytes * 1.5);

  // Products are reported as they arrive, before the file has ended and while rows are written.
  const fetched = progress.map((p) => p.products);
  expect(fetched).toEqual([...fetched].sort((a, b) => a - b));
  expect(progress.some((p) => p.phase === 'writing' && p.rowsWritten > 0 && p.products < expected.productCount)).toBe(true);
}, 120_000);

test('the streamed import is recorded as the category query, so Refresh re-runs it as a search', async () => {
  const w = workbookOn('csv');
  const link = await w.client.getDownloadUrl(CATEGORY, 'en');
  const result = await importProducts(depsOf(w), { query: { category: CATEGORY, lang: 'en' }, fields: ['Capacitance', 'Status'], products: { products: w.client.streamCategory(link.url, { category: CATEGORY }), requests: 1 } });
  expect(result.status).toBe('done');
  const record = readImportRecords(w.excel.office.context.document.settings)[result.tableName!];
  expect(record).toMatchObject({ query: { category: CATEGORY, lang: 'en' }, productCount: result.rowsWritten, requestCount: 1, truncated: false });
  expect(JSON.stringify(record)).not.toContain('/download/');

  const emulator = emulators.get('csv')!;
  emulator.resetLog();
  const refreshed = await refreshWorkbook(depsOf(w));
  expect(refreshed.imports[result.tableName!]).toMatchObject({ status: 'done', rowsWritten: emulator.catalog.byGroup.Lead.length });
  expect(emulator.requests.every((r) => r.url.startsWith('/v2/products'))).toBe(true);
  expect(w.excel.tables()).toHaveLength(1);
}, 120_000);

test('cancel mid-file stops the download and leaves the rows written with a status line that says how many', async () => {
  const w = workbookOn('csv');
  const link = await w.client.getDownloadUrl('ceramicCapacitorsSMD', 'en');
  const controller = new AbortController();
  const download = w.client.streamCategory(link.url, { category: 'ceramicCapacitorsSMD', signal: controller.signal });
  let closed = false;
  let statusBeforeRows: string | undefined;
  async function* watched() {
    try {
      yield* download;
    } finally {
      closed = true;
    }
  }
  const result = await importProducts(depsOf(w), {
    query: { category: 'ceramicCapacitorsSMD', lang: 'en' },
    fields: FIELDS,
    products: { products: watched(), requests: 1 },
    signal: controller.signal,
    onProgress: (p) => {
      // Before the first chunk is written, the new sheet already says an import is under way.
      if (p.rowsWritten === 0 && w.excel.sheetNames().includes('Ceramic capacitors SMD')) statusBeforeRows ??= String(w.excel.values('Ceramic capacitors SMD')[0]?.[0]);
      if (p.rowsWritten >= 1000) controller.abort();
    },
  });
  expect(result.status).toBe('cancelled');
  expect(closed).toBe(true);
  expect(statusBeforeRows).toMatch(/^PartSpec: import in progress/);
  expect(result.rowsWritten).toBeGreaterThanOrEqual(1000);
  expect(result.rowsWritten).toBeLessThan(emulators.get('csv')!.catalog.byGroup.SMD.length);
  const values = w.excel.values(result.sheetName!);
  expect(values[0][0]).toBe(`PartSpec: import cancelled after ${result.rowsWritten.toLocaleString('en-US')} products were written; the table holds only those rows. Run the import again or use Refresh.`);
  expect(values).toHaveLength(2 + result.rowsWritten);
  expect(w.excel.tables()[0].rowCount).toBe(result.rowsWritten);
  const record = readImportRecords(w.excel.office.context.document.settings)[result.tableName!];
  expect(record).toMatchObject({ productCount: result.rowsWritten, truncated: true });
}, 120_000);

test('a connection dropped mid-file keeps the rows that arrived, in order, and says the import stopped with how many', async () => {
  const { workbook: reference, link, result: whole } = await wholeImport('csv');

  const w = workbookOn('csv');
  cutAfter = 600_000;
  let result;
  try {
    const relayed = link.replace(emulators.get('csv')!.url, relayUrl);
    result = await importProducts(depsOf(w), { query: { category: CATEGORY, lang: 'en' }, fields: FIELDS, products: { products: w.client.streamCategory(relayed, { category: CATEGORY, batchSize: 100 }), requests: 1 }, budget: BUDGET });
  } finally {
    cutAfter = Infinity;
  }
  expect(result.status).toBe('failed');
  expect(result.rowsWritten).toBeGreaterThan(100);
  expect(result.rowsWritten).toBeLessThan(whole.rowsWritten);
  const values = w.excel.values(result.sheetName!);
  expect(values[0][0]).toMatch(new RegExp(`^PartSpec: import failed after ${result.rowsWritten.toLocaleString('en-US')} products were written; the table holds only those rows\\. \\S`));
  expect(values).toHaveLength(2 + result.rowsWritten);
  expect(w.excel.tables()[0].rowCount).toBe(result.rowsWritten);
  // The rows that are there are the file's first rows, whole.
  expect(values.slice(1)).toEqual(reference.excel.values(whole.sheetName!).slice(1, 2 + result.rowsWritten));
}, 120_000);

test('a file PartSpec cannot read writes nothing and creates no sheet, and says what it received', async () => {
  const w = workbookOn('csv');
  const result = await importProducts(depsOf(w), { query: { category: CATEGORY, lang: 'en' }, fields: FIELDS, products: { products: w.client.streamCategory(`${relayUrl}/portal`, { category: CATEGORY }), requests: 1 } });
  expect(result).toMatchObject({ status: 'failed', rowsWritten: 0 });
  expect(result.sheetName).toBeUndefined();
  expect(result.message).toMatch(/it is HTML or XML, not product data.*content type text\/html.*first bytes 3c 21 44 4f/i);
  expect(result.message).toContain('Nothing was written');
  expect(w.excel.sheetNames()).toEqual(['Sheet1']);
  expect(w.excel.syncCount()).toBe(0);
  expect(w.excel.savedSettings()).toEqual({});
});

test('a link the service refuses (403) or a failing service (500) creates no sheet', async () => {
  const w = workbookOn('csv');
  const link = await w.client.getDownloadUrl(CATEGORY, 'en');
  const tampered = link.url.replace(/sig=[^&]+/, 'sig=0000');
  const refused = await importProducts(depsOf(w), { query: { category: CATEGORY }, fields: FIELDS, products: { products: w.client.streamCategory(tampered, { category: CATEGORY }), requests: 1 } });
  expect(refused).toMatchObject({ status: 'failed', rowsWritten: 0 });
  expect(refused.message).toBeTruthy();

  const emulator = emulators.get('csv')!;
  emulator.configure({ failRate: 1 });
  try {
    const failed = await importProducts(depsOf(w), { query: { category: CATEGORY }, fields: FIELDS, products: { products: w.client.streamCategory(link.url, { category: CATEGORY }), requests: 1 } });
    expect(failed).toMatchObject({ status: 'failed', rowsWritten: 0 });
  } finally {
    emulator.configure({ failRate: 0 });
  }
  expect(w.excel.sheetNames()).toEqual(['Sheet1']);
  expect(w.excel.syncCount()).toBe(0);
});
