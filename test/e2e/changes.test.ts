/**
 * Re-enriching a BOM from the real taskpane after the catalog aged: the Changes column names each
 * lifecycle move, the changed cells are filled, and the summary selects the changed rows.
 */
import { startEmulator, type RunningEmulator } from '../../emulator';
import { CHANGE_FILL } from '../../core/enrich/changes';
import { FIRST_DAY, LATER_DAY, changeLabelOf, expectedChanges, pickAgingParts } from '../support/aging-bom';
import { openSection, saveScreenshot, startE2eWorld, type E2eWorld } from './support/harness';

let world: E2eWorld;
let later: RunningEmulator;

beforeAll(async () => {
  world = await startE2eWorld({ asOf: FIRST_DAY });
  later = await startEmulator({ port: 0, asOf: LATER_DAY });
}, 240_000);

afterAll(async () => {
  await world?.close();
  await later?.close();
});

test('a second enrichment after the catalog aged names every change and selects the changed rows', async () => {
  // The fields as Settings would have saved them in an earlier session.
  const fields = ['Status', 'LastBuyDate', 'ProductionEndDate', 'NewProduct', 'Specs.RatedVoltage'];
  const { page } = await world.openWorkbench({ preferences: { enrichFields: fields } });
  const parts = pickAgingParts(world.emulator.catalog, later.catalog).slice(0, 14);
  await page.evaluate((p) => window.partspecWorkbench!.double.setCells('Sheet1', 'A1', [['Ref', 'Mfr Part #', 'Qty'], ...p.map((x, i) => [`C${i + 1}`, x, 10])]), parts);
  await page.getByTestId('cell-Sheet1-B1').click();
  await openSection(page, 'enrich');
  await page.getByTestId('enrich-mode-values').check();
  await page.getByTestId('enrich-run').click();
  await page.getByTestId('enrich-summary').waitFor({ timeout: 90_000 });
  expect(await page.getByTestId('enrich-changed').count()).toBe(0);

  // Next quarter: the same BOM against the catalog as it stands later.
  await page.evaluate((url) => window.partspecWorkbench!.settings.save({ baseUrl: url }), later.url);
  await page.getByTestId('enrich-run').click();
  await page.getByTestId('enrich-changed').waitFor({ timeout: 90_000 });

  const values = await page.evaluate(() => window.partspecWorkbench!.double.values('Sheet1'));
  const headers = values[0].map(String);
  const at = headers.indexOf('PartSpec: Changes');
  expect(at).toBeGreaterThan(0);
  const labels = headers.filter((h) => h.startsWith('PartSpec: ') && !/Match|Risk|Changes|Replacement|Alternatives/.test(h)).map((h) => h.slice(10));
  const expected = parts.map((p) => expectedChanges(p, world.emulator.catalog, later.catalog, labels.map(changeLabelOf)));
  expect(values.slice(1).map((r) => [r[1], r[at]])).toEqual(parts.map((p, i) => [p, expected[i]]));
  const changed = expected.filter((t) => t !== '').length;
  expect(await page.getByTestId('enrich-changed').textContent()).toContain(`${changed} rows changed`);
  const firstChanged = expected.findIndex((t) => t !== '') + 2;
  const letter = String.fromCharCode(65 + at);
  expect(await page.evaluate((a) => window.partspecWorkbench!.double.cell('Sheet1', a)?.fill, `${letter}${firstChanged}`)).toBe(CHANGE_FILL);

  await page.getByTestId('enrich-select-changed').click();
  await page.getByTestId('enrich-selected').waitFor();
  expect(await page.getByTestId('enrich-selected').textContent()).toContain(String(changed));
  await page.getByTestId(`cell-Sheet1-${letter}1`).click();
  await page.getByTestId('enrich-summary').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'enrich-changes');
});
