/**
 * The text BOM reader and writer without the command line: decoding that writes back the same
 * bytes, records with their own line ends, refusals with a line number, the delimiter found again,
 * and a BOM far past the stack's reach for spread arguments saved with its new column.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { NUMBER_FORMATS, type ColumnSpec } from '../../core/cells/columns';
import { readCsv } from '../../node/files/csv';
import { CsvBom } from '../../node/files/csv-bom';
import { decodeTextTable, encodeTextTable } from '../../node/files/text-encoding';
import { detectDelimiter, parseTextRecords } from '../../node/files/text-records';
import { makeTempDir } from './helpers';
import { appendedParts } from './text-bom-check';

let home: string;
let cleanup: () => void;
beforeAll(() => ({ dir: home, cleanup } = makeTempDir()));
afterAll(() => cleanup());

const MATCH: ColumnSpec = { id: 'match', header: 'PartSpec: Match', kind: 'text', special: 'match', numberFormat: NUMBER_FORMATS.text };

test.each([
  ['UTF-8 with a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a,品\r\n', 'utf8')]), 'utf-8', true],
  ['UTF-8 with stray bytes', Buffer.concat([Buffer.from('品,品,品,品,品,品,品,品,', 'utf8'), Buffer.from([0x81, 0xff]), Buffer.from('\n')]), 'utf-8', false],
  ['UTF-8 with one Windows-1252 line (few UTF-8 characters to each stray byte)', Buffer.concat([Buffer.from('µ,µ\r\n', 'utf8'), Buffer.from([0xb1, 0x0d, 0x0a])]), 'windows-1252', false],
  ['Windows-1252 with its five undefined bytes', Buffer.from([0x41, 0x2c, 0x81, 0x2c, 0x8d, 0x2c, 0x8f, 0x2c, 0x90, 0x2c, 0x9d, 0x2c, 0xe4, 0x0d, 0x0a]), 'windows-1252', false],
  ['Shift_JIS from a Japanese tool', iconv.encode('部品,メーカー,品番\r\nC1,村田製作所,GRM188R71H104KA93D\r\n', 'cp932'), 'shift_jis', false],
  ['Windows-1252 French, whose accents pair like kanji', iconv.encode('Désignation,Référence\r\nRésistance à couche épaisse,GRM\r\n', 'windows-1252'), 'windows-1252', false],
  ['Shift_JIS-like bytes that do not encode back to themselves (0xED40)', Buffer.concat([iconv.encode('村田,', 'cp932'), Buffer.from([0xed, 0x40, 0x0d, 0x0a])]), 'windows-1252', false],
  ['UTF-16LE without a BOM', Buffer.from('Ref;MPN\r\nC1;X\r\n', 'utf16le'), 'utf-16le', false],
  ['UTF-16BE without a BOM', Buffer.from('Ref;MPN\r\nC1;X\r\n', 'utf16le').swap16(), 'utf-16be', false],
  ['UTF-16BE with a BOM and a lone surrogate', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('a\ud800,b\n', 'utf16le').swap16()]), 'utf-16be', true],
])('%s decodes to text that encodes to the same bytes', (_, bytes, encoding, bom) => {
  const decoded = decodeTextTable(bytes);
  expect(decoded.layout).toMatchObject({ encoding, bom });
  expect(encodeTextTable(decoded.text, decoded.layout).equals(bytes)).toBe(true);
});

test('UTF-16 with an odd number of bytes is refused, with or without a BOM', () => {
  expect(() => decodeTextTable(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b\r\n', 'utf16le'), Buffer.from([0x41])]))).toThrow(/odd number of bytes/);
  expect(() => decodeTextTable(Buffer.concat([Buffer.from('Ref,MPN\r\nC1,GRM\r\n', 'utf16le'), Buffer.from([0x41])]))).toThrow(/odd number of bytes/);
});

test('records keep their own line ends; quoted line breaks stay in their field', () => {
  const records = parseTextRecords('a,b\r\nc,"d\ne"\nf\rg,', { delimiter: ',' });
  expect(records.map((r) => [r.fields, r.lineEnd, r.line])).toEqual([
    [['a', 'b'], '\r\n', 1],
    [['c', 'd\ne'], '\n', 2],
    [['f'], '\r', 4],
    [['g', ''], '', 5],
  ]);
});

test.each([
  ['a,b\n"c,d\ne,f\n', /the quoted field that starts on line 2 is never closed/],
  ['a,b\n"c\nd"e,f\n"g"\n', /the quoted field that starts on line 2 runs over 2 lines and is followed by more text/],
])('an unbalanced quote is refused with its line: %j', (text, message) => {
  expect(() => parseTextRecords(text, { delimiter: ',' })).toThrow(message);
});

test.each([
  ['Ref;Value;MPN\nC1,C2;100n, 16V;GRM\nC3;1u;GRM\n', ';'],
  ['Ref;Value;MPN;PartSpec: Match\nC1,C2;100n, 16V;GRM;"Exact, synthetic"\n', ';'],
  ['Ref,Note,MPN\nC1,a;b;c,GRM\nC2,d;e,GRM\n', ','],
  ['MPN;Qty;PartSpec: Match\nGRM1;;",,a"\nGRM2;;",,b"\n', ';'],
  ['Ref\tMPN\nC1\tGRM\n', '\t'],
  ['MPN\nGRM\n', ','],
])('the delimiter of %j is %j', (text, delimiter) => {
  expect(detectDelimiter(text)).toBe(delimiter);
});

test('a 140,000-row CSV is read, enriched and saved: every original line kept, one column added', async () => {
  const rows = Array.from({ length: 140_000 }, (_, i) => `R${i},GRM188R71H${String(i).padStart(6, '0')}`);
  const original = Buffer.from(`Ref,MPN\r\n${rows.join('\r\n')}\r\n`);
  const file = join(home, 'long.csv');
  writeFileSync(file, original);
  const bom = new CsvBom(await readCsv(file), 'long');
  bom.writeColumn('long', { column: 2, headerRow: 0, firstRow: 1, spec: MATCH, existing: false, cells: rows.map(() => 'Exact') });
  await bom.save(file);
  const added = appendedParts(original, readFileSync(file), ',');
  expect(added[0]).toBe(',PartSpec: Match');
  expect(added.slice(1).every((rest) => rest === ',Exact')).toBe(true);
});

test('a Windows-1252 file whose new cells it cannot hold is refused in place, untouched, and written as UTF-8 elsewhere', async () => {
  const original = iconv.encode('Teil,Größe\r\nGRM1,0603\r\n', 'windows-1252');
  const file = join(home, 'legacy.csv');
  writeFileSync(file, original);
  const notes: string[] = [];
  const bom = new CsvBom(await readCsv(file), 'legacy', (n) => notes.push(n));
  bom.writeColumn('legacy', { column: 2, headerRow: 0, firstRow: 1, spec: MATCH, existing: false, cells: ['Status A → B'] });
  await expect(bom.save(file)).rejects.toThrow(/legacy\.csv is left as it was: PartSpec's new cells hold characters Windows-1252 cannot/);
  expect(readFileSync(file).equals(original)).toBe(true);
  const copy = join(home, 'legacy-copy.csv');
  await bom.save(copy);
  expect(readFileSync(copy, 'utf8')).toBe('\uFEFFTeil,Größe,PartSpec: Match\r\nGRM1,0603,Status A → B\r\n');
  expect(notes.join('\n')).toMatch(/written as UTF-8 with a byte-order mark instead/);
});

test("a re-run rewrites only PartSpec's cells: the user's fields after them keep their own text and quoting", async () => {
  const file = join(home, 'rerun.csv');
  writeFileSync(file, 'MPN,PartSpec: Match,Note\r\nGRM1,Not found,"a;b" x\r\nGRM2,Exact,  c  \r\n');
  const bom = new CsvBom(await readCsv(file), 'rerun');
  bom.writeColumn('rerun', { column: 1, headerRow: 0, firstRow: 1, spec: MATCH, existing: true, cells: ['Exact', 'Exact'] });
  await bom.save(file);
  expect(readFileSync(file, 'utf8')).toBe('MPN,PartSpec: Match,Note\r\nGRM1,Exact,"a;b" x\r\nGRM2,Exact,  c  \r\n');
});

test('the reader itself refuses a FIFO without waiting for a writer, and a device without reading it', async () => {
  const fifo = join(home, 'pipe.csv');
  execFileSync('mkfifo', [fifo]);
  await expect(readCsv(fifo)).rejects.toThrow(/pipe\.csv is a pipe \(FIFO\), not a regular file; PartSpec reads a BOM only from a regular file\./);
  await expect(readCsv('/dev/zero')).rejects.toThrow(/\/dev\/zero is a device, not a regular file/);
});
