/**
 * Enrich BOM's column picker in the real taskpane: a BOM whose 'Mfr PN' and 'Part Number' columns
 * both hold part numbers makes Enrich show both (letter, header, values) instead of writing; the
 * user picks the second and presses Enrich again, and that column is the one looked up. Its DNP
 * row is not looked up, and the summary says so.
 */
import type { Page } from 'playwright-core';
import { openSection, saveScreenshot, useE2eWorld } from './support/harness';

const world = useE2eWorld({ realNumbers: false });

const SHEET = 'Parts';

/** Writes a BOM into a new sheet of the workbench's workbook and shows it, its A1 selected. */
async function loadBom(page: Page, rows: unknown[][]): Promise<void> {
  await page.evaluate(
    ({ sheet, cells }) => {
      const d = window.partspecWorkbench!.double;
      d.addSheet(sheet);
      d.setCells(sheet, 'A1', cells);
      d.select(sheet, 'A1');
    },
    { sheet: SHEET, cells: rows },
  );
  await page.getByTestId(`sheet-tab-${SHEET}`).click();
  await page.getByTestId(`cell-${SHEET}-A1`).click();
}

test('two close part-number columns: the picker shows both, the user picks the second, and Enrich uses it', async () => {
  const { page } = await world.openWorkbench();
  const catalog = world.emulator.catalog;
  const maker = catalog.byGroup.Ind.slice(0, 5).map((p) => p.values.Partno as string);
  const internal = catalog.byGroup.SMD.slice(0, 5).map((p) => p.values.Partno as string);
  await loadBom(page, [
    ['Ref', 'Qty', 'Part Number', 'Mfr PN', 'Note'],
    ...internal.map((p, i) => [`C${i + 1}`, 1 + i, p, maker[i], i === 4 ? 'DNP' : '']),
  ]);
  const before = await page.evaluate((s) => window.partspecWorkbench!.double.values(s), SHEET);
  const lookups = () => world.emulator.requests.filter((r) => r.url.startsWith('/v2/products?')).length;
  const lookupsBefore = lookups();
  const requestsBefore = world.emulator.requests.length;

  await openSection(page, 'enrich');
  await page.getByTestId('enrich-run').click();
  const picker = page.getByTestId('enrich-candidates');
  await picker.waitFor();
  // Nothing is written and nothing looked up until the user has chosen.
  expect(await page.evaluate((s) => window.partspecWorkbench!.double.values(s), SHEET)).toEqual(before);
  expect(lookups()).toBe(lookupsBefore);
  expect(await page.getByTestId('enrich-summary').count()).toBe(0);

  const first = page.getByTestId('enrich-candidate-D');
  const second = page.getByTestId('enrich-candidate-C');
  expect(await first.textContent()).toContain('D: Mfr PN');
  expect(await first.textContent()).toContain(maker[0]);
  expect(await second.textContent()).toContain('C: Part Number');
  expect(await second.textContent()).toContain(internal[1]);
  expect(await first.locator('input').isChecked()).toBe(true);
  await page.getByTestId('enrich-ambiguous').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'enrich-column-picker');

  await second.locator('input').check();
  await page.getByTestId('enrich-run').click();
  await page.getByTestId('enrich-summary').waitFor({ timeout: 90_000 });

  const values = await page.evaluate((s) => window.partspecWorkbench!.double.values(s), SHEET);
  const headers = values[0].map(String);
  const match = headers.indexOf('PartSpec: Match');
  expect(match).toBe(5);
  expect(values.slice(1).map((r) => r[match])).toEqual(['Exact', 'Exact', 'Exact', 'Exact', 'Not fitted']);
  // The picked column was looked up: its parts, not the other column's.
  const asked = world.emulator.requests.map((r) => decodeURIComponent(r.url)).join('\n');
  for (const p of internal.slice(0, 4)) expect(asked).toContain(p);
  for (const p of [...maker, internal[4]]) expect(asked).not.toContain(p);
  // What the emulator received since the BOM was loaded: one lookup, of exactly the picked column's fitted part numbers.
  const received = world.emulator.requests.slice(requestsBefore).filter((r) => r.url.startsWith('/v2/products?')).map((r) => decodeURIComponent(r.url));
  expect(received).toHaveLength(1);
  expect(received[0].match(/'([^']*)'/)![1].split('|').sort()).toEqual(internal.slice(0, 4).sort());

  expect(await page.getByTestId('enrich-summary').textContent()).toContain('Enriched 4 rows');
  expect(await page.getByTestId('enrich-count-exact').textContent()).toContain('4');
  expect(await page.getByTestId('enrich-skipped-dnp').textContent()).toMatch(/Not fitted \(DNP\)\s*1/);
});

test('one clear part-number column: Enrich writes at once, no picker', async () => {
  const { page } = await world.openWorkbench();
  const parts = world.emulator.catalog.byGroup.SMD.slice(10, 13).map((p) => p.values.Partno as string);
  await loadBom(page, [['Ref', 'Manufacturer Part Number', 'Qty'], ...parts.map((p, i) => [`C${i + 1}`, p, 1])]);
  await openSection(page, 'enrich');
  await page.getByTestId('enrich-run').click();
  await page.getByTestId('enrich-summary').waitFor({ timeout: 90_000 });
  expect(await page.getByTestId('enrich-candidates').count()).toBe(0);
  const values = await page.evaluate((s) => window.partspecWorkbench!.double.values(s), SHEET);
  expect(values.slice(1).map((r) => r[3])).toEqual(['Exact', 'Exact', 'Exact']);
});

test('a second source ticked under the part-number column is enriched into its own columns in the same lookup, its DNP row not looked up, and the summary names it', async () => {
  const { page } = await world.openWorkbench();
  const first = world.emulator.catalog.byGroup.SMD.slice(20, 23).map((p) => p.values.Partno as string);
  const second = world.emulator.catalog.byGroup.Ind.slice(20, 22).map((p) => p.values.Partno as string);
  await loadBom(page, [
    ['Ref', 'MPN', 'MPN2', 'Fitted'],
    ['C1', first[0], second[0], ''],
    ['C2', first[1], '', ''],
    ['C3', first[2], second[1], 'DNP'],
  ]);
  await openSection(page, 'enrich');
  await page.getByTestId('enrich-detect').click();
  const tick = page.getByTestId('enrich-alternate-C');
  await tick.waitFor();
  // The only column offered as a second source is MPN2, by letter and header (the tick box is the testid's input).
  expect(await page.getByTestId('enrich-alternates').textContent()).toBe('Also enrich (second sources)C: MPN2');
  await tick.check();
  const requestsBefore = world.emulator.requests.length;
  await page.getByTestId('enrich-run').click();
  await page.getByTestId('enrich-summary').waitFor({ timeout: 90_000 });

  const values = await page.evaluate((s) => window.partspecWorkbench!.double.values(s), SHEET);
  expect(values[0][4]).toBe('PartSpec: Match');
  const mpn2Match = values[0].indexOf('PartSpec (MPN2): Match');
  expect(mpn2Match).toBeGreaterThan(4);
  expect(values.slice(1).map((r) => [r[4], r[mpn2Match]])).toEqual([
    ['Exact', 'Exact'],
    ['Exact', ''],
    ['Not fitted', 'Not fitted'],
  ]);
  // One lookup asked both columns' fitted part numbers.
  const received = world.emulator.requests.slice(requestsBefore).filter((r) => r.url.startsWith('/v2/products?')).map((r) => decodeURIComponent(r.url));
  expect(received).toHaveLength(1);
  expect(received[0].match(/'([^']*)'/)![1].split('|').sort()).toEqual([first[0], first[1], second[0]].sort());
  expect(await page.getByTestId('enrich-alternate-summary').textContent()).toBe('Second source "MPN2": 1 exact, 0 variant, 0 ambiguous, 0 not found, 0 invalid; 1 not looked up.');
});
