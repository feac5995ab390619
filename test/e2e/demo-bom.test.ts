/**
 * README's "First steps in Excel", followed in the workbench: open assets/demo-bom.xlsx, select its
 * part-number column, Enrich BOM. The workbench reads the file with the project's own SpreadsheetML
 * readers, so its cells are the ones `partspec enrich` reads. This test also draws README's picture.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { columnLetters } from '../../core/address';
import { WorkbookPatch } from '../../ooxml/workbook-patch';
import { openSection, saveScreenshot, useE2eWorld } from './support/harness';

const world = useE2eWorld();
const DEMO = path.resolve(__dirname, '../../assets/demo-bom.xlsx');

/** Rows padded to one width, empty cells as '' (how the workbench's double reports them). */
function grid(rows: readonly (readonly unknown[])[]): unknown[][] {
  const width = Math.max(0, ...rows.map((r) => r.length));
  return rows.map((r) => Array.from({ length: width }, (_, c) => r[c] ?? ''));
}

test('the demo BOM opens with the cells the command line reads, and Enrich BOM adds Match and Status beside it', async () => {
  const book = new WorkbookPatch(readFileSync(DEMO));
  const [sheetName] = book.sheetNames;
  const expected = grid(book.values(sheetName));
  const { page } = await world.openWorkbench();
  await page.getByTestId('open-demo-bom').click();
  await page.getByTestId(`sheet-tab-${sheetName}`).waitFor();
  const opened = await page.evaluate((name) => window.partspecWorkbench!.double.values(name), sheetName);
  expect(grid(opened)).toEqual(expected);

  // README step 2: select the part-number column (click its letter), open Enrich BOM.
  const partColumn = expected[0].findIndex((h) => /part number/i.test(String(h)));
  expect(partColumn).toBeGreaterThanOrEqual(0);
  const letter = columnLetters(partColumn);
  await page.getByTestId(`column-${sheetName}-${letter}`).click();
  await openSection(page, 'enrich');
  const detected = page.getByTestId('enrich-detected');
  await detected.filter({ hasText: `column ${letter}` }).waitFor();
  expect(await detected.textContent()).toContain(`Sheet "${sheetName}"`);
  await page.getByTestId('enrich-mode-values').check();
  const risk = page.getByTestId('enrich-risk');
  if (!(await risk.isChecked())) await risk.check();
  await page.getByTestId('enrich-run').click();
  await page.getByTestId('enrich-summary').waitFor({ timeout: 90_000 });

  const values = await page.evaluate((name) => window.partspecWorkbench!.double.values(name), sheetName);
  const headers = values[0].map(String);
  const match = headers.indexOf('PartSpec: Match');
  const status = headers.indexOf('PartSpec: Status');
  expect(match).toBeGreaterThanOrEqual(expected[0].length);
  expect(status).toBeGreaterThan(match);
  // The BOM's own cells are as they were; every part row has its answer.
  expect(grid(values.map((r) => r.slice(0, expected[0].length)))).toEqual(expected);
  const parts = expected.slice(1).filter((r) => String(r[partColumn]).trim() !== '');
  expect(parts.length).toBeGreaterThan(0);
  for (const row of values.slice(1)) {
    if (String(row[partColumn]).trim() === '') continue;
    expect([row[partColumn], row[match]]).toEqual([row[partColumn], expect.stringMatching(/\S/)]);
  }
  expect(values.slice(1).filter((r) => /^Exact/.test(String(r[match]))).length).toBeGreaterThan(parts.length / 2);
  // The emulator's decoded answers are said once, as partspec enrich says them.
  const synthetic = new Set(values.slice(1).filter((r) => / \(synthetic\)$/.test(String(r[match]))).map((r) => String(r[partColumn]).trim().toUpperCase()));
  const notices = page.getByTestId('enrich-synthetic');
  if (synthetic.size > 0) {
    expect(await notices.count()).toBe(1);
    expect(await notices.textContent()).toContain("synthetic data (Match '… (synthetic)')");
  } else expect(await notices.count()).toBe(0);

  // README's picture: the demo BOM enriched, the BOM's part numbers and PartSpec's columns in view.
  await page.getByTestId(`cell-${sheetName}-${letter}1`).click();
  // Scrolled so the part numbers are the first column in view, PartSpec's beside them.
  await page.getByTestId(`cell-${sheetName}-${letter}1`).evaluate((cell) => {
    const scroller = cell.closest('[data-testid="grid"]');
    if (scroller instanceof HTMLElement) scroller.scrollLeft = (cell as HTMLElement).offsetLeft - (scroller.querySelector('th')?.getBoundingClientRect().width ?? 0);
  });
  await page.getByTestId('enrich-summary').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'enrich-bom');
});

test('a workbook the user picks opens with its sheets, numbers, text and dates', async () => {
  const workbook = new ExcelJS.Workbook();
  const bom = workbook.addWorksheet('Main board');
  bom.addRows([
    ['Ref', 'Qty', 'MPN', 'Checked'],
    ['C1', 4, 'GRM155R71C104KA88D', new Date(Date.UTC(2026, 10, 2))],
    ['L1', 1, 'LQM18PN2R2MFRL', null],
  ]);
  bom.getCell('D2').numFmt = 'yyyy-mm-dd';
  workbook.addWorksheet('Notes').addRow(['Rev B', 'π ≈ 3.14']);
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

  const { page } = await world.openWorkbench();
  await page.getByTestId('open-file').setInputFiles({ name: 'main-board.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bytes });
  // The notice comes last, once every sheet is in.
  await page.getByTestId('workbench-notice').filter({ hasText: 'Opened main-board.xlsx.' }).waitFor();
  const state = await page.evaluate(() => {
    const d = window.partspecWorkbench!.double;
    return { names: d.sheetNames(), main: d.values('Main board'), texts: d.texts('Main board'), notes: d.values('Notes'), notice: document.querySelector('[data-testid="workbench-notice"]')?.textContent };
  });
  expect(state.names).toEqual(['Sheet1', 'Main board', 'Notes']);
  expect(state.main.map((r) => r.slice(0, 3))).toEqual([
    ['Ref', 'Qty', 'MPN'],
    ['C1', 4, 'GRM155R71C104KA88D'],
    ['L1', 1, 'LQM18PN2R2MFRL'],
  ]);
  expect(state.texts[1][3]).toBe('2026-11-02');
  expect(state.notes).toEqual([['Rev B', 'π ≈ 3.14']]);
  expect(state.notice).toBe('Opened main-board.xlsx.');

  // A file that is not a workbook is refused in a sentence, and nothing is added.
  await page.getByTestId('open-file').setInputFiles({ name: 'bom.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('Ref,Qty\nC1,1\n') });
  await page.getByTestId('workbench-notice').filter({ hasText: 'bom.xlsx is not a readable .xlsx workbook' }).waitFor();
  expect(await page.evaluate(() => window.partspecWorkbench!.double.sheetNames())).toEqual(['Sheet1', 'Main board', 'Notes']);
});
