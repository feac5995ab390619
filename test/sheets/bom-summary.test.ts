import { summarySheetName } from '../../core/names';
import { STATUS_BUCKETS } from '../../core/report/types';
import { summarizeBomInExcel } from '../../src/sheets/bom-summary';
import { enrichSelection } from '../../src/sheets/enrich';
import { LIFECYCLE_BOM } from '../fixtures/boms/lifecycle-bom';
import { freshWorkbook, useRig } from './helpers';
import { reportOf } from '../support/enrichment-report';

/* The BOM summary in Excel, against the emulator over real HTTP: every figure agrees with the
 * Match, Status and date cells an enrichment of the same BOM writes, and the BOM is only read. */

const TODAY = new Date(2026, 10, 24);
const BOM = LIFECYCLE_BOM;

const rig = useRig();

test('every figure of the summary agrees with the Match, Status and date cells of an enrichment of the same BOM', async () => {
  const w = freshWorkbook(rig);
  w.excel.setCells('Sheet1', 'A1', BOM);
  w.excel.select('Sheet1', 'E2');
  const deps = { run: w.excel.run, client: w.client, now: () => TODAY };
  const enriched = reportOf(await enrichSelection(deps, { fields: ['Status', 'LastBuyDate', 'ProductionEndDate'], risk: true }));
  expect(enriched.status).toBe('done');
  const sheet = w.excel.values('Sheet1');
  const header = sheet[0];
  const col = (name: string): number => header.indexOf(name);
  const data = sheet.slice(1);
  const statusOf = (r: (typeof data)[number]): string => String(r[col('PartSpec: Status')] ?? '');
  const matchOf = (r: (typeof data)[number]): string => String(r[col('PartSpec: Match')] ?? '');
  const before = JSON.stringify(w.excel.values('Sheet1'));

  const result = await summarizeBomInExcel(deps, { builds: 100, lang: 'en' });
  if (result.status !== 'done') throw new Error(result.message);
  const { summary } = result;
  expect(JSON.stringify(w.excel.values('Sheet1'))).toBe(before);

  // Rows by status: the Status cells of found rows, the Match cells of the rest.
  const expected = Object.fromEntries(STATUS_BUCKETS.map((b) => [b, 0]));
  for (const r of data) {
    const match = matchOf(r);
    if (match === 'Not found') expected['Not found']++;
    else if (match === 'Other maker') expected['Other maker']++;
    else if (match === 'Not fitted') expected['Not fitted']++;
    else if (match === '') expected.Blank++;
    else expected[statusOf(r)]++;
  }
  expect(Object.fromEntries(STATUS_BUCKETS.map((b) => [b, summary.byStatus[b].rows]))).toEqual(expected);
  // Placed quantity: the Qty cell, else the designators counted (C7 C8 C9 → 3).
  expect(summary.byStatus['In Production'].quantity).toBe(4 + 1);
  expect(summary.byStatus['To be discontinued'].quantity).toBe(3 + 1);

  // Ending parts: every row whose LastBuyDate or ProductionEndDate cell is past or within 24 months.
  const dayOf = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
  const serialToday = Math.round((Date.UTC(2026, 10, 24) - Date.UTC(1899, 11, 30)) / 86_400_000);
  const ending = data.filter((r) => [dayOf(r[col('PartSpec: Last buy date')]), dayOf(r[col('PartSpec: Production end date')])].some((d) => d !== undefined && d <= serialToday + 731)).map((r) => String(r[col('MPN')]));
  expect(ending.length).toBeGreaterThanOrEqual(3);
  expect(summary.ending.map((e) => e.partNumber).sort()).toEqual([...new Set(ending)].sort());
  for (const e of summary.ending) {
    // Rounded up to whole minimum orders; none once the last buy has passed.
    const moq = e.minOrderQuantity ?? 1;
    expect(e.lastTimeBuy).toBe(e.tooLate ? undefined : Math.ceil((e.quantityPerBoard * 100) / moq) * moq);
    expect(e.horizon === 'past').toBe(e.date < '2026-11-24');
  }
  // At risk: the rows the Risk column calls Risk or EOL.
  const risky = data.filter((r) => ['Risk', 'EOL'].includes(String(r[col('PartSpec: Risk')]))).map((r) => String(r[col('MPN')]));
  expect(risky.length).toBeGreaterThanOrEqual(4);
  expect(summary.atRisk.map((p) => p.partNumber).sort()).toEqual([...new Set(risky)].sort());
  expect(summary.atRisk.some((p) => p.instead.length > 0)).toBe(true);

  // One summary sheet per BOM sheet, named after it; it says which workbook and sheet it is of.
  expect(result.summarySheet).toBe(summarySheetName('Sheet1'));
  expect(summary.source).toEqual({ file: 'Book1.xlsx', sheet: 'Sheet1' });
  expect(w.excel.values(summarySheetName('Sheet1'))[1][0]).toBe("BOM: Book1.xlsx, sheet 'Sheet1'");
  expect(w.excel.charts(summarySheetName('Sheet1')).map((c) => c.name)).toEqual(['PartSpecStatus', 'PartSpecTimeline', 'PartSpecCompliance']);
});

test('without a BOM the summary says so in one sentence and writes nothing', async () => {
  const w = freshWorkbook(rig);
  w.excel.select('Sheet1', 'A1');
  const result = await summarizeBomInExcel({ run: w.excel.run, client: w.client, now: () => TODAY });
  expect(result.status).toBe('failed');
  if (result.status === 'done') return;
  expect(result.message).toMatch(/^[A-Z].*\.$/);
  expect(w.excel.sheetNames()).toEqual(['Sheet1']);
});

test('a selection on the summary sheet is refused for the summary and for an enrichment: its tables are never taken for a BOM', async () => {
  const w = freshWorkbook(rig);
  w.excel.setCells('Sheet1', 'A1', BOM);
  w.excel.select('Sheet1', 'E2');
  const deps = { run: w.excel.run, client: w.client, now: () => TODAY };
  const written = await summarizeBomInExcel(deps, { lang: 'en' });
  expect(written.status).toBe('done');
  const SUMMARY_SHEET_NAME = summarySheetName('Sheet1');
  const summaryBefore = JSON.stringify(w.excel.values(SUMMARY_SHEET_NAME));
  w.excel.select(SUMMARY_SHEET_NAME, 'A7');
  const again = await summarizeBomInExcel(deps, { lang: 'en' });
  expect(again).toMatchObject({ status: 'failed', message: expect.stringContaining(`This is the ${SUMMARY_SHEET_NAME} sheet, not a BOM`) });
  const enriched = await enrichSelection(deps, { fields: ['Status'] });
  expect(enriched).toMatchObject({ ok: false, message: expect.stringContaining(`This is the ${SUMMARY_SHEET_NAME} sheet, not a BOM`) });
  expect(JSON.stringify(w.excel.values(SUMMARY_SHEET_NAME))).toBe(summaryBefore);
});
