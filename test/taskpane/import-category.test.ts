import { startEmulator, type RunningEmulator } from '../../emulator';
import { CancelledError, fieldsOfGroup } from '../../api';
import { readImportRecords } from '../../src/sheets/deps';
import type { ImportProgress, TaskpaneServices } from '../../src/taskpane/adapter/services';
import { createExcelDouble, type ExcelDouble } from '../../src/workbench/excel-double';
import { leaveExcel, paneInExcel } from './pane-in-excel';

/*
 * The Download section's "Import whole category" as the pane runs it (the add-in adapter over its
 * worksheet operations, the emulator behind real HTTP, the workbook double as Excel): the file streams
 * into the sheet with progress by products and megabytes, and Cancel leaves an honest sheet.
 */

// A whole category streamed into the sheet: close to a minute of wall time on a busy 2-core machine.
let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, downloadFormat: 'csv' });
});
afterAll(() => emulator.close());

afterEach(leaveExcel);

const paneIn = (excel: ExcelDouble): Promise<TaskpaneServices> => paneInExcel(excel, emulator.url);

test('Import whole category streams the file into a new sheet, with progress by products and megabytes', async () => {
  const excel = createExcelDouble();
  const services = await paneIn(excel);
  const link = await services.getDownloadUrl('inductors', 'en');
  const progress: ImportProgress[] = [];
  const summary = await services.importCategory(link, ['Partno', 'Inductance', 'Status'], (p) => progress.push(p));
  const total = emulator.catalog.byGroup.Ind.length;
  expect(summary).toEqual({ products: total, requests: 1, sheetName: 'Inductors', harvested: false, fromFile: true });
  expect(excel.tables()).toEqual([expect.objectContaining({ sheet: 'Inductors', rowCount: total, headers: ['Part number', 'Inductance', 'Status'] })]);
  expect(excel.values('Inductors')[0][0]).toMatch(new RegExp(`^PartSpec: ${total.toLocaleString('en-US')} products · inductors`));

  // Products and bytes climb as the file arrives; the first report comes long before the last product.
  expect(progress.length).toBeGreaterThan(10);
  expect(progress[0].products).toBeLessThan(total);
  expect(progress.map((p) => p.products)).toEqual(progress.map((p) => p.products).sort((a, b) => a - b));
  const bytes = progress.map((p) => p.bytes ?? 0);
  expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
  expect(bytes[bytes.length - 1]).toBeGreaterThan(100_000);
  expect(progress.every((p) => p.requests === 1)).toBe(true);
  expect(readImportRecords(excel.office.context.document.settings)[excel.tables()[0].name].query).toEqual({ category: 'inductors', lang: 'en' });
}, 180_000);

test('Cancel stops the download and the sheet says how many rows it holds', async () => {
  const excel = createExcelDouble();
  const services = await paneIn(excel);
  const link = await services.getDownloadUrl('ceramicCapacitorsSMD', 'en');
  const controller = new AbortController();
  const before = emulator.requests.length;
  const error = await services
    .importCategory(
      link,
      // Every SMD field: about 6,000 rows fill a payload-bounded chunk, so rows are written before the cancel.
      fieldsOfGroup('SMD').map((f) => f.key),
      (p) => {
        if (p.products >= 15_000) controller.abort();
      },
      controller.signal,
    )
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CancelledError);
  const [table] = excel.tables();
  expect(table.rowCount).toBeGreaterThan(1000);
  expect(table.rowCount).toBeLessThan(emulator.catalog.byGroup.SMD.length);
  const values = excel.values(table.sheet);
  expect(values[0][0]).toBe(`PartSpec: import cancelled after ${table.rowCount.toLocaleString('en-US')} products were written; the table holds only those rows. Run the import again or use Refresh.`);
  expect(values).toHaveLength(2 + table.rowCount);
  // One download, not retried or resumed behind the user's back.
  expect(emulator.requests.slice(before).filter((r) => r.url.startsWith('/download/'))).toHaveLength(1);
}, 180_000);
