/**
 * PART formulas typed into the workbench grid run through the functions bundle's own
 * registration: one value with a unit, a spilled grid of parts × fields, and #N/A with its message.
 */
import { SAMPLE_CATALOG_PARTS, SAMPLE_UNKNOWN_PARTS } from '../../src/workbench/samples';
import { formulasSettled, saveScreenshot, typeIntoCell, useE2eWorld } from './support/harness';

const world = useE2eWorld();

const close = (actual: unknown, expected: number) => expect(actual as number).toBeCloseTo(expected, 9);

test('=PART.SPEC gives one value and a range of parts with a row of fields spills a grid', async () => {
  const { page } = await world.openWorkbench();
  expect(await page.evaluate(() => window.partspecWorkbench!.functions.ids())).toEqual(expect.arrayContaining(['SPEC', 'RISK', 'LIST', 'QUERY']));

  const parts = SAMPLE_CATALOG_PARTS.slice(0, 3);
  const catalog = (part: string) => world.emulator.catalog.byPartno.get(part)!.values;
  await page.evaluate(
    ({ p, unknown }) => {
      const d = window.partspecWorkbench!.double;
      d.setCells('Sheet1', 'A1', [['Part number', 'Capacitance (nF)', '', 'Capacitance', 'RatedVoltage', 'Status'], ...p.map((x) => [x]), [unknown]]);
      [130, 110, 30, 90, 90, 100].forEach((points, column) => d.model.sheet('Sheet1').columnWidths.set(column, points));
    },
    { p: parts, unknown: SAMPLE_UNKNOWN_PARTS[0] },
  );

  await typeIntoCell(page, 'Sheet1', 'B2', '=PART.SPEC(A2,"Capacitance","nF")');
  await typeIntoCell(page, 'Sheet1', 'D2', '=PART.SPEC(A2:A4,D1:F1)');
  await typeIntoCell(page, 'Sheet1', 'B5', '=PART.SPEC(A5,"Capacitance","nF")');
  await formulasSettled(page);

  const values = await page.evaluate(() => window.partspecWorkbench!.double.values('Sheet1'));
  close(values[1][1], (catalog(parts[0])['Specs.Capacitance'] as number) * 1e9);
  parts.forEach((part, i) => {
    close(values[1 + i][3], catalog(part)['Specs.Capacitance'] as number);
    expect(values[1 + i][4]).toBe(catalog(part)['Specs.RatedVoltage']);
    expect(values[1 + i][5]).toBe(catalog(part).Status);
  });
  // Only the anchor holds a formula; the rest of the grid is spilled values.
  const formulas = await page.evaluate(() => window.partspecWorkbench!.double.formulaCells('Sheet1'));
  expect(formulas.map((f) => f.address).sort()).toEqual(['Sheet1!B2', 'Sheet1!B5', 'Sheet1!D2']);

  // The grid shows the formula in the formula bar and the value formatted in the cell.
  await page.getByTestId('cell-Sheet1-D2').click();
  expect(await page.getByTestId('formula-bar').inputValue()).toBe('=PART.SPEC(A2:A4,D1:F1)');
  expect(await page.getByTestId('cell-Sheet1-F3').textContent()).toBe(String(catalog(parts[1]).Status));

  // An unknown part: #N/A, with the function's message on hover.
  const unknown = page.getByTestId('cell-Sheet1-B5');
  expect(await unknown.textContent()).toBe('#N/A');
  expect(await unknown.getAttribute('title')).toContain(SAMPLE_UNKNOWN_PARTS[0]);
  const error = await page.evaluate(() => window.partspecWorkbench!.calc.errorAt('Sheet1', 'B5'));
  expect(error?.code).toBe('#N/A');
  await saveScreenshot(page, 'functions-part-spec');
});

test('the formula sample evaluates on load, and a spill into a filled cell shows #SPILL!', async () => {
  const { page } = await world.openWorkbench({ query: { sample: 'formulas' } });
  await page.getByTestId('sheet-tab-Formulas').waitFor();
  await formulasSettled(page);
  const values = await page.evaluate(() => window.partspecWorkbench!.double.values('Formulas'));
  expect(values[1][2]).toMatch(/^(OK|Watch|Risk|EOL)$/);
  expect(values[6][1]).toBe('#N/A');
  expect(typeof values[5][4]).toBe('number');

  await typeIntoCell(page, 'Formulas', 'F9', 'in the way');
  await typeIntoCell(page, 'Formulas', 'E8', '=PART.SPEC(A2:A6,E1:G1)');
  await formulasSettled(page);
  expect(await page.evaluate(() => window.partspecWorkbench!.double.values('Formulas')[7][4])).toBe('#SPILL!');
  await page.getByTestId('cell-Formulas-E2').click();
  await saveScreenshot(page, 'functions-formula-sample');
});
