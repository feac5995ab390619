/**
 * Hostile data: the emulator's hostile strings (=HYPERLINK, =1+1, +SUM, -2+3, @cmd, <script>, <img
 * onerror>, a 5,000-character notice, right-to-left text) go through every writer — import and
 * enrichment into the workbook double (values and formulas modes), the custom functions and the
 * command line's xlsx output — and each arrives as the same text, never as a formula.
 */
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { DEMO_KEY, HOSTILE_PARTNOS, HOSTILE_STRINGS, type RunningEmulator } from '../../emulator';
import { createClient, fieldsOfGroup } from '../../api';
import { list, query, spec } from '../../src/functions/functions';
import { enrichSelection } from '../../src/sheets/enrich';
import { importProducts } from '../../src/sheets/import';
import { createExcelDouble, type ExcelDouble } from '../../src/workbench/excel-double';
import { formulaCells, makeTempDir, readXlsx } from '../cli/helpers';
import { runCliInProcess } from '../cli/in-process';
import { describeError } from '../../testkit/custom-functions-shim';
import { startFunctionsHarness } from '../../testkit/functions-harness';
import { closePoolAndCheckBudget, createEmulatorPool, recordFigures } from './support';
import { reportOf, firstSet } from '../support/enrichment-report';

const pool = createEmulatorPool();
let emulator: RunningEmulator;
const HOSTILE = Object.values(HOSTILE_STRINGS) as string[];
const FREE_TEXT = ['ProductName', 'Notices', 'FeatureText'];
const figures: Record<string, number> = {};

beforeAll(async () => {
  emulator = await pool.start();
});

afterAll(async () => {
  const { requests } = await closePoolAndCheckBudget(pool);
  recordFigures('hostile-data', { ...figures, hostileStrings: HOSTILE.length, hostileParts: HOSTILE_PARTNOS.length, requestsChecked: requests });
});

const client = () => createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false, retry: false });

/** The hostile strings a set of cells holds, each at most once. */
const hostileIn = (cells: unknown[]): Set<string> => new Set(cells.filter((v): v is string => typeof v === 'string' && HOSTILE.includes(v)));

/** Cells whose text Excel would run as a formula if it were typed in: = + - @ at the start (numbers aside). */
const formulaLooking = (cells: unknown[]): string[] => cells.filter((v): v is string => typeof v === 'string' && /^[=+\-@]/.test(v) && !/^[+-]?\d/.test(v));

function allValues(excel: ExcelDouble): unknown[] {
  return excel.sheetNames().flatMap((sheet) => excel.values(sheet).flat());
}

test('import: every hostile part of every group, all text fields, lands as text; no formula anywhere', async () => {
  const excel = createExcelDouble();
  const deps = { run: excel.run, client: client(), settings: excel.office.context.document.settings };
  for (const [category, group] of [['ceramicCapacitorsSMD', 'SMD'], ['ceramicCapacitorsLead', 'Lead'], ['inductors', 'Ind']] as const) {
    const partnos = HOSTILE_PARTNOS.filter((p) => emulator.catalog.byPartno.get(p)?.group === group);
    const textFields = fieldsOfGroup(group).filter((f) => f.type === 'String' || f.type === 'List[String]').map((f) => f.key);
    const result = await importProducts(deps, { query: { category, filter: `Partno eq '${partnos.join('|')}'` }, fields: textFields });
    expect(result).toMatchObject({ status: 'done', productCount: partnos.length });
  }
  const cells = allValues(excel);
  expect(hostileIn(cells)).toEqual(new Set(HOSTILE));
  expect(formulaLooking(cells).length).toBeGreaterThan(0);
  expect(excel.formulaCells()).toEqual([]);
  figures.importFormulaCells = excel.formulaCells().length;
});

function hostileBom(excel: ExcelDouble): void {
  excel.setCells('Sheet1', 'A1', [['Part Number', 'Qty'], ...HOSTILE_PARTNOS.map((p) => [p, 1])]);
  excel.select('Sheet1', 'A2');
}

test('enrichment, values mode: the hostile names and notices are written as text', async () => {
  const excel = createExcelDouble();
  hostileBom(excel);
  const result = reportOf(await enrichSelection({ run: excel.run, client: client() }, { fields: FREE_TEXT, risk: true, alternatives: true, mode: 'values' }));
  expect(result.status).toBe('done');
  expect(firstSet(result).tally.counts.exact).toBe(HOSTILE_PARTNOS.length);
  const cells = allValues(excel);
  expect(hostileIn(cells)).toEqual(new Set(HOSTILE));
  expect(excel.formulaCells()).toEqual([]);
  figures.enrichValuesFormulaCells = 0;
});

test('enrichment, formulas mode: the only formulas are our own =PART.* references to the part cell', async () => {
  const excel = createExcelDouble();
  hostileBom(excel);
  const result = reportOf(await enrichSelection({ run: excel.run, client: client() }, { fields: FREE_TEXT, risk: true, mode: 'formulas' }));
  expect(result.status).toBe('done');
  const ours = /^=PART\.(SPEC|RISK)\(A\d+(,"[A-Za-z.]+")*\)$/;
  const formulas = excel.formulaCells();
  expect(formulas.length).toBe(HOSTILE_PARTNOS.length * (FREE_TEXT.length + 1));
  expect(formulas.filter((f) => !ours.test(f.formula))).toEqual([]);
  expect(formulas.some((f) => HOSTILE.some((h) => f.formula.includes(h)))).toBe(false);
});

test('custom functions: PART.SPEC, PART.LIST and PART.QUERY return the hostile strings as plain strings', async () => {
  const h = await startFunctionsHarness();
  pool.track(h.emulator);
  try {
    const grid = await spec(HOSTILE_PARTNOS.map((p) => [p]), [FREE_TEXT]);
    const values = grid.flat();
    expect(values.every((v) => typeof v === 'string' || describeError(v)?.code === '#N/A')).toBe(true);
    expect(hostileIn(values)).toEqual(new Set(HOSTILE));
    for (const [i, partno] of HOSTILE_PARTNOS.entries()) {
      const source = h.emulator.catalog.byPartno.get(partno)!.values;
      expect(grid[i][0]).toBe(source.ProductName);
    }
    const table = await query('inductors', `Partno eq '${HOSTILE_PARTNOS.filter((p) => p.startsWith('MPM') || p.startsWith('MLG') || p.startsWith('MWF')).join('|')}'`, [['Partno', 'ProductName', 'Notices', 'FeatureText']]);
    const searched = table.flat();
    expect(searched.every((v) => typeof v === 'string' || v === '' || typeof v === 'number')).toBe(true);
    expect(hostileIn(searched).size).toBeGreaterThanOrEqual(5);
    const alternatives = await list(HOSTILE_PARTNOS[0], 'Mounting');
    expect(alternatives.flat().every((v) => typeof v === 'string')).toBe(true);
    figures.functionValues = values.length + searched.length;
  } finally {
    await h.close();
  }
});

test('command line: the xlsx of a search over the hostile parts holds them as text, with no formula', async () => {
  const { dir, cleanup } = makeTempDir();
  try {
    const out = join(dir, 'hostile.xlsx');
    const filter = `Partno eq '${HOSTILE_PARTNOS.filter((p) => emulator.catalog.byPartno.get(p)?.group !== 'Ind').join('|')}'`;
    const run = await runCliInProcess(['search', '--category', 'ceramicCapacitors', '--filter', filter, '--fields', 'ProductName,Notices,Status', '--out', out, '--base-url', emulator.url], {
      home: dir,
      env: { PARTSPEC_API_KEY: DEMO_KEY },
    });
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    const workbook = await readXlsx(out);
    expect(formulaCells(workbook)).toEqual([]);
    const cells: unknown[] = [];
    workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.type === ExcelJS.ValueType.String ? cell.value : cell.text))));
    // The capacitor parts carry every hostile string in ProductName or Notices.
    expect(hostileIn(cells)).toEqual(new Set(HOSTILE));
    figures.cliCells = cells.length;
  } finally {
    cleanup();
  }
}, 60_000);
