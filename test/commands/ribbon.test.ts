/**
 * The ribbon handlers as Excel calls them. office-addin-mock stands in for the Office host object
 * (ribbon registration, the pane, document settings); the workbook double stands in for Excel.run.
 */
import { OfficeMockObject } from 'office-addin-mock';
import { startEmulator, DEMO_KEY, type RunningEmulator } from '../../emulator';
import { createMemoryStorage } from '../../src/settings/storage';
import { createSessionProvider, setSharedSession } from '../../src/settings/session';
import { createSettingsStore, defaultPreferences } from '../../src/settings/settings';
import { createExcelDouble, type ExcelDouble } from '../../src/workbench/excel-double';


let emulator: RunningEmulator;
let excel: ExcelDouble;
let associated: Map<string, (event: Office.AddinCommands.Event) => void>;
let shown: number;
// The notices module of the same isolated registry as the commands, so it holds their notices.
let notices: typeof import('../../src/commands/notices');
const scope = globalThis as unknown as Record<string, unknown>;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  excel = createExcelDouble();
  associated = new Map();
  shown = 0;
  const settings = excel.office.context.document.settings;
  scope.Office = new OfficeMockObject({
    onReady: (callback?: (info: { host: string }) => void) => {
      callback?.({ host: 'Excel' });
      return Promise.resolve({ host: 'Excel' });
    },
    actions: { associate: (id: string, fn: (event: Office.AddinCommands.Event) => void) => associated.set(id, fn) },
    addin: { showAsTaskpane: async () => void shown++ },
    context: { document: { settings } },
  });
  scope.Excel = { run: excel.run };
  const store = createSettingsStore(createMemoryStorage(), defaultPreferences(emulator.url));
  await store.setApiKey(DEMO_KEY);
  await store.save({ enrichFields: ['Status'] });
  setSharedSession(createSessionProvider({ settings: store }));
  jest.isolateModules(() => {
    // Loading the commands registers the ribbon's handlers.
    jest.requireActual('../../src/commands/commands');
    notices = jest.requireActual('../../src/commands/notices') as typeof notices;
  });
});

afterAll(async () => {
  setSharedSession(undefined);
  delete scope.Office;
  delete scope.Excel;
  await emulator.close();
});

/** Runs a handler the way Excel does and waits for it to call `event.completed()`. */
function click(id: string): Promise<void> {
  return new Promise((resolve) => associated.get(id)!({ completed: () => resolve(), source: { id } } as unknown as Office.AddinCommands.Event));
}

test('the four ribbon actions of the manifest are registered when Office is ready', () => {
  expect([...associated.keys()].sort()).toEqual(['bomSummary', 'enrichSelection', 'openSettings', 'refresh']);
});

test('Enrich selection completes its event and writes the outcome in the sheet', async () => {
  const part = emulator.catalog.byGroup.SMD[7].values.Partno as string;
  excel.setCells('Sheet1', 'A1', [['MPN'], [part], ['NOT-A-PART-123']]);
  excel.select('Sheet1', 'A2:A3');
  await click('enrichSelection');
  expect(excel.values('Sheet1').map((r) => r.slice(0, 3))).toEqual([
    ['MPN', 'PartSpec: Match', 'PartSpec: Status'],
    [part, 'Exact', emulator.catalog.byPartno.get(part)!.values.Status],
    ['NOT-A-PART-123', 'Not found', ''],
  ]);
  expect(notices.lastCommandNotice()).toMatchObject({ command: 'enrichSelection', ok: true });
});

test('Enrich selection with nothing to enrich still completes, and opens the pane to say why', async () => {
  excel.addSheet('Empty');
  excel.select('Empty', 'A1');
  const before = shown;
  await click('enrichSelection');
  expect(notices.lastCommandNotice()).toMatchObject({ command: 'enrichSelection', ok: false });
  expect(shown).toBe(before + 1);
});

test('BOM summary writes the PartSpec Summary sheet with its three charts, and a second click updates the same sheet', async () => {
  const smd = emulator.catalog.byGroup.SMD;
  const ending = smd.find((p) => p.values.Status === 'To be discontinued' && p.values.LastBuyDate)!;
  const parts = [ending, ...smd.filter((p) => p.values.Status === 'In Production').slice(0, 2)].map((p) => p.values.Partno as string);
  excel.addSheet('Bom');
  excel.setCells('Bom', 'A1', [['Ref', 'MPN', 'Qty'], ['C1, C2', parts[0], 2], ['C3', parts[1], 1], ['C4', parts[2], 1], ['C5', 'NOT-A-PART-123', 1]]);
  excel.select('Bom', 'B2');
  await click('bomSummary');
  const notice = notices.lastCommandNotice();
  expect(notice).toMatchObject({ command: 'bomSummary', ok: true });
  expect(notice?.message).toContain('Summary of 4 BOM rows');
  // The summary of sheet Bom is its own sheet, named after it; the part not found is named.
  expect(excel.sheetNames()).toContain('PartSpec Summary - Bom');
  const charts = excel.charts('PartSpec Summary - Bom');
  expect(charts).toHaveLength(3);
  const cells = excel.values('PartSpec Summary - Bom').flat();
  expect(cells).toContain('Not found');
  expect(cells).toContain('NOT-A-PART-123');
  const sheetsBefore = excel.sheetNames().length;
  excel.select('Bom', 'B2');
  await click('bomSummary');
  expect(notices.lastCommandNotice()).toMatchObject({ command: 'bomSummary', ok: true });
  expect(excel.sheetNames()).toHaveLength(sheetsBefore);
  expect(excel.charts('PartSpec Summary - Bom')).toHaveLength(3);
  expect(excel.values('Bom').map((r) => r.slice(0, 3))[4]).toEqual(['C5', 'NOT-A-PART-123', 1]);
});

test('BOM summary with no BOM around the selection completes, and opens the pane to say why', async () => {
  excel.select('Empty', 'A1');
  const before = shown;
  await click('bomSummary');
  expect(notices.lastCommandNotice()).toMatchObject({ command: 'bomSummary', ok: false });
  expect(shown).toBe(before + 1);
});

test('Refresh completes its event and recalculates', async () => {
  await click('refresh');
  expect(excel.calculations()).toContain('Full');
  expect(notices.lastCommandNotice()).toMatchObject({ command: 'refresh' });
});

test('Settings opens the pane', async () => {
  const before = shown;
  await click('openSettings');
  expect(shown).toBe(before + 1);
});
