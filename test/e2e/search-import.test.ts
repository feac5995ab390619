/**
 * Search & import in the real taskpane, writing into the workbench's workbook: a search with two
 * conditions, and one matching more than 2000 products, which must be harvested in full.
 */
import type { Page } from 'playwright-core';
import { MAX_PRODUCTS_PER_CALL } from '../../api/vocabulary';
import { openSection, saveScreenshot, useE2eWorld } from './support/harness';

/** Import headers: the field's display name, then its unit (`Capacitance (nF)`), never a sibling like `AC or DC`. */
const CAPACITANCE = /^Capacitance(?: |$)/;
const RATED_VOLTAGE = /^Rated voltage(?: \(|$)/;

const world = useE2eWorld();

/** Products of the SMD group the emulator holds that pass a test. */
function expectedCount(test: (values: Record<string, unknown>) => boolean): number {
  return world.emulator.catalog.byGroup.SMD.filter((p) => test(p.values as Record<string, unknown>)).length;
}

async function addNumberCondition(page: Page, index: number, field: string, op: string, value: string): Promise<void> {
  await page.getByTestId('search-add-condition').click();
  await page.getByTestId(`condition-${index}-field`).selectOption(field);
  await page.getByTestId(`condition-${index}-op`).selectOption(op);
  await page.getByTestId(`condition-${index}-value`).fill(value);
}

async function importAndWait(page: Page): Promise<string> {
  await page.getByTestId('search-import-button').click();
  const summary = page.getByTestId('search-import-summary');
  await summary.waitFor({ timeout: 90_000 });
  return (await summary.textContent()) ?? '';
}

const tableOn = (page: Page, sheet: string) =>
  page.evaluate((name) => window.partspecWorkbench!.double.tables().find((t) => t.sheet === name), sheet);

test('a search with two conditions imports every match with its headers', async () => {
  const { page } = await world.openWorkbench();
  await openSection(page, 'search');
  await addNumberCondition(page, 0, 'Capacitance', 'ge', '1u');
  await addNumberCondition(page, 1, 'RatedVoltage', 'ge', '25');
  expect(await page.getByTestId('search-raw-filter').inputValue()).toMatch(/Capacitance ge .* and RatedVoltage ge 25/);

  const text = await importAndWait(page);
  const expected = expectedCount((v) => (v['Specs.Capacitance'] as number) >= 1e-6 && (v['Specs.RatedVoltage'] as number) >= 25);
  expect(expected).toBeGreaterThan(0);
  expect(expected).toBeLessThanOrEqual(MAX_PRODUCTS_PER_CALL);
  expect(text).toContain(`Imported ${expected.toLocaleString('en-US')} products`);

  const sheet = await page.evaluate(() => {
    const m = window.partspecWorkbench!.double.model;
    return m.sheets.find((s) => s.id === m.activeSheetId)!.name;
  });
  const table = await tableOn(page, sheet);
  expect(table).toBeDefined();
  expect(table!.rowCount).toBe(expected);
  expect(table!.headers[0]).toBe('Part number');
  expect(table!.headers.some((h) => CAPACITANCE.test(h))).toBe(true);
  expect(table!.headers.some((h) => RATED_VOLTAGE.test(h))).toBe(true);

  // Every imported row satisfies both conditions, and the part numbers are the catalog's.
  const rows = await page.evaluate(
    ({ name, address }) => {
      const d = window.partspecWorkbench!.double;
      const header = Number(/\d+/.exec(address)![0]);
      return d.values(name).slice(header - 1);
    },
    { name: sheet, address: table!.address },
  );
  const headers = rows[0] as string[];
  const cap = headers.findIndex((h) => CAPACITANCE.test(h));
  const volts = headers.findIndex((h) => RATED_VOLTAGE.test(h));
  const body = rows.slice(1, 1 + expected);
  for (const row of body) {
    expect(world.emulator.catalog.byPartno.has(String(row[0]))).toBe(true);
    const c = world.emulator.catalog.byPartno.get(String(row[0]))!.values;
    expect(c['Specs.Capacitance'] as number).toBeGreaterThanOrEqual(1e-6);
    expect(c['Specs.RatedVoltage'] as number).toBeGreaterThanOrEqual(25);
    expect(typeof row[cap]).toBe('number');
    expect(row[volts] as number).toBeGreaterThanOrEqual(25);
  }

  // The grid shows the table header styled as a table.
  const [, headerRow] = /^[A-Z]+(\d+)/.exec(table!.address)!;
  const headerCell = page.getByTestId(`cell-${sheet}-A${headerRow}`);
  expect(await headerCell.textContent()).toBe('Part number');
  expect(await headerCell.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(68, 114, 196)');
  await page.getByTestId('search-import-summary').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'search-import-two-conditions');
});

test('a search matching more than 2000 products imports all of them', async () => {
  const { page } = await world.openWorkbench();
  await openSection(page, 'search');
  await addNumberCondition(page, 0, 'Capacitance', 'ge', '1u');
  const before = world.emulator.requests.length;

  const text = await importAndWait(page);
  const expected = expectedCount((v) => (v['Specs.Capacitance'] as number) >= 1e-6);
  expect(expected).toBeGreaterThan(MAX_PRODUCTS_PER_CALL);
  expect(text).toContain(`Imported ${expected.toLocaleString('en-US')} products`);
  expect(world.emulator.requests.length - before).toBeGreaterThan(1);

  const sheet = await page.evaluate(() => {
    const m = window.partspecWorkbench!.double.model;
    return m.sheets.find((s) => s.id === m.activeSheetId)!.name;
  });
  const table = await tableOn(page, sheet);
  expect(table!.rowCount).toBe(expected);
  const partnos = await page.evaluate(
    ({ name, rows }) => {
      const d = window.partspecWorkbench!.double;
      const values = d.values(name);
      const start = values.findIndex((r) => r[0] === 'Part number') + 1;
      return values.slice(start, start + rows).map((r) => String(r[0]));
    },
    { name: sheet, rows: expected },
  );
  expect(new Set(partnos).size).toBe(expected);
  await page.getByTestId('search-import-summary').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'search-import-harvest');
});
