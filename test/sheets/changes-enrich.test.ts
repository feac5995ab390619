import { DEMO_KEY, type RunningEmulator } from '../../emulator';
import { createClient } from '../../api/client';
import { enrichSelection } from '../../src/sheets/enrich';
import { selectChangedRows } from '../../src/sheets/bom-tools';
import { CHANGE_FILL } from '../../core/enrich/changes';
import { createExcelDouble, type ExcelDouble } from '../../src/workbench/excel-double';
import { AGING_FIELDS, changeLabelOf, expectedChanges, useAgingEmulators } from '../support/aging-bom';
import type { EnrichmentReport } from '../../core/enrich/run-enrichment';
import { reportOf, changedSheetRows } from '../support/enrichment-report';

const aging = useAgingEmulators();

/** Enriches the BOM around the selection against one emulator. */
async function enrich(excel: ExcelDouble, emulator: RunningEmulator): Promise<EnrichmentReport> {
  const client = createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, retry: false, cache: false });
  excel.select('Sheet1', 'B2');
  return reportOf(await enrichSelection({ run: excel.run, client, now: () => new Date(2026, 11, 1) }, { fields: [...AGING_FIELDS], risk: true }));
}

/** A BOM table: a reference, the part number, a quantity. */
function bomWorkbook(): ExcelDouble {
  const excel = createExcelDouble();
  excel.setCells('Sheet1', 'A1', [['Ref', 'MPN', 'Qty'], ...aging.parts.map((p, i) => [`C${i + 1}`, p, i + 1])]);
  return excel;
}

/** Header → column index of row 1. */
function columnsOf(excel: ExcelDouble): Map<string, number> {
  return new Map(excel.values('Sheet1')[0].map((h, i) => [String(h), i]));
}

const LABELS = ['Status', 'Last buy date', 'Production end date', 'New product'];

describe('re-enrichment in the workbook names what changed', () => {
  test('first run: no Changes column; later run: each change named with its new value, changed cells filled; same day again: none', async () => {
    const excel = bomWorkbook();
    const once = await enrich(excel, aging.first);
    expect(once.status).toBe('done');
    expect(changedSheetRows(once)).toEqual([]);
    expect(columnsOf(excel).has('PartSpec: Changes')).toBe(false);

    const twice = await enrich(excel, aging.later);
    expect(twice.status).toBe('done');
    const columns = columnsOf(excel);
    const labels = [...columns.keys()].filter((h) => h.startsWith('PartSpec: ') && !/Match|Risk|Changes/.test(h)).map((h) => h.slice(10));
    expect(labels.slice(0, 4)).toEqual(LABELS);
    const at = columns.get('PartSpec: Changes')!;
    const expected = aging.parts.map((p) => expectedChanges(p, aging.first.catalog, aging.later.catalog, labels.map(changeLabelOf)));
    const values = excel.values('Sheet1').slice(1);
    expect(values.map((r) => [r[1], r[at]])).toEqual(aging.parts.map((p, i) => [p, expected[i]]));
    expect(changedSheetRows(twice)).toEqual(expected.flatMap((t, i) => (t ? [i + 2] : [])));
    expect(changedSheetRows(twice).length).toBeGreaterThan(5);

    const fillOf = (row: number, column: number): string | undefined => excel.model.cell(excel.model.sheet('Sheet1'), row, column)?.fill;
    const statusAt = columns.get('PartSpec: Status')!;
    const riskAt = columns.get('PartSpec: Risk')!;
    aging.parts.forEach((p, i) => {
      expect([p, fillOf(i + 1, at)]).toEqual([p, expected[i] ? CHANGE_FILL : undefined]);
      expect([p, fillOf(i + 1, statusAt)]).toEqual([p, /(^|; )Status /.test(expected[i]) ? CHANGE_FILL : undefined]);
      // Risk is not compared, and the user's own cells are never filled.
      expect(fillOf(i + 1, riskAt)).toBeUndefined();
      expect(fillOf(i + 1, 1)).toBeUndefined();
    });
    expect(values.map((r) => [r[0], r[2]])).toEqual(aging.parts.map((_, i) => [`C${i + 1}`, i + 1]));

    const selected = await selectChangedRows(excel.run);
    expect(selected).toMatchObject({ ok: true, rows: changedSheetRows(twice).length });

    const again = await enrich(excel, aging.later);
    expect(changedSheetRows(again)).toEqual([]);
    expect(excel.values('Sheet1').slice(1).map((r) => r[at])).toEqual(aging.parts.map(() => ''));
    aging.parts.forEach((_, i) => expect(fillOf(i + 1, statusAt)).toBeUndefined());
    expect(await selectChangedRows(excel.run)).toEqual({ ok: false, message: 'No row changed since the last enrichment.' });
  });

  test('a value typed over a PartSpec cell is named as a hand edit', async () => {
    const excel = bomWorkbook();
    await enrich(excel, aging.later);
    const statusAt = columnsOf(excel).get('PartSpec: Status')!;
    const status = excel.values('Sheet1')[1][statusAt];
    excel.model.writeValue(excel.model.sheet('Sheet1'), 1, statusAt, 'Obsolete?');
    const result = await enrich(excel, aging.later);
    expect(result.sets[0].changes?.report.edits).toBe(1);
    expect(changedSheetRows(result)).toEqual([2]);
    expect(excel.values('Sheet1')[1][columnsOf(excel).get('PartSpec: Changes')!]).toBe(`Status Obsolete? (edited by hand) → ${status}`);
  });

  test('formulas mode compares nothing', async () => {
    const excel = bomWorkbook();
    await enrich(excel, aging.first);
    const client = createClient({ baseUrl: aging.later.url, apiKey: DEMO_KEY, retry: false, cache: false });
    const result = reportOf(await enrichSelection({ run: excel.run, client }, { fields: [...AGING_FIELDS], mode: 'formulas' }));
    expect(changedSheetRows(result)).toEqual([]);
    expect(columnsOf(excel).has('PartSpec: Changes')).toBe(false);
  });
});
