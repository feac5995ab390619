import { existsSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEY } from '../../emulator';
import { describeLimit, FILE_LIMITS, type FileLimitName } from '../../core/limits';
import { WorkbookPatch } from '../../ooxml/workbook-patch';
import { ZipPackage, bytesSource } from '../../ooxml/zip-package';
import { NS, REL_TYPES } from '../fixtures/workbooks/ooxml';
import { ROOT, runCliProcess, useEmulatorHome, type CliRun } from '../cli/helpers';
import { runCliInProcess } from '../cli/in-process';
import { bomWorkbook, deflateRepeated, type BomWorkbookOptions, type RawEntry } from './hostile-builders';

/*
 * Hostile and unusual workbooks, each built here byte by byte, through `partspec enrich` in place
 * against the emulator over HTTP. Each comes out enriched correctly, or refused with one sentence
 * that names the limit it hit and the file byte-identical; where memory is the attack, the child's
 * peak resident size is measured (never its time). A run with no memory to measure runs in this
 * process (test/cli/in-process.ts).
 */

jest.setTimeout(120_000);

const world = useEmulatorHome();
const PEAK_RSS = join(ROOT, 'bench', 'memory-children', 'peak-rss.js');
const MB = 1024 * 1024;
/** Well above what an enrichment of a small BOM needs, far below what the attacks took (gigabytes). */
const BOUNDED = 400 * MB;
const XDR = 'http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing';
const VML_TYPE = `${NS.r}/vmlDrawing`;

const partnos = (): string[] => world.emulator.catalog.products.slice(0, 4).map((p) => String(p.values.Partno));
const text = (s: string): Uint8Array => Buffer.from(s, 'utf8');

/** A run on a written workbook: the file's bytes before and after it. */
interface Written extends CliRun {
  file: string;
  before: Buffer;
  after: Buffer;
}

interface Enriched extends Written {
  peakBytes: number;
}

/** Writes the workbook, enriches it in place (or into `out`, or runs `command` on it), and measures the run's peak resident size. */
async function enrich(name: string, bytes: Buffer, out = name, command = ['enrich', name, '--fields', 'Status', '--out', out]): Promise<Enriched> {
  const file = join(world.home, name);
  const rssFile = join(world.home, `${name}.rss`);
  writeFileSync(file, bytes);
  const env = { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url, NODE_OPTIONS: `--require ${PEAK_RSS}`, PARTSPEC_BENCH_RSS_FILE: rssFile };
  const run = await runCliProcess([...command, '--no-cache'], { home: world.home, env });
  const peakBytes = Number(readFileSync(rssFile, 'utf8'));
  return { ...run, file, before: bytes, after: readFileSync(file), peakBytes };
}

/** Writes the workbook and enriches it in place in this process: for workbooks that attack no limit, whose memory is not measured. */
async function enrichInProcess(name: string, bytes: Buffer): Promise<Written> {
  const file = join(world.home, name);
  writeFileSync(file, bytes);
  const run = await runCliInProcess(['enrich', name, '--fields', 'Status', '--out', name, '--no-cache'], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url } });
  return { ...run, file, before: bytes, after: readFileSync(file) };
}

/** A refusal: exit 2, one sentence (naming the limit when given), the file byte-identical, memory bounded. */
function expectRefused(run: Enriched, words: string | RegExp): void {
  expect(run.code).toBe(2);
  const message = run.stderr.trim();
  expect(message.split('\n')).toHaveLength(1);
  expect(message).toMatch(words);
  expect(Buffer.compare(run.after, run.before)).toBe(0);
  expect(run.peakBytes).toBeLessThan(BOUNDED);
}

const limitWords = (name: FileLimitName): string => describeLimit(name);

/** Enriched: exit 0 or 1 (1 when a part is not found), the Status column written. */
function expectEnriched(run: Written): WorkbookPatch {
  expect(run.stderr).not.toMatch(/internal error|not a readable/);
  expect([0, 1]).toContain(run.code);
  const book = new WorkbookPatch(run.after);
  expect(book.values('BOM')[0]).toContain('PartSpec: Status');
  return book;
}

const workbook = (o: Omit<BomWorkbookOptions, 'partnos'> = {}): Buffer => bomWorkbook({ partnos: partnos(), ...o });

test('a 2 KB workbook with 40,000 nested elements in an extLst is refused for its XML depth, untouched', async () => {
  const nested = `${'<x:g>'.repeat(40_000)}${'</x:g>'.repeat(40_000)}`;
  const bytes = workbook({ sheetTail: `<extLst><ext uri="{00000000-0000-0000-0000-000000000001}" xmlns:x="urn:x">${nested}</ext></extLst>` });
  expect(bytes.length).toBeLessThan(4096);
  const run = await enrich('deep.xlsx', bytes);
  expectRefused(run, limitWords('xmlDepth'));
  expect(run.stderr).toContain('xl/worksheets/sheet1.xml');
});

test('a drawing of 40,000 unclosed anchors is refused for its XML depth, untouched', async () => {
  const drawing = `<xdr:wsDr xmlns:xdr="${XDR}">${'<xdr:twoCellAnchor>'.repeat(40_000)}`;
  const bytes = workbook({ sheetTail: '<drawing r:id="rId1"/>', sheetRels: [['rId1', REL_TYPES.drawing, '../drawings/drawing1.xml']], entries: [{ name: 'xl/drawings/drawing1.xml', data: text(drawing) }] });
  expectRefused(await enrich('anchors.xlsx', bytes), limitWords('xmlDepth'));
});

test('partspec report refuses a workbook too deep or malformed as enrich does: one sentence naming the file, untouched', async () => {
  const deep = workbook({ sheetTail: `<extLst><ext uri="{00000000-0000-0000-0000-000000000002}">${'<g>'.repeat(40_000)}${'</g>'.repeat(40_000)}</ext></extLst>` });
  const refusals: [string, Buffer, string | RegExp][] = [
    ['deep-report.xlsx', deep, limitWords('xmlDepth')],
    ['malformed-report.xlsx', workbook({ sheetTail: '</sheetData>' }), 'is not a readable .xlsx workbook'],
  ];
  for (const [name, bytes, words] of refusals) {
    const run = await enrich(name, bytes, name, ['report', name]);
    expectRefused(run, words);
    expect(run.stderr).toMatch(new RegExp(`^partspec report: \\S*${name.replace('.', '\\.')}`));
  }
});

test('legacy VML of 15,000 unclosed form-control shapes is refused for its XML depth at once, untouched', async () => {
  const vml = `<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:x="urn:schemas-microsoft-com:office:excel">${'<v:shape><x:ClientData ObjectType="Checkbox">'.repeat(15_000)}`;
  const bytes = workbook({ sheetTail: '<legacyDrawing r:id="rId1"/>', sheetRels: [['rId1', VML_TYPE, '../drawings/vmlDrawing1.vml']], entries: [{ name: 'xl/drawings/vmlDrawing1.vml', data: text(vml) }] });
  expect(bytes.length).toBeLessThan(32 * 1024);
  expectRefused(await enrich('vml-bomb.xlsx', bytes), limitWords('xmlDepth'));
});

test('legacy VML of 5,000 form controls, Excel-style (bare <br>), is read: the new column goes right of them', async () => {
  const shape = (i: number): string => `<v:shape id="s${i}"><v:textbox><div><font>Box<br></font></div></v:textbox><x:ClientData ObjectType="Checkbox"><x:Anchor>3, 0, ${i}, 0, 12, 15, ${i + 1}, 0</x:Anchor></x:ClientData></v:shape>`;
  const vml = `<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:x="urn:schemas-microsoft-com:office:excel">${Array.from({ length: 5000 }, (_, i) => shape(i)).join('')}</xml>`;
  const bytes = workbook({ sheetTail: '<legacyDrawing r:id="rId1"/>', sheetRels: [['rId1', VML_TYPE, '../drawings/vmlDrawing1.vml']], entries: [{ name: 'xl/drawings/vmlDrawing1.vml', data: text(vml) }] });
  const book = expectEnriched(await enrichInProcess('vml-controls.xlsx', bytes));
  // The controls reach column M (index 12): the first new column is N.
  expect(book.values('BOM')[0].indexOf('PartSpec: Match')).toBe(13);
});

test('a 400 MB sheet deflated into a small workbook (a decompression bomb) is refused for its ratio before inflating, in bounded memory', async () => {
  const bomb = await deflateRepeated('<row><c t="inlineStr"><is><t>GRM155R71C104KA88D</t></is></c></row>', 400 * MB);
  const sheet: RawEntry = { name: 'xl/worksheets/sheet1.xml', compressed: bomb.compressed, size: bomb.size, crc: bomb.crc };
  const bytes = workbook({ entries: [sheet] });
  expect(bytes.length).toBeLessThan(2 * MB);
  expectRefused(await enrich('bomb.xlsx', bytes), limitWords('compressionRatio'));
});

test('a sheet lying about its size in the directory stops inflating at the size it claims and is refused as damaged', async () => {
  const liar = await deflateRepeated('<row><c><v>1</v></c></row>', 200 * MB);
  const sheet: RawEntry = { name: 'xl/worksheets/sheet1.xml', compressed: liar.compressed, size: 4000, crc: liar.crc };
  expectRefused(await enrich('liar.xlsx', workbook({ entries: [sheet] })), /liar\.xlsx.*xl\/worksheets\/sheet1\.xml is damaged \(it inflates past the 4000 bytes/);
});

test('written as CSV, a workbook whose picture lies about its size is enriched without inflating the picture', async () => {
  const picture = await deflateRepeated('\0', 300 * MB);
  const bytes = workbook({ entries: [{ name: 'xl/media/image1.png', compressed: picture.compressed, size: 100, crc: picture.crc }] });
  const run = await enrich('picture-liar.xlsx', bytes, 'picture-liar.csv');
  expect([0, 1]).toContain(run.code);
  expect(readFileSync(join(world.home, 'picture-liar.csv'), 'utf8').split(/\r?\n/)[0]).toContain('Status');
  expect(run.stderr).toContain('the part xl/media/image1.png');
  expect(run.peakBytes).toBeLessThan(BOUNDED);
});

test('a part whose CRC-32 does not match its bytes is refused, untouched', async () => {
  const sheet = workbook();
  const good = new ZipPackage(bytesSource(sheet)).read('xl/worksheets/sheet1.xml') as Uint8Array;
  const bytes = workbook({ entries: [{ name: 'xl/worksheets/sheet1.xml', data: good, crc: 0x12345678 }] });
  expectRefused(await enrich('bad-crc.xlsx', bytes), /xl\/worksheets\/sheet1\.xml is damaged \(its CRC-32 check fails\)/);
});

test('entries that share their bytes (overlapping entries) are refused, untouched', async () => {
  const bytes = workbook({ entries: [{ name: 'xl/media/copy.xml', data: text('<x/>'), sameAs: 'xl/styles.xml' }] });
  expectRefused(await enrich('overlap.xlsx', bytes), /overlap\.xlsx is not a readable \.xlsx workbook \(its zip directory lists two entries at the same place\)/);
});

test(`a workbook file over ${FILE_LIMITS.workbookBytes.value.toLocaleString('en-US')} bytes is refused before anything is read`, async () => {
  const file = join(world.home, 'huge.xlsx');
  writeFileSync(file, Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  // A sparse file: its size is real, its bytes take no disk.
  truncateSync(file, FILE_LIMITS.workbookBytes.value + 1);
  const before = statSync(file);
  const run = await runCliInProcess(['enrich', 'huge.xlsx', '--fields', 'Status', '--out', 'huge.xlsx'], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url } });
  expect(run.code).toBe(2);
  expect(run.stderr.trim()).toBe(`partspec enrich: huge.xlsx: The workbook goes over ${limitWords('workbookBytes')}; PartSpec stopped reading it and changed nothing.`);
  const after = statSync(file);
  expect([after.size, after.mtimeMs, after.ino]).toEqual([before.size, before.mtimeMs, before.ino]);
  rmSync(file);
});

/** `count` tiny stored entries beside the workbook's parts. */
const fillers = (count: number): RawEntry[] => Array.from({ length: count }, (_, i) => ({ name: `customXml/filler${i}.bin`, data: text('x'), method: 0 as const }));

test('a workbook of more than 65,535 entries is written with a ZIP64 directory and opens again, every entry kept', async () => {
  const count = 66_000;
  const run = await enrichInProcess('many.xlsx', workbook({ entries: fillers(count) }));
  const book = expectEnriched(run);
  book.close();
  const zip = new ZipPackage(bytesSource(run.after));
  expect(zip.names.filter((n) => n.startsWith('customXml/filler'))).toHaveLength(count);
  expect(zip.read('customXml/filler65999.bin')).toEqual(text('x'));
  // The classic directory end says "see ZIP64" (0xFFFF), not the count modulo 65,536.
  expect(run.after.readUInt16LE(run.after.length - 22 + 10)).toBe(0xffff);
  expect(run.after.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]), run.after.length - 200)).toBeGreaterThan(0);
  // A second run reads what the first wrote.
  expectEnriched(await enrichInProcess('many-again.xlsx', run.after));
});

test(`a package of more than ${FILE_LIMITS.packageEntries.value.toLocaleString('en-US')} entries is refused for its entry count, untouched`, async () => {
  expectRefused(await enrich('too-many.xlsx', workbook({ entries: fillers(FILE_LIMITS.packageEntries.value) })), limitWords('packageEntries'));
});

test('shared strings pointing outside the package are refused: no entry of that name, no file written there', async () => {
  const outside = `partspec-hostile-${process.pid}.xml`;
  rmSync(join('/tmp', outside), { force: true });
  const run = await enrich('outside.xlsx', workbook({ stringsTarget: `../../../../tmp/${outside}` }));
  expectRefused(run, /sharedStrings relationship points outside the package \(\.\.\/\.\.\/\.\.\/\.\.\/tmp\//);
  expect(existsSync(join('/tmp', outside))).toBe(false);
});

test('a new shared strings part takes a name no entry has in any letter case; the orphans stay byte-identical', async () => {
  const orphan = text(`<sst xmlns="${NS.main}" count="1" uniqueCount="1"><si><t>orphan</t></si></sst>`);
  const other = text(`<sst xmlns="${NS.main}" count="1" uniqueCount="1"><si><t>other</t></si></sst>`);
  const bytes = workbook({ inlineStrings: true, entries: [{ name: 'xl/sharedStrings.xml', data: orphan }, { name: 'xl/SharedStrings1.xml', data: other }] });
  const run = await enrichInProcess('orphans.xlsx', bytes);
  const book = expectEnriched(run);
  expect(book.values('BOM')[1][0]).toBe(partnos()[0]);
  book.close();
  const zip = new ZipPackage(bytesSource(run.after));
  expect(zip.read('xl/sharedStrings.xml')).toEqual(orphan);
  expect(zip.read('xl/SharedStrings1.xml')).toEqual(other);
  expect(Buffer.from(zip.read('xl/_rels/workbook.xml.rels') as Uint8Array).toString()).toContain('Target="sharedStrings2.xml"');
  expect(Buffer.from(zip.read('xl/sharedStrings2.xml') as Uint8Array).toString()).toContain('Status');
});

test('SECURITY.md lists every file limit with its value', () => {
  const security = readFileSync(join(ROOT, 'SECURITY.md'), 'utf8');
  for (const [name, limit] of Object.entries(FILE_LIMITS)) {
    const row = security.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
    expect(row).toBeDefined();
    expect(row).toContain(`| ${limit.value.toLocaleString('en-US')} ${limit.unit}`);
  }
});
