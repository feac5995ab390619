import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { DEMO_KEY, HOSTILE_STRINGS, runQuery } from '../../emulator';
import { parseFilter, parseOrderBy } from '../../api';
import { searchCalls } from '../api/client/emulator-support';
import { formulaCells, readXlsx, ROOT, rowTexts, type CliRun, useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const world = useEmulatorHome();
const env = { PARTSPEC_API_KEY: DEMO_KEY };

/** How many catalog products a filter matches, by the emulator's own query engine. */
function expectedCount(category: 'inductors' | 'ceramicCapacitorsLead', filter: string): number {
  const parsed = parseFilter(`Category eq '${category}'${filter ? ` and ${filter}` : ''}`, { syntax: 'user', lang: 'en' });
  return runQuery(world.emulator.catalog, { filter: parsed, orderBy: [], lang: 'en', limit: Infinity }).products.length;
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
    const out = join(world.home, 'inductors.csv');
    const run = await runCliInProcess(['search', '--category', 'inductors', '--filter', filter, '--fields', 'Status,ProductName,Inductance:nH', '--out', out, '--base-url', world.emulator.url], { home: world.home, env });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(new RegExp(`${count.toLocaleString('en-US')} products \\(\\d+ requests\\) written`));
    const [header, ...rows] = readCsvRows(out);
    expect(header).toEqual(['Part number', 'Status', 'Product name', 'Inductance (nH)']);
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
    const out = join(world.home, 'lead.xlsx');
    const run = await runCliInProcess(
      ['search', '--category', 'ceramicCapacitorsLead', '--fields', 'ProductName,Capacitance:pF,LastBuyDate,Rohs,SpecificationsSheet', '--out', out, '--base-url', world.emulator.url],
      { home: world.home, env },
    );
    expect(run.code).toBe(0);
    const workbook = await readXlsx(out);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Ceramic capacitors leaded', 'PartSpec query']);
    const sheet = workbook.getWorksheet('Ceramic capacitors leaded')!;
    expect(rowTexts(sheet, 1)).toEqual(['Part number', 'Product name', 'Capacitance (pF)', 'Last buy date', 'RoHS', 'Specification sheet']);
    expect(sheet.actualRowCount).toBe(count + 1);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(formulaCells(workbook)).toEqual([]);

    const byPartno = new Map(world.emulator.catalog.byGroup.Lead.map((p) => [p.values.Partno as string, p]));
    let dates = 0;
    let links = 0;
    let hostile = 0;
    // Every cell checked row by row, what is wrong collected and asserted once (an expect per cell costs seconds over thousands of rows).
    const wrong: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const product = byPartno.get(row.getCell(1).value as string);
      if (product === undefined) return void wrong.push([n, 'part number not in the catalog', row.getCell(1).value]);
      const name = row.getCell(2).value;
      if (typeof name !== 'string') wrong.push([n, 'product name', name]);
      else if (name.startsWith('=') || name.startsWith('-') || name.startsWith('@')) hostile++;
      const capacitance = row.getCell(3).value;
      const pF = (product.values['Specs.Capacitance'] as number) * 1e12;
      // toBeCloseTo(pF, 6): a number within 10^-6 / 2.
      if (typeof capacitance !== 'number' || !(capacitance === pF || Math.abs(capacitance - pF) < 10 ** -6 / 2)) wrong.push([n, 'capacitance', capacitance, pF]);
      const date = row.getCell(4);
      if (product.values.LastBuyDate) {
        if (!(date.value instanceof Date) || date.value.toISOString().slice(0, 10) !== product.values.LastBuyDate || date.numFmt !== 'yyyy-mm-dd') wrong.push([n, 'last buy date', date.value, date.numFmt, product.values.LastBuyDate]);
        dates++;
      }
      if (typeof row.getCell(5).value !== 'boolean') wrong.push([n, 'RoHS', row.getCell(5).value]);
      const link = row.getCell(6).value as { hyperlink?: string; text?: string };
      if (link) {
        if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(String(link.hyperlink))) wrong.push([n, 'specification sheet link', link.hyperlink]);
        links++;
      }
    });
    expect(wrong).toEqual([]);
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

/**
 * What a search must give, in order, by the emulator's own query engine over its catalog (no HTTP,
 * no client): the whole category in part-number order, or in the order asked with Partno breaking
 * ties, cut to `max`.
 */
function expectedProducts(query: { category: 'ceramicCapacitorsSMD' | 'inductors'; orderby?: string }, max = Infinity): { partno: string; status: string }[] {
  const key = `${query.category} ${query.orderby ?? ''}`;
  const whole = (expectedWholes[key] ??= queryProducts(query));
  return max < whole.length ? whole.slice(0, max) : whole;
}

/** The whole of each category asked for above, in its order: several tests check against the same ~30,000 products. */
const expectedWholes: Record<string, { partno: string; status: string }[]> = {};

function queryProducts(query: { category: 'ceramicCapacitorsSMD' | 'inductors'; orderby?: string }): { partno: string; status: string }[] {
  const filter = parseFilter(`Category eq '${query.category}'`, { syntax: 'user', lang: 'en' });
  const orderBy = query.orderby ? parseOrderBy(query.orderby, { category: query.category }) : [];
  return runQuery(world.emulator.catalog, { filter, orderBy, lang: 'en', limit: Infinity }).products.map((p) => ({ partno: p.values.Partno as string, status: String(p.values.Status ?? '') }));
}

/** The query sheet of a written xlsx, label → value. */
async function querySheet(file: string): Promise<Map<string, unknown>> {
  const about = (await readXlsx(file)).getWorksheet('PartSpec query')!;
  const rows = new Map<string, unknown>();
  about.eachRow((row) => rows.set(String(row.getCell(1).value), row.getCell(2).value));
  return rows;
}

describe('partspec search streams pages as they arrive', () => {
  test('the whole SMD category to CSV: the rows are the whole category, in part-number order', async () => {
    const expected = expectedProducts({ category: 'ceramicCapacitorsSMD' });
    const out = join(world.home, 'smd.csv');
    const run = await runCliInProcess(['search', '--category', 'ceramicCapacitorsSMD', '--fields', 'Status,Capacitance:nF', '--out', out, '--base-url', world.emulator.url, '--no-cache'], { home: world.home, env });
    expect(run.code).toBe(0);
    const [header, ...rows] = readCsvRows(out);
    expect(header).toEqual(['Part number', 'Status', 'Capacitance (nF)']);
    expect(rows.map((r) => r[0])).toEqual(expected.map((p) => p.partno));
    expect(rows.map((r) => r[1])).toEqual(expected.map((p) => p.status));
  }, 120_000);

  test('--max stops in part-number order after the calls it needs, and the file says more products match', async () => {
    const expected = expectedProducts({ category: 'ceramicCapacitorsSMD' }, 4500).map((p) => p.partno);
    world.emulator.resetLog();
    const out = join(world.home, 'smd-max.xlsx');
    const run = await runCliInProcess(['search', '--category', 'ceramicCapacitorsSMD', '--max', '4500', '--fields', 'Status', '--out', out, '--base-url', world.emulator.url, '--no-cache'], { home: world.home, env });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/4,500 products \(3 requests\) written .*more products match/);
    expect(searchCalls(world.emulator)).toHaveLength(3);
    const sheet = (await readXlsx(out)).getWorksheet('Ceramic capacitors SMD')!;
    const partnos: string[] = [];
    sheet.eachRow((row, n) => n > 1 && partnos.push(row.getCell(1).value as string));
    expect(partnos).toEqual(expected);
    const about = await querySheet(out);
    expect(about.get('Products')).toBe(4500);
    expect(about.get('Requests')).toBe(3);
    expect(about.get('Complete')).toBe('no: more products match (raise --max)');
  });

  test('a custom order over more than 2000 matches is still sorted, Partno breaking ties; with --max it is the top of that order', async () => {
    const expected = expectedProducts({ category: 'inductors', orderby: 'Inductance desc' });
    expect(expected.length).toBeGreaterThan(2000);
    const out = join(world.home, 'inductors-ordered.csv');
    const run = await runCliInProcess(['search', '--category', 'inductors', '--orderby', 'Inductance desc', '--fields', 'Inductance:nH', '--out', out, '--base-url', world.emulator.url, '--no-cache'], { home: world.home, env });
    expect(run.code).toBe(0);
    const [, ...rows] = readCsvRows(out);
    expect(rows.map((r) => r[0])).toEqual(expected.map((p) => p.partno));
    const values = rows.map((r) => (r[1] === '' ? -Infinity : Number(r[1])));
    // Every row out of order, checked row by row and asserted once (an expect per row costs seconds over thousands).
    const unordered = values.flatMap((value, i) => (i > 0 && (!(value <= values[i - 1]) || (value === values[i - 1] && !(rows[i][0] > rows[i - 1][0]))) ? [[i, rows[i - 1], rows[i]]] : []));
    expect(unordered).toEqual([]);

    const top = join(world.home, 'inductors-top.csv');
    const topRun = await runCliInProcess(['search', '--category', 'inductors', '--orderby', 'Inductance desc', '--max', '2500', '--fields', 'Inductance:nH', '--out', top, '--base-url', world.emulator.url, '--no-cache'], { home: world.home, env });
    expect(topRun.code).toBe(0);
    expect(topRun.stderr).toMatch(/2,500 products .*more products match/);
    expect(readCsvRows(top).slice(1).map((r) => r[0])).toEqual(expected.slice(0, 2500).map((p) => p.partno));
  }, 120_000);

  /** Starts a search of the whole SMD category into `out` and settles with how it ended. */
  function startSearch(out: string, extraEnv: Record<string, string> = {}): { child: ReturnType<typeof spawn>; done: Promise<CliRun> } {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'partspec.js'), 'search', '--category', 'ceramicCapacitorsSMD', '--fields', 'Status', '--out', out, '--base-url', world.emulator.url, '--no-cache'], {
      cwd: world.home,
      env: { PATH: process.env.PATH, HOME: world.home, XDG_CACHE_HOME: join(world.home, '.cache'), ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    return { child, done: new Promise<CliRun>((resolve) => child.on('close', (code) => resolve({ code, stdout: '', stderr }))) };
  }

  async function waitForSearchCalls(count: number): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (searchCalls(world.emulator).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }

  /** The part numbers of the product sheet of a written xlsx. */
  async function sheetPartnos(file: string): Promise<string[]> {
    const sheet = (await readXlsx(file)).getWorksheet('Ceramic capacitors SMD')!;
    const partnos: string[] = [];
    sheet.eachRow((row, n) => n > 1 && partnos.push(row.getCell(1).value as string));
    return partnos;
  }

  test('Ctrl-C mid-way leaves an xlsx with the rows that arrived, saying how many; exit 130', async () => {
    const expected = expectedProducts({ category: 'ceramicCapacitorsSMD' }).map((p) => p.partno);
    world.emulator.configure({ latencyMs: 300 });
    world.emulator.resetLog();
    const out = join(world.home, 'smd-cancelled.xlsx');
    try {
      const started = startSearch(out);
      await waitForSearchCalls(3);
      started.child.kill('SIGINT');
      const run = await started.done;
      expect(run.code).toBe(130);
      expect(existsSync(out)).toBe(true);
      const about = await querySheet(out);
      const kept = about.get('Products') as number;
      expect(kept).toBeGreaterThanOrEqual(2000);
      expect(kept).toBeLessThan(expected.length);
      expect(about.get('Complete')).toBe(`no: cancelled after ${kept} products; this sheet holds only those`);
      expect(await sheetPartnos(out)).toEqual(expected.slice(0, kept));
      expect(run.stderr).toContain(`cancelled after ${kept.toLocaleString('en-US')} products; ${out} holds only those rows`);
    } finally {
      world.emulator.configure({ latencyMs: 0 });
    }
  }, 60_000);

  test('a connection cut mid-way leaves an xlsx with the rows that arrived, saying the search stopped; exit 3', async () => {
    const expected = expectedProducts({ category: 'ceramicCapacitorsSMD' }).map((p) => p.partno);
    world.emulator.configure({ latencyMs: 200 });
    world.emulator.resetLog();
    const out = join(world.home, 'smd-cut.xlsx');
    try {
      const started = startSearch(out, { PARTSPEC_RETRY_BUDGET: '1' });
      await waitForSearchCalls(2);
      world.emulator.configure({ dropRate: 1 });
      const run = await started.done;
      expect(run.code).toBe(3);
      const about = await querySheet(out);
      const kept = about.get('Products') as number;
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThan(expected.length);
      expect(about.get('Complete')).toBe(`no: the search stopped after ${kept} products; this sheet holds only those`);
      expect(await sheetPartnos(out)).toEqual(expected.slice(0, kept));
      expect(run.stderr).toContain(`stopped after ${kept.toLocaleString('en-US')} products; ${out} holds only those rows`);
    } finally {
      world.emulator.configure({ latencyMs: 0, dropRate: 0 });
    }
  }, 60_000);
});

describe('partspec url and download', () => {
  test('url prints the download link of a category; a category without one is exit 2', async () => {
    const run = await runCliInProcess(['url', '--category', 'inductors', '--base-url', world.emulator.url], { home: world.home, env });
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toMatch(new RegExp(`^${world.emulator.url}/\\S+$`));
    expect(run.stdout).not.toContain(DEMO_KEY);
    expect(run.stderr).toMatch(/^Valid until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.\n$/);
    const bad = await runCliInProcess(['url', '--category', 'ceramicCapacitors', '--base-url', world.emulator.url], { home: world.home, env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/use ceramicCapacitorsSMD, ceramicCapacitorsLead, inductors/);
  });

  test('download writes the whole category, every product once', async () => {
    const out = join(world.home, 'lead-download.csv');
    const run = await runCliInProcess(['download', '--category', 'ceramicCapacitorsLead', '--fields', 'Status,ProductName', '--out', out, '--base-url', world.emulator.url], { home: world.home, env });
    expect(run.code).toBe(0);
    const [header, ...rows] = readCsvRows(out);
    expect(header).toEqual(['Part number', 'Status', 'Product name']);
    expect(rows).toHaveLength(world.emulator.catalog.byGroup.Lead.length);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(world.emulator.catalog.byGroup.Lead.map((p) => p.values.Partno)));
    expect(rows.map((r) => r[header.indexOf('Product name')])).toContain(`'${HOSTILE_STRINGS.minus}`);
  });
});

