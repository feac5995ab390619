import { DEMO_KEY } from '../../emulator';
import { lastCommandNotice } from '../../src/commands/notices';
import { runEnrichSelection, runRefresh } from '../../src/commands/ribbon-actions';
import { createMemoryStorage } from '../../src/settings/storage';
import { createSessionProvider } from '../../src/settings/session';
import { createSettingsStore, defaultPreferences } from '../../src/settings/settings';
import { useRig } from './helpers';
import { reportOf } from '../support/enrichment-report';

const rig = useRig();

test('Enrich selection runs with the saved preferences and reports in the sheet and to the taskpane', async () => {
  const store = createSettingsStore(createMemoryStorage(), defaultPreferences(rig.emulator.url));
  await store.setApiKey(DEMO_KEY);
  const session = createSessionProvider({ settings: store });
  await store.save({ enrichFields: ['Status'], enrichRisk: true, enrichAlternatives: false, enrichMode: 'values' });
  const part = rig.emulator.catalog.byGroup.Ind[3].values.Partno as string;
  rig.excel.setCells('Sheet1', 'A1', [['MPN'], [part], ['NOPE0000000']]);
  rig.excel.select('Sheet1', 'A2');
  const result = reportOf(await runEnrichSelection({ run: rig.excel.run, session, settings: rig.settings }));
  expect(result.status).toBe('done');
  expect(rig.excel.values('Sheet1').map((r) => r.slice(0, 3))).toEqual([
    ['MPN', 'PartSpec: Match', 'PartSpec: Status'],
    [part, 'Exact', rig.emulator.catalog.byPartno.get(part)!.values.Status],
    ['NOPE0000000', 'Not found', ''],
  ]);
  expect(lastCommandNotice()).toMatchObject({ command: 'enrichSelection', ok: true, message: expect.stringMatching(/1 exact.*1 not found/) });

  const lookups = () => rig.emulator.requests.filter((r) => r.url.startsWith('/v2/products?')).length;
  const cold = lookups();
  await runEnrichSelection({ run: rig.excel.run, session, settings: rig.settings });
  expect(lookups()).toBe(cold);

  const refreshed = await runRefresh({ run: rig.excel.run, session, settings: rig.settings });
  expect(refreshed.recalculated).toBe(true);
  expect(rig.excel.calculations()).toEqual(['Full']);
  // Refresh cleared the shared cache that the functions and the commands read.
  await runEnrichSelection({ run: rig.excel.run, session, settings: rig.settings });
  expect(lookups()).toBeGreaterThan(cold);
});

test('Enrich selection from the ribbon writes the units picked last in Enrich BOM', async () => {
  const store = createSettingsStore(createMemoryStorage(), defaultPreferences(rig.emulator.url));
  await store.setApiKey(DEMO_KEY);
  const session = createSessionProvider({ settings: store });
  await store.save({ enrichFields: ['Specs.Capacitance'], enrichRisk: false, enrichAlternatives: false, enrichMode: 'values', enrichUnits: { 'Specs.Capacitance': 'nF' } });
  const product = rig.emulator.catalog.byGroup.SMD[0];
  rig.excel.addSheet('Units');
  rig.excel.setCells('Units', 'A1', [['MPN'], [product.values.Partno as string]]);
  rig.excel.select('Units', 'A2');
  const result = reportOf(await runEnrichSelection({ run: rig.excel.run, session, settings: rig.settings }));
  expect(result.status).toBe('done');
  const [header, row] = rig.excel.values('Units');
  const column = header.indexOf('PartSpec: Capacitance (nF)');
  expect(column).toBeGreaterThan(0);
  expect(row[column]).toBeCloseTo((product.values['Specs.Capacitance'] as number) * 1e9, 6);
});
