/** The taskpane in Japanese with Japanese data: chosen in Settings, then a search imported into the sheet. */
import { openSection, saveScreenshot, useE2eWorld } from './support/harness';

const world = useE2eWorld();

test('Japanese UI and Japanese data', async () => {
  const { page } = await world.openWorkbench();
  await openSection(page, 'settings');
  await page.getByTestId('settings-ui-lang').selectOption('ja');
  await page.getByTestId('settings-data-lang').selectOption('ja');
  await page.getByTestId('settings-save').click();
  await page.getByTestId('tab-search').filter({ hasText: '検索とインポート' }).waitFor();
  expect(await page.getByTestId('tab-settings').textContent()).toBe('設定');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');

  await openSection(page, 'search');
  await page.getByTestId('search-add-condition').click();
  await page.getByTestId('condition-0-field').selectOption('Capacitance');
  await page.getByTestId('condition-0-op').selectOption('ge');
  await page.getByTestId('condition-0-value').fill('10u');
  await page.getByTestId('search-import-button').click();
  const summary = page.getByTestId('search-import-summary');
  await summary.waitFor({ timeout: 60_000 });
  expect(await summary.textContent()).toMatch(/製品をシート「.+」にインポートしました/);

  const rows = await page.evaluate(() => {
    const d = window.partspecWorkbench!.double;
    const m = d.model;
    return d.values(m.sheets.find((s) => s.id === m.activeSheetId)!.name);
  });
  const headerRow = rows.findIndex((r) => r[0] === '品番');
  const status = rows[headerRow].findIndex((h) => h === 'ステータス');
  expect(status).toBeGreaterThan(0);
  const statuses = new Set(rows.slice(headerRow + 1).map((r) => r[status]).filter(Boolean));
  expect(statuses.has('生産中')).toBe(true);
  expect(statuses.has('In Production')).toBe(false);
  await summary.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'japanese-ui');
});
