import { startEmulator, type RunningEmulator } from '../../emulator';
import { PORTFOLIO_SHEET_NAME } from '../../core/names';
import { createMemoryStorage } from '../../src/settings/storage';
import { createSettingsStore } from '../../src/settings/settings';
import { createTaskpaneServices } from '../../src/taskpane/adapter/taskpane-services';
import { createTranslator } from '../../src/taskpane/i18n';
import { createExcelDouble } from '../../src/workbench/excel-double';
import { leaveExcel, paneInExcel } from './pane-in-excel';

/*
 * BOM health's Parts in use across sheets as the pane's services run it (the add-in adapter over its
 * worksheet operations, the emulator behind real HTTP, the workbook double as Excel): every BOM sheet
 * of the workbook on one sheet, with the builds typed, and the sentence that says what it covered.
 */

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(() => emulator.close());
afterEach(leaveExcel);

test('every BOM sheet of the workbook, with the builds typed, on the sheet PartSpec Parts in use; the pane says how many parts and sheets', async () => {
  const excel = createExcelDouble();
  const services = await paneInExcel(excel, emulator.url);
  excel.setCells('Sheet1', 'A1', [['Notes for the build']]);
  excel.addSheet('Main');
  excel.setCells('Main', 'A1', [
    ['Ref', 'Qty', 'MPN'],
    ['C1-C4', 4, 'GRM155R71C104KA88D'],
    ['C5', 1, 'GRM188R71H104KA93D'],
  ]);
  excel.addSheet('Aux');
  excel.setCells('Aux', 'A1', [
    ['Designator', 'Part Number', 'Quantity'],
    ['C9 C10', 'GRM155R71C104KA88D', 2],
  ]);
  excel.select('Sheet1', 'A1');
  const done = await services.partsInUse({ builds: 3, lang: 'en' });
  expect(done.sheetName).toBe(PORTFOLIO_SHEET_NAME);
  expect(done.portfolio.boms.map((b) => [b.sheet, b.builds])).toEqual([['Main', 3], ['Aux', 3]]);
  expect(done.portfolio.parts.map((p) => [p.partNumber, p.demand])).toEqual(
    expect.arrayContaining([
      ['GRM155R71C104KA88D', (4 + 2) * 3],
      ['GRM188R71H104KA93D', 3],
    ]),
  );
  expect(excel.values(PORTFOLIO_SHEET_NAME).slice(1, 3).map((r) => r[0]).sort()).toEqual(['GRM155R71C104KA88D', 'GRM188R71H104KA93D']);
  const said = { sheet: done.sheetName, parts: done.portfolio.parts.length, sheets: done.portfolio.boms.length };
  expect(createTranslator('en')('healthPartsInUseDone', said)).toBe('The sheet “PartSpec Parts in use” now lists 2 parts in use across 2 BOM sheets.');
  expect(createTranslator('ja')('healthPartsInUseDone', said)).toContain('2 枚の BOM シート');
  expect(createTranslator('zh')('healthPartsInUseDone', said)).toContain('2 个 BOM 工作表');
});

test('outside Excel it says so in a sentence', async () => {
  const services = createTaskpaneServices({ settings: createSettingsStore(createMemoryStorage()) });
  expect(() => services.partsInUse({ lang: 'en' })).toThrow(/This needs Excel/);
});
