import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEY } from '../../emulator';
import { WorkbookPatch } from '../../ooxml/workbook-patch';
import { NS, xmlHead } from '../fixtures/workbooks/ooxml';
import { ROOT, runCliProcess, useEmulatorHome, type CliRun } from '../cli/helpers';
import { bomWorkbook, deflatePieces, type RawEntry } from './hostile-builders';

/*
 * Where a stray cell sits must not decide what a run costs: a value in the far corner of a sheet
 * (XEY1048576), ten thousand values far down and right, a CSV line of 16,380 fields, 48 million
 * empty <c/> cells in a 1 MB workbook. Each is enriched (or refused in one sentence) by
 * `partspec enrich` in a child process whose peak resident size and processor time are measured.
 */

jest.setTimeout(600_000);

const world = useEmulatorHome();
const PEAK_RSS = join(ROOT, 'bench', 'memory-children', 'peak-rss.js');
const CPU_SECONDS = join(ROOT, 'test', 'ooxml', 'support', 'cpu-seconds.js');
const MB = 1024 * 1024;
const GB = 1024 * MB;
const partnos = (): string[] => world.emulator.catalog.products.slice(0, 4).map((p) => String(p.values.Partno));

interface Measured extends CliRun {
  file: string;
  peakBytes: number;
  /** Processor time of the child (user and system), which other work on the machine does not inflate. */
  seconds: number;
}

async function enrich(name: string, bytes: Buffer, command = ['enrich', name, '--fields', 'Status', '--out', name]): Promise<Measured> {
  const file = join(world.home, name);
  const rssFile = join(world.home, `${name}.rss`);
  const cpuFile = join(world.home, `${name}.cpu`);
  writeFileSync(file, bytes);
  const env = { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url, NODE_OPTIONS: `--require ${PEAK_RSS} --require ${CPU_SECONDS}`, PARTSPEC_BENCH_RSS_FILE: rssFile, PARTSPEC_TEST_CPU_FILE: cpuFile };
  const run = await runCliProcess([...command, '--no-cache'], { home: world.home, env });
  return { ...run, file, peakBytes: Number(readFileSync(rssFile, 'utf8')), seconds: Number(readFileSync(cpuFile, 'utf8')) };
}

/** Under 1 GB and `seconds` of processor time (30), with no crash: enriched (0, 1) or refused in one sentence (2). */
function expectBounded(run: Measured, seconds = 30): void {
  expect(run.stderr).not.toMatch(/internal error|heap|Allocation failed|FATAL/i);
  expect([0, 1, 2]).toContain(run.code);
  expect(run.peakBytes).toBeLessThan(GB);
  expect(run.seconds).toBeLessThan(seconds);
}

const inline = (ref: string, text: string): string => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
/** The BOM's rows (Part Number, Qty from row 1), then `more` markup inside sheetData. */
function bomSheet(more: string): RawEntry {
  const rows = [`<row r="1">${inline('A1', 'Part Number')}${inline('B1', 'Qty')}</row>`, ...partnos().map((p, i) => `<row r="${i + 2}">${inline(`A${i + 2}`, p)}<c r="B${i + 2}"><v>${i + 1}</v></c></row>`)];
  return { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(`${xmlHead}<worksheet xmlns="${NS.main}" xmlns:r="${NS.r}"><sheetData>${rows.join('')}${more}</sheetData></worksheet>`) };
}

test('a 2 KB workbook with one value at XEY1048576 is enriched or refused in bounded memory (enrich and report)', async () => {
  const bytes = bomWorkbook({ partnos: partnos(), inlineStrings: true, entries: [bomSheet('<row r="1048576"><c r="XEY1048576"><v>1</v></c></row>')] });
  expect(bytes.length).toBeLessThan(4096);
  const run = await enrich('far-cell.xlsx', bytes);
  expectBounded(run);
  if (run.code !== 2) expect(new WorkbookPatch(readFileSync(run.file)).values('BOM')[0]).toContain('PartSpec: Match');
  else expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expectBounded(await enrich('far-cell-report.xlsx', bytes, ['report', 'far-cell-report.xlsx']));
});

test('10,000 values far down and right (column XFA, the last rows) are read in bounded memory', async () => {
  const far = Array.from({ length: 10_000 }, (_, i) => `<row r="${1_038_577 + i}"><c r="XFA${1_038_577 + i}"><v>${i}</v></c></row>`).join('');
  const run = await enrich('far-rows.xlsx', bomWorkbook({ partnos: partnos(), inlineStrings: true, entries: [bomSheet(far)] }));
  expectBounded(run);
});

test('48 million empty <c/> cells in a 1 MB workbook (inside every XML limit) are read in bounded memory', async () => {
  // 16,384 empty cells a row (A to XFD), 2,930 rows: 48 million elements, 190 MB of XML. A
  // space or not inside every 200th tag (a seeded choice) keeps it under the compression ratio.
  let seed = 39;
  const coin = (): boolean => ((seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) & 0x10000) !== 0;
  const row = (): string => `<row>${Array.from({ length: 16_384 / 64 }, () => `${'<c/>'.repeat(63)}${coin() ? '<c />' : '<c\t/>'}`).join('')}</row>`;
  const [before, after] = Buffer.from(bomSheet('').data as Uint8Array).toString('utf8').split('</sheetData>');
  function* pieces(): Generator<string> {
    yield before;
    for (let i = 0; i < 2930; i++) yield row();
    yield `</sheetData>${after}`;
  }
  const stream = await deflatePieces(pieces());
  expect(stream.size / stream.compressed.length).toBeLessThan(200);
  const bytes = bomWorkbook({ partnos: partnos(), inlineStrings: true, entries: [{ name: 'xl/worksheets/sheet1.xml', compressed: stream.compressed, size: stream.size, crc: stream.crc }] });
  expect(bytes.length).toBeLessThan(1.5 * MB);
  const run = await enrich('empty-cells.xlsx', bytes);
  // Runs of empty cells are folded before the scan, so the parser never walks 48 million elements.
  expectBounded(run);
  expect([0, 1]).toContain(run.code);
});

test('a 0.6 MB CSV whose last line has 16,380 fields is enriched in bounded memory', async () => {
  const lines = ['Part Number,Qty', ...partnos().map((p, i) => `${p},${i + 1}`), `${','.repeat(16_379)}x`];
  const bytes = Buffer.from(`${lines.join('\r\n')}\r\n`);
  const run = await enrich('far-field.csv', bytes);
  expectBounded(run);
});

test('a CSV BOM of 5,000 rows and one line of 16,380 fields is enriched in bounded memory: written rows are not padded', async () => {
  const parts = partnos();
  const lines = ['Part Number,Qty', ...Array.from({ length: 5000 }, (_, i) => `${parts[i % parts.length]},${i + 1}`), `${','.repeat(16_379)}x`];
  const run = await enrich('far-field-rows.csv', Buffer.from(`${lines.join('\r\n')}\r\n`));
  expectBounded(run);
  expect([0, 1]).toContain(run.code);
  const written = readFileSync(run.file, 'utf8').split('\r\n');
  expect(written[0].split(',').slice(-2)).toEqual(['PartSpec: Match', 'PartSpec: Status']);
  expect(written[0].split(',')).toHaveLength(16_382);
});
