import { startEmulator, type RunningEmulator } from '../../emulator';
import { createExcelDouble } from '../../src/workbench/excel-double';
import { leaveExcel, paneInExcel } from './pane-in-excel';

/*
 * The team's BOM rules in the pane, through its services (the add-in adapter over its worksheet
 * operations, the emulator behind real HTTP, the workbook double as Excel): a rules file the user
 * picks is checked by the core (a wrong field refused in its sentence, nothing remembered), then
 * remembered in the workbook, so a pane opened again finds it, Enrich's Checks column and the
 * BOM summary judge by it.
 */

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, realNumbers: false });
});
afterAll(() => emulator.close());
afterEach(leaveExcel);

const REQUEST = { fields: ['Status'], mode: 'values' as const, risk: false, alternatives: false, highlight: true, lang: 'en' as const };
const TEAM = {
  name: 'Team A',
  rules: [
    { id: 'nrnd', level: 'error', when: { status: ['NRND'] } },
    { id: 'eol', level: 'fatal', when: { risk: ['EOL'] } },
    { id: 'banned', level: 'off', when: { doNotUse: ['*'] } },
  ],
  waivers: [{ rule: 'eol', row: 9, reason: 'not on this BOM', by: 'A. Engineer', until: '2099-12-31' }],
};

test('a picked rules file is checked, remembered in the workbook, and judges Enrich and the summary', async () => {
  const smd = emulator.catalog.byGroup.SMD;
  const nrnd = smd.find((p) => p.values.Status === 'NRND' && p.values.LastBuyDate === undefined && p.values.ProductionEndDate === undefined)!.values.Partno as string;
  const gone = smd.find((p) => p.values.Status === 'Discontinued')!.values.Partno as string;
  const excel = createExcelDouble();
  excel.setCells('Sheet1', 'A1', [
    ['Ref', 'MPN', 'Qty'],
    ['C1', nrnd, 1],
    ['C2', gone, 1],
  ]);
  excel.select('Sheet1', 'B2');
  const services = await paneInExcel(excel, emulator.url);
  expect(await services.bomRules()).toBeUndefined();

  const wrong = JSON.stringify({ rules: [{ id: 'nrnd', level: 'critical', when: { status: ['NRND'] } }] });
  await expect(services.chooseBomRules(wrong, 'team.json')).rejects.toThrow("team.json: rules[0].level: 'critical' is not a level: 'fatal', 'error', 'warning' or 'off'.");
  expect(await services.bomRules()).toBeUndefined();

  expect(await services.chooseBomRules(JSON.stringify(TEAM), 'team.json')).toEqual({ name: 'Team A', rules: 2, waivers: 1 });
  // A pane opened again on the same workbook finds the rules there.
  leaveExcel();
  const again = await paneInExcel(excel, emulator.url);
  expect(await again.bomRules()).toEqual({ name: 'Team A', rules: 2, waivers: 1 });

  const report = await again.enrich({ ...REQUEST, checks: true });
  expect(report.checks?.rules).toBe('Team A');
  const values = excel.values('Sheet1');
  const at = values[0].indexOf('PartSpec: Checks');
  expect(at).toBeGreaterThan(0);
  expect(values[1][at]).toBe('Error — nrnd: Status is NRND');
  expect(values[2][at]).toMatch(/^Fatal — eol: EOL: /);

  const health = await again.summarizeBom({ lang: 'en', labels: 'en', writeSheet: false });
  expect(health.summary.checks?.lines.map((l) => [l.sheetRow, l.level])).toEqual([
    [2, 'error'],
    [3, 'fatal'],
  ]);
}, 60_000);
