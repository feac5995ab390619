/** Settings in the real taskpane: the key is saved and tested against the emulator, good and bad. */
import { DEMO_KEY } from '../../emulator';
import { openSection, saveScreenshot, useE2eWorld } from './support/harness';

const world = useE2eWorld();

test('a good key is accepted and a bad key gets the 403 sentence', async () => {
  const { page } = await world.openWorkbench({ key: null });
  await openSection(page, 'settings');

  await page.getByTestId('settings-api-key').fill(DEMO_KEY);
  await page.getByTestId('settings-test-connection').click();
  const report = page.getByTestId('settings-connection');
  await report.filter({ hasText: 'Connected' }).waitFor();
  expect(await report.textContent()).toContain('the service accepted the key (status 200)');
  expect(await page.evaluate(() => window.partspecWorkbench!.settings.getApiKey())).toBe(DEMO_KEY);
  await saveScreenshot(page, 'settings-key-accepted');

  await page.getByTestId('settings-api-key').fill('not-the-right-key');
  await page.getByTestId('settings-test-connection').click();
  await report.filter({ hasText: '403' }).waitFor();
  expect(await report.textContent()).toContain('The API key was rejected (403). Check it in Settings.');
  await saveScreenshot(page, 'settings-key-rejected');

  const keys = world.emulator.requests.filter((r) => r.status === 403).length;
  expect(keys).toBeGreaterThanOrEqual(1);
});
