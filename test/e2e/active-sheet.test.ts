/**
 * The taskpane acts on what the user sees: after finding the part numbers on one sheet, switching
 * to another sheet and selecting a column there makes the pane name that sheet and column, and
 * Enrich writes there, leaving the first sheet as it was.
 */
import { openSection, useE2eWorld } from './support/harness';

const world = useE2eWorld();

test('find on sheet A, switch to sheet B and select column G: the pane names B, and Enrich writes B and leaves A untouched', async () => {
  const { page } = await world.openWorkbench();
  const smd = world.emulator.catalog.byGroup.SMD.map((p) => p.values.Partno as string);
  const sheetA = [['Ref', 'Qty', 'Part number'], ...smd.slice(0, 50).map((p, i) => [`C${i + 1}`, 1, p])];
  const sheetB = [['Item', '', '', '', '', 'Description', 'MPN'], ...smd.slice(100, 112).map((p, i) => [i + 1, '', '', '', '', 'Capacitor', p])];
  await page.evaluate(
    ([a, b]) => {
      const d = window.partspecWorkbench!.double;
      d.model.renameSheet(d.model.sheet('Sheet1'), 'Assembly A');
      d.setCells('Assembly A', 'A1', a);
      d.addSheet('Assembly B');
      d.setCells('Assembly B', 'A1', b);
      d.select('Assembly A', 'A1');
    },
    [sheetA, sheetB],
  );
  await page.getByTestId('cell-Assembly A-C1').click();
  await openSection(page, 'enrich');
  await page.getByTestId('enrich-detect').click();
  const detected = page.getByTestId('enrich-detected');
  await detected.filter({ hasText: 'Assembly A' }).waitFor();
  expect(await detected.textContent()).toBe('Sheet "Assembly A": part numbers in column C "Part number" (50 rows). Enrich writes beside them.');
  const before = await page.evaluate(() => window.partspecWorkbench!.double.values('Assembly A'));

  // The user switches sheet and clicks column G: the pane follows before anything is pressed.
  await page.getByTestId('sheet-tab-Assembly B').click();
  await page.getByTestId('column-Assembly B-G').click();
  await detected.filter({ hasText: 'Assembly B' }).waitFor();
  expect(await detected.textContent()).toBe('Sheet "Assembly B": part numbers in column G "MPN" (12 rows). Enrich writes beside them.');

  await page.getByTestId('enrich-run').click();
  await page.getByTestId('enrich-summary').waitFor({ timeout: 90_000 });
  const after = await page.evaluate(() => {
    const d = window.partspecWorkbench!.double;
    return { a: d.values('Assembly A'), b: d.values('Assembly B') };
  });
  expect(after.a).toEqual(before);
  expect(after.b[0].slice(0, 8)).toEqual([...sheetB[0], 'PartSpec: Match']);
  expect(after.b.slice(1).map((row) => [row[6], row[7]])).toEqual(sheetB.slice(1).map((row) => [row[6], 'Exact']));
  expect(await page.getByTestId('enrich-summary').textContent()).toContain('12');
});

test('the selection moved after a column was picked: Enrich reads the BOM around the new selection', async () => {
  const { page } = await world.openWorkbench();
  const smd = world.emulator.catalog.byGroup.SMD.map((p) => p.values.Partno as string);
  await page.evaluate(
    (parts) => {
      const d = window.partspecWorkbench!.double;
      d.setCells('Sheet1', 'A1', [['MPN', 'Qty'], ...parts.slice(0, 5).map((p) => [p, 1])]);
      d.addSheet('Other');
      d.setCells('Other', 'A1', [['Part No.'], ...parts.slice(5, 8).map((p) => [p])]);
      d.select('Sheet1', 'A1');
    },
    smd,
  );
  await openSection(page, 'enrich');
  const detected = page.getByTestId('enrich-detected');
  // Opening the section names the BOM around the selection at once.
  await detected.filter({ hasText: 'Sheet1' }).waitFor();
  await page.getByTestId('enrich-column-select').selectOption({ index: 0 });
  await page.evaluate(() => window.partspecWorkbench!.double.select('Other', 'A2'));
  await detected.filter({ hasText: 'Other' }).waitFor();
  await page.getByTestId('enrich-run').click();
  await page.getByTestId('enrich-summary').waitFor({ timeout: 90_000 });
  const values = await page.evaluate(() => {
    const d = window.partspecWorkbench!.double;
    return { sheet1: d.values('Sheet1'), other: d.values('Other') };
  });
  expect(values.sheet1[0]).toEqual(['MPN', 'Qty']);
  expect(values.other[0].slice(0, 2)).toEqual(['Part No.', 'PartSpec: Match']);
});

test('BOM health names the sheet and column it will summarise before the press, and follows a switch of sheet', async () => {
  const { page } = await world.openWorkbench();
  const smd = world.emulator.catalog.byGroup.SMD.map((p) => p.values.Partno as string);
  await page.evaluate(
    (parts) => {
      const d = window.partspecWorkbench!.double;
      d.setCells('Sheet1', 'A1', [['Ref', 'Part number'], ...parts.slice(0, 4).map((p, i) => [`C${i + 1}`, p])]);
      d.addSheet('Board 2');
      d.setCells('Board 2', 'A1', [['Item', 'Description', 'MPN'], ...parts.slice(10, 13).map((p, i) => [i + 1, 'Capacitor', p])]);
      d.select('Sheet1', 'B1');
    },
    smd,
  );
  await openSection(page, 'health');
  const target = page.getByTestId('health-target');
  await target.filter({ hasText: 'Sheet1' }).waitFor();
  expect(await target.textContent()).toBe('Sheet "Sheet1": the BOM with part numbers in column B "Part number" (4 rows). BOM health summarises it.');

  await page.getByTestId('sheet-tab-Board 2').click();
  await page.getByTestId('column-Board 2-C').click();
  await target.filter({ hasText: 'Board 2' }).waitFor();
  expect(await target.textContent()).toBe('Sheet "Board 2": the BOM with part numbers in column C "MPN" (3 rows). BOM health summarises it.');

  await page.getByTestId('health-show').click();
  await page.getByTestId('health-view').waitFor({ timeout: 90_000 });
  expect(await page.getByTestId('health-as-of').textContent()).toContain("sheet 'Board 2'");
  expect(await page.getByTestId('health-headline').textContent()).toContain('3 BOM rows');
});
