/**
 * Enriching the workbench's messy 50-row sample BOM from the real taskpane: catalog parts,
 * sloppy spellings, package-code-less base parts, unknown parts, hostile entries and blanks.
 */
import {
  SAMPLE_BASE_PARTS,
  SAMPLE_BOM_BLANK_ROWS,
  SAMPLE_BOM_ROWS,
  SAMPLE_CATALOG_PARTS,
  SAMPLE_HOSTILE_CATALOG_PARTS,
  SAMPLE_HOSTILE_ENTRIES,
  SAMPLE_UNKNOWN_PARTS,
  sampleBomPartNumbers,
} from '../../src/workbench/samples';
import { openSection, useE2eWorld } from './support/harness';

const world = useE2eWorld();

test('enriching the sample BOM gives each row its match status and risk, as values only', async () => {
  const { page } = await world.openWorkbench();
  await page.getByTestId('load-sample-bom').click();
  await page.getByTestId('column-BOM-C').click();
  expect(await page.getByTestId('name-box').inputValue()).toBe('C:C');

  await openSection(page, 'enrich');
  await page.getByTestId('enrich-mode-values').check();
  const risk = page.getByTestId('enrich-risk');
  if (!(await risk.isChecked())) await risk.check();
  await page.getByTestId('enrich-run').click();
  await page.getByTestId('enrich-summary').waitFor({ timeout: 90_000 });

  const state = await page.evaluate(() => {
    const d = window.partspecWorkbench!.double;
    return { values: d.values('BOM'), formulas: d.formulaCells(), texts: d.texts('BOM') };
  });
  const headers = state.values[0].map(String);
  const match = headers.findIndex((h) => /match/i.test(h));
  const riskColumn = headers.findIndex((h) => /risk/i.test(h));
  expect(match).toBeGreaterThan(3);
  expect(riskColumn).toBeGreaterThan(match);
  expect(state.values.length).toBe(SAMPLE_BOM_ROWS + 1);

  // No formula anywhere: hostile entries and hostile catalog data stay text.
  expect(state.formulas).toEqual([]);

  const parts = sampleBomPartNumbers();
  const statusOf = (entry: string) => state.values[parts.indexOf(entry) + 1][match];
  const riskOf = (entry: string) => state.values[parts.indexOf(entry) + 1][riskColumn];
  for (const part of SAMPLE_CATALOG_PARTS) {
    expect([part, statusOf(part)]).toEqual([part, 'Exact']);
    const product = world.emulator.catalog.byPartno.get(part)!.values;
    expect(riskOf(part)).toBeTruthy();
    if (product.Status === 'Discontinued') expect(riskOf(part)).toBe('EOL');
    if (product.Status === 'NRND') expect(['Risk', 'EOL']).toContain(riskOf(part));
  }
  for (const part of SAMPLE_BASE_PARTS) expect([part, statusOf(part)]).toEqual([part, expect.stringMatching(/^(Variant|Ambiguous)$/)]);
  for (const part of SAMPLE_UNKNOWN_PARTS) expect([part, statusOf(part)]).toEqual([part, 'Not found']);
  for (const part of SAMPLE_HOSTILE_CATALOG_PARTS) expect([part, statusOf(part)]).toEqual([part, 'Exact']);
  for (const entry of SAMPLE_HOSTILE_ENTRIES) {
    expect([entry, statusOf(entry)]).toEqual([entry, expect.stringMatching(/^(Invalid|Not found)$/)]);
    // The entry itself is untouched text.
    expect(state.values[parts.indexOf(entry) + 1][2]).toBe(entry);
  }
  // The rows without a part number are marked DNP in the sample: not looked up, and the Match cell says so.
  for (const row of SAMPLE_BOM_BLANK_ROWS) expect(state.values[row - 1][match]).toBe('Not fitted');

  // Problem rows are highlighted by the conditional formats PartSpec added.
  const unknownRow = parts.indexOf(SAMPLE_UNKNOWN_PARTS[0]) + 2;
  const matchLetter = String.fromCharCode(65 + match);
  const highlight = await page.evaluate(({ a }) => window.partspecWorkbench!.double.highlight('BOM', a), { a: `${matchLetter}${unknownRow}` });
  expect(highlight).toBe('#FFC7CE');

  // The summary's counts agree with the sheet.
  const count = (label: string) => state.values.slice(1).filter((r) => r[match] === label).length;
  const summary = (await page.getByTestId('enrich-summary').textContent()) ?? '';
  expect(summary).toContain(`Enriched ${SAMPLE_BOM_ROWS - SAMPLE_BOM_BLANK_ROWS.length} rows`);
  expect(await page.getByTestId('enrich-count-exact').textContent()).toContain(String(count('Exact')));
  expect(await page.getByTestId('enrich-count-notFound').textContent()).toContain(String(count('Not found')));

});
