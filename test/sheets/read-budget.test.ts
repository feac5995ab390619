/**
 * Reads budgeted in bytes, as writes are: Excel on the web refuses an answer over 5 MB, so a block
 * is read in syncs sized from the widest row seen so far, and a read Excel still refuses as too
 * large is asked again with half the rows.
 */
import { DEFAULT_CHUNK_BUDGET, FIRST_READ_CELL_BYTES, planNextRead, rowPayloadBytes } from '../../core/tables/chunks';
import { readBlock } from '../../src/sheets/excel-document';
import { createExcelDouble } from '../../src/workbench/excel-double';
import { DoubleError } from '../../src/workbench/excel-double/model-types';

const MB = 1024 * 1024;

describe('planNextRead', () => {
  test.each([
    ['the first read of 10 columns assumes 256 bytes a cell', { columnCount: 10, remaining: 100_000 }, Math.floor(DEFAULT_CHUNK_BUDGET.maxBytes / (10 * FIRST_READ_CELL_BYTES))],
    ['short rows are read up to the cell budget', { columnCount: 10, remaining: 100_000, widestRowBytes: 100 }, 25_000],
    ['rows of 100 KB are read 35 at a time', { columnCount: 3, remaining: 100_000, widestRowBytes: 100 * 1024 }, 35],
    ['a row over the whole budget is read alone', { columnCount: 3, remaining: 10, widestRowBytes: 6 * MB }, 1],
    ['never more than remain', { columnCount: 1, remaining: 7, widestRowBytes: 10 }, 7],
    ['never more than the host took after a refusal', { columnCount: 1, remaining: 1000, widestRowBytes: 10, refusedAbove: 12 }, 12],
  ])('%s', (_name, progress, rows) => {
    expect(planNextRead(progress)).toBe(rows);
  });
});

/** A sheet of `rows` rows of three cells of `length` characters each. */
function longTextSheet(rows: number, length: number): ReturnType<typeof createExcelDouble> {
  const excel = createExcelDouble();
  excel.setCells('Sheet1', 'A1', Array.from({ length: rows }, (_, r) => [0, 1, 2].map((c) => `${r}:${c}:`.padEnd(length, 'x'))));
  return excel;
}

test('13 MB of long texts is read in answers Excel takes, every row once and in order', async () => {
  const excel = longTextSheet(1500, 3000);
  const before = excel.syncs().length;
  const rows = await readBlock(excel.run, 'Sheet1', { row: 0, column: 0, rowCount: 1500, columnCount: 3 });
  expect(rows.map((r) => String(r[0]).split(':')[0])).toEqual(Array.from({ length: 1500 }, (_, i) => String(i)));
  const total = rows.reduce((sum, r) => sum + rowPayloadBytes(r), 0);
  expect(total).toBeGreaterThan(12 * MB);
  const syncs = excel.syncs().slice(before);
  // The first read guesses 256 bytes a cell: Excel refuses the whole block, then half of it; once
  // rows have been seen, every read is sized to them and stays within 3.5 MB.
  expect(syncs.filter((s) => s.error).map((s) => s.error)).toEqual(['ResponsePayloadSizeLimitExceeded', 'ResponsePayloadSizeLimitExceeded']);
  const answered = syncs.filter((s) => !s.error);
  for (const sync of answered) expect(sync.answerBytes).toBeLessThanOrEqual(DEFAULT_CHUNK_BUDGET.maxBytes + 1500);
  expect(answered.length).toBeLessThanOrEqual(Math.ceil(total / (DEFAULT_CHUNK_BUDGET.maxBytes * 0.9)) + 1);
});

test('a read Excel refuses as too large is asked again with half the rows; other failures pass through', async () => {
  const excel = longTextSheet(40, 10);
  let refused = 0;
  excel.configure({
    fault: () => (refused++ < 2 ? new DoubleError('ResponsePayloadSizeLimitExceeded', 'The response payload size has exceeded the limit.') : undefined),
  });
  const rows = await readBlock(excel.run, 'Sheet1', { row: 0, column: 0, rowCount: 40, columnCount: 3 });
  expect(rows).toHaveLength(40);
  expect(rows[39][2]).toBe('39:2:xxxxx');
  excel.configure({ fault: () => new DoubleError('GeneralException', 'boom') });
  await expect(readBlock(excel.run, 'Sheet1', { row: 0, column: 0, rowCount: 40, columnCount: 3 })).rejects.toMatchObject({ code: 'GeneralException' });
});
