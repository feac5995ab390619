import { DEMO_KEY, type CatalogProduct } from '../../emulator';
import { runEnrichSelection } from '../../src/commands/ribbon-actions';
import { createMemoryStorage } from '../../src/settings/storage';
import { createSessionProvider } from '../../src/settings/session';
import { createSettingsStore, defaultPreferences } from '../../src/settings/settings';
import { createWorksheetOperations } from '../../src/taskpane/adapter/worksheet';
import type { EnrichOptions } from '../../src/sheets/enrich';
import { rowSuggestions } from '../../src/taskpane/sections/suggestions-panel';
import { freshWorkbook, useRig, type Rig } from './helpers';

const rig = useRig();
const partnoOf = (p: CatalogProduct): string => p.values.Partno as string;

const REQUEST: Omit<EnrichOptions, 'signal' | 'budget'> = { fields: ['Status'], mode: 'values', risk: false, alternatives: false, suggest: true, highlight: true, lang: 'en' };

async function selectedAddress(r: Rig): Promise<string> {
  return r.excel.run(async (context) => {
    const range = context.workbook.getSelectedRange().load('address');
    await context.sync();
    return range.address;
  });
}

describe('Enrich BOM with the Suggested option, through the pane services', () => {
  test('generic lines get the maker\'s candidates in the Suggested cells and in the summary; a pick writes the chosen part into that cell only', async () => {
    const fine = rig.emulator.catalog.byGroup.SMD.find((p) => p.values.Status === 'In Production' && p.values['ComplianceInfo.AecQ200Support'] !== true)!;
    const r = freshWorkbook(rig);
    r.excel.setCells('Sheet1', 'A1', [
      ['Ref', 'MPN', 'Value', 'Footprint', 'Description'],
      ['C1', partnoOf(fine), '', '', ''],
      ['C2', '', '100n', 'C_0402_1005Metric', ''],
      ['C3', '', '', '', 'CAP CER 1UF 25V X7R 0603'],
      ['R1', '', '10k', 'R_0402_1005Metric', ''],
    ]);
    r.excel.select('Sheet1', 'B2');
    const services = createWorksheetOperations({ run: r.excel.run, getClient: async () => r.client });
    const report = await services.enrich(REQUEST);

    const values = r.excel.values('Sheet1');
    const at = values[0].indexOf('PartSpec: Suggested');
    expect(at).toBeGreaterThan(0);
    const letter = String.fromCharCode(65 + at);
    // The maker's own part asks for nothing; the capacitor lines get a part and why; a resistor says why not.
    expect(values[1][at]).toBe('');
    expect(values[2][at]).toMatch(/^\S+ — \S/);
    expect(values[3][at]).toMatch(/^\S+ — \S/);
    expect(values[4][at]).toMatch(/^Not a kind of part/);

    // The summary lists each row asked about with the core's answer: the line, what was understood, the candidates.
    if (report.status !== 'done' || !report.suggestions) throw new Error(`enrichment ${report.status}`);
    const rows = rowSuggestions(report.bom.region.sheetName, report.suggestions.rows);
    expect(rows.map((s) => [s.row, s.cell])).toEqual([
      [2, `${letter}3`],
      [3, `${letter}4`],
      [4, `${letter}5`],
    ]);
    expect(rows[0]).toMatchObject({ sheetName: 'Sheet1', line: expect.stringContaining('100n') });
    expect(rows[0].understood).toMatch(/100 nF/);
    expect(rows[0].understood).toMatch(/0402/);
    expect(rows[1].understood).toMatch(/1 µF|1 uF/);
    expect(rows[1].understood).toMatch(/25 V/);
    expect(rows[2].candidates).toEqual([]);
    expect(rows[2].reason).toMatch(/^Not a kind of part/);
    for (const [i, s] of rows.slice(0, 2).entries()) {
      expect(s.candidates.length).toBeGreaterThan(1);
      expect(s.candidates.length).toBeLessThanOrEqual(3);
      // The cell names the first candidate, as the summary lists it first.
      expect(values[i + 2][at]).toBe(`${s.candidates[0].partno} — ${s.candidates[0].why}`);
      for (const c of s.candidates) {
        const product = rig.emulator.catalog.byPartno.get(c.partno);
        expect(product?.values.Status).toBe('In Production');
      }
    }

    // Picking the second candidate of the 100n line: its part number in that row's Suggested cell, as text, and the cell selected.
    const chosen = rows[0].candidates[1].partno;
    const syncsBefore = r.excel.syncCount();
    const picked = await services.pickSuggestion(rows[0], chosen);
    expect(r.excel.syncCount() - syncsBefore).toBeLessThanOrEqual(2);
    expect(picked.address).toBe(`Sheet1!${letter}3`);
    const after = r.excel.values('Sheet1');
    expect(after[2][at]).toBe(chosen);
    expect(r.excel.cell('Sheet1', `${letter}3`)?.numberFormat).toBe('@');
    expect(await selectedAddress(r)).toMatch(new RegExp(`${letter}3$`));
    // Nothing else changed: the part numbers, the user's cells and the other rows' suggestions.
    for (const row of [0, 1, 3, 4]) expect(after[row]).toEqual(values[row]);
    expect(after[2].filter((_, c) => c !== at)).toEqual(values[2].filter((_, c) => c !== at));

    // Selecting a listed row selects it in the sheet.
    await services.selectBomRow(rows[1].sheetName, rows[1].row);
    expect(await selectedAddress(r)).toBe('Sheet1!A4:XFD4');
  });

  test('without the option there is no Suggested column and no list', async () => {
    const r = freshWorkbook(rig);
    r.excel.setCells('Sheet1', 'A1', [['Ref', 'MPN', 'Value', 'Footprint'], ['C1', '', '100n', 'C_0402_1005Metric']]);
    r.excel.select('Sheet1', 'B2');
    const services = createWorksheetOperations({ run: r.excel.run, getClient: async () => r.client });
    const report = await services.enrich({ ...REQUEST, suggest: false });
    expect(r.excel.values('Sheet1')[0]).not.toContain('PartSpec: Suggested');
    expect(report.status === 'done' ? report.suggestions : 'not done').toBeUndefined();
  });

  test('the ribbon\'s Enrich selection adds the Suggested column when the option was saved, and not before', async () => {
    const store = createSettingsStore(createMemoryStorage(), defaultPreferences(rig.emulator.url));
    await store.setApiKey(DEMO_KEY);
    const session = createSessionProvider({ settings: store });
    expect((await store.load()).enrichSuggest).toBe(false);
    await store.save({ enrichFields: ['Status'], enrichRisk: false });
    const r = freshWorkbook(rig);
    r.excel.setCells('Sheet1', 'A1', [['Ref', 'MPN', 'Value', 'Footprint'], ['C1', '', '100n', 'C_0402_1005Metric']]);
    r.excel.select('Sheet1', 'B2');
    await runEnrichSelection({ run: r.excel.run, session, settings: r.settings });
    expect(r.excel.values('Sheet1')[0]).not.toContain('PartSpec: Suggested');

    await store.save({ enrichSuggest: true });
    expect((await store.load()).enrichSuggest).toBe(true);
    await runEnrichSelection({ run: r.excel.run, session, settings: r.settings });
    const values = r.excel.values('Sheet1');
    const at = values[0].indexOf('PartSpec: Suggested');
    expect(at).toBeGreaterThan(0);
    expect(values[1][at]).toMatch(/^\S+ — \S/);
  });
});
