/**
 * The same pages pointed straight at a gateway without CORS (the emulator with --no-cors): the
 * add-in says that CORS, not the network, is the problem, in Settings, in cells and in the ribbon's
 * notice; and a stopped service is named as unreachable instead.
 */
import { SAMPLE_CATALOG_PARTS } from '../../src/workbench/samples';
import { formulasSettled, openSection, typeIntoCell, useE2eWorld } from './support/harness';

const sentence = (origin: string): string =>
  `The service at ${origin} answered, but does not allow calls from Excel add-ins (CORS). Use a PartSpec server (README: Deploying for a team).`;

const world = useE2eWorld({ noCors: true });

test('Settings ▸ Test connection, a PART cell and the ribbon notice all give the CORS sentence', async () => {
  const { page } = await world.openWorkbench();
  const expected = sentence(world.emulator.url);

  await openSection(page, 'settings');
  await page.getByTestId('settings-test-connection').click();
  const report = page.getByTestId('settings-connection');
  await report.filter({ hasText: 'CORS' }).waitFor();
  expect(await report.textContent()).toContain(expected);

  await page.evaluate((p) => window.partspecWorkbench!.double.setCells('Sheet1', 'A1', [['Part number'], [p]]), SAMPLE_CATALOG_PARTS[0]);
  await typeIntoCell(page, 'Sheet1', 'B2', '=PART.SPEC(A2,"Status")');
  await formulasSettled(page);
  const cell = page.getByTestId('cell-Sheet1-B2');
  expect(await cell.textContent()).toBe('#N/A');
  expect(await cell.getAttribute('title')).toBe(expected);

  await page.getByTestId('column-Sheet1-A').click();
  await page.getByTestId('command-enrichSelection').click();
  const notice = page.getByTestId('command-notice');
  await notice.filter({ hasText: 'CORS' }).waitFor({ timeout: 60_000 });
  expect(await notice.textContent()).toContain(expected);
});

test('a service that is not running is named as unreachable, not as CORS', async () => {
  const { page } = await world.openWorkbench({ query: { api: 'http://127.0.0.1:9' } });
  await openSection(page, 'settings');
  await page.getByTestId('settings-test-connection').click();
  const report = page.getByTestId('settings-connection');
  await report.filter({ hasText: 'cannot be reached' }).waitFor();
  expect(await report.textContent()).toContain('http://127.0.0.1:9 cannot be reached. Check the network connection and the service address in Settings.');
});
