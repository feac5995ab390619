/** Download in the real taskpane: the category link with its expiry, copy, and a whole category imported through the file. */
import { openSection, saveScreenshot, useE2eWorld } from './support/harness';

const world = useE2eWorld();

test('a category link shows its expiry, copies, and imports the whole category through the file', async () => {
  const { page, context } = await world.openWorkbench();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.siteUrl });
  await openSection(page, 'download');

  await page.getByTestId('download-category').selectOption('ceramicCapacitorsLead');
  await page.getByTestId('download-lang').selectOption('en');
  await page.getByTestId('download-get-link').click();
  const url = page.getByTestId('download-url');
  await url.waitFor();
  const link = await url.inputValue();
  expect(link.startsWith(`${world.emulator.url}/download/ceramicCapacitorsLead/en?`)).toBe(true);
  // The key never travels in a URL.
  expect(link).not.toContain('partspec-demo-key');
  const expiry = await page.getByTestId('download-expiry').textContent();
  const inSevenDays = new Date(Date.now() + 7 * 86_400_000);
  expect(expiry).toContain(String(inSevenDays.getFullYear()));
  expect(expiry).toMatch(/\((6|7) days left\)/);

  await page.getByTestId('download-copy').click();
  await page.getByTestId('download-copied').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  await page.getByTestId('download-columns').selectOption('keySpecs');
  const before = world.emulator.requests.length;
  await page.getByTestId('download-import').click();
  const summary = page.getByTestId('download-import-summary');
  await summary.waitFor({ timeout: 120_000 });
  const expected = world.emulator.catalog.byGroup.Lead.length;
  expect(await summary.textContent()).toBe(`Imported ${expected.toLocaleString('en-US')} products into sheet "Ceramic capacitors leaded" from the category file (one download).`);
  // One request for the file: the link was already in hand.
  expect(world.emulator.requests.slice(before).map((r) => r.url.split('?')[0])).toEqual(['/download/ceramicCapacitorsLead/en']);

  const rows = await page.evaluate(() => {
    const d = window.partspecWorkbench!.double;
    return d.tables().map((t) => ({ sheet: t.sheet, rowCount: t.rowCount }));
  });
  expect(rows).toContainEqual(expect.objectContaining({ rowCount: expected }));
  await summary.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'download-category');
});
