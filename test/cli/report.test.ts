/**
 * `partspec report` against the emulator over real HTTP: every figure of the summary agrees with
 * the Match, Status, date, compliance, Risk and Alternatives cells `partspec enrich` writes for the
 * same BOM (CSV, TSV and xlsx); a workbook gains the PartSpec Summary sheet with native charts and
 * keeps every other entry byte for byte, a re-run changes only the summary's parts, and LibreOffice
 * opens the result with its charts; the HTML page is self-contained and escaped.
 */
import { fieldLabel, resolveField } from '../../api/vocabulary';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import Papa from 'papaparse';
import { DEMO_KEY } from '../../emulator';
import { summaryLabels } from '../../core/report/labels';
import { PAST_QUARTER, STATUS_BUCKETS, type BomSummary } from '../../core/report/types';
import { LIFECYCLE_BOM as BOM } from '../fixtures/boms/lifecycle-bom';
import { convertWithLibreOffice } from '../fixtures/workbooks/libreoffice';
import { ROOT, useEmulatorHome, type CliRun } from './helpers';
import { runCliInProcess } from './in-process';

const world = useEmulatorHome();
const FIELDS = 'Status,LastBuyDate,ProductionEndDate,MinOrderQuantity,Rohs,Reach,LeadFree,AecQ200Support';
const BUILDS = 250;

/** The lifecycle BOM, with a part on two rows (one with markup in its designators) and a part of the emulator's synthetic data. */
const LIFECYCLE_BOM = [...BOM, [11, 2, 'C16 <b>C17</b>', 'Murata', 'MCA155C0J620JA1D', ''], [12, 10, 'C20-C29', 'Murata', 'GRM155R71C104KA88D', '']];

const cli = (args: string[]): Promise<CliRun> => runCliInProcess([...args, '--base-url', world.emulator.url], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY } });

/** A text file's rows by header, whatever its encoding (UTF-8, or UTF-16 with a byte-order mark) and delimiter. */
function readTable(file: string): Record<string, string>[] {
  const bytes = readFileSync(file);
  const text = bytes[0] === 0xff && bytes[1] === 0xfe ? bytes.subarray(2).toString('utf16le') : bytes.toString('utf8').replace(/^\uFEFF/, '');
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
}

async function writeLifecycleBom(): Promise<void> {
  writeFileSync(join(world.home, 'lifecycle.csv'), Papa.unparse(LIFECYCLE_BOM, { newline: '\n' }));
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('BOM').addRows(LIFECYCLE_BOM);
  await workbook.xlsx.writeFile(join(world.home, 'lifecycle.xlsx'));
}

interface Columns {
  part: string;
  qty?: string;
  ref: string;
}

/** Enriches the BOM and reports on it; every figure of the summary is checked against the enriched cells. */
async function checkAgainstEnrichment(bom: string, columns: Columns): Promise<BomSummary> {
  const enriched = await cli(['enrich', bom, '--fields', FIELDS, '--risk', '--alternatives', '--out', `${bom}.enriched.csv`]);
  expect(enriched.code === 0 || enriched.code === 1).toBe(true);
  const report = await cli(['report', bom, '--builds', String(BUILDS), '--json', `${bom}.summary.json`, ...(bom.endsWith('.xlsx') ? ['--out', `${bom}.report.xlsx`] : [])]);
  expect(report.stderr).not.toMatch(/partspec report:/);
  expect(report.code).toBe(0);
  const summary = JSON.parse(readFileSync(join(world.home, `${bom}.summary.json`), 'utf8')) as BomSummary;
  const rows = readTable(join(world.home, `${bom}.enriched.csv`));
  const cell = (r: Record<string, string>, header: string): string => String(r[header] ?? '').trim();
  const qtyOf = (r: Record<string, string>): number => {
    if (cell(r, 'PartSpec: Match') === 'Not fitted') return 0;
    const qty = columns.qty === undefined ? '' : cell(r, columns.qty);
    return qty !== '' ? Number(qty) : cell(r, columns.ref).split(/[\s,]+/).filter((d) => d !== '').length;
  };
  const found = rows.filter((r) => /^(Exact|Variant)/.test(cell(r, 'PartSpec: Match')));

  // Rows and placed quantity by status: the Status cell of found rows, the Match cell of the rest.
  const expected = Object.fromEntries(STATUS_BUCKETS.map((b) => [b, { rows: 0, quantity: 0 }]));
  for (const r of rows) {
    const match = cell(r, 'PartSpec: Match');
    const bucket = /^(Exact|Variant)/.test(match) ? cell(r, 'PartSpec: Status') : match === '' ? 'Blank' : match;
    expected[bucket].rows++;
    expected[bucket].quantity += qtyOf(r);
  }
  expect(summary.byStatus).toEqual(expected);
  expect(summary.rows).toBe(rows.length);

  // Ending parts: the earlier date cell within 24 months (or past), the quantity per board over the part's rows, × builds.
  const horizon = new Date();
  horizon.setUTCMonth(horizon.getUTCMonth() + 24);
  const limit = horizon.toISOString().slice(0, 10);
  const endOf = (r: Record<string, string>): string | undefined => [cell(r, 'PartSpec: Last buy date'), cell(r, 'PartSpec: Production end date')].filter((d) => d !== '').sort()[0];
  const ending = new Map<string, number>();
  for (const r of found) if ((endOf(r) ?? '9999') <= limit) ending.set(cell(r, columns.part), (ending.get(cell(r, columns.part)) ?? 0) + qtyOf(r));
  expect(Object.fromEntries(summary.ending.map((e) => [e.partNumber, e.quantityPerBoard]))).toEqual(Object.fromEntries(ending));
  for (const e of summary.ending) {
    // Whole minimum orders (the MinOrderQuantity cell of its row), and none once the last buy has passed.
    const moq = Number(cell(found.find((r) => cell(r, columns.part) === e.partNumber)!, 'PartSpec: Minimum order quantity')) || undefined;
    if (moq !== undefined) expect(e.minOrderQuantity).toBe(moq);
    expect(e.lastTimeBuy).toBe(e.tooLate ? undefined : Math.ceil((e.quantityPerBoard * BUILDS) / (moq ?? 1)) * (moq ?? 1));
    expect(e.date).toBe(endOf(found.find((r) => cell(r, columns.part) === e.partNumber)!));
  }
  const quarters = new Map<string, number>();
  for (const e of summary.ending) quarters.set(e.horizon === 'past' ? PAST_QUARTER : e.quarter, (quarters.get(e.horizon === 'past' ? PAST_QUARTER : e.quarter) ?? 0) + 1);
  expect(Object.fromEntries(summary.timeline.map((q) => [q.quarter, q.parts]))).toEqual(Object.fromEntries(quarters));

  // Compliance: distinct found parts whose cell is TRUE, FALSE or empty.
  const parts = new Map(found.map((r) => [cell(r, columns.part), r]));
  for (const c of summary.compliance) {
    const values = [...parts.values()].map((r) => cell(r, `PartSpec: ${fieldLabel(resolveField(c.flag).field!)}`));
    expect([c.flag, c.yes, c.no, c.unknown]).toEqual([c.flag, values.filter((v) => v === 'TRUE').length, values.filter((v) => v === 'FALSE').length, values.filter((v) => v === '').length]);
  }

  // At risk: the parts the Risk column calls Risk or EOL; the maker's alternatives are the Alternatives cell's.
  const risky = new Map(found.filter((r) => ['Risk', 'EOL'].includes(cell(r, 'PartSpec: Risk'))).map((r) => [cell(r, columns.part), r]));
  expect(summary.atRisk.map((p) => p.partNumber).sort()).toEqual([...risky.keys()].sort());
  for (const p of summary.atRisk) {
    expect(p.risk).toBe(cell(risky.get(p.partNumber)!, 'PartSpec: Risk'));
    const named = cell(risky.get(p.partNumber)!, 'PartSpec: Alternatives').split(/,\s*/).filter((a) => a !== '');
    for (const alternative of p.instead.filter((i) => i.makerAlternative)) expect(named).toContain(alternative.partno);
  }
  expect(summary.changed).toEqual([]);
  return summary;
}

/** Every entry of a ZIP, uncompressed. */
const entriesOf = (file: string): Record<string, Uint8Array> => unzipSync(readFileSync(join(world.home, file)));

beforeAll(async () => {
  await writeLifecycleBom();
  copyFileSync(join(ROOT, 'assets', 'demo-bom.csv'), join(world.home, 'demo-bom.csv'));
  copyFileSync(join(ROOT, 'test', 'fixtures', 'boms', 'easyeda.tsv'), join(world.home, 'easyeda.tsv'));
  copyFileSync(join(ROOT, 'test', 'fixtures', 'boms', 'japanese.xlsx'), join(world.home, 'japanese.xlsx'));
});

test('the lifecycle BOM as CSV: every figure agrees with its enrichment, and every state is there', async () => {
  const summary = await checkAgainstEnrichment('lifecycle.csv', { part: 'MPN', qty: 'Qty', ref: 'Reference' });
  expect(summary.ending.length).toBeGreaterThanOrEqual(3);
  expect(summary.atRisk.length).toBeGreaterThanOrEqual(4);
  expect(summary.atRisk.some((p) => p.instead.some((i) => i.dropIn))).toBe(true);
  expect(summary.synthetic).toBe(true);
}, 60_000);

test('the lifecycle BOM as xlsx, the demo BOM and a UTF-16 TSV: every figure agrees with their enrichment', async () => {
  const csv = JSON.parse(readFileSync(join(world.home, 'lifecycle.csv.summary.json'), 'utf8')) as BomSummary;
  const xlsx = await checkAgainstEnrichment('lifecycle.xlsx', { part: 'MPN', qty: 'Qty', ref: 'Reference' });
  // The same figures; only the file and sheet they are of differ.
  expect({ ...xlsx, fetchedAt: '', source: undefined }).toEqual({ ...csv, fetchedAt: '', source: undefined });
  expect([xlsx.source, csv.source]).toEqual([{ file: 'lifecycle.xlsx', sheet: 'BOM' }, { file: 'lifecycle.csv', sheet: 'lifecycle' }]);
  const demo = await checkAgainstEnrichment('demo-bom.csv', { part: 'Manufacturer Part Number', qty: 'Qty', ref: 'Reference' });
  expect(demo.byStatus['Not fitted'].rows).toBe(1);
  const tsv = await checkAgainstEnrichment('easyeda.tsv', { part: 'Manufacturer Part', qty: 'Quantity', ref: 'Designator' });
  expect(tsv.rows).toBeGreaterThan(3);
}, 120_000);

test('a text BOM is only read: the summary goes to stdout, the HTML page is self-contained and escaped, --fail-on stops', async () => {
  const before = readFileSync(join(world.home, 'lifecycle.csv'));
  const run = await cli(['report', 'lifecycle.csv', '--builds', String(BUILDS), '--html', 'report.html', '--fail-on', 'eol']);
  expect(run.code).toBe(4);
  expect(run.stderr).toMatch(/Row 3: 'MCA155C0J121GA2D' is EOL/);
  expect(run.stdout).toMatch(/^PartSpec Summary\n/);
  expect(run.stdout).toMatch(/MCA155C0J620JA1D\s+4, 12\s+5\s+2027-\d\d-\d\d\s+Last buy date\s+Within \d+ months\s+10000\s+10000\s+C7 C8 C9 C16 <b>C17/);
  // A part past its last buy: no quantity, too late; the timeline has its bucket.
  expect(run.stdout).toMatch(/MCA155C0J121GA2D\s+3\s+2\s+2024-07-01\s+Last buy date\s+Already past\s+10000\s+too late: replace/);
  expect(run.stdout).toMatch(/Already past\s+2\s+3\n/);
  expect(run.stdout).toMatch(/BOM: lifecycle\.csv, sheet 'lifecycle'/);
  expect(readFileSync(join(world.home, 'lifecycle.csv')).equals(before)).toBe(true);
  const html = readFileSync(join(world.home, 'report.html'), 'utf8');
  expect(html.match(/<svg\b/g)).toHaveLength(3);
  expect(html).not.toMatch(/<script|<link|<img|@import|url\(/i);
  expect(html.replace(/xmlns(:\w+)?="http[^"]+"/g, '')).not.toMatch(/https?:\/\//);
  expect(html).toContain('&lt;b&gt;C17&lt;');
  expect(html).not.toContain('<b>C17');
  expect(html).toMatch(/prefers-color-scheme: dark/);
  const json = await cli(['report', 'lifecycle.csv', '--json']);
  expect((JSON.parse(json.stdout) as BomSummary).rows).toBe(LIFECYCLE_BOM.length - 1);
  for (const lang of ['ja', 'zh'] as const) {
    const labels = summaryLabels(lang);
    const text = (await cli(['report', 'lifecycle.csv', '--lang', lang])).stdout;
    expect(text.startsWith(`${labels.title}\n`)).toBe(true);
    expect(text).toContain(labels.buckets.Discontinued);
  }
}, 60_000);

test('a workbook gains the summary sheet and its charts; every other entry is kept byte for byte, and a re-run changes only the summary', async () => {
  const first = await cli(['report', 'japanese.xlsx', '--out', 'japanese-1.xlsx', '--builds', '10']);
  expect(first.code).toBe(0);
  const input = entriesOf('japanese.xlsx');
  const once = entriesOf('japanese-1.xlsx');
  const edited = ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', '[Content_Types].xml', 'xl/styles.xml'];
  for (const [name, bytes] of Object.entries(input)) if (!edited.includes(name)) expect([name, Buffer.from(once[name]).equals(Buffer.from(bytes))]).toEqual([name, true]);
  const added = Object.keys(once).filter((n) => !(n in input)).sort();
  expect(added.filter((n) => n.startsWith('xl/charts/')).length).toBeGreaterThanOrEqual(2);
  expect(added.every((n) => /^xl\/(worksheets|drawings|charts)\/(_rels\/)?(sheet|drawing|chart)\d+\.xml(\.rels)?$/.test(n))).toBe(true);
  expect(strFromU8(once['xl/workbook.xml'])).toMatch(/<sheet name="PartSpec Summary - [^"]+"/);
  const chart = strFromU8(once[added.find((n) => n.startsWith('xl/charts/'))!]);
  expect(chart).toMatch(/<c:barChart>.*<c:strCache>.*<c:numCache>/s);

  // A re-run on its own output, with other builds: only the summary sheet (and its chart caches) change.
  const second = await cli(['report', 'japanese-1.xlsx', '--builds', '20']);
  expect(second.code).toBe(0);
  const twice = entriesOf('japanese-1.xlsx');
  expect(Object.keys(twice).sort()).toEqual(Object.keys(once).sort());
  const changed = Object.keys(once).filter((n) => !Buffer.from(once[n]).equals(Buffer.from(twice[n])));
  expect(changed.length).toBeGreaterThan(0);
  expect(changed.every((n) => /^xl\/(worksheets\/sheet\d+|charts\/chart\d+)\.xml$/.test(n) && added.includes(n))).toBe(true);

  // Moved first by the user, the summary sheet is still not taken for the BOM.
  const workbook = strFromU8(twice['xl/workbook.xml']);
  const own = /<sheet name="PartSpec Summary - [^"]*"[^>]*\/>/.exec(workbook)![0];
  twice['xl/workbook.xml'] = strToU8(workbook.replace(own, '').replace('<sheets>', `<sheets>${own}`));
  writeFileSync(join(world.home, 'japanese-moved.xlsx'), zipSync(twice));
  const moved = await cli(['report', 'japanese-moved.xlsx', '--json']);
  expect(moved.code).toBe(0);
  expect((JSON.parse(moved.stdout) as BomSummary).byStatus).toEqual((JSON.parse((await cli(['report', 'japanese.xlsx', '--json'])).stdout) as BomSummary).byStatus);
}, 60_000);

/**
 * Every sheet of the lifecycle workbook's report and of the two-BOM workbook as CSV, from one
 * LibreOffice run (each run costs seconds of processor time to start): the first of the two tests
 * below to ask converts both files, which exist by then (the tests run in order).
 */
let summaryCsvs: Promise<Record<string, Buffer>> | undefined;
const summarySheetsAsCsv = (): Promise<Record<string, Buffer>> =>
  (summaryCsvs ??= convertWithLibreOffice([join(world.home, 'lifecycle.xlsx.report.xlsx'), join(world.home, 'two.xlsx')], world.home, 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1'));

test('a workbook with two BOM sheets gets a summary sheet for each: the second never replaces the first', async () => {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Main').addRows([['Part Number', 'Qty'], ['MCA155C0J121GA2D', 2]]);
  workbook.addWorksheet('Power').addRows([['Part Number', 'Qty'], ['MCA155C0J620JA1D', 3], ['MCA155C0J121GA2D', 1]]);
  await workbook.xlsx.writeFile(join(world.home, 'two.xlsx'));
  expect((await cli(['report', 'two.xlsx', '--sheet', 'Main'])).code).toBe(0);
  expect((await cli(['report', 'two.xlsx', '--sheet', 'Power'])).code).toBe(0);
  const sheets = await summarySheetsAsCsv();
  const text = (name: string): string => Object.entries(sheets).find(([file]) => file.startsWith('two-') && file.includes(name))?.[1].toString('utf8') ?? '';
  expect(text('PartSpec Summary - Main')).toMatch(/BOM: two\.xlsx, sheet 'Main'/);
  expect(text('PartSpec Summary - Power')).toMatch(/BOM: two\.xlsx, sheet 'Power'/);
  expect(text('PartSpec Summary - Power')).toContain('MCA155C0J620JA1D');
  expect(text('PartSpec Summary - Main')).not.toContain('MCA155C0J620JA1D');
}, 120_000);

test('LibreOffice opens the summary sheet with its charts and prints it to PDF', async () => {
  const pdf = await convertWithLibreOffice(join(world.home, 'lifecycle.xlsx.report.xlsx'), world.home, 'pdf');
  const bytes = Object.values(pdf)[0];
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(20_000);
  // Saved again by LibreOffice, the workbook still has three charts: it read them as charts.
  const resaved = await convertWithLibreOffice(join(world.home, 'lifecycle.xlsx.report.xlsx'), world.home, 'xlsx');
  const parts = Object.keys(unzipSync(Object.values(resaved)[0]));
  expect(parts.filter((n) => /^xl\/charts\/chart\d+\.xml$/.test(n))).toHaveLength(3);
  const sheets = await summarySheetsAsCsv();
  const summarySheet = Object.entries(sheets).find(([name]) => name.startsWith('lifecycle.xlsx.report-') && name.includes('PartSpec Summary'));
  expect(summarySheet?.[1].toString('utf8')).toMatch(/^PartSpec Summary/);
  expect(summarySheet?.[1].toString('utf8')).toMatch(/To be discontinued,3,6/);
}, 180_000);

test('--out of another kind than the workbook (a .html name) is refused before anything is written', async () => {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('BOM').addRows([['Part Number', 'Qty'], ['GRM155R71C104KA88D', 2]]);
  await workbook.xlsx.writeFile(join(world.home, 'kind.xlsx'));
  const before = readFileSync(join(world.home, 'kind.xlsx'));
  const run = await cli(['report', 'kind.xlsx', '--out', 'kind.html']);
  expect(run.code).toBe(2);
  expect(run.stderr.trim()).toBe('partspec report: --out kind.html: the workbook with its summary sheet is written as a .xlsx file, like the BOM; use --html or --json for a page or data.');
  expect(existsSync(join(world.home, 'kind.html'))).toBe(false);
  expect(readFileSync(join(world.home, 'kind.xlsx')).equals(before)).toBe(true);
});
