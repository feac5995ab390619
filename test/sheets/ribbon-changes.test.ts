import { DEMO_KEY } from '../../emulator';
import { lastCommandNotice } from '../../src/commands/notices';
import { runEnrichSelection, runRefresh } from '../../src/commands/ribbon-actions';
import { createClient } from '../../api/client';
import { importProducts } from '../../src/sheets/import';
import { createMemoryStorage } from '../../src/settings/storage';
import { createSessionProvider } from '../../src/settings/session';
import { createSettingsStore, defaultPreferences } from '../../src/settings/settings';
import { createExcelDouble } from '../../src/workbench/excel-double';
import { AGING_FIELDS, expectedChanges, useAgingEmulators } from '../support/aging-bom';
import { reportOf, changedSheetRows } from '../support/enrichment-report';

const aging = useAgingEmulators();

test('the ribbon Enrich and Refresh notices say what changed since the last run', async () => {
  const parts = aging.parts.filter((p) => aging.first.catalog.byPartno.has(p));
  const excel = createExcelDouble();
  const settings = excel.office.context.document.settings;
  const store = createSettingsStore(createMemoryStorage(), defaultPreferences(aging.first.url));
  await store.setApiKey(DEMO_KEY);
  await store.save({ enrichFields: [...AGING_FIELDS], enrichRisk: false, enrichAlternatives: false, enrichMode: 'values' });
  const session = createSessionProvider({ settings: store });
  excel.setCells('Sheet1', 'A1', [['MPN'], ...parts.map((p) => [p])]);
  excel.select('Sheet1', 'A2');

  await runEnrichSelection({ run: excel.run, session, settings });
  expect(lastCommandNotice()?.message).not.toMatch(/changed/);
  const imported = await importProducts(
    { run: excel.run, client: createClient({ baseUrl: aging.first.url, apiKey: DEMO_KEY, retry: false, cache: false }), settings },
    { query: { filter: `Partno eq '${parts.join('|')}'` }, fields: ['Partno', 'Status'] },
  );
  expect(imported.status).toBe('done');

  await store.save({ baseUrl: aging.later.url });
  excel.select('Sheet1', 'A2');
  const result = reportOf(await runEnrichSelection({ run: excel.run, session, settings }));
  const labels = ['Status', 'Last buy date', 'Production end date', 'New product', 'Rated voltage (V)'];
  const changed = parts.filter((p) => expectedChanges(p, aging.first.catalog, aging.later.catalog, labels) !== '').length;
  expect(changedSheetRows(result)).toHaveLength(changed);
  expect(lastCommandNotice()).toMatchObject({ command: 'enrichSelection', ok: true, message: expect.stringContaining(` ${changed} rows changed since the last enrichment`) });

  const statusMoved = parts.filter((p) => aging.first.catalog.byPartno.get(p)?.values.Status !== aging.later.catalog.byPartno.get(p)?.values.Status).length;
  const refreshed = await runRefresh({ run: excel.run, session, settings });
  expect(refreshed.imports[imported.tableName!].changes).toEqual({ added: 0, removed: 0, changed: statusMoved });
  expect(lastCommandNotice()?.message).toContain(`${imported.tableName}: 0 added, 0 removed, ${statusMoved} changed`);
});
