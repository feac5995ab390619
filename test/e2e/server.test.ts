/**
 * The add-in served by `partspec serve` in front of a gateway without CORS (the emulator with
 * --no-cors, its files on a second origin without CORS either): everything works with a personal
 * token, same-origin, under the server's Content-Security-Policy.
 */
import type { Page } from 'playwright-core';
import { SAMPLE_CATALOG_PARTS } from '../../src/workbench/samples';
import { startServerE2eWorld, type ServerE2eWorld } from '../server/e2e-world';
import { formulasSettled, openSection, typeIntoCell } from './support/harness';

let world: ServerE2eWorld;

beforeAll(async () => {
  world = await startServerE2eWorld();
}, 240_000);

afterAll(async () => {
  await world?.close();
});

async function openWithToken(): Promise<{ page: Page; problems: string[] }> {
  const { page, problems } = await world.open(`${world.serverUrl}workbench.html?display=en-US`);
  await openSection(page, 'settings');
  // The served page knows its API address: the server's own origin, without a rebuild.
  expect(await page.getByTestId('settings-base-url').inputValue()).toBe(world.serverUrl.replace(/\/$/, ''));
  await page.getByTestId('settings-api-key').fill(world.token);
  await page.getByTestId('settings-test-connection').click();
  await page.getByTestId('settings-connection').filter({ hasText: 'Connected' }).waitFor();
  return { page, problems };
}

test('Settings with a token, =PART.* cells and search & import, all through the server', async () => {
  const { page, problems } = await openWithToken();

  const parts = SAMPLE_CATALOG_PARTS.slice(0, 3);
  await page.evaluate((p) => window.partspecWorkbench!.double.setCells('Sheet1', 'A1', [['Part number', 'Status'], ...p.map((x) => [x])]), parts);
  await typeIntoCell(page, 'Sheet1', 'B2', '=PART.SPEC(A2:A4,"Status")');
  await formulasSettled(page);
  const values = await page.evaluate(() => window.partspecWorkbench!.double.values('Sheet1'));
  parts.forEach((part, i) => expect(values[1 + i][1]).toBe(world.emulator.catalog.byPartno.get(part)!.values.Status));

  await openSection(page, 'search');
  await page.getByTestId('search-add-condition').click();
  await page.getByTestId('condition-0-field').selectOption('Capacitance');
  await page.getByTestId('condition-0-op').selectOption('ge');
  await page.getByTestId('condition-0-value').fill('1u');
  await page.getByTestId('search-import-button').click();
  const summary = page.getByTestId('search-import-summary');
  await summary.waitFor({ timeout: 90_000 });
  const expected = world.emulator.catalog.byGroup.SMD.filter((p) => (p.values['Specs.Capacitance'] as number) >= 1e-6).length;
  expect(await summary.textContent()).toContain(`Imported ${expected.toLocaleString('en-US')} products`);
  // Every API call went through the server: the emulator heard nothing but the server.
  expect(world.emulator.requests.length).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

test('BOM enrichment and a whole category through the server’s own download link', async () => {
  const { page, problems } = await openWithToken();
  await page.getByTestId('load-sample-bom').click();
  await page.getByTestId('column-BOM-C').click();
  await openSection(page, 'enrich');
  await page.getByTestId('enrich-mode-values').check();
  await page.getByTestId('enrich-run').click();
  await page.getByTestId('enrich-summary').waitFor({ timeout: 90_000 });
  expect(Number((await page.getByTestId('enrich-count-exact').textContent())?.match(/\d+/)?.[0])).toBeGreaterThan(0);

  await openSection(page, 'download');
  await page.getByTestId('download-category').selectOption('ceramicCapacitorsLead');
  await page.getByTestId('download-get-link').click();
  await page.getByTestId('download-url').waitFor();
  const link = await page.getByTestId('download-url').inputValue();
  expect(link.startsWith(`${world.serverUrl}download/`)).toBe(true);
  expect(link).not.toContain(world.token);
  await page.getByTestId('download-columns').selectOption('keySpecs');
  await page.getByTestId('download-import').click();
  const summary = page.getByTestId('download-import-summary');
  await summary.waitFor({ timeout: 120_000 });
  const expected = world.emulator.catalog.byGroup.Lead.length;
  expect(await summary.textContent()).toContain(`Imported ${expected.toLocaleString('en-US')} products`);
  // The file itself came from the storage origin, fetched by the server.
  expect(world.emulator.requests.some((r) => r.url.startsWith('/download/ceramicCapacitorsLead/en'))).toBe(true);
  expect(problems).toEqual([]);
});

test('the taskpane page itself loads under the server’s CSP without a refusal', async () => {
  const response = await fetch(`${world.serverUrl}taskpane.html`);
  expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  const { page, problems } = await world.open(`${world.serverUrl}taskpane.html`);
  await page.waitForTimeout(500);
  expect(problems).toEqual([]);
});
