/**
 * The demo BOM a newcomer tries first: real-format part numbers of the maker, enriched against
 * the local emulator, come back matched with the capacitances, voltages, inductances and sizes
 * their numbers encode (marked synthetic in the Match cell, with the plain status); parts of the
 * emulator's catalog in every lifecycle state show risk, dates and quantities; a number copied
 * wrong is named as not found; the Samsung and TDK rows and the DNP row are never looked up.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { fieldLabel, resolveField } from '../../api/vocabulary';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import Papa from 'papaparse';
import { textWidth } from '../../core/report/sheet-layout';
import { READABLE_SCALE } from '../../core/report/sheet-print';
import type { BomSummary } from '../../core/report/types';
import { convertWithLibreOffice } from '../fixtures/workbooks/libreoffice';
import { openChromium } from '../support/chromium';
import { picturePath } from '../support/pictures';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../emulator';
import { ROOT, columnOf, makeTempDir, readXlsx, type CliRun } from './helpers';
import { runCliInProcess } from './in-process';

let emulator: RunningEmulator;
let home: string;
let cleanup: () => void;
let run: CliRun;
let rows: Record<string, string>[];

const FIELDS = 'Status,Capacitance:nF,RatedVoltage,TemperatureCharacteristics,Inductance:uH,SizecodeInch,PackageType,Notices,LastBuyDate';

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  ({ dir: home, cleanup } = makeTempDir());
  copyFileSync(join(ROOT, 'assets', 'demo-bom.csv'), join(home, 'demo-bom.csv'));
  run = await runCliInProcess(['enrich', 'demo-bom.csv', '--out', 'demo-enriched.csv', '--base-url', emulator.url, '--fields', FIELDS], {
    home,
    env: { PARTSPEC_API_KEY: DEMO_KEY },
  });
  expect(run.code).toBe(1);
  const parsed = Papa.parse<Record<string, string>>(readFileSync(join(home, 'demo-enriched.csv'), 'utf8'), { header: true, skipEmptyLines: true });
  rows = parsed.data;
});

afterAll(async () => {
  await emulator.close();
  cleanup();
});

/** The enriched row of a part number, by the BOM's own column. */
function rowOf(partno: string, fitted = ''): Record<string, string> {
  const row = rows.find((r) => r['Manufacturer Part Number'] === partno && r.Fitted === fitted);
  if (!row) throw new Error(`no row for ${partno} in ${JSON.stringify(rows.map((r) => r['Manufacturer Part Number']))}`);
  return row;
}

test('the enrichment finds every Murata part but the one copied wrong, and says once that answers are synthetic', () => {
  expect(run.stderr).toMatch(/17 exact, 1 variant, 0 ambiguous, 1 not found/);
  expect(run.stderr).toMatch(/Row 23: 'GRM155R71C104KA8D' not found/);
  expect(run.stderr.match(/synthetic data/g)).toHaveLength(1);
  expect(rows).toHaveLength(22);
});

test.each([
  ['MCA215C1A473GC1L', 'To be discontinued'],
  ['MCA185C1E1R6BA1J', 'NRND'],
  ['MLF18FNT06R8MB2D', 'NRND'],
  ['MCA18L91C224MA1J', 'Discontinued'],
  ['MCA18D72J151KA1D', 'Under Development'],
])('%s of the catalog reads %s, a plain Exact match', (partno, status) => {
  expect([rowOf(partno)['PartSpec: Match'], rowOf(partno)['PartSpec: Status']]).toEqual(['Exact', status]);
});

test('the discontinued part’s last buy is past, the others’ still to come', () => {
  const today = new Date().toISOString().slice(0, 10);
  expect(rowOf('MCA18L91C224MA1J')['PartSpec: Last buy date'] < today).toBe(true);
  for (const partno of ['MCA215C1A473GC1L', 'MCA185C1E1R6BA1J']) expect(rowOf(partno)['PartSpec: Last buy date'] > today).toBe(true);
});

test.each([
  ['GRM155R71C104KA88D', { Capacitance: '100', RatedVoltage: '16', TemperatureCharacteristics: 'X7R', SizecodeInch: '0402' }],
  ['GRM188R61A106KE69D', { Capacitance: '10000', RatedVoltage: '10', TemperatureCharacteristics: 'X5R', SizecodeInch: '0603' }],
  ['GRM21BR61E226ME44L', { Capacitance: '22000', RatedVoltage: '25', SizecodeInch: '0805', PackageType: 'Plastic tape 180mm reel' }],
  ['GCM188R71H104KA57D', { Capacitance: '100', RatedVoltage: '50', SizecodeInch: '0603' }],
  ['GJM1555C1H100JB01D', { Capacitance: '0.01', RatedVoltage: '50', TemperatureCharacteristics: 'C0G' }],
  ['GRM1555C1H4R7CA01J', { Capacitance: '0.0047', PackageType: 'Paper tape 330mm reel' }],
  ['RDER71H104K2M1H03A', { Capacitance: '100', RatedVoltage: '50', PackageType: 'Ammo pack' }],
  ['LQM18PN2R2MFRL', { Inductance: '2.2', SizecodeInch: '0603' }],
  ['DFE322512F-2R2M=P2', { Inductance: '2.2', SizecodeInch: '1210' }],
  ['LQW18AN10NG00D', { Inductance: '0.01', SizecodeInch: '0603' }],
  ['LQG15HS10NJ02D', { Inductance: '0.01', SizecodeInch: '0402' }],
  ['LQH3NPN100MM0L', { Inductance: '10', SizecodeInch: '1212' }],
])('%s is an exact match with the specs its number encodes', (partno, specs) => {
  const row = rowOf(partno);
  // Decoded from the number alone, so the Match cell says it is synthetic; Status holds the plain status (=IF(J2="In Production",…) works).
  expect(row['PartSpec: Match']).toBe('Exact (synthetic)');
  expect(row['PartSpec: Status']).toBe('In Production');
  expect(row['PartSpec: Notices']).toMatch(/^Synthetic: /);
  const written = Object.fromEntries(
    Object.keys(specs).map((field) => {
      const name = fieldLabel(resolveField(field).field!);
      const header = Object.keys(row).find((h) => h === `PartSpec: ${name}` || h.startsWith(`PartSpec: ${name} (`));
      return [field, header === undefined ? undefined : row[header]];
    }),
  );
  expect(written).toEqual(specs);
});

test('a number without its package code matches its package forms (Variant)', () => {
  const row = rowOf('GRM155R71C104KA88');
  expect(row['PartSpec: Match']).toBe('Variant (synthetic)');
  expect(row['PartSpec: Rated voltage (V)']).toBe('16');
});

test("other makers' rows and the DNP row are left alone and never asked for", () => {
  // The Match cell says why a row was not looked up, as the add-in writes it; the spec columns stay empty.
  for (const partno of ['CL10A105KA8NNNC', 'C1005X7R1C104K050BC']) expect(rowOf(partno)['PartSpec: Match']).toBe('Other maker');
  expect(rowOf('GRM188R61A106KE69D', 'DNP')['PartSpec: Match']).toBe('Not fitted');
  for (const row of [rowOf('CL10A105KA8NNNC'), rowOf('C1005X7R1C104K050BC'), rowOf('GRM188R61A106KE69D', 'DNP')]) {
    const specs = Object.entries(row).filter(([header]) => header.startsWith('PartSpec: ') && header !== 'PartSpec: Match');
    expect(specs.length).toBeGreaterThanOrEqual(FIELDS.split(',').length);
    expect(specs.filter(([, value]) => value !== '')).toEqual([]);
  }
  const asked = emulator.requests.map((r) => decodeURIComponent(r.url)).join('\n');
  expect(asked).toContain('GRM155R71C104KA88D');
  expect(asked).not.toContain('CL10A105KA8NNNC');
  expect(asked).not.toContain('C1005X7R1C104K050BC');
});

test('the same BOM as a workbook (assets/demo-bom.xlsx, for Enrich BOM in Excel) enriches the same way', async () => {
  copyFileSync(join(ROOT, 'assets', 'demo-bom.xlsx'), join(home, 'demo-bom.xlsx'));
  const xlsxRun = await runCliInProcess(['enrich', 'demo-bom.xlsx', '--out', 'demo-enriched.xlsx', '--base-url', emulator.url, '--fields', FIELDS], {
    home,
    env: { PARTSPEC_API_KEY: DEMO_KEY },
  });
  expect(xlsxRun.code).toBe(1);
  expect(xlsxRun.stderr).toMatch(/17 exact, 1 variant/);
  const sheet = (await readXlsx(join(home, 'demo-enriched.xlsx'))).worksheets[0];
  // A workbook's rated voltage names no unit in its header: each cell shows its own (16 V); the CSV's header names V.
  const [part, match, voltage] = ['Manufacturer Part Number', 'PartSpec: Match', 'PartSpec: Rated voltage'].map((h) => columnOf(sheet, 1, h));
  const grm = [...Array(sheet.rowCount).keys()].map((i) => sheet.getRow(i + 1)).find((r) => r.getCell(part).text === 'GRM155R71C104KA88D');
  expect(grm?.getCell(match).text).toBe('Exact (synthetic)');
  expect(grm?.getCell(voltage).value).toBe(16);
  // Every row, not just one: the same Match and rated voltage as the CSV's enrichment.
  const fitted = columnOf(sheet, 1, 'Fitted');
  const fromXlsx = [...Array(sheet.rowCount - 1).keys()].map((i) => sheet.getRow(i + 2)).map((r) => [r.getCell(part).text, r.getCell(fitted).text, r.getCell(match).text, r.getCell(voltage).text]);
  const fromCsv = rows.map((r) => [r['Manufacturer Part Number'], r.Fitted, r['PartSpec: Match'], r['PartSpec: Rated voltage (V)']]);
  expect(fromXlsx).toEqual(fromCsv);
});

test('=IF(<Status cell>="In Production",1,0) is 1 on a synthetic row and 0 on the discontinued one, as LibreOffice computes it', async () => {
  const book = await readXlsx(join(home, 'demo-enriched.xlsx'));
  const sheet = book.worksheets[0];
  const status = columnOf(sheet, 1, 'PartSpec: Status');
  const part = columnOf(sheet, 1, 'Manufacturer Part Number');
  const letter = sheet.getColumn(status).letter;
  const check = sheet.actualColumnCount + 1;
  const rowsOf = (partno: string): number => [...Array(sheet.rowCount).keys()].map((i) => i + 1).find((r) => sheet.getRow(r).getCell(part).text === partno)!;
  const [synthetic, discontinued] = [rowsOf('GRM155R71C104KA88D'), rowsOf('MCA18L91C224MA1J')];
  for (const r of [synthetic, discontinued]) sheet.getRow(r).getCell(check).value = { formula: `IF(${letter}${r}="In Production",1,0)` };
  await book.xlsx.writeFile(join(home, 'demo-if.xlsx'));
  const csv = Object.values(await convertWithLibreOffice(join(home, 'demo-if.xlsx'), home, 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1'))[0];
  const table = Papa.parse<string[]>(csv.toString('utf8')).data;
  expect([table[synthetic - 1][check - 1], table[discontinued - 1][check - 1]]).toEqual(['1', '0']);
}, 120_000);

test('lookup --json says a decoded answer is synthetic, and a catalog part is not', async () => {
  const lookup = await runCliInProcess(['lookup', 'GRM155R71C104KA88D', 'MCA215C1A473GC1L', '--json', '--base-url', emulator.url], { home, env: { PARTSPEC_API_KEY: DEMO_KEY } });
  const answers = JSON.parse(lookup.stdout) as { input: string; match: string; synthetic: boolean }[];
  expect(answers.map((a) => [a.input, a.match, a.synthetic])).toEqual([
    ['GRM155R71C104KA88D', 'Exact (synthetic)', true],
    ['MCA215C1A473GC1L', 'Exact', false],
  ]);
});

describe('the demo summary', () => {
  let report: CliRun;
  let summary: BomSummary;
  let sheetXml: string;

  beforeAll(async () => {
    copyFileSync(join(ROOT, 'assets', 'demo-bom.xlsx'), join(home, 'demo-bom.xlsx'));
    report = await runCliInProcess(['report', 'demo-bom.xlsx', '--out', 'demo-summary.xlsx', '--builds', '500', '--json', 'demo-summary.json', '--fail-on', 'risk', '--base-url', emulator.url], { home, env: { PARTSPEC_API_KEY: DEMO_KEY } });
    summary = JSON.parse(readFileSync(join(home, 'demo-summary.json'), 'utf8')) as BomSummary;
    const entries = unzipSync(readFileSync(join(home, 'demo-summary.xlsx')));
    const rels = strFromU8(entries['xl/_rels/workbook.xml.rels']);
    const id = /<sheet name="PartSpec Summary - demo-bom"[^>]*r:id="(\w+)"/.exec(strFromU8(entries['xl/workbook.xml']))![1];
    sheetXml = strFromU8(entries[`xl/${new RegExp(`Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)![1]}`]);
  }, 120_000);

  test('shows each lifecycle state, names the not-found part and the BOM file, and buys in whole reels', () => {
    for (const state of ['NRND', 'To be discontinued', 'Discontinued'] as const) expect([state, summary.byStatus[state].rows >= 1]).toEqual([state, true]);
    // The sheet's own row number (the JSON said 22, one lower, before issue 44).
    expect(summary.notFound).toEqual([{ sheetRow: 23, partNumber: 'GRM155R71C104KA8D' }]);
    expect(summary.source).toEqual({ file: 'demo-bom.xlsx', sheet: 'demo-bom' });
    expect(report.stdout).toMatch(/BOM: demo-bom\.xlsx, sheet 'demo-bom'/);
    expect(report.stdout).toMatch(/Part numbers not found\n.*\n.*\nGRM155R71C104KA8D\s+23/);
    const past = summary.ending.find((e) => e.partNumber === 'MCA18L91C224MA1J')!;
    expect([past.horizon, past.tooLate, past.lastTimeBuy]).toEqual(['past', true, undefined]);
    const soon = summary.ending.find((e) => e.partNumber === 'MCA215C1A473GC1L')!;
    expect([soon.minOrderQuantity, soon.lastTimeBuy]).toEqual([6000, 6000]);
    expect(summary.timeline[0]).toMatchObject({ quarter: 'past', parts: 1 });
  });

  test('--fail-on risk names the synthetic answers as Unknown instead of passing them', () => {
    expect(report.code).toBe(4);
    expect(report.stderr).toMatch(/Row 2: 'GRM155R71C104KA88D' is Unknown: Synthetic data/);
    expect(report.stderr).toMatch(/Row 20: 'MCA18L91C224MA1J' is EOL/);
  });

  test('the sheet XML: every number sits under a right-aligned header of its table, every column is as wide as its longest value or wraps', () => {
    const styles = strFromU8(unzipSync(readFileSync(join(home, 'demo-summary.xlsx')))['xl/styles.xml']);
    const xfs = [.../<cellXfs[^>]*>([^]*?)<\/cellXfs>/.exec(styles)![1].matchAll(/<xf\b[^>]*?(?:\/>|>[^]*?<\/xf>)/g)].map((m) => m[0]);
    const widths = [...sheetXml.matchAll(/<col min="(\d+)" max="\d+" width="([\d.]+)"/g)].map((m) => Number(m[2]));
    const rows = [...sheetXml.matchAll(/<row r="(\d+)"[^>]*>([^]*?)<\/row>/g)].map((m) => ({
      row: Number(m[1]),
      cells: [...m[2].matchAll(/<c r="([A-Z]+)\d+"(?: s="(\d+)")?( t="inlineStr")?>([^]*?)<\/c>/g)].map((c) => ({
        column: c[1].charCodeAt(0) - 65,
        style: xfs[Number(c[2] ?? 0)],
        bold: c[4].includes('<b/>'),
        value: c[3] ? c[4].replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<') : Number(/<v>([^<]*)<\/v>/.exec(c[4])![1]),
      })),
    }));
    let header: (typeof rows)[number] | undefined;
    let numbers = 0;
    for (const row of rows) {
      if (row.cells.length > 1 && row.cells.every((c) => c.bold)) header = row;
      for (const cell of row.cells) {
        if (typeof cell.value === 'number') {
          numbers++;
          const over = header?.cells.find((h) => h.column === cell.column);
          expect([row.row, cell.column, over?.style.includes('horizontal="right"'), cell.style.includes('horizontal="right"')]).toEqual([row.row, cell.column, true, true]);
        }
        if (row.cells.length > 1 && !cell.style.includes('wrapText="1"')) {
          expect([cell.value, widths[cell.column] >= textWidth(cell.value, cell.bold)]).toEqual([cell.value, true]);
        }
      }
    }
    expect(numbers).toBeGreaterThan(30);
    // A scale, not "fit to pages" (which makes Excel and LibreOffice ignore the page break before the lists).
    expect(sheetXml).not.toContain('fitToPage');
    // On the paper of the locale (A4 without one), at a scale that prints its 11 pt text at 9 pt or more.
    const setup = /<pageSetup paperSize="9" orientation="landscape" scale="(\d+)"\/><rowBreaks count="(\d+)" manualBreakCount="\2">(<brk id="\d+" max="16383" man="1"\/>)+<\/rowBreaks>/.exec(sheetXml);
    expect(Number(setup?.[1])).toBeGreaterThanOrEqual(READABLE_SCALE);
  });

  test('LibreOffice prints the summary on A4 landscape pages, the charts before the lists (its first page is the summary-sheet picture)', async () => {
    // Only the summary sheet is printed: the BOM sheet is left out of a copy (LibreOffice prints hidden sheets too).
    const entries = unzipSync(readFileSync(join(home, 'demo-summary.xlsx')));
    entries['xl/workbook.xml'] = strToU8(strFromU8(entries['xl/workbook.xml']).replace(/<sheet name="demo-bom"[^>]*?\/>/, ''));
    writeFileSync(join(home, 'demo-summary-only.xlsx'), zipSync(entries));
    const pdf = Object.values(await convertWithLibreOffice(join(home, 'demo-summary-only.xlsx'), home, 'pdf'))[0];
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? [];
    // Readable print takes more pages than the 6 pt print did: the charts on two, the lists on the next few.
    const breaks = Number(/<rowBreaks count="(\d+)"/.exec(strFromU8(entries[Object.keys(entries).find((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n) && strFromU8(entries[n]).includes('<rowBreaks'))!]))?.[1]);
    expect(pages.length).toBeGreaterThanOrEqual(breaks + 1);
    // The team's rules add the checks table at the end (lines with the same checks share a row): one page more than the 6 before it.
    expect(pages.length).toBeLessThanOrEqual(7);
    // Every page is A4 landscape (842 × 595 points).
    const boxes = [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))]);
    expect(boxes.length).toBeGreaterThanOrEqual(pages.length);
    for (const box of boxes) expect(box).toEqual([842, 595]);
    if (hasPdftoppm()) {
      writeFileSync(join(home, 'summary.pdf'), pdf);
      execFileSync('pdftoppm', ['-r', '80', '-png', '-f', '1', '-l', '1', '-singlefile', join(home, 'summary.pdf'), picturePath('summary-sheet', '')]);
    }
  }, 180_000);
});

test('the demo’s HTML report names the BOM and the part not found; report-html.png is its picture', async () => {
  const run = await runCliInProcess(['report', 'demo-bom.csv', '--builds', '500', '--html', 'demo-report.html', '--base-url', emulator.url], { home, env: { PARTSPEC_API_KEY: DEMO_KEY } });
  expect(run.code).toBe(0);
  const html = readFileSync(join(home, 'demo-report.html'), 'utf8');
  expect(html).toContain('BOM: demo-bom.csv, sheet &#39;demo-bom&#39;');
  expect(html).toContain('GRM155R71C104KA8D');
  expect(html).toContain('too late: replace');
  const { browser, close } = await openChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 1400 } });
    await page.goto(`file://${join(home, 'demo-report.html')}`);
    expect(await page.locator('svg').count()).toBe(3);
    await page.screenshot({ path: picturePath('report-html') });
  } finally {
    await close();
  }
}, 120_000);

function hasPdftoppm(): boolean {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
