/**
 * HTML injection in the taskpane, in real Chromium: the hostile product texts (<script>, <img
 * onerror>) shown in the search preview, and hostile text typed into the raw filter (echoed back in
 * its error message), are rendered as text. No element is created from them and no script runs.
 */
import type { Page } from 'playwright-core';
import { HOSTILE_PARTNOS, HOSTILE_STRINGS } from '../../emulator';
import { openSection, startE2eWorld, type E2eWorld } from '../e2e/support/harness';
import { recordFigures, overBudget } from './support';

let world: E2eWorld;
let figures: Record<string, number> = {};

beforeAll(async () => {
  world = await startE2eWorld();
}, 240_000);

afterAll(async () => {
  const requests = world ? [...world.emulator.requests] : [];
  await world?.close();
  expect(overBudget(requests)).toEqual([]);
  recordFigures('taskpane-html', { ...figures, requestsChecked: requests.length });
});

/** Elements a successful injection would have created, and whether any injected script ran. */
async function injectionTraces(page: Page): Promise<{ images: number; scripts: number; ran: boolean }> {
  return page.evaluate(() => ({
    images: document.querySelectorAll('img[src="x"]').length,
    scripts: [...document.querySelectorAll('script')].filter((s) => /alert|__injected/.test(s.textContent ?? '')).length,
    ran: (window as unknown as { __injected?: boolean }).__injected === true,
  }));
}

test('hostile product texts in the preview, and hostile text in the filter box, render as text', async () => {
  const { page } = await world.openWorkbench();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openSection(page, 'search');
  await page.getByTestId('search-category').selectOption('inductors');
  const inductors = HOSTILE_PARTNOS.filter((p) => world.emulator.catalog.byPartno.get(p)?.group === 'Ind');
  await page.getByTestId('search-raw-filter').fill(`Partno eq '${inductors.join('|')}'`);

  // Show only the free-text columns, where the hostile strings are.
  const columns = page.getByTestId('search-columns');
  const checked = columns.locator('input[type="checkbox"]:checked');
  while ((await checked.count()) > 0) await checked.first().uncheck();
  for (const field of ['ProductName', 'FeatureText', 'Notices']) await page.getByTestId(`search-columns-field-${field}`).check();

  await page.getByTestId('search-preview-button').click();
  const preview = page.getByTestId('search-preview');
  await preview.waitFor();
  const text = (await preview.textContent()) ?? '';
  expect(text).toContain(HOSTILE_STRINGS.script);
  expect(text).toContain(HOSTILE_STRINGS.img);
  expect(text).toContain(HOSTILE_STRINGS.hyperlink);
  expect(await page.getByTestId('search-preview-row').count()).toBe(inductors.length);

  const typed = '<img src=x onerror="window.__injected=true"><script>window.__injected=true</script>';
  await page.getByTestId('search-raw-filter').fill(typed);
  await page.getByText(/Unexpected '<img/).first().waitFor();

  expect(await injectionTraces(page)).toEqual({ images: 0, scripts: 0, ran: false });
  expect(dialogs).toEqual([]);
  figures = { hostileRowsShown: inductors.length, injectedElements: 0, dialogs: dialogs.length };
}, 120_000);
