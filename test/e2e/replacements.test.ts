/**
 * Replacements from the real taskpane: the sample BOM enriched with a Replacement column, the
 * candidates of a selected ending row listed, and one written into the BOM with one click.
 */
import { sampleBomPartNumbers } from '../../src/workbench/samples';
import { openSection, saveScreenshot, useE2eWorld } from './support/harness';

const world = useE2eWorld();

test('the enriched sample BOM names a replacement for each ending row, and one click writes it in, keeping the original', async () => {
  const { page } = await world.openWorkbench();
  await page.getByTestId('load-sample-bom').click();
  await page.getByTestId('column-BOM-C').click();

  await openSection(page, 'enrich');
  await page.getByTestId('enrich-mode-values').check();
  for (const id of ['enrich-risk', 'enrich-replacements']) {
    const box = page.getByTestId(id);
    if (!(await box.isChecked())) await box.check();
  }
  await page.getByTestId('enrich-run').click();
  await page.getByTestId('enrich-summary').waitFor({ timeout: 90_000 });

  const values = await page.evaluate(() => window.partspecWorkbench!.double.values('BOM'));
  const headers = values[0].map(String);
  const riskColumn = headers.indexOf('PartSpec: Risk');
  const replacementColumn = headers.indexOf('PartSpec: Replacement');
  expect(replacementColumn).toBeGreaterThan(riskColumn);
  const rows = values.slice(1);
  for (const row of rows) {
    const risky = row[riskColumn] === 'Risk' || row[riskColumn] === 'EOL';
    expect({ part: row[2], filled: row[replacementColumn] !== '' }).toEqual({ part: row[2], filled: risky });
  }
  const index = rows.findIndex((r) => /^\S+( \(maker alternative\))?( \+\d+ more)?$/.test(String(r[replacementColumn])));
  expect(index).toBeGreaterThanOrEqual(0);
  const original = String(rows[index][2]);
  expect(sampleBomPartNumbers()).toContain(original);

  await page.getByTestId(`cell-BOM-A${index + 2}`).click();
  await page.getByTestId('replacements-list').click();
  await page.getByTestId('replacements-row').first().waitFor({ timeout: 60_000 });
  const best = String(rows[index][replacementColumn]).split(' ')[0];
  expect(await page.getByTestId('replacements-row').first().textContent()).toContain(best);
  // The shot shows the risky row's Risk and Replacement cells beside the pane's candidate list.
  await page.setViewportSize({ width: 1600, height: 900 });
  const letter = (i: number): string => String.fromCharCode(65 + i);
  await page.getByTestId(`cell-BOM-${letter(replacementColumn)}${index + 2}`).scrollIntoViewIfNeeded();
  await page.getByTestId('replacements').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'enrich-replacements');

  await page.getByTestId('replacements-use').first().click();
  await page.getByTestId('replacements-applied').waitFor({ timeout: 30_000 });
  const after = await page.evaluate(() => window.partspecWorkbench!.double.values('BOM'));
  const note = after[0].map(String).indexOf('PartSpec: Replaced part');
  expect(note).toBeGreaterThan(replacementColumn);
  expect(after[index + 1][2]).toBe(best);
  expect(after[index + 1][note]).toBe(original);
  expect(await page.evaluate(() => window.partspecWorkbench!.double.formulaCells())).toEqual([]);

  // The same replacement offered for every BOM sheet: the panel opens with both parts filled in.
  await page.getByTestId('replacements-everywhere').click();
  expect(await page.getByTestId('replace-old').inputValue()).toBe(original);
  expect(await page.getByTestId('replace-new').inputValue()).toBe(best);
});
