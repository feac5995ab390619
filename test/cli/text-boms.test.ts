/**
 * BOMs as text files the way real tools write them, enriched and written back the way they came:
 * EasyEDA's UTF-16LE TSV with a byte-order mark and every field quoted, a semicolon-separated
 * KiCad export with LF line ends, a Windows-1252 CSV from an older tool, a UTF-8 .txt with tabs.
 * The original bytes of every original cell stay as they were; the new columns follow them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { DEMO_KEY } from '../../emulator';
import { runCliInProcess } from './in-process';
import { useTextBomWorld } from './text-bom-check';

const world = useTextBomWorld();
const env = { PARTSPEC_API_KEY: DEMO_KEY };
let parts: string[];
let home: string;
beforeAll(() => ({ parts, home } = world));

const enrich = (file: string, out = file) => runCliInProcess(['enrich', file, '--out', out, '--base-url', world.emulator.url, '--fields', 'Status'], { home, env });

test("EasyEDA's UTF-16LE TSV with a BOM and every field quoted is written back as UTF-16LE, quoted, tab-separated, CRLF", async () => {
  const lines = ['"ID"\t"Name"\t"Designator"\t"Manufacturer Part"\t"Manufacturer"', ...parts.map((p, i) => `"${i + 1}"\t"100nF"\t"C${i + 1}, C${i + 9}"\t"${p}"\t"MURATA(村田)"`)];
  const original = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf16le')]);
  const file = join(home, 'easyeda.tsv');
  writeFileSync(file, original);
  const run = await enrich(file);
  expect(run.stderr).toMatch(/under 'Manufacturer Part'/);
  expect(run.code).toBe(0);
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
  const text = bytes.subarray(2).toString('utf16le');
  const written = text.split('\r\n');
  expect(written[written.length - 1]).toBe('');
  expect(text).not.toMatch(/[^\r]\n/);
  // Each original line is kept, byte for byte, and followed by the new quoted, tab-separated cells.
  lines.forEach((line, i) => expect(written[i].startsWith(`${line}\t"`)).toBe(true));
  expect(written[0]).toBe(`${lines[0]}\t"PartSpec: Match"\t"PartSpec: Status"`);
  expect(written[1]).toMatch(/\t"Exact"\t"[^"]+"$/);
});

test('a semicolon KiCad export with LF line ends and no BOM keeps both', async () => {
  const lines = ['ref;value;Field1;Field2', ...parts.map((p, i) => `C${i + 1};100n;Murata;${p}`)];
  const file = join(home, 'kicad.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const run = await runCliInProcess(['enrich', file, '--out', file, '--column', 'Field2', '--base-url', world.emulator.url, '--fields', 'Status'], { home, env });
  expect(run.code).toBe(0);
  const bytes = readFileSync(file);
  expect(bytes[0]).toBe('r'.charCodeAt(0));
  const text = bytes.toString('utf8');
  expect(text).not.toContain('\r');
  const written = text.split('\n');
  lines.forEach((line, i) => expect(written[i].startsWith(`${line};`)).toBe(true));
  expect(written[1].split(';')[4]).toBe('Exact');
});

test('a Windows-1252 CSV is read as such (with a note), and written back in Windows-1252', async () => {
  const lines = ['Pos,Bezeichnung,Hersteller-Teilenummer,Bemerkung', ...parts.map((p, i) => `${i + 1},Kondensator 100nF ±10%,${p},Größe 0603 µ`)];
  const original = iconv.encode(`${lines.join('\r\n')}\r\n`, 'windows-1252');
  expect(() => new TextDecoder('utf-8', { fatal: true }).decode(original)).toThrow();
  const file = join(home, 'legacy.csv');
  writeFileSync(file, original);
  const run = await runCliInProcess(['enrich', file, '--out', file, '--column', 'Hersteller-Teilenummer', '--base-url', world.emulator.url, '--fields', 'Status'], { home, env });
  expect(run.code).toBe(0);
  expect(run.stderr).toMatch(/is not UTF-8 text: read as Windows-1252/);
  const bytes = readFileSync(file);
  const text = iconv.decode(bytes, 'windows-1252');
  const written = text.split('\r\n');
  lines.forEach((line, i) => expect(written[i].startsWith(`${line},`)).toBe(true));
  // The original cells' bytes are the original bytes.
  const firstDataLine = iconv.encode(lines[1], 'windows-1252');
  expect(bytes.includes(Buffer.concat([Buffer.from('\r\n'), firstDataLine, Buffer.from(',')]))).toBe(true);
  expect(bytes.includes(iconv.encode('Größe 0603 µ', 'windows-1252'))).toBe(true);
  expect(bytes.includes(Buffer.from('Größe', 'utf8'))).toBe(false);
});

test('a .txt BOM with tabs is enriched, and an enriched copy can be written to a new .tsv', async () => {
  const lines = ['Qty\tMPN\tDescription', ...parts.map((p) => `2\t${p}\tMLCC`)];
  const file = join(home, 'bom.txt');
  writeFileSync(file, `\uFEFF${lines.join('\r\n')}\r\n`);
  const out = join(home, 'bom-enriched.tsv');
  const run = await enrich(file, out);
  expect(run.code).toBe(0);
  const text = readFileSync(out, 'utf8');
  expect(text.startsWith('\uFEFFQty\tMPN\tDescription\tPartSpec: Match\tPartSpec: Status\r\n')).toBe(true);
  expect(readFileSync(file, 'utf8')).toBe(`\uFEFF${lines.join('\r\n')}\r\n`);
});

test("a mixed BOM: DNP, total and blank rows and other makers' parts are counted in one line, never looked up or listed", async () => {
  const others = Array.from({ length: 40 }, (_, i) => `CL10B104KB8NNN${String(i).padStart(2, '0')}`);
  const lines = [
    'Designator,Manufacturer,Manufacturer Part Number,Fitted',
    ...parts.map((p, i) => `C${i + 1},Murata Manufacturing,${p},Yes`),
    `C90,村田製作所,${parts[0]},Yes`,
    ...others.map((p, i) => `C${i + 10},Samsung Electro-Mechanics,${p},Yes`),
    `C80,Murata,${parts[1]},DNP`,
    'C81,Murata,GRM-TYPO-0001,Yes',
    ',,,',
    'Total,,,46',
  ];
  const file = join(home, 'mixed.csv');
  writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  world.emulator.resetLog();
  const run = await enrich(file);
  expect(run.code).toBe(1);
  // Only our maker's rows are looked up: one request, none of the Samsung numbers in it.
  const requested = world.emulator.requests.filter((r) => r.url.startsWith('/v2/')).map((r) => decodeURIComponent(r.url)).join('\n');
  expect(requested).not.toContain('CL10B104KB8NNN');
  expect(requested).toContain('GRM-TYPO-0001');
  const notFoundLines = run.stderr.split('\n').filter((l) => /not found$/.test(l));
  expect(notFoundLines).toEqual(["Row 47: 'GRM-TYPO-0001' not found"]);
  expect(run.stderr).toMatch(/48 rows: 4 exact, 0 variant, 0 ambiguous, 1 not found, 0 invalid, 1 blank; not looked up: 1 not fitted \(DNP\), 1 total row, 40 other makers' parts \(by 'Manufacturer'\)\./);
});
