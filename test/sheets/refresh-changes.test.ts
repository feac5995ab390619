import { DEMO_KEY, type RunningEmulator } from '../../emulator';
import { createClient } from '../../api/client';
import { importProducts, refreshImport, type ImportResult } from '../../src/sheets/import';
import { CHANGE_FILL } from '../../core/enrich/changes';
import { createExcelDouble, type ExcelDouble } from '../../src/workbench/excel-double';
import { AGING_FIELDS, useAgingEmulators } from '../support/aging-bom';

const aging = useAgingEmulators();

const FIELDS = ['Partno', ...AGING_FIELDS];

function depsOf(excel: ExcelDouble, emulator: RunningEmulator) {
  const client = createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, retry: false, cache: false });
  return { run: excel.run, client, settings: excel.office.context.document.settings };
}

/** Imports `filter` at the first day, then refreshes it at the later day; returns the refresh's result. */
async function importThenRefresh(excel: ExcelDouble, filter: string): Promise<{ refreshed: ImportResult; status: string; again: ImportResult; sheet: string; fills: (string | undefined)[][] }> {
  const imported = await importProducts(depsOf(excel, aging.first), { query: { filter }, fields: FIELDS });
  expect(imported.status).toBe('done');
  expect(imported.changes).toBeUndefined();
  const sheet = imported.sheetName!;
  const refreshed = await refreshImport(depsOf(excel, aging.later), imported.tableName!);
  const status = String(excel.values(sheet)[0][0]);
  const fills = excel.values(sheet).map((row, r) => row.map((_, c) => excel.model.cell(excel.model.sheet(sheet), r, c)?.fill));
  const again = await refreshImport(depsOf(excel, aging.later), imported.tableName!);
  return { refreshed, status, again, sheet, fills };
}

/** Values of the lifecycle fields of a part on a day, as a comparable string. */
function lifecycleOf(emulator: RunningEmulator, partno: string): string {
  const p = emulator.catalog.byPartno.get(partno);
  return JSON.stringify(AGING_FIELDS.map((k) => p?.values[k] ?? null));
}

describe('Refresh of an imported table reports what changed', () => {
  test('rows added and changed are counted in the status line, and the changed cells are filled', async () => {
    const excel = createExcelDouble();
    const { refreshed, status, again, sheet, fills } = await importThenRefresh(excel, `Partno eq '${aging.parts.join('|')}'`);
    const inBoth = aging.parts.filter((p) => aging.first.catalog.byPartno.has(p));
    const changed = inBoth.filter((p) => lifecycleOf(aging.first, p) !== lifecycleOf(aging.later, p));
    const added = aging.parts.length - inBoth.length;
    expect(added).toBe(1);
    expect(changed.length).toBeGreaterThan(5);
    expect(refreshed.changes).toEqual({ added, removed: 0, changed: changed.length });
    expect(status).toContain(`· ${added} added, 0 removed, ${changed.length} changed since the last refresh`);

    // Row by row: a changed lifecycle cell is filled, an unchanged one is not.
    const values = excel.values(sheet);
    const header = values[1].map(String);
    const statusAt = header.indexOf('Status');
    for (let r = 2; r < values.length; r++) {
      const partno = String(values[r][0]);
      const moved = aging.first.catalog.byPartno.get(partno)?.values.Status !== undefined && aging.first.catalog.byPartno.get(partno)?.values.Status !== aging.later.catalog.byPartno.get(partno)?.values.Status;
      expect([partno, fills[r][statusAt]]).toEqual([partno, moved ? CHANGE_FILL : undefined]);
      expect(excel.model.cell(excel.model.sheet(sheet), r, statusAt)?.fill).toBeUndefined();
    }

    expect(again.changes).toEqual({ added: 0, removed: 0, changed: 0 });
    expect(String(excel.values(sheet)[0][0])).toContain('· no change since the last refresh');
  });

  test('rows that no longer match the filter are counted as removed', async () => {
    const excel = createExcelDouble();
    const { refreshed } = await importThenRefresh(excel, `Partno eq '${aging.parts.join('|')}' and Status eq 'In Production'`);
    const live = (e: RunningEmulator): string[] => aging.parts.filter((p) => e.catalog.byPartno.get(p)?.values.Status === 'In Production');
    const before = live(aging.first);
    const after = live(aging.later);
    const removed = before.filter((p) => !after.includes(p)).length;
    expect(removed).toBeGreaterThan(0);
    expect(refreshed.changes).toMatchObject({ removed, added: after.filter((p) => !before.includes(p)).length });
  });
});
