/**
 * Units in the real taskpane and the workbench grid: an import writes every capacitance as a
 * number shown in its own unit (10 µF, 22 µF) under `Capacitance`; the unit picker writes µF
 * under `Capacitance (µF)` instead, and Refresh keeps that choice. What the grid shows is compared
 * with values worked out by hand from the catalog's SI.
 */
import { datasheetText } from '../support/datasheet-text';
import type { Page } from 'playwright-core';
import { formulasSettled, openSection, saveScreenshot, typeIntoCell, useE2eWorld } from './support/harness';

const world = useE2eWorld();

async function importAndWait(page: Page): Promise<void> {
  await page.getByTestId('search-import-button').click();
  await page.getByTestId('search-import-summary').waitFor({ timeout: 90_000 });
}

/** The active sheet's name, its table's headers and the grid's text and cell values of one column. */
async function readColumn(page: Page, header: string): Promise<{ sheet: string; headers: string[]; cells: { partno: string; value: unknown; text: string }[] }> {
  const { sheet, headers, rows, top, column } = await page.evaluate((wanted) => {
    const wb = window.partspecWorkbench!;
    const m = wb.double.model;
    const name = m.sheets.find((s) => s.id === m.activeSheetId)!.name;
    const table = wb.double.tables().find((t) => t.sheet === name)!;
    const headerRow = Number(/\d+/.exec(table.address)![0]);
    const values = wb.double.values(name).slice(headerRow, headerRow + Math.min(table.rowCount, 20));
    return { sheet: name, headers: table.headers, rows: values, top: headerRow + 1, column: table.headers.indexOf(wanted) };
  }, header);
  const letter = String.fromCharCode(65 + column);
  const cells = [];
  for (let i = 0; i < rows.length; i++) {
    const text = (await page.getByTestId(`cell-${sheet}-${letter}${top + i}`).textContent()) ?? '';
    cells.push({ partno: String(rows[i][0]), value: rows[i][column], text });
  }
  return { sheet, headers, cells };
}

test('an import reads like a datasheet; the unit picker writes µF, named by the header; Refresh keeps it', async () => {
  const { page } = await world.openWorkbench();
  await openSection(page, 'search');
  await page.getByTestId('search-add-condition').click();
  await page.getByTestId('condition-0-field').selectOption('Capacitance');
  await page.getByTestId('condition-0-op').selectOption('ge');
  await page.getByTestId('condition-0-value').fill('10u');
  await importAndWait(page);

  const nanofarads = await readColumn(page, 'Capacitance');
  expect(nanofarads.headers).toContain('Capacitance');
  expect(nanofarads.cells.length).toBeGreaterThan(0);
  for (const cell of nanofarads.cells) {
    const si = world.emulator.catalog.byPartno.get(cell.partno)!.values['Specs.Capacitance'] as number;
    expect(cell.value).toBeCloseTo(si * 1e12, 3);
    expect(cell.text).toBe(datasheetText(si, 'F'));
  }
  await saveScreenshot(page, 'datasheet-units-import');

  const picker = page.getByTestId('search-columns-unit-Specs.Capacitance');
  expect(await picker.inputValue()).toBe('');
  expect(await picker.locator('option').first().textContent()).toBe('Default (pF, nF, µF)');
  await picker.selectOption('µF');
  await importAndWait(page);
  const nano = await readColumn(page, 'Capacitance (µF)');
  for (const cell of nano.cells) {
    const si = world.emulator.catalog.byPartno.get(cell.partno)!.values['Specs.Capacitance'] as number;
    expect(cell.value).toBeCloseTo(si * 1e6, 9);
    expect(Number(cell.text)).toBeCloseTo(si * 1e6, 9);
  }

  const recorded = await page.evaluate((name) => {
    const settings = window.partspecWorkbench!.double.savedSettings() as Record<string, unknown>;
    const imports = (typeof settings['partspec.imports'] === 'string' ? JSON.parse(settings['partspec.imports'] as string) : settings['partspec.imports']) as Record<string, { sheetName: string; fields: unknown[] }>;
    return Object.values(imports).find((r) => r.sheetName === name)?.fields;
  }, nano.sheet);
  expect(recorded).toContainEqual({ field: 'Specs.Capacitance', unit: 'µF' });

  // The ribbon's Refresh resolves once every recorded import has been re-run in place.
  await page.evaluate(() => window.partspecWorkbench!.runCommand('refresh'));
  const again = await readColumn(page, 'Capacitance (µF)');
  expect(again.cells.map((c) => c.text)).toEqual(nano.cells.map((c) => c.text));
});

test('=PART.QUERY with a comma list of fields spills 2.2 under Inductance (µH) in the grid', async () => {
  const { page } = await world.openWorkbench();
  await typeIntoCell(page, 'Sheet1', 'A1', '=PART.QUERY("inductors","Inductance eq 2.2u","Partno,Inductance",,2)');
  await formulasSettled(page);
  const text = async (address: string) => (await page.getByTestId(`cell-Sheet1-${address}`).textContent()) ?? '';
  expect([await text('A1'), await text('B1')]).toEqual(['Part number', 'Inductance (µH)']);
  expect(await text('B2')).toBe('2.2');
  expect(await text('B3')).toBe('2.2');
  const values = await page.evaluate(() => window.partspecWorkbench!.double.values('Sheet1'));
  expect(values[1][1]).toBe(2.2);
});

test('Enrich BOM: capacitances each in its own unit under PartSpec: Capacitance, and the unit picker writes µF under a header naming it', async () => {
  const { page } = await world.openWorkbench();
  await page.getByTestId('load-sample-bom').click();
  await page.getByTestId('column-BOM-C').click();
  await openSection(page, 'enrich');
  await page.getByTestId('enrich-mode-values').check();
  const capacitance = page.getByTestId('enrich-fields-field-Specs.Capacitance');
  if (!(await capacitance.isChecked())) await capacitance.check();

  const enrich = async (): Promise<{ header: string; cells: { part: string; value: unknown; text: string }[] }> => {
    await page.getByTestId('enrich-run').click();
    await page.getByTestId('enrich-summary').waitFor({ timeout: 90_000 });
    const values = await page.evaluate(() => window.partspecWorkbench!.double.values('BOM'));
    const column = values[0].findIndex((h) => /^PartSpec: Capacitance/.test(String(h)));
    const letter = String.fromCharCode(65 + column);
    const cells = [];
    // The grid draws the rows in view: the first 20 of the BOM.
    for (let r = 1; r < Math.min(values.length, 20); r++) {
      if (typeof values[r][column] !== 'number') continue;
      const text = (await page.getByTestId(`cell-BOM-${letter}${r + 1}`).textContent()) ?? '';
      cells.push({ part: String(values[r][2]).trim(), value: values[r][column], text });
    }
    return { header: String(values[0][column]), cells };
  };

  const datasheet = await enrich();
  expect(datasheet.header).toBe('PartSpec: Capacitance');
  expect(datasheet.cells.length).toBeGreaterThan(0);
  // Each cell a number in pF, shown in its own unit.
  for (const cell of datasheet.cells) expect(cell.text).toBe(datasheetText((cell.value as number) * 1e-12, 'F'));

  await page.getByTestId('enrich-fields-unit-Specs.Capacitance').selectOption('µF');
  const micro = await enrich();
  expect(micro.header).toBe('PartSpec: Capacitance (µF)');
  expect(micro.cells.map((c) => Math.round((c.value as number) * 1e6))).toEqual(datasheet.cells.map((c) => Math.round(c.value as number)));
});
