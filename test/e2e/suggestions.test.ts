/**
 * Suggestions from the real taskpane: a BOM of generic lines enriched with the Suggested option,
 * the understood constraints and candidates listed per row, and one candidate picked into its row.
 */
import { openSection, saveScreenshot, useE2eWorld } from './support/harness';

const world = useE2eWorld();

test('ticking Suggest lists each generic line with what was understood and its candidates; a pick writes the chosen part into that row', async () => {
  const { page } = await world.openWorkbench();
  const own = world.emulator.catalog.byGroup.SMD.find((p) => p.values.Status === 'In Production' && p.values['ComplianceInfo.AecQ200Support'] !== true)!.values.Partno as string;
  const bom = [
    ['Ref', 'MPN', 'Value', 'Footprint', 'Description', 'Qty'],
    ['C1', own, '', '', '', 4],
    ['C2', '', '100n', 'C_0402_1005Metric', '', 2],
    ['C3', '', '', '', 'CAP CER 1UF 25V X7R 0603', 1],
    ['L1', '', '10uH', '', 'power inductor', 1],
  ];
  await page.evaluate((cells) => {
    const d = window.partspecWorkbench!.double;
    d.setCells('Sheet1', 'A1', cells);
    d.select('Sheet1', 'B2');
  }, bom);
  await page.getByTestId('cell-Sheet1-B2').click();

  await openSection(page, 'enrich');
  const option = page.getByTestId('enrich-suggest');
  expect(await option.isChecked()).toBe(false);
  await option.check();
  await page.getByTestId('enrich-run').click();
  await page.getByTestId('enrich-summary').waitFor({ timeout: 90_000 });
  const panel = page.getByTestId('suggestions');
  await panel.waitFor({ timeout: 30_000 });

  // The option is saved with the other enrichment choices (the ribbon's Enrich uses it too).
  const saved = await page.evaluate(() => Object.values(localStorage).find((v) => v.includes('"enrichSuggest"')) ?? '');
  expect(saved).toContain('"enrichSuggest":true');

  const values = await page.evaluate(() => window.partspecWorkbench!.double.values('Sheet1'));
  const at = values[0].map(String).indexOf('PartSpec: Suggested');
  expect(at).toBeGreaterThan(0);
  expect(values[1][at]).toBe('');
  for (const r of [2, 3, 4]) expect(String(values[r][at])).toMatch(/^\S+ — \S/);

  // Each generic row is listed with its line, what was understood, and its candidates.
  const rows = page.getByTestId('suggestions-row');
  expect(await rows.count()).toBe(3);
  const first = rows.first();
  expect(await first.getByTestId('suggestions-line').textContent()).toMatch(/^Row 3: .*100n/);
  const understood = (await first.getByTestId('suggestions-understood').textContent()) ?? '';
  expect(understood).toMatch(/^Understood: .*100 nF/);
  expect(understood).toContain('0402');
  expect(await rows.nth(1).getByTestId('suggestions-understood').textContent()).toMatch(/25 V/);
  const candidates = first.getByTestId('suggestions-candidate');
  expect(await candidates.count()).toBeGreaterThan(1);
  const partnos = await first.getByTestId('suggestions-partno').allTextContents();
  // The cell names the first candidate listed.
  expect(String(values[2][at]).split(' — ')[0]).toBe(partnos[0]);

  // The shot shows the Suggested cells beside the pane's list.
  const letter = String.fromCharCode(65 + at);
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.getByTestId(`cell-Sheet1-${letter}3`).scrollIntoViewIfNeeded();
  await panel.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'enrich-suggestions');

  // Pick the second candidate of the 100n line: it is written into that row's Suggested cell only.
  await candidates.nth(1).getByTestId('suggestions-pick').click();
  await page.getByTestId('suggestions-picked').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('suggestions-picked').textContent()).toContain(`${partnos[1]} written to Sheet1!${letter}3`);
  const after = await page.evaluate(() => window.partspecWorkbench!.double.values('Sheet1'));
  expect(after[2][at]).toBe(partnos[1]);
  expect(after.filter((_, r) => r !== 2)).toEqual(values.filter((_, r) => r !== 2));
  expect(after[2].filter((_, c) => c !== at)).toEqual(values[2].filter((_, c) => c !== at));
});
