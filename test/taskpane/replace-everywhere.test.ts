import { startEmulator, type RunningEmulator } from '../../emulator';
import type { TaskpaneServices } from '../../src/taskpane/adapter/services';
import { createExcelDouble, type ExcelDouble } from '../../src/workbench/excel-double';
import { leaveExcel, paneInExcel } from './pane-in-excel';

/*
 * "Replace a part everywhere" as the pane's services wire it (the add-in adapter over its worksheet
 * operations, the emulator behind real HTTP, the workbook double as Excel): the preview lists the
 * cells, applying writes exactly those, a part that is not a drop-in is written only with the
 * differences accepted, and a workbook changed since the preview is refused with nothing written.
 */

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, realNumbers: false });
});
afterAll(() => emulator.close());
afterEach(leaveExcel);

const OLD = 'MCS18R71H104KZ9D';

/** A drop-in of OLD and a lower-rated part, from the emulator's catalog. */
function partsOf(): { dropIn: string; looser: string } {
  const smd = emulator.catalog.byGroup.SMD;
  const old = smd.find((p) => p.values.Partno === OLD)!.values;
  const like = (p: (typeof smd)[number]): boolean => ['Specs.Capacitance', 'Specs.SizecodeMm', 'Specs.TemperatureCharacteristics', 'Specs.RatedVoltageClass', 'Specs.ToleranceCapacitance'].every((k) => p.values[k] === old[k]) && p.values.Status === 'In Production';
  const volts = (p: (typeof smd)[number]): number => p.values['Specs.RatedVoltage'] as number;
  const dropIn = smd.find((p) => like(p) && volts(p) >= (old['Specs.RatedVoltage'] as number) && p.values.Partno !== OLD && (old['ComplianceInfo.AecQ200Support'] !== true || p.values['ComplianceInfo.AecQ200Support'] === true) && (p.values['Specs.MaxOperatingTemperature'] as number) >= (old['Specs.MaxOperatingTemperature'] as number))!;
  const looser = smd.find((p) => like(p) && volts(p) < (old['Specs.RatedVoltage'] as number))!;
  return { dropIn: dropIn.values.Partno as string, looser: looser.values.Partno as string };
}

async function workbook(): Promise<{ excel: ExcelDouble; services: TaskpaneServices }> {
  const excel = createExcelDouble();
  const services = await paneInExcel(excel, emulator.url);
  excel.setCells('Sheet1', 'A1', [
    ['Ref', 'Qty', 'Part Number'],
    ['C1', 4, OLD],
    ['C2', 1, 'GRM21BR61E106KA73L'],
  ]);
  excel.addSheet('Board B');
  excel.setCells('Board B', 'A1', [
    ['Designator', 'MPN'],
    ['C7', 'GRM21BR61E106KA73L'],
    ['C8', OLD],
  ]);
  return { excel, services };
}

test('the preview lists the cells of every BOM sheet; applying writes exactly those', async () => {
  const { excel, services } = await workbook();
  const { dropIn } = partsOf();
  const preview = await services.previewReplaceEverywhere({ oldPart: OLD, newPart: dropIn, lang: 'en' });
  expect(preview).toMatchObject({ oldPart: OLD, newPart: dropIn, dropIn: true, formulas: [], boms: ['Sheet1', 'Board B'] });
  expect(preview.differs).toBeUndefined();
  expect(preview.changes.map((c) => [c.sheet, c.cell, c.before, c.after])).toEqual([
    ['Sheet1', 'C2', OLD, dropIn],
    ['Board B', 'B3', OLD, dropIn],
  ]);
  const sheet1 = excel.values('Sheet1');
  const board = excel.values('Board B');
  expect(await services.applyReplaceEverywhere(preview, false)).toEqual({ written: 2 });
  sheet1[1][2] = dropIn;
  board[2][1] = dropIn;
  expect(excel.values('Sheet1')).toEqual(sheet1);
  expect(excel.values('Board B')).toEqual(board);
});

test('a part that is not a drop-in says what differs and is written only with the differences accepted', async () => {
  const { excel, services } = await workbook();
  const { looser } = partsOf();
  const preview = await services.previewReplaceEverywhere({ oldPart: OLD, newPart: looser, lang: 'en' });
  expect(preview.dropIn).toBe(false);
  expect(preview.differs).toMatch(new RegExp(`^${looser} is not a drop-in for ${OLD}: it falls short on RatedVoltage`));
  const before = excel.values('Sheet1');
  await expect(services.applyReplaceEverywhere(preview, false)).rejects.toThrow(`${looser} is not a drop-in of ${OLD}: accept the differences to write it. Nothing was written.`);
  expect(excel.values('Sheet1')).toEqual(before);
  expect(await services.applyReplaceEverywhere(preview, true)).toEqual({ written: 2 });
  expect(excel.values('Board B')[2][1]).toBe(looser);
});

test('a workbook changed since the preview is refused in a sentence, with nothing written', async () => {
  const { excel, services } = await workbook();
  const preview = await services.previewReplaceEverywhere({ oldPart: OLD, newPart: partsOf().dropIn, lang: 'en' });
  excel.setCells('Board B', 'B3', [['GRM21BR61E106KA73L']]);
  const sheet1 = excel.values('Sheet1');
  const board = excel.values('Board B');
  await expect(services.applyReplaceEverywhere(preview, false)).rejects.toThrow(`'Board B'!B3 no longer holds ${OLD}: preview again. Nothing was written.`);
  expect(excel.values('Sheet1')).toEqual(sheet1);
  expect(excel.values('Board B')).toEqual(board);
});

test('two empty or equal parts are refused before any lookup', async () => {
  const { services } = await workbook();
  const since = emulator.requests.length;
  await expect(services.previewReplaceEverywhere({ oldPart: OLD, newPart: ' ', lang: 'en' })).rejects.toThrow('Type the part to replace and the part to put in its place.');
  await expect(services.previewReplaceEverywhere({ oldPart: OLD, newPart: OLD.toLowerCase(), lang: 'en' })).rejects.toThrow(`Both parts are ${OLD}`);
  expect(emulator.requests.length).toBe(since);
});
