/**
 * BOM health from the real taskpane and the ribbon in Chromium: the view's charts and lists, a
 * click on a part at risk selecting its BOM row, the PartSpec Summary sheet written with its
 * native charts, and the ribbon's BOM summary command updating the same sheet.
 */
import { SAMPLE_BOM_ROWS } from '../../src/workbench/samples';
import { openSection, saveScreenshot, useE2eWorld } from './support/harness';

const world = useE2eWorld();

test("the user guide's picture: BOM health of the demo BOM, named before the press (the sample BOM holds test strings)", async () => {
  const { page } = await world.openWorkbench();
  await page.getByTestId('open-demo-bom').click();
  await page.getByTestId('sheet-tab-demo-bom').waitFor();
  await page.getByTestId('column-demo-bom-G').click();
  await openSection(page, 'health');
  await page.getByTestId('health-target').filter({ hasText: 'demo-bom' }).waitFor();
  await page.getByTestId('health-builds').fill('500');
  await page.getByTestId('health-show').click();
  await page.getByTestId('health-view').waitFor({ timeout: 90_000 });
  expect(await page.getByTestId('health-as-of').textContent()).toContain("sheet 'demo-bom'");
  await page.getByTestId('cell-demo-bom-G1').click();
  await page.getByTestId('health-target').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await saveScreenshot(page, 'bom-health');
});

test('the BOM health view shows the whole sample BOM, selects a part at risk, and writes the summary sheet', async () => {
  const { page } = await world.openWorkbench();
  await page.getByTestId('load-sample-bom').click();
  await page.getByTestId('cell-BOM-C2').click();

  await openSection(page, 'health');
  await page.getByTestId('health-builds').fill('abc');
  expect(await page.getByTestId('health-show').isDisabled()).toBe(true);
  await page.getByTestId('health-builds').fill('500');
  await page.getByTestId('health-show').click();
  await page.getByTestId('health-view').waitFor({ timeout: 90_000 });

  const headline = (await page.getByTestId('health-headline').textContent()) ?? '';
  expect(await page.getByTestId('health-as-of').textContent()).toContain("BOM: Book1.xlsx, sheet 'BOM'");
  expect(headline).toContain(`${SAMPLE_BOM_ROWS} BOM rows`);
  // The charts are drawn (SVG), with the same titles as the sheet's.
  for (const id of ['health-chart-status', 'health-chart-compliance']) {
    await page.getByTestId(id).locator('svg').first().waitFor();
  }
  expect(await page.getByTestId('health-chart-status').textContent()).toContain('BOM rows by lifecycle status');
  // Show computes only: no sheet was added.
  expect(await page.evaluate(() => window.partspecWorkbench!.double.sheetNames())).not.toContain('PartSpec Summary - BOM');

  // Every at-risk part is listed as text; a click selects its first BOM row.
  const atRisk = page.getByTestId('health-at-risk-part');
  expect(await atRisk.count()).toBeGreaterThan(0);
  const part = ((await atRisk.first().textContent()) ?? '').trim();
  await atRisk.first().click();
  await page.getByTestId('health-selected').waitFor();
  const values = await page.evaluate(() => window.partspecWorkbench!.double.values('BOM'));
  const row = values.findIndex((r) => String(r[2] ?? '').trim() === part);
  expect(row).toBeGreaterThan(0);
  expect(await page.getByTestId('name-box').inputValue()).toBe(`${row + 1}:${row + 1}`);

  // Last-time-buy quantities: per-board quantity × 500 builds rounded up to whole minimum orders, or too late for a part past its last buy.
  const ltb = page.getByTestId('health-ending-ltb');
  expect(await ltb.count()).toBeGreaterThan(0);
  for (let i = 0; i < (await ltb.count()); i++) {
    const text = ((await ltb.nth(i).textContent()) ?? '').trim();
    if (text === 'too late: replace') continue;
    expect(Number(text.replace(/,/g, ''))).toBeGreaterThanOrEqual(500);
  }
  // One legend for the compliance bars (Yes, No, Unknown once each), and part numbers kept whole on one line.
  const legend = ((await page.getByTestId('health-chart-compliance').textContent()) ?? '').match(/Yes|Unknown/g) ?? [];
  expect(legend.filter((w) => w === 'Unknown').length).toBeLessThanOrEqual(1);
  const heights = await atRisk.evaluateAll((links) => links.map((l) => [l.getBoundingClientRect().height, parseFloat(getComputedStyle(l).fontSize)]));
  for (const [height, font] of heights) expect(height).toBeLessThan(font * 2);

  await page.getByTestId('health-write').click();
  await page.getByTestId('health-written').waitFor({ timeout: 90_000 });
  const written = await page.evaluate(() => {
    const d = window.partspecWorkbench!.double;
    return { names: d.sheetNames(), charts: d.charts('PartSpec Summary - BOM').map((c) => c.name) };
  });
  expect(written.names).toContain('PartSpec Summary - BOM');
  expect(written.charts).toEqual(expect.arrayContaining(['PartSpecStatus', 'PartSpecCompliance']));

  // The ribbon's BOM summary updates the same sheet and its charts, nothing more.
  await page.getByTestId('sheet-tab-BOM').click();
  await page.getByTestId('cell-BOM-C2').click();
  await page.getByTestId('command-bomSummary').click();
  await page.getByText('BOM summary: done.').waitFor({ timeout: 90_000 });
  const after = await page.evaluate(() => {
    const d = window.partspecWorkbench!.double;
    return { names: d.sheetNames(), charts: d.charts('PartSpec Summary - BOM').map((c) => c.name) };
  });
  expect(after.names).toEqual(written.names);
  expect(after.charts.sort()).toEqual([...written.charts].sort());
});
