import { DEMO_KEY, HOSTILE_PARTNOS } from '../../emulator';
import { fieldsOfGroup } from '../../api/vocabulary';
import { importProducts } from '../../src/sheets/import';
import { readImportRecords } from '../../src/sheets/deps';
import { refreshWorkbook } from '../../src/sheets/refresh';
import { PAYLOAD_LIMIT_BYTES } from '../../core/tables/chunks';
import { depsOn, freshWorkbook, useRig } from './helpers';

const rig = useRig();

test('an import with two conditions writes a typed, frozen, linked table and records the query without the key', async () => {
  const r = freshWorkbook(rig);
  const result = await importProducts(depsOn(r), {
    query: { category: 'ceramicCapacitorsSMD', filter: "Status eq 'NRND' and RatedVoltage ge 50", lang: 'en' },
    fields: [{ field: 'Capacitance', unit: 'nF' }, 'Status', 'RatedVoltage', 'LastBuyDate', 'ProductDetailUrl', 'Rohs', 'Mounting', 'MinOrderQuantity'],
  });
  expect(result.status).toBe('done');
  const expected = rig.emulator.catalog.byGroup.SMD.filter((p) => p.values.Status === 'NRND' && (p.values['Specs.RatedVoltage'] as number) >= 50);
  expect(result.productCount).toBe(expected.length);
  const sheet = result.sheetName!;
  const [table] = r.excel.tables();
  expect(table).toMatchObject({ name: result.tableName, sheet, address: `A2:I${2 + expected.length}`, rowCount: expected.length });
  expect(table.headers).toEqual(['Part number', 'Capacitance (nF)', 'Status', 'Rated voltage', 'Last buy date', 'Product page', 'RoHS', 'Mounting', 'Minimum order quantity']);
  const values = r.excel.values(sheet);
  const formats = r.excel.numberFormats(sheet);
  expect(values[0][0]).toMatch(new RegExp(`^PartSpec: ${expected.length.toLocaleString('en-US')} products`));
  const byPartno = new Map(expected.map((p) => [p.values.Partno as string, p]));
  // Every row's checks, gathered so that one assertion (not eight per row) names each row that fails one.
  const wrong: string[] = [];
  for (let i = 2; i < values.length; i++) {
    const [partno, cap, status, volts, , url, rohs] = values[i];
    const source = byPartno.get(partno as string);
    const nF = (source?.values['Specs.Capacitance'] as number) * 1e9;
    const problems = [
      // toBeCloseTo(nF, 6): equal, or within half of 1e-6.
      source === undefined && 'not among the expected products',
      !(typeof cap === 'number' && (cap === nF || Math.abs(cap - nF) < 10 ** -6 / 2)) && `capacitance ${String(cap)}, not ${nF} nF`,
      status !== 'NRND' && `status ${String(status)}`,
      !(typeof volts === 'number' && volts >= 50) && `rated voltage ${String(volts)}`,
      typeof rohs !== 'boolean' && `RoHS ${String(rohs)}`,
      r.excel.cell(sheet, `F${i + 1}`)?.hyperlink?.address !== url && 'link is not its product page',
      formats[i][0] !== '@' && `part number format ${formats[i][0]}`,
      formats[i][4] !== 'yyyy-mm-dd' && `date format ${formats[i][4]}`,
    ].filter(Boolean);
    if (problems.length > 0) wrong.push(`row ${i + 1} (${String(partno)}): ${problems.join('; ')}`);
  }
  expect(wrong).toEqual([]);
  const dated = values.findIndex((row, i) => i > 1 && typeof row[4] === 'number');
  if (dated > 0) expect(r.excel.texts(sheet)[dated][4]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(r.excel.frozenRows(sheet)).toBe(2);
  expect(r.excel.columnWidth(sheet, 0)).toBeGreaterThan(50);

  const saved = r.excel.savedSettings();
  expect(JSON.stringify(saved)).not.toContain(DEMO_KEY);
  expect(readImportRecords(r.settings)[result.tableName!]).toMatchObject({
    sheetName: sheet,
    query: { category: 'ceramicCapacitorsSMD', filter: "Status eq 'NRND' and RatedVoltage ge 50" },
    lang: 'en',
    productCount: expected.length,
    requestCount: result.requestCount,
    time: '2025-06-15T10:00:00.000Z',
  });
});

test('an import matching more than 2000 products writes all of them', async () => {
  const r = freshWorkbook(rig);
  const result = await importProducts(depsOn(r), { query: { category: 'ceramicCapacitorsLead' }, fields: ['Capacitance', 'Status'] });
  const total = rig.emulator.catalog.byGroup.Lead.length;
  expect(total).toBeGreaterThan(2000);
  expect(result).toMatchObject({ status: 'done', productCount: total, rowsWritten: total });
  expect(result.requestCount).toBeGreaterThan(1);
  const partnos = r.excel.values(result.sheetName!).slice(2).map((row) => row[0]);
  expect(new Set(partnos).size).toBe(total);
});

test('products already in hand (a download file) are written without a search, and recorded as the category query', async () => {
  const r = freshWorkbook(rig);
  const link = await r.client.getDownloadUrl('inductors', 'en');
  const products = await r.client.downloadCategory(link.url, { category: 'inductors' });
  rig.emulator.resetLog();
  const result = await importProducts(depsOn(r), { query: { category: 'inductors', lang: 'en' }, fields: ['Status'], products: { products, requests: 1 } });
  expect(result).toMatchObject({ status: 'done', productCount: rig.emulator.catalog.byGroup.Ind.length, requestCount: 1 });
  expect(rig.emulator.requests).toHaveLength(0);
  expect(r.excel.tables()[0].rowCount).toBe(rig.emulator.catalog.byGroup.Ind.length);
  const records = JSON.stringify(r.excel.savedSettings());
  expect(records).toContain('"category":"inductors"');
});

test('20,000 rows × 40 columns: few syncs, every payload under 5 MB, calculation suspended while writing', async () => {
  const r = freshWorkbook(rig);
  const fields = fieldsOfGroup('SMD').map((f) => f.key).filter((k) => k !== 'Partno').slice(0, 39);
  const result = await importProducts(depsOn(r), { query: { category: 'ceramicCapacitorsSMD', orderby: 'Partno', max: 20000 }, fields });
  expect(result).toMatchObject({ status: 'done', rowsWritten: 20000 });
  const [table] = r.excel.tables();
  expect(table.headers).toHaveLength(40);
  expect(table.rowCount).toBe(20000);
  const syncs = r.excel.syncs();
  expect(Math.max(...r.excel.payloadSizes())).toBeLessThan(PAYLOAD_LIMIT_BYTES);
  const writes = syncs.filter((s) => s.bytes > 100_000);
  expect(writes.length).toBeGreaterThan(1);
  expect(writes.every((s) => s.calculationSuspended)).toBe(true);
  expect(syncs.length).toBeLessThan(20);
}, 60000);

test('hostile API strings stay text: no formula anywhere in the workbook', async () => {
  const r = freshWorkbook(rig);
  const partnos = HOSTILE_PARTNOS.filter((p) => rig.emulator.catalog.byPartno.get(p)?.group === 'SMD');
  const textFields = fieldsOfGroup('SMD').filter((f) => f.type === 'String' || f.type === 'List[String]').map((f) => f.key);
  const result = await importProducts(depsOn(r), { query: { category: 'ceramicCapacitorsSMD', filter: `Partno eq '${partnos.join('|')}'` }, fields: textFields });
  expect(result.status).toBe('done');
  expect(result.productCount).toBe(partnos.length);
  const cells = r.excel.values(result.sheetName!).flat().map(String);
  expect(cells.some((v) => v.startsWith('='))).toBe(true);
  expect(cells.some((v) => v.startsWith('+') || v.startsWith('@'))).toBe(true);
  expect(r.excel.formulaCells()).toEqual([]);
});

test('cancel while writing leaves a marker, a table of the written rows only, and nothing below', async () => {
  const r = freshWorkbook(rig);
  const controller = new AbortController();
  const result = await importProducts(depsOn(r), {
    query: { category: 'inductors', max: 3000 },
    fields: ['Inductance', 'Status'],
    signal: controller.signal,
    budget: { maxBytes: 50_000 },
    onProgress: (p) => {
      if (p.phase === 'writing' && p.rowsWritten > 0) controller.abort();
    },
  });
  expect(result.status).toBe('cancelled');
  expect(result.rowsWritten).toBeGreaterThan(0);
  expect(result.rowsWritten).toBeLessThan(3000);
  const values = r.excel.values(result.sheetName!);
  expect(values[0][0]).toMatch(/import cancelled after [\d,]+ of 3,000/);
  expect(values).toHaveLength(2 + result.rowsWritten);
  expect(r.excel.tables()[0].rowCount).toBe(result.rowsWritten);
});

test('cancel while fetching writes nothing', async () => {
  const r = freshWorkbook(rig);
  const controller = new AbortController();
  controller.abort();
  const result = await importProducts(depsOn(r), { query: { category: 'inductors' }, fields: ['Inductance'], signal: controller.signal });
  expect(result.status).toBe('cancelled');
  expect(r.excel.sheetNames()).toEqual(['Sheet1']);
});

test('a failing service or a wrong key fails with the reason and creates no sheet', async () => {
  const wrong = freshWorkbook(rig, 'not-a-key');
  const denied = await importProducts(depsOn(wrong), { query: { category: 'inductors' }, fields: ['Inductance'] });
  expect(denied.status).toBe('failed');
  expect(denied.message).toMatch(/key/i);
  expect(wrong.excel.sheetNames()).toEqual(['Sheet1']);

  rig.emulator.configure({ failRate: 1 });
  try {
    const r = freshWorkbook(rig);
    const failed = await importProducts(depsOn(r), { query: { category: 'inductors' }, fields: ['Inductance'] });
    expect(failed.status).toBe('failed');
    expect(failed.message).toBeTruthy();
    expect(r.excel.sheetNames()).toEqual(['Sheet1']);
  } finally {
    rig.emulator.configure({ failRate: 0 });
  }
});

test('a workbook failure mid-write marks the sheet and leaves no half-written rows', async () => {
  const r = freshWorkbook(rig);
  let writes = 0;
  r.excel.configure({ fault: (_i, s) => (s.calculationSuspended && ++writes === 2 ? new Error('Excel is busy') : undefined) });
  const result = await importProducts(depsOn(r), { query: { category: 'inductors', max: 1000 }, fields: ['Inductance'], budget: { maxBytes: 20_000 } });
  expect(result.status).toBe('failed');
  const values = r.excel.values(result.sheetName!);
  expect(values[0][0]).toMatch(/import failed after [\d,]+ of 1,000 products.*Excel is busy/);
  expect(values).toHaveLength(2 + result.rowsWritten);
});

test('refresh clears the cache, recalculates and re-runs a recorded import in place', async () => {
  const r = freshWorkbook(rig);
  const first = await importProducts(depsOn(r), { query: { category: 'inductors', filter: "Status eq 'Discontinued'", max: 30 }, fields: ['Inductance', 'Status'] });
  const sheet = first.sheetName!;
  const before = r.excel.values(sheet).slice(1);
  r.excel.setCells(sheet, 'B3', [['tampered']]);
  r.excel.setCells(sheet, 'E1', [['user note']]);
  const refreshed = await refreshWorkbook({ run: r.excel.run, client: r.client, settings: r.settings });
  expect(refreshed.recalculated).toBe(true);
  expect(r.excel.calculations()).toContain('Full');
  expect(refreshed.imports[first.tableName!]).toMatchObject({ status: 'done', sheetName: sheet, tableName: first.tableName });
  expect(r.excel.values(sheet).slice(1).map((row) => row.slice(0, 3))).toEqual(before.map((row) => row.slice(0, 3)));
  expect(r.excel.values(sheet)[0][4]).toBe('user note');
  expect(r.excel.tables()).toHaveLength(1);
  expect(r.excel.tables()[0].name).toBe(first.tableName);
});
