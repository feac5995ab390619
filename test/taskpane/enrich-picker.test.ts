import { startEmulator, type RunningEmulator } from '../../emulator';
import type { TaskpaneServices } from '../../src/taskpane/adapter/services';
import { createExcelDouble, type ExcelDouble } from '../../src/workbench/excel-double';
import { leaveExcel, paneInExcel } from './pane-in-excel';

/*
 * Enrich BOM's column picker as the pane's services feed it (the add-in adapter over its worksheet
 * operations, the emulator behind real HTTP, the workbook double as Excel): the candidates with
 * their values when two columns are close, the picked column and a ticked second source used,
 * and the summary's counts of rows not looked up.
 */

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, realNumbers: false });
});
afterAll(() => emulator.close());

afterEach(leaveExcel);

const paneIn = (excel: ExcelDouble): Promise<TaskpaneServices> => paneInExcel(excel, emulator.url);

const partsOf = (group: 'SMD' | 'Ind', from: number, count: number): string[] => emulator.catalog.byGroup[group].slice(from, from + count).map((p) => p.values.Partno as string);
const REQUEST = { fields: ['Status'], mode: 'values' as const, risk: false, alternatives: false, highlight: true, lang: 'en' as const };

test('two close columns come with their values; the picked one and a ticked second source are enriched in one lookup', async () => {
  const excel = createExcelDouble();
  const services = await paneIn(excel);
  const internal = partsOf('SMD', 60, 4);
  const maker = partsOf('Ind', 60, 4);
  const second = partsOf('Ind', 70, 4);
  excel.setCells('Sheet1', 'A1', [
    ['Ref', 'Part Number', 'Mfr PN', 'Mfr PN2', 'Manufacturer', 'Fitted'],
    ['C1', internal[0], maker[0], second[0], 'Murata', ''],
    ['C2', internal[1], maker[1], '', 'Murata', ''],
    ['C3', internal[2], maker[2], second[2], 'Murata', 'DNP'],
    ['C4', internal[3], maker[3], second[3], 'TDK', ''],
  ]);
  excel.select('Sheet1', 'A1');

  const inspection = await services.inspectBom();
  expect(inspection.ambiguous).toBe(true);
  expect(inspection.candidates?.map((c) => [c.letter, c.header, c.samples])).toEqual([
    ['C', 'Mfr PN', maker],
    ['B', 'Part Number', internal],
  ]);
  expect(inspection.detected).toBe("'Sheet1'!C2:C5");
  expect(inspection.alternates).toEqual(["'Sheet1'!D2:D5"]);

  const since = emulator.requests.length;
  // The pane reads the core's report as it is.
  const report = await services.enrich({ ...REQUEST, partColumn: inspection.candidates![1].id, alternateColumns: ["'Sheet1'!D2:D5"] });
  expect(emulator.requests.slice(since).filter((r) => r.url.startsWith('/v2/products?'))).toHaveLength(1);
  expect(report).toMatchObject({ status: 'done', bom: { region: { sheetName: 'Sheet1' } } });
  const [first, alternate] = report.sets;
  expect(first).toMatchObject({ partNumbers: 'B2:B5', tally: { counts: { exact: 2, variant: 0, ambiguous: 0, notFound: 0, invalid: 0 }, kinds: { dnp: 1, otherMaker: 1 }, notOurs: 0 } });
  expect(first.tally.kinds?.total ?? 0).toBe(0);
  expect(alternate).toMatchObject({ source: 'Mfr PN2', tally: { counts: { exact: 2, variant: 0, ambiguous: 0, notFound: 0, invalid: 0 }, kinds: { dnp: 1 } } });
  expect(alternate.tally.kinds?.otherMaker ?? 0).toBe(0);
  const values = excel.values('Sheet1');
  expect(values[0].slice(6)).toEqual(['PartSpec: Match', 'PartSpec: Status', 'PartSpec (Mfr PN2): Match', 'PartSpec (Mfr PN2): Status']);
  expect(values.slice(1).map((row) => [row[6], row[8]])).toEqual([
    ['Exact', 'Exact'],
    ['Exact', ''],
    ['Not fitted', 'Not fitted'],
    // TDK is named for Mfr PN's row only: the second source has no manufacturer column of its own.
    ['Other maker', 'Exact'],
  ]);
});

test('a column the selection names needs no picker; PartSpec columns of every source are never offered as part numbers', async () => {
  const excel = createExcelDouble();
  const services = await paneIn(excel);
  const parts = partsOf('SMD', 80, 3);
  excel.setCells('Sheet1', 'A1', [['MPN', 'PartSpec (MPN2): Match', 'PartSpec: Status'], ...parts.map((p) => [p, '', ''])]);
  excel.select('Sheet1', 'A1:A4');
  const inspection = await services.inspectBom();
  expect(inspection).toMatchObject({ ambiguous: false, candidates: [], detected: "'Sheet1'!A2:A4" });
  expect(inspection.columns.map((c) => c.header)).toEqual(['MPN']);
});

test("after an Enrich that found its column itself, the row actions read that column whatever is selected then (on a sheet named with a quote)", async () => {
  const excel = createExcelDouble({ sheets: ["Bob's BOM", 'Notes'] });
  const services = await paneIn(excel);
  const parts = partsOf('SMD', 90, 3);
  excel.setCells("Bob's BOM", 'A1', [['Ref', 'Manufacturer Part Number'], ...parts.map((p, i) => [`C${i + 1}`, p])]);
  excel.select("Bob's BOM", 'A1');
  const report = await services.enrich(REQUEST);
  expect(report).toMatchObject({ status: 'done', bom: { region: { sheetName: "Bob's BOM" } }, sets: [{ partNumbers: 'B2:B4', tally: { counts: { exact: 3 } } }] });
  excel.setCells('Notes', 'A1', [['Order next week']]);
  excel.select('Notes', 'A1');
  await expect(services.selectRowsWithStatus(['exact'])).resolves.toBe(3);
});
