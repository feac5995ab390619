/**
 * BOM health's Parts in use across sheets from the real taskpane in Chromium: two BOM sheets
 * sharing a part and a notes sheet; one press writes the sheet PartSpec Parts in use, the pane says
 * how many parts and sheets it covered, and the BOM sheets are left as they were.
 */
import { openSection, useE2eWorld } from './support/harness';

const world = useE2eWorld();

test('two BOM sheets and a notes sheet: one press lists their parts on PartSpec Parts in use, and the pane says how many parts and sheets', async () => {
  const { page } = await world.openWorkbench();
  const smd = world.emulator.catalog.byGroup.SMD.map((p) => p.values.Partno as string);
  const main = [['Ref', 'Qty', 'Part number'], ...smd.slice(0, 3).map((p, i) => [`C${i + 1}`, 1, p])];
  const aux = [['Designator', 'MPN'], ['C9', smd[0]], ['C10', smd[5]]];
  await page.evaluate(
    ([a, b]) => {
      const d = window.partspecWorkbench!.double;
      d.model.renameSheet(d.model.sheet('Sheet1'), 'Notes');
      d.setCells('Notes', 'A1', [['Assembly notes']]);
      d.addSheet('Main');
      d.setCells('Main', 'A1', a);
      d.addSheet('Aux');
      d.setCells('Aux', 'A1', b);
      d.select('Main', 'A1');
    },
    [main, aux],
  );
  const before = await page.evaluate(() => ['Notes', 'Main', 'Aux'].map((s) => window.partspecWorkbench!.double.values(s)));
  await openSection(page, 'health');
  await page.getByTestId('health-parts-in-use').click();
  const done = page.getByTestId('health-parts-in-use-done');
  await done.waitFor({ timeout: 90_000 });
  expect(await done.textContent()).toBe('The sheet “PartSpec Parts in use” now lists 4 parts in use across 2 BOM sheets.');
  const after = await page.evaluate(() => {
    const d = window.partspecWorkbench!.double;
    return { boms: ['Notes', 'Main', 'Aux'].map((s) => d.values(s)), parts: d.values('PartSpec Parts in use') };
  });
  expect(after.boms).toEqual(before);
  const shared = after.parts.find((r) => r[0] === smd[0])!;
  expect(shared[after.parts[0].indexOf('Where used')]).toBe('Main row 2, Aux row 2');
});
