/**
 * A failed run loses nothing: the taskpane enriches a BOM, the service stops, Enrich fails within
 * seconds and writes nothing, the service comes back, and the next run finds nothing changed.
 */
import { startEmulator, type RunningEmulator } from '../../emulator';
import { FIRST_DAY } from '../support/aging-bom';
import { openSection, useE2eWorld } from './support/harness';

const world = useE2eWorld();

test('enrich, stop the service, enrich again (fails in seconds, nothing written), start it, enrich again: 0 changes', async () => {
  let service: RunningEmulator | undefined = await startEmulator({ port: 0, asOf: FIRST_DAY });
  const port = Number(new URL(service.url).port);
  try {
    // No reuse of looked-up data: every run asks the service, the one this test stops and starts.
    const { page } = await world.openWorkbench({ preferences: { cacheTtlHours: 0, enrichFields: ['Status', 'LastBuyDate', 'Specs.RatedVoltage'] }, query: { api: service.url } });
    expect(await page.evaluate(() => window.partspecWorkbench!.settings.load())).toEqual(expect.objectContaining({ baseUrl: service.url, cacheTtlHours: 0 }));
    const parts = service.catalog.byGroup.SMD.slice(0, 47).map((p) => p.values.Partno as string);
    await page.evaluate((p) => window.partspecWorkbench!.double.setCells('Sheet1', 'A1', [['Ref', 'Part number', 'Qty'], ...p.map((x, i) => [`C${i + 1}`, x, 10])]), parts);
    await page.getByTestId('cell-Sheet1-B1').click();
    await openSection(page, 'enrich');
    await page.getByTestId('enrich-mode-values').check();

    await page.getByTestId('enrich-run').click();
    await page.getByTestId('enrich-summary').waitFor({ timeout: 90_000 });
    const good = await page.evaluate(() => window.partspecWorkbench!.double.values('Sheet1'));
    const headers = good[0].map(String);
    const match = headers.indexOf('PartSpec: Match');
    const status = headers.indexOf('PartSpec: Status');
    expect(match).toBeGreaterThan(2);
    expect(status).toBeGreaterThan(match);
    expect(good.slice(1).every((row) => row[match] === 'Exact')).toBe(true);

    // The service stops: Enrich says so within seconds, once, and writes nothing.
    await service.close();
    service = undefined;
    const started = Date.now();
    await page.getByTestId('enrich-run').click();
    const error = page.getByTestId('enrich-error');
    await error.filter({ hasText: 'cannot be reached' }).waitFor({ timeout: 30_000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await page.evaluate(() => window.partspecWorkbench!.double.values('Sheet1'))).toEqual(good);
    expect(await page.getByTestId('enrich-summary').count()).toBe(0);

    // It comes back on the same address: the next run compares the maker's data, and nothing changed.
    service = await startEmulator({ port, asOf: FIRST_DAY });
    await page.getByTestId('enrich-run').click();
    // Whatever the run ends in is read: a failure names what the pane said instead of a bare timeout.
    const ended = ['enrich-changed', 'enrich-error', 'enrich-confirm', 'enrich-cancelled'].map((id) => page.getByTestId(id)).reduce((a, b) => a.or(b));
    await ended.first().waitFor({ timeout: 90_000 }).catch(async (error: Error) => {
      throw new Error(`${error.message}\nThe pane said: ${await page.getByTestId('taskpane').innerText()}`);
    });
    expect(await page.getByTestId('enrich-changed').count() === 1 ? '' : await page.getByTestId('taskpane').innerText()).toBe('');
    expect(await page.getByTestId('enrich-changed').textContent()).toContain('0 rows changed');
    const again = await page.evaluate(() => window.partspecWorkbench!.double.values('Sheet1'));
    expect(again.map((row) => [row[match], row[status]])).toEqual(good.map((row) => [row[match], row[status]]));
  } finally {
    await service?.close();
  }
}, 240_000);
