/**
 * No click destroys data: after a good enrichment, clicking the letter of a `PartSpec:` column or
 * of Qty and pressing Enrich changes no filled cell (the pane names the column that holds the part
 * numbers and offers it), and a run against a service that knows none of the parts blanks nothing:
 * it asks first, and Match says "Not found" while Status keeps the last good answer.
 */
import { startEmulator, type RunningEmulator } from '../../emulator';
import { POLL_MS, openSection, useE2eWorld } from './support/harness';
import type { Page } from 'playwright-core';

const world = useE2eWorld();

const values = (page: Page): Promise<unknown[][]> => page.evaluate(() => window.partspecWorkbench!.double.values('Sheet1'));

/** Presses Enrich and waits until the pane is idle again (the press may end without a run). */
async function pressEnrich(page: Page): Promise<void> {
  await page.getByTestId('enrich-run').click();
  await page.getByTestId('enrich-summary').waitFor({ state: 'detached' });
  await page.waitForFunction(() => !(document.querySelector('[data-testid="enrich-run"]') as HTMLButtonElement | null)?.disabled, undefined, { polling: POLL_MS });
}

test('clicking a PartSpec column or Qty and pressing Enrich changes nothing; a run that finds nothing blanks nothing', async () => {
  let stranger: RunningEmulator | undefined;
  try {
    const { page } = await world.openWorkbench();
    await page.evaluate(() => window.partspecWorkbench!.settings.save({ cacheTtlHours: 0, enrichFields: ['Status', 'Specs.RatedVoltage'] }));
    // A second service with another catalog, which knows none of the BOM's parts (nor their bases).
    stranger = await startEmulator({ port: 0, seed: 977, realNumbers: false });
    const strangers = new Set(stranger.catalog.byGroup.SMD.flatMap((p) => [p.values.Partno, p.values.PartnoWithoutPackageCode] as string[]));
    const parts = world.emulator.catalog.byGroup.SMD.filter((p) => !strangers.has(p.values.Partno as string) && !strangers.has(p.values.PartnoWithoutPackageCode as string))
      .slice(0, 8)
      .map((p) => p.values.Partno as string);
    expect(parts).toHaveLength(8);
    await page.evaluate((p) => window.partspecWorkbench!.double.setCells('Sheet1', 'A1', [['Item', 'Qty', 'MPN', 'Value'], ...p.map((x, i) => [i + 1, 10 - i, x, '100nF'])]), parts);
    await page.getByTestId('cell-Sheet1-C2').click();
    await openSection(page, 'enrich');
    await page.getByTestId('enrich-mode-values').check();
    await page.getByTestId('enrich-run').click();
    await page.getByTestId('enrich-summary').waitFor({ timeout: 90_000 });
    const good = await values(page);
    const headers = good[0].map(String);
    const match = headers.indexOf('PartSpec: Match');
    const status = headers.indexOf('PartSpec: Status');
    expect(match).toBe(4);
    expect(good.slice(1).every((row) => row[match] === 'Exact' && String(row[status]) !== '')).toBe(true);

    // The letters of the Match column, of the Status column, then of Qty: the pane names column C and offers it; Enrich writes nothing.
    for (const letter of ['E', 'F', 'B']) {
      await page.getByTestId(`column-Sheet1-${letter}`).click();
      await page.getByTestId('enrich-refused').waitFor();
      expect(await page.getByTestId('enrich-refused').textContent()).toContain('column C "MPN"');
      expect(await page.getByTestId('enrich-use-detected').textContent()).toContain('Use column C');
      await pressEnrich(page);
      expect(await values(page)).toEqual(good);
      expect(await page.getByTestId('enrich-refused').isVisible()).toBe(true);
    }

    // Taking the offer enriches column C: the same answers, no second Match column.
    await page.getByTestId('enrich-use-detected').click();
    await page.getByTestId('enrich-run').click();
    await page.getByTestId('enrich-changed').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('enrich-changed').textContent()).toContain('0 rows changed');
    const again = await values(page);
    expect(again[0].filter((h) => h === 'PartSpec: Match')).toHaveLength(1);
    expect(again.map((row) => row.slice(0, 6))).toEqual(good.map((row) => row.slice(0, 6)));

    // A service that knows none of these parts: the pane asks before writing; "Don't write" writes nothing.
    await page.evaluate((url) => window.partspecWorkbench!.settings.save({ baseUrl: url }), stranger.url);
    await page.getByTestId('cell-Sheet1-C3').click();
    await page.getByTestId('enrich-run').click();
    await page.getByTestId('enrich-large-change').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('enrich-large-change').textContent()).toContain('8 of the 8 rows');
    await page.getByTestId('enrich-dont-write').click();
    await page.getByTestId('enrich-cancelled').waitFor();
    expect(await values(page)).toEqual(again);

    // Written anyway: Match says Not found, and every Status the last run found is still there.
    await page.getByTestId('enrich-run').click();
    await page.getByTestId('enrich-write-anyway').click({ timeout: 90_000 });
    await page.getByTestId('enrich-summary').waitFor({ timeout: 90_000 });
    const after = await values(page);
    expect(after.slice(1).map((row) => row[match])).toEqual(parts.map(() => 'Not found'));
    expect(after.map((row) => row[status])).toEqual(good.map((row) => row[status]));
    const rated = headers.findIndex((h) => h.startsWith('PartSpec: Rated voltage'));
    expect(rated).toBeGreaterThan(status);
    expect(after.map((row) => row[rated])).toEqual(good.map((row) => row[rated]));
  } finally {
    await stranger?.close();
  }
}, 300_000);
