/**
 * "Replace a part everywhere" from the real taskpane in Chromium: a part used in two BOM sheets is
 * previewed (every cell before → after), applied, and exactly those cells change; the sheet that is
 * no BOM and every other cell keep what they held.
 */
import { openSection, useE2eWorld } from './support/harness';

const world = useE2eWorld();
const OLD = 'MCS18R71H104KZ9D';

/** A verified drop-in of OLD and a lower-rated part, from the emulator's catalog (same value, size, dielectric and tolerance). */
function partsOf(): { dropIn: string; looser: string } {
  const smd = world.emulator.catalog.byGroup.SMD;
  const old = smd.find((p) => p.values.Partno === OLD)!.values;
  const num = (v: unknown): number => v as number;
  const like = (p: (typeof smd)[number]): boolean =>
    p.values.Partno !== OLD && p.values.Status === 'In Production' && ['Specs.Capacitance', 'Specs.SizecodeMm', 'Specs.TemperatureCharacteristics', 'Specs.RatedVoltageClass', 'Specs.ToleranceCapacitance'].every((k) => p.values[k] === old[k]);
  const dropIn = smd.find(
    (p) =>
      like(p) &&
      num(p.values['Specs.RatedVoltage']) >= num(old['Specs.RatedVoltage']) &&
      (old['ComplianceInfo.AecQ200Support'] !== true || p.values['ComplianceInfo.AecQ200Support'] === true) &&
      num(p.values['Specs.MaxOperatingTemperature']) >= num(old['Specs.MaxOperatingTemperature']),
  );
  const looser = smd.find((p) => like(p) && num(p.values['Specs.RatedVoltage']) < num(old['Specs.RatedVoltage']));
  return { dropIn: dropIn!.values.Partno as string, looser: looser!.values.Partno as string };
}

test('a part used in two BOM sheets is previewed cell by cell, then replaced in exactly those cells; a changed workbook is refused', async () => {
  const { dropIn: newPart, looser } = partsOf();
  const { page } = await world.openWorkbench();
  await page.evaluate((old) => {
    const double = window.partspecWorkbench!.double;
    double.setCells('Sheet1', 'A1', [
      ['Ref', 'Qty', 'Part Number'],
      ['C1', 4, old],
      ['C2', 1, 'GRM21BR61E106KA73L'],
    ]);
    double.addSheet('Board B');
    double.setCells('Board B', 'A1', [
      ['Designator', 'Qty', 'MPN'],
      ['C7', 2, 'GRM21BR61E106KA73L'],
      ['C8', 1, old],
    ]);
    double.addSheet('Notes');
    double.setCells('Notes', 'A1', [['Replace', old]]);
  }, OLD);
  const read = (): Promise<Record<string, unknown[][]>> =>
    page.evaluate(() => {
      const double = window.partspecWorkbench!.double;
      return Object.fromEntries(['Sheet1', 'Board B', 'Notes'].map((s) => [s, double.values(s)]));
    });
  const before = await read();

  await openSection(page, 'enrich');
  const panel = page.getByTestId('replace-everywhere');
  expect(await page.getByTestId('replace-apply').isDisabled()).toBe(true);
  await page.getByTestId('replace-old').fill(OLD);

  // A part that is not a drop-in: what differs is said, and Apply waits for the differences to be accepted.
  await page.getByTestId('replace-new').fill(looser);
  await page.getByTestId('replace-preview').click();
  await page.getByTestId('replace-summary').waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('replace-verdict').textContent()).toMatch(new RegExp(`^${looser} is not a drop-in for ${OLD}: it falls short on RatedVoltage`));
  expect(await page.getByTestId('replace-apply').isDisabled()).toBe(true);
  await page.getByTestId('replace-accept').check();
  expect(await page.getByTestId('replace-apply').isDisabled()).toBe(false);

  // A drop-in previewed, then the workbook changed before Apply: refused in a sentence, nothing written.
  await page.getByTestId('replace-new').fill(newPart);
  await page.getByTestId('replace-preview').click();
  await page.getByTestId('replace-summary').waitFor({ timeout: 60_000 });
  await page.evaluate(() => window.partspecWorkbench!.double.setCells('Board B', 'C3', [['GRM21BR61E106KA73L']]));
  const changed = await read();
  await page.getByTestId('replace-apply').click();
  await page.getByTestId('replace-error').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('replace-error').textContent()).toBe(`'Board B'!C3 no longer holds ${OLD}: preview again. Nothing was written.`);
  expect(await read()).toEqual(changed);
  await page.evaluate((old) => window.partspecWorkbench!.double.setCells('Board B', 'C3', [[old]]), OLD);
  expect(await read()).toEqual(before);

  await page.getByTestId('replace-preview').click();
  await page.getByTestId('replace-summary').waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('replace-error').count()).toBe(0);

  expect(await page.getByTestId('replace-verdict').textContent()).toBe(`${newPart} is a drop-in of ${OLD}.`);
  expect(await page.getByTestId('replace-summary').textContent()).toBe('2 cells in 2 BOM sheets would change (2 BOM sheets searched).');
  expect(await page.getByTestId('replace-change').allTextContents()).toEqual([`'Sheet1'!C2: ${OLD} → ${newPart}`, `'Board B'!C3: ${OLD} → ${newPart}`]);
  expect(await page.getByTestId('replace-accept').count()).toBe(0);
  // Nothing is written by the preview.
  expect(await read()).toEqual(before);

  await page.setViewportSize({ width: 1400, height: 900 });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/replace-pane.png' });

  await page.getByTestId('replace-apply').click();
  await page.getByTestId('replace-written').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('replace-written').textContent()).toBe(`2 cells changed from ${OLD} to ${newPart}.`);
  // The preview is spent: another write needs another preview.
  expect(await page.getByTestId('replace-apply').isDisabled()).toBe(true);

  const after = await read();
  before.Sheet1[1][2] = newPart;
  before['Board B'][2][2] = newPart;
  expect(after).toEqual(before);
  expect(await page.evaluate(() => window.partspecWorkbench!.double.formulaCells())).toEqual([]);
});
