/** What the taskpane and the cells say when the service refuses: a rejected key (403) and a storm of 429s. */
import { DEMO_KEY } from '../../emulator';
import { SAMPLE_CATALOG_PARTS } from '../../src/workbench/samples';
import { formulasSettled, openSection, saveScreenshot, typeIntoCell, useE2eWorld } from './support/harness';

const world = useE2eWorld();

afterEach(() => {
  world.emulator.configure({ keys: [DEMO_KEY], rateLimit: undefined });
});

test('a rejected key: the search says what to do and the cell shows #N/A with the reason', async () => {
  world.emulator.configure({ keys: ['a-key-nobody-has'] });
  const { page } = await world.openWorkbench();
  await openSection(page, 'search');
  await page.getByTestId('search-preview-button').click();
  const error = page.getByTestId('search-error');
  await error.filter({ hasText: '403' }).waitFor();
  expect(await error.textContent()).toContain('The API key was rejected (403). Check it in Settings.');

  await page.evaluate((p) => window.partspecWorkbench!.double.setCells('Sheet1', 'A2', [[p]]), SAMPLE_CATALOG_PARTS[0]);
  await typeIntoCell(page, 'Sheet1', 'B2', '=PART.SPEC(A2,"Status")');
  await formulasSettled(page);
  const cell = page.getByTestId('cell-Sheet1-B2');
  expect(await cell.textContent()).toBe('#N/A');
  expect(await cell.getAttribute('title')).toMatch(/^API key rejected \(403.*check it in PartSpec ▸ Settings$/);
  await error.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'error-key-rejected');
});

test('a 429 whose Retry-After ends beyond the retry budget: the client says at once that the service is limiting requests', async () => {
  // Ten minutes, past the client's 2-minute budget: no wait can meet it, so the first 429 is the answer.
  world.emulator.configure({ rateLimit: { max: 0, windowSeconds: 600 } });
  const { page } = await world.openWorkbench();
  await openSection(page, 'search');
  const before = world.emulator.requests.length;
  await page.getByTestId('search-preview-button').click();
  const error = page.getByTestId('search-error');
  await error.filter({ hasText: '429' }).waitFor({ timeout: 60_000 });
  const text = (await error.textContent()) ?? '';
  expect(text).toContain('The product service is limiting requests (429) and still refused after 1 attempt. The service asked to wait 600 s.');
  expect(text).toContain('Wait a minute and try again');
  const refused = world.emulator.requests.slice(before).filter((r) => r.status === 429);
  expect(refused.length).toBe(1);
  await error.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'error-rate-limited');
});
