import { enrichSelection } from '../../src/sheets/enrich';
import { inspectBom, rowRuns, selectChangedRows, selectRowsWithStatus } from '../../src/sheets/bom-tools';
import { useRig, freshWorkbook } from './helpers';
import { installHost } from '../functions/stand-in-host';
import { reportOf } from '../support/enrichment-report';

const rig = useRig();

test('rowRuns merges consecutive rows', () => {
  expect(rowRuns([7, 3, 4, 5, 9, 10, 4])).toEqual([
    [3, 5],
    [7, 7],
    [9, 10],
  ]);
  expect(rowRuns([])).toEqual([]);
});

test('inspectBom lists the columns, the detected part-number column and the rows, without writing', async () => {
  const w = freshWorkbook(rig);
  w.excel.setCells('Sheet1', 'A1', [
    ['Ref', 'Qty', 'Mfr Part #', 'Notes'],
    ['C1', 2, 'X1', 'a'],
    ['C2', 4, 'X2', 'b'],
    ['C3', 1, 'X3', ''],
  ]);
  w.excel.select('Sheet1', 'A1');
  const before = JSON.stringify(w.excel.values('Sheet1'));
  const syncsBefore = w.excel.payloadSizes().length;
  const found = await inspectBom(w.excel.run);
  expect(found).toEqual({
    ok: true,
    sheetName: 'Sheet1',
    columns: [
      { id: "'Sheet1'!A2:A4", letter: 'A', header: 'Ref' },
      { id: "'Sheet1'!B2:B4", letter: 'B', header: 'Qty' },
      { id: "'Sheet1'!C2:C4", letter: 'C', header: 'Mfr Part #' },
      { id: "'Sheet1'!D2:D4", letter: 'D', header: 'Notes' },
    ],
    detected: "'Sheet1'!C2:C4",
    rows: 3,
    candidates: [{ id: "'Sheet1'!C2:C4", letter: 'C', header: 'Mfr Part #', samples: ['X1', 'X2', 'X3'] }],
    ambiguous: false,
    alternates: [],
  });
  expect(JSON.stringify(w.excel.values('Sheet1'))).toBe(before);
  expect(w.excel.payloadSizes().slice(syncsBefore).every((bytes) => bytes < 1000)).toBe(true);
});

test('inspectBom on an empty sheet says what to do', async () => {
  const w = freshWorkbook(rig);
  const found = await inspectBom(w.excel.run);
  expect(found).toEqual({ ok: false, message: expect.stringMatching(/empty/) });
});

test('after an enrichment, the Not found and Invalid rows are selected across the BOM', async () => {
  const w = freshWorkbook(rig);
  const real = rig.emulator.catalog.byGroup.SMD[10].values.Partno as string;
  w.excel.setCells('Sheet1', 'A1', [['MPN', 'Qty'], [real, 1], ['NOPE12345678', 2], ['NOPE87654321', 3], [real, 4], ['!!', 5]]);
  w.excel.select('Sheet1', 'A2:A6');
  const enriched = reportOf(await enrichSelection({ run: w.excel.run, client: w.client }, { fields: ['Status'] }));
  expect(enriched.status).toBe('done');
  const host = installHost({ ExcelApi: '1.18' });
  try {
    expect(await selectRowsWithStatus(w.excel.run, ['notFound', 'invalid'])).toEqual({ ok: true, rows: 3, address: 'A3:D4,A6:D6', selected: 'A3:D4,A6:D6' });
    expect(w.excel.model.selection?.areas?.length).toBe(2);
    expect(await selectRowsWithStatus(w.excel.run, ['ambiguous'])).toEqual({ ok: false, message: 'No row has the status Ambiguous.' });
  } finally {
    host.remove();
  }
});

test.each([
  ['ExcelApi 1.16 (Excel before Version 2501)', { ExcelApi: '1.16' }],
  ['no Office at all', undefined],
])('on a host with %s, the rows are picked the same and the first area is selected with Range.select', async (_name, sets) => {
  const w = freshWorkbook(rig);
  const real = rig.emulator.catalog.byGroup.SMD[10].values.Partno as string;
  w.excel.setCells('Sheet1', 'A1', [['MPN', 'Qty'], [real, 1], ['NOPE12345678', 2], ['NOPE87654321', 3], [real, 4], ['!!', 5]]);
  w.excel.select('Sheet1', 'A2:A6');
  expect(reportOf(await enrichSelection({ run: w.excel.run, client: w.client }, { fields: ['Status'] })).status).toBe('done');
  const host = sets ? installHost(sets) : undefined;
  try {
    expect(await selectRowsWithStatus(w.excel.run, ['notFound', 'invalid'])).toEqual({ ok: true, rows: 3, address: 'A3:D4,A6:D6', selected: 'A3:D4' });
    expect(w.excel.model.selection?.areas).toBeUndefined();
    expect(w.excel.model.selection?.block).toEqual({ row: 2, column: 0, rowCount: 2, columnCount: 4 });
  } finally {
    host?.remove();
  }
});

test('selecting by status before any enrichment says to enrich first', async () => {
  const w = freshWorkbook(rig);
  w.excel.setCells('Sheet1', 'A1', [['MPN'], ['X1']]);
  w.excel.select('Sheet1', 'A2');
  expect(await selectRowsWithStatus(w.excel.run, ['notFound'])).toEqual({ ok: false, message: expect.stringMatching(/run Enrich first/) });
});

test('a host with ExcelApi 1.16 selects the changed rows through the fallback: the first run of them, with Range.select', async () => {
  const w = freshWorkbook(rig);
  w.excel.setCells('Sheet1', 'A1', [
    ['MPN', 'Qty', 'PartSpec: Changes'],
    ['X1', 1, ''],
    ['X2', 2, 'Status In Production → NRND'],
    ['X3', 3, 'Status In Production → NRND'],
    ['X4', 4, ''],
    ['X5', 5, 'RatedVoltage 50 → 25'],
  ]);
  w.excel.select('Sheet1', 'A2');
  const host = installHost({ ExcelApi: '1.16' });
  try {
    expect(await selectChangedRows(w.excel.run)).toEqual({ ok: true, rows: 3, address: 'A3:C4,A6:C6', selected: 'A3:C4' });
    expect(host.asked).toContain('ExcelApi 1.18');
    expect(w.excel.model.selection?.block).toEqual({ row: 2, column: 0, rowCount: 2, columnCount: 3 });
    expect(w.excel.model.selection?.areas).toBeUndefined();
  } finally {
    host.remove();
  }
});
