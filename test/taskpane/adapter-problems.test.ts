import { startEmulator, type RunningEmulator } from '../../emulator';
import { isApiError } from '../../api/errors/api-error';
import { UserProblem } from '../../core/user-problem';
import { createMemoryStorage } from '../../src/settings/storage';
import { createSettingsStore } from '../../src/settings/settings';
import { createSessionProvider } from '../../src/settings/session';
import { inspectBom } from '../../src/sheets/bom-tools';
import type { TaskpaneServices } from '../../src/taskpane/adapter/services';
import { createTaskpaneServices } from '../../src/taskpane/adapter/taskpane-services';
import { describeError } from '../../src/taskpane/describe-error';
import { createTranslator } from '../../src/taskpane/i18n';
import { createExcelDouble, type ExcelDouble } from '../../src/workbench/excel-double';
import { leaveExcel, paneInExcel } from './pane-in-excel';

/*
 * The add-in adapter's two kinds of failure, as the pane receives and says them: a worksheet or
 * usage problem (no BOM around the selection, no match column, outside Excel) is a UserProblem
 * with the Excel adapter's own sentence, never an ApiError; what the service refused stays the
 * client's ApiError, from a search as from an enrichment.
 */

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, realNumbers: false });
});
afterAll(() => emulator.close());
afterEach(leaveExcel);

const t = createTranslator('en');
const paneIn = (excel: ExcelDouble): Promise<TaskpaneServices> => paneInExcel(excel, emulator.url);
const rejection = (pending: Promise<unknown>): Promise<unknown> => pending.then(
  () => {
    throw new Error('expected a rejection');
  },
  (error: unknown) => error,
);

test('a selection with no BOM reaches the pane as a UserProblem with the sheets\' sentence, not an ApiError', async () => {
  const excel = createExcelDouble();
  const services = await paneIn(excel);
  excel.select('Sheet1', 'A1');
  const said = await inspectBom(excel.run);
  expect(said.ok).toBe(false);

  const error = await rejection(services.inspectBom());
  expect(error).toBeInstanceOf(UserProblem);
  expect(isApiError(error)).toBe(false);
  expect(describeError(error, t)).toBe(said.ok ? '' : said.message);
});

test('selecting the not-found rows of a BOM never enriched is a UserProblem naming what is missing', async () => {
  const excel = createExcelDouble();
  const services = await paneIn(excel);
  const parts = emulator.catalog.byGroup.SMD.slice(0, 2).map((p) => p.values.Partno as string);
  excel.setCells('Sheet1', 'A1', [['Ref', 'Mfr PN'], ['C1', parts[0]], ['C2', parts[1]]]);
  excel.select('Sheet1', 'B2');

  const error = await rejection(services.selectRowsWithStatus(['notFound']));
  expect(error).toBeInstanceOf(UserProblem);
  expect(isApiError(error)).toBe(false);
  expect(describeError(error, t)).toMatch(/PartSpec: Match/);
  expect(describeError(error, t)).toBe((error as UserProblem).userMessage);
});

test('outside Excel a worksheet operation is a UserProblem that says where to open PartSpec', () => {
  const settings = createSettingsStore(createMemoryStorage());
  const services = createTaskpaneServices({ settings, session: createSessionProvider({ settings }) });
  let error: unknown;
  try {
    void services.inspectBom();
  } catch (thrown) {
    error = thrown;
  }
  expect(error).toBeInstanceOf(UserProblem);
  expect(describeError(error, t)).toBe('This needs Excel: open PartSpec from the ribbon in Excel to write to a workbook.');
});

test('what the service refused is still the client\'s ApiError, from a search and from an enrichment', async () => {
  const excel = createExcelDouble();
  const services = await paneIn(excel);
  await services.settings.setApiKey('not-a-key-the-service-knows');

  const searched = await rejection(services.search({ category: 'inductors', filter: { conditions: [] }, orderby: [], lang: 'en' }));
  expect(isApiError(searched)).toBe(true);
  expect(searched).not.toBeInstanceOf(UserProblem);
  expect(describeError(searched, t)).toBe((searched as { userMessage: string }).userMessage);
  expect(describeError(searched, t)).not.toContain('not-a-key-the-service-knows');

  const parts = emulator.catalog.byGroup.SMD.slice(0, 2).map((p) => p.values.Partno as string);
  excel.setCells('Sheet1', 'A1', [['Ref', 'Mfr PN'], ['C1', parts[0]], ['C2', parts[1]]]);
  excel.select('Sheet1', 'B2');
  const enriched = await rejection(services.enrich({ fields: ['Status'], mode: 'values', risk: false, alternatives: false, highlight: true, lang: 'en' }));
  expect(isApiError(enriched)).toBe(true);
  expect(enriched).not.toBeInstanceOf(UserProblem);
  expect(describeError(enriched, t)).toBe(describeError(searched, t));
});
