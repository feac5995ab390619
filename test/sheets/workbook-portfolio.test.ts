import { lowerBoundRequests, normalizePartnoInput } from '../../api';
import { PORTFOLIO_SHEET_NAME } from '../../core/names';
import { writeWorkbookPortfolio } from '../../src/sheets/portfolio';
import { logSettled } from '../../testkit/settle';
import { freshWorkbook, useRig } from './helpers';

/* Parts in use across the BOM sheets of the open workbook, against the emulator over real HTTP:
 * the sheet written agrees with the core's portfolio (where used: sheet and 1-based row), the
 * union of parts is looked up once, and the BOM sheets and the notes sheet are only read. */

const TODAY = new Date(2026, 10, 24);
const rig = useRig();

const MAIN = [
  ['Main board BOM', '', '', ''],
  ['Rev C', '', '', ''],
  ['Ref', 'Qty', 'MPN', 'Manufacturer'],
  ['C20-C23', 4, 'GRM155R71C104KA88D', 'Murata'],
  ['C30', 1, 'GRM188R71H104KA93D', 'Murata'],
  ['C31', 1, 'MCS18R71H104KZ9D', 'Murata'],
];
/** A sheet name starting with =, so the sheet's Used in and Where used cells do too: they must stay text. */
const AUX_SHEET = '=Aux';
const AUX = [
  ['Designator', 'Part Number', 'Quantity', 'Description'],
  ['C1 C2', 'GRM155R71C104KA88D', 2, ''],
  ['R1', '', 1, '10k 0603 resistor'],
  ['C5', 'grm188r71h104ka93d', 1, ''],
  ['C6', 'GRM155R71C105KA88D', 1, ''],
];

function workbook(): ReturnType<typeof freshWorkbook> {
  const w = freshWorkbook(rig);
  w.excel.addSheet('Notes');
  w.excel.setCells('Notes', 'A1', [['Board notes'], ['Assembly by the usual house; see the drawing.']]);
  w.excel.addSheet('Main');
  w.excel.setCells('Main', 'A1', MAIN);
  w.excel.addSheet(AUX_SHEET);
  w.excel.setCells(AUX_SHEET, 'A1', AUX);
  w.excel.select('Notes', 'A1');
  return w;
}

test('the sheet lists each part once with where it is used, as the core computes it, from one lookup of the union; the BOM sheets are only read', async () => {
  const w = workbook();
  const before = ['Notes', 'Main', AUX_SHEET].map((s) => JSON.stringify(w.excel.formulas(s)));
  await logSettled(rig.emulator);
  rig.emulator.resetLog();
  const result = await writeWorkbookPortfolio({ run: w.excel.run, client: w.client, now: () => TODAY }, { builds: 10, lang: 'en' });
  if (result.status !== 'done') throw new Error(result.message);
  await logSettled(rig.emulator);
  const { portfolio } = result;

  expect(portfolio.boms.map((b) => [b.sheet, b.builds])).toEqual([['Main', 10], [AUX_SHEET, 10]]);
  expect(result.skipped.map((s) => s.sheet)).toContain('Notes');
  expect(['Notes', 'Main', AUX_SHEET].map((s) => JSON.stringify(w.excel.formulas(s)))).toEqual(before);

  // The written table: header from A1, one row per part of the core's portfolio, in its order.
  expect(result.sheetName).toBe(PORTFOLIO_SHEET_NAME);
  const values = w.excel.values(PORTFOLIO_SHEET_NAME);
  const header = values[0].map(String);
  expect(header.slice(0, 15)).toEqual(['Part number', 'Kind', 'Status', 'Risk', 'Reason', 'Last buy', 'BOMs', 'Used in', 'Demand', 'Min. order', 'Last-time buy', 'Replacements', 'Suggestion', 'Checks', 'Where used']);
  const col = (name: string): number => header.indexOf(name);
  const rows = values.slice(1, portfolio.parts.length + 1);
  expect(rows.map((r) => r[col('Part number')])).toEqual(portfolio.parts.map((p) => p.partNumber));
  expect(values.slice(portfolio.parts.length + 1).every((r) => r[col('Part number')] === '')).toBe(true);
  rows.forEach((r, i) => {
    const part = portfolio.parts[i];
    expect(r[col('Where used')]).toBe(part.uses.map((u) => `${u.sheet} row ${u.sheetRow}`).join(', '));
    expect(r[col('Demand')]).toBe(part.demand);
    expect(r[col('BOMs')]).toBe(part.boms.length);
  });

  // The shared capacitor: one line, used on both sheets at their own 1-based rows with their own designators.
  const cap = portfolio.parts.find((p) => p.partNumber === 'GRM155R71C104KA88D')!;
  expect(cap.uses.map((u) => [u.sheet, u.sheetRow, u.designators.join(' ')])).toEqual([
    ['Main', 4, 'C20 C21 C22 C23'],
    [AUX_SHEET, 2, 'C1 C2'],
  ]);
  expect(cap.demand).toBe((4 + 2) * 10);
  const capRow = rows[portfolio.parts.indexOf(cap)];
  expect(capRow[col('Where used')]).toBe('Main row 4, =Aux row 2');
  // Used in names each BOM as the command line does: the workbook and its sheet.
  expect(capRow[col('Used in')]).toBe('Book1.xlsx#Main ×4, Book1.xlsx#=Aux ×2');
  const auxOnly = rows.find((r) => r[col('Part number')] === 'GRM155R71C105KA88D')!;
  expect(auxOnly[col('Where used')]).toBe('=Aux row 5');
  expect(portfolio.parts.filter((p) => p.partNumber.toUpperCase() === 'GRM188R71H104KA93D')).toHaveLength(1);

  // Text as text: a cell starting with = (the sheet named =Aux) is written in a text-formatted cell, never as a formula.
  const formats = w.excel.numberFormats(PORTFOLIO_SHEET_NAME);
  values.forEach((r, i) => r.forEach((v, c) => expect([typeof v, formats[i][c]]).toEqual(typeof v === 'number' ? ['number', 'General'] : ['string', '@'])));
  expect(w.excel.formulaCells(PORTFOLIO_SHEET_NAME)).toEqual([]);
  expect(w.excel.charts(PORTFOLIO_SHEET_NAME).map((c) => c.name)).toEqual(['PartSpecPortfolioRisk']);

  // One lookup of the union of part numbers: Partno eq requests at the lower bound for the union.
  const calls = rig.emulator.requests.filter((r) => r.method === 'GET' && /\/v2\/products\?/.test(r.url));
  const union = [...new Set(portfolio.parts.filter((p) => p.kind === 'part').flatMap((p) => p.uses.map((u) => normalizePartnoInput(u.written))).flatMap((n) => (n.ok ? [n.partno] : [])))];
  const context = { baseUrl: rig.emulator.url, lang: 'en' as const, budget: 2082 };
  expect(calls.filter((r) => r.url.includes('Partno%20eq')).length).toBe(lowerBoundRequests(union, 'eq', context));
  expect(calls.filter((r) => r.url.includes('Partno%20eq')).length).toBe(1);
});

test('a re-run replaces the sheet: one sheet, one chart, the same rows', async () => {
  const w = workbook();
  const first = await writeWorkbookPortfolio({ run: w.excel.run, client: w.client, now: () => TODAY });
  expect(first.status === 'done' && first.created).toBe(true);
  const written = JSON.stringify(w.excel.values(PORTFOLIO_SHEET_NAME));
  const sheets = w.excel.sheetNames();
  const again = await writeWorkbookPortfolio({ run: w.excel.run, client: w.client, now: () => TODAY });
  expect(again.status === 'done' && again.created).toBe(false);
  expect(w.excel.sheetNames()).toEqual(sheets);
  expect(JSON.stringify(w.excel.values(PORTFOLIO_SHEET_NAME))).toBe(written);
  expect(w.excel.charts(PORTFOLIO_SHEET_NAME)).toHaveLength(1);
});

test('a workbook without a BOM is one sentence and nothing is written', async () => {
  const w = freshWorkbook(rig);
  w.excel.setCells('Sheet1', 'A1', [['Board notes'], ['Nothing to buy here.']]);
  const result = await writeWorkbookPortfolio({ run: w.excel.run, client: w.client, now: () => TODAY });
  expect(result.status).toBe('failed');
  if (result.status === 'done') return;
  expect(result.message).toMatch(/^No sheet of this workbook holds a BOM PartSpec can read \(sheet 'Sheet1': .+\)\. Nothing was written\.$/);
  expect(w.excel.sheetNames()).toEqual(['Sheet1']);
});
