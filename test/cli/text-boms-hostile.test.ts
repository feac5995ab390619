/**
 * Unusual and hostile text BOMs, each built here: they are enriched with nothing but the new
 * columns added (every original byte and line end kept), or refused in one sentence with the
 * file untouched. Real HTTP to the emulator, the command line run as a user runs it.
 */
import { execFileSync } from 'node:child_process';
import { openSync, closeSync, ftruncateSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { DEMO_KEY } from '../../emulator';
import { FILE_LIMITS, describeLimit } from '../../core/limits';
import { runCliInProcess } from './in-process';
import { appendedParts, useTextBomWorld } from './text-bom-check';

const world = useTextBomWorld();
const env = { PARTSPEC_API_KEY: DEMO_KEY };
let parts: string[];
let home: string;
beforeAll(() => ({ parts, home } = world));

const enrich = (file: string, ...more: string[]) => runCliInProcess(['enrich', file, '--out', file, '--base-url', world.emulator.url, '--fields', 'Status', ...more], { home, env });

/** Enriches `bytes` in place as `name`; the run, the bytes before and after. */
async function enrichBytes(name: string, bytes: Buffer, ...more: string[]) {
  const file = join(home, name);
  writeFileSync(file, bytes);
  const run = await enrich(file, ...more);
  return { run, file, before: bytes, after: readFileSync(file) };
}

test('a mostly UTF-8 file with one stray byte keeps every byte, 品 included, and says so', async () => {
  const lines = ['Ref,Description,MPN', ...parts.map((p, i) => `C${i + 1},品 0.1µF,${p}`)];
  const bytes = Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'), Buffer.from([0x81]), Buffer.from(',note,\r\n')]);
  const { run, before, after } = await enrichBytes('stray.csv', bytes);
  expect(run.code).toBe(0);
  expect(run.stderr).toMatch(/UTF-8 text with one byte that UTF-8 does not allow: read as UTF-8, and that byte is written back as it is/);
  const added = appendedParts(before, after, ',');
  expect(added[1]).toMatch(/^,Exact,/);
  expect(after.includes(Buffer.from('品 0.1µF', 'utf8'))).toBe(true);
});

test("Windows-1252's undefined bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D) come back as they were", async () => {
  const odd = Buffer.concat([iconv.encode('Größe ', 'windows-1252'), Buffer.from([0x81, 0x8d, 0x8f, 0x90, 0x9d])]);
  const rows = parts.map((p, i) => Buffer.concat([Buffer.from(`${i + 1},`), odd, Buffer.from(`,${p}\r\n`)]));
  const bytes = Buffer.concat([Buffer.from('Pos,Bemerkung,Teilenummer\r\n'), ...rows]);
  const { run, before, after } = await enrichBytes('undefined-1252.csv', bytes, '--column', 'Teilenummer');
  expect(run.code).toBe(0);
  expect(run.stderr).toMatch(/read as Windows-1252/);
  expect(appendedParts(before, after, ',')[1]).toMatch(/^,Exact,/);
});

test('a Shift_JIS BOM from a Japanese tool is read as such: 村田製作所 is our maker, and the file is written back in Shift_JIS', async () => {
  const lines = ['部品番号,メーカー,メーカー品番,備考', ...parts.map((p, i) => `C${i + 1},村田製作所,${p},セラミックコンデンサ①`)];
  const { run, before, after } = await enrichBytes('sjis.csv', iconv.encode(`${lines.join('\r\n')}\r\n`, 'cp932'));
  expect(run.code).toBe(0);
  expect(run.stderr).toMatch(/sjis\.csv is Shift_JIS text \(as Japanese Windows tools write it\): read and written back as Shift_JIS\./);
  expect(run.stderr).toMatch(/under 'メーカー品番'/);
  expect(run.stderr).toMatch(/3 rows: 3 exact/);
  expect(appendedParts(before, after, ',')[0]).toBe(',PartSpec: Match,PartSpec: Status');
});

test('a CRLF file with one LF line keeps each line end and each row', async () => {
  const text = `Ref,MPN\r\nC1,${parts[0]}\nC2,${parts[1]}\r\nC3,${parts[2]}\r\n`;
  const { run, before, after } = await enrichBytes('mixed-ends.csv', Buffer.from(text));
  expect(run.code).toBe(0);
  expect(run.stderr).toMatch(/3 rows: 3 exact/);
  expect(appendedParts(before, after, ',').slice(1).every((rest) => rest.startsWith(',Exact,'))).toBe(true);
});

test('an unbalanced quote is refused with its line number and the file untouched', async () => {
  const text = `Ref,Description,MPN\r\nC1,"0.1uF 16V,${parts[0]}\r\nC2,cap,${parts[1]}\r\nC3,cap,${parts[2]}\r\n`;
  const { run, before, after } = await enrichBytes('quote.csv', Buffer.from(text));
  expect(run.code).toBe(2);
  expect(run.stderr.trim()).toMatch(/quote\.csv cannot be read as a table: the quoted field that starts on line 2 is never closed; PartSpec changed nothing\.$/);
  expect(after.equals(before)).toBe(true);
});

test('a semicolon CSV whose fields hold commas is found again after enrichment: the re-run finds the same column', async () => {
  const lines = ['Ref;Value;Comment;MPN', ...parts.map((p, i) => `C${i + 1},C${i + 11};100n;X7R, 16V, 10%;${p}`)];
  const { run, before, after } = await enrichBytes('semi.csv', Buffer.from(`${lines.join('\n')}\n`));
  expect(run.code).toBe(0);
  expect(appendedParts(before, after, ';')[0]).toBe(';PartSpec: Match;PartSpec: Status');
  const again = await enrich(join(home, 'semi.csv'));
  expect(again.code).toBe(0);
  expect(again.stderr).toMatch(/part numbers in D2:D4 under 'MPN'/);
  expect(again.stderr).toMatch(/\(2 updated in place\)/);
  const twice = appendedParts(before, readFileSync(join(home, 'semi.csv')), ';');
  expect(twice[0]).toMatch(/^;PartSpec: Match;PartSpec: Status;/);
  expect(twice[1]).toMatch(/^;Exact;/);
});

test('UTF-16LE without a byte-order mark is read as UTF-16 and written back so; an odd trailing byte is refused', async () => {
  const text = `Ref\tMPN\r\n${parts.map((p, i) => `C${i + 1}\t${p}`).join('\r\n')}\r\n`;
  const { run, before, after } = await enrichBytes('nobom.txt', Buffer.from(text, 'utf16le'));
  expect(run.code).toBe(0);
  expect(appendedParts(before, after, '\t', 'utf-16le')[1]).toMatch(/^\tExact\t/);
  const odd = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le'), Buffer.from([0x41])]);
  const refused = await enrichBytes('odd.txt', odd);
  expect(refused.run.code).toBe(2);
  expect(refused.run.stderr).toMatch(/odd\.txt is UTF-16 text with an odd number of bytes \(its last character is cut\); PartSpec changed nothing\./);
  expect(refused.after.equals(odd)).toBe(true);
});

test('a FIFO and a device named .csv are refused at once; a sparse file past the size limit too', async () => {
  const fifo = join(home, 'fifo.csv');
  execFileSync('mkfifo', [fifo]);
  const fromFifo = await enrich(fifo);
  expect(fromFifo.code).toBe(2);
  expect(fromFifo.stderr).toMatch(/fifo\.csv is a pipe \(FIFO\), not a regular file/);
  const zero = join(home, 'zero.csv');
  symlinkSync('/dev/zero', zero);
  const fromZero = await runCliInProcess(['enrich', zero, '--out', join(home, 'zero-out.csv'), '--base-url', world.emulator.url], { home, env });
  expect(fromZero.code).toBe(2);
  expect(fromZero.stderr).toMatch(/zero\.csv.* is a device, not a regular file/);
  const big = join(home, 'big.csv');
  const fd = openSync(big, 'w');
  ftruncateSync(fd, FILE_LIMITS.textBytes.value + 1);
  closeSync(fd);
  const fromBig = await enrich(big);
  expect(fromBig.code).toBe(2);
  expect(fromBig.stderr).toContain(`big.csv goes over ${describeLimit('textBytes')}`);
});

test('a line or a field over its limit is refused naming the limit, the file untouched', async () => {
  const longLine = Buffer.from(`Ref,MPN\r\nC1,${parts[0]}\r\n${'x'.repeat(FILE_LIMITS.textLineBytes.value + 1)}\r\n`);
  const line = await enrichBytes('long-line.csv', longLine);
  expect(line.run.code).toBe(2);
  expect(line.run.stderr).toContain(`Line 3 of ${line.file} goes over ${describeLimit('textLineBytes')}`);
  expect(line.after.equals(longLine)).toBe(true);
  const longField = Buffer.from(`Ref,MPN\r\nC1,${parts[0]}\r\nC2,"${'y'.repeat(FILE_LIMITS.textFieldChars.value + 1)}"\r\n`);
  const field = await enrichBytes('long-field.csv', longField);
  expect(field.run.code).toBe(2);
  expect(field.run.stderr).toContain(`A field on line 3 of ${field.file} goes over ${describeLimit('textFieldChars')}`);
});

test('a 140,000-row CSV is enriched in place without a stack overflow: every line kept, the columns appended', async () => {
  const rows = Array.from({ length: 140_000 }, (_, i) => `R${i + 1},${parts[i % parts.length]}`);
  const { run, before, after } = await enrichBytes('long.csv', Buffer.from(`Ref,MPN\r\n${rows.join('\r\n')}\r\n`));
  expect(run.stderr).not.toMatch(/call stack/);
  expect(run.code).toBe(0);
  expect(run.stderr).toMatch(/140,?000 rows: 140,?000 exact/);
  const added = appendedParts(before, after, ',');
  expect(added[0]).toBe(',PartSpec: Match,PartSpec: Status');
  expect(added.filter((rest) => rest.startsWith(',Exact,'))).toHaveLength(140_000);
}, 120_000);

test("a text BOM longer than Excel's grid (1,048,577 lines) is refused naming the row limit, after reading no more than one line past it", async () => {
  const bytes = Buffer.from(`MPN\n${'GRM155R71C104KA88D\n'.repeat(FILE_LIMITS.sheetRows.value)}`);
  const { run, before, after } = await enrichBytes('too-many-rows.csv', bytes);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain(describeLimit('sheetRows'));
  expect(after.equals(before)).toBe(true);
});
