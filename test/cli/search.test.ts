import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { DEMO_KEY, HOSTILE_STRINGS, runQuery, startEmulator, type RunningEmulator } from '../../emulator';
import { parseFilter } from '../../src/api';
import { formulaCells, makeTempDir, readXlsx, rowTexts, runCli } from './helpers';

let emulator: RunningEmulator;
let home: string;
let cleanup: () => void;
const env = { PARTSPEC_API_KEY: DEMO_KEY };

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  ({ dir: home, cleanup } = makeTempDir());
});

afterAll(async () => {
  await emulator.close();
  cleanup();
});

/** How many catalog products a filter matches, by the emulator's own query engine. */
function expectedCount(category: 'inductors' | 'ceramicCapacitorsLead', filter: string): number {
  const parsed = parseFilter(`Category eq '${category}'${filter ? ` and ${filter}` : ''}`, { syntax: 'user', lang: 'en' });
  return runQuery(emulator.catalog, { filter: parsed, orderBy: [], lang: 'en', limit: Infinity }).matched;
}

function readCsvRows(file: string): string[][] {
  const text = readFileSync(file, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
}

describe('partspec search', () => {
  test('harvests beyond 2000 into CSV: every matching product once, typed columns, formula-looking text neutralized', async () => {
    const filter = "Status eq 'In Production'";
    const count = expectedCount('inductors', filter);
    expect(count).toBeGreaterThan(2000);
    const out = join(home, 'inductors.csv');
    const run = await runCli(['search', '--category', 'inductors', '--filter', filter, '--fields', 'Status,ProductName,Inductance:nH', '--out', out, '--base-url', emulator.url], { home, env });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(new RegExp(`${count.toLocaleString('en-US')} products \\(\\d+ requests\\) written`));
    const [header, ...rows] = readCsvRows(out);
    expect(header).toEqual(['Partno', 'Status', 'ProductName', 'Inductance (nH)']);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => r[0])).size).toBe(count);
    expect(rows.every((r) => r[1] === 'In Production')).toBe(true);
    expect(rows.every((r) => r[3] === '' || Number.isFinite(Number(r[3])))).toBe(true);
    const hostile = rows.filter((r) => r[0].includes('Z9')).map((r) => r[2]);
    expect(hostile).toEqual(expect.arrayContaining([`'${HOSTILE_STRINGS.hyperlink}`, `'${HOSTILE_STRINGS.formula}`, `'${HOSTILE_STRINGS.plusSum}`]));
    expect(rows.some((r) => /^[=+\-@]/.test(r[2]))).toBe(false);
  });

  test('harvests beyond 2000 into xlsx: a typed table with a frozen header, hyperlinks, the query sheet, and no formulas', async () => {
    const count = expectedCount('ceramicCapacitorsLead', '');
    expect(count).toBeGreaterThan(2000);
    const out = join(home, 'lead.xlsx');
    const run = await runCli(
      ['search', '--category', 'ceramicCapacitorsLead', '--fields', 'ProductName,Capacitance:pF,LastBuyDate,Rohs,SpecificationsSheet', '--out', out, '--base-url', emulator.url],
      { home, env },
    );
    expect(run.code).toBe(0);
    const workbook = await readXlsx(out);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['ceramicCapacitorsLead', 'PartSpec query']);
    const sheet = workbook.getWorksheet('ceramicCapacitorsLead')!;
    expect(rowTexts(sheet, 1)).toEqual(['Partno', 'ProductName', 'Capacitance (pF)', 'LastBuyDate', 'Rohs', 'SpecificationsSheet']);
    expect(sheet.actualRowCount).toBe(count + 1);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(formulaCells(workbook)).toEqual([]);

    const byPartno = new Map(emulator.catalog.byGroup.Lead.map((p) => [p.values.Partno as string, p]));
    let dates = 0;
    let links = 0;
    let hostile = 0;
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const product = byPartno.get(row.getCell(1).value as string)!;
      expect(product).toBeDefined();
      const name = row.getCell(2).value;
      expect(typeof name).toBe('string');
      if ((name as string).startsWith('=') || (name as string).startsWith('-') || (name as string).startsWith('@')) hostile++;
      expect(row.getCell(3).value).toBeCloseTo((product.values['Specs.Capacitance'] as number) * 1e12, 6);
      const date = row.getCell(4);
      if (product.values.LastBuyDate) {
        expect(date.value).toBeInstanceOf(Date);
        expect((date.value as Date).toISOString().slice(0, 10)).toBe(product.values.LastBuyDate);
        expect(date.numFmt).toBe('yyyy-mm-dd');
        dates++;
      }
      expect(typeof row.getCell(5).value).toBe('boolean');
      const link = row.getCell(6).value as { hyperlink?: string; text?: string };
      if (link) {
        expect(link.hyperlink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
        links++;
      }
    });
    expect(dates).toBeGreaterThan(0);
    expect(links).toBeGreaterThan(0);
    expect(hostile).toBeGreaterThan(0);

    const about = workbook.getWorksheet('PartSpec query')!;
    expect(about.getCell('B1').value).toBe('ceramicCapacitorsLead');
    const aboutText = JSON.stringify(about.getSheetValues());
    expect(aboutText).toContain(String(count));
    expect(aboutText).not.toContain(DEMO_KEY);
  });
});

describe('partspec url and download', () => {
  test('url prints the download link of a category; a category without one is exit 2', async () => {
    const run = await runCli(['url', '--category', 'inductors', '--base-url', emulator.url], { home, env });
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toMatch(new RegExp(`^${emulator.url}/\\S+$`));
    expect(run.stdout).not.toContain(DEMO_KEY);
    expect(run.stderr).toMatch(/^Valid until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.\n$/);
    const bad = await runCli(['url', '--category', 'ceramicCapacitors', '--base-url', emulator.url], { home, env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/use ceramicCapacitorsSMD, ceramicCapacitorsLead, inductors/);
  });

  test('download writes the whole category, every product once', async () => {
    const out = join(home, 'lead-download.csv');
    const run = await runCli(['download', '--category', 'ceramicCapacitorsLead', '--fields', 'Status,ProductName', '--out', out, '--base-url', emulator.url], { home, env });
    expect(run.code).toBe(0);
    const [header, ...rows] = readCsvRows(out);
    expect(header).toEqual(['Partno', 'Status', 'ProductName']);
    expect(rows).toHaveLength(emulator.catalog.byGroup.Lead.length);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(emulator.catalog.byGroup.Lead.map((p) => p.values.Partno)));
    expect(rows.map((r) => r[header.indexOf('ProductName')])).toContain(`'${HOSTILE_STRINGS.minus}`);
  });
});

