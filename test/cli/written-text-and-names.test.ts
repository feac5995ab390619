import { chmodSync, lchownSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { cellText, MAX_CELL_TEXT, wellFormedText } from '../../core/cells/cell-text';
import { NUMBER_FORMATS } from '../../core/cells/columns';
import { csvCell } from '../../ooxml/cells';
import { typedCellOf } from '../../ooxml/typed-cells';
import { decodeTextTable, encodeTextTable } from '../../node/files/text-encoding';
import { describeFailure, FileError } from '../../node/errors';
import { temporaryName, writeFileSafely } from '../../node/safe-write';

/*
 * What partspec writes from hostile text and names: a value from the service longer than a cell
 * holds, a lone surrogate, a second U+FEFF after a UTF-16 byte-order mark, a file name of 80 CJK
 * characters, a link another user planted at --out in a shared sticky folder, a failed allocation.
 */

const TEXT = { kind: 'text' as const, numberFormat: NUMBER_FORMATS.text };

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'partspec-written-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a cell holds at most 32,767 characters, by one rule for every writer', () => {
  const long = 'x'.repeat(40_000);

  test('the rule cuts at 32,767 and never between the halves of a character', () => {
    expect(cellText(long)).toHaveLength(MAX_CELL_TEXT);
    const emoji = `${'a'.repeat(MAX_CELL_TEXT - 1)}😀tail`;
    expect(cellText(emoji)).toBe('a'.repeat(MAX_CELL_TEXT - 1));
    expect(cellText('short')).toBe('short');
  });

  test('an xlsx cell and a CSV cell are cut to it', () => {
    const typed = typedCellOf(long, TEXT);
    expect(typed?.type === 'text' && typed.value.length).toBe(MAX_CELL_TEXT);
    expect(csvCell(long, 'text')).toHaveLength(MAX_CELL_TEXT);
    // The apostrophe that keeps a formula-like text text comes after the cut.
    expect(csvCell(`=${long}`, 'text')).toHaveLength(MAX_CELL_TEXT + 1);
  });
});

test('a lone surrogate from the service becomes U+FFFD in a UTF-8 CSV, never a raw byte', () => {
  const cell = csvCell('a\uDC81b\uD800', 'text');
  expect(cell).toBe('a\uFFFDb\uFFFD');
  expect(wellFormedText('😀')).toBe('😀');
  const bytes = encodeTextTable(`x,${cell}\r\n`, { encoding: 'utf-8', bom: false, newline: '\r\n' });
  expect(Buffer.from(bytes).toString('utf8')).toBe('x,a\uFFFDb\uFFFD\r\n');
  expect([...bytes]).not.toContain(0x81);
});

test('a second U+FEFF after a UTF-16 byte-order mark is the text’s own and is written back', () => {
  for (const encoding of ['utf-16le', 'utf-16be'] as const) {
    const body = Buffer.from('\uFEFFPart,Qty\r\n', 'utf16le');
    if (encoding === 'utf-16be') body.swap16();
    const bytes = Buffer.concat([Buffer.from(encoding === 'utf-16le' ? [0xff, 0xfe] : [0xfe, 0xff]), body]);
    const decoded = decodeTextTable(bytes);
    expect(decoded.text.startsWith('\uFEFFPart')).toBe(true);
    expect(Buffer.compare(Buffer.from(encodeTextTable(decoded.text, decoded.layout)), bytes)).toBe(0);
  }
});

test('an --out of 80 CJK characters is written: the temporary name is cut in bytes', async () => {
  const name = `${'部品表'.repeat(27).slice(0, 80)}.csv`;
  const temp = basename(temporaryName(dir, join(dir, name)));
  expect(Buffer.byteLength(temp, 'utf8')).toBeLessThanOrEqual(255);
  const file = join(dir, name);
  await writeFileSafely(file, 'Part,Qty\r\n');
  expect(readFileSync(file, 'utf8')).toBe('Part,Qty\r\n');
});

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
(asRoot ? test : test.skip)('a link another user planted at --out in a sticky shared folder is refused; the file it points to is unchanged', async () => {
  const shared = join(dir, 'shared');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(shared);
  chmodSync(shared, 0o1777);
  const victim = join(dir, 'victim.txt');
  writeFileSync(victim, 'precious');
  const out = join(shared, 'bom.csv');
  symlinkSync(victim, out);
  lchownSync(out, 65534, 65534);
  await expect(writeFileSafely(out, 'Part,Qty\r\n')).rejects.toThrow(FileError);
  await expect(writeFileSafely(out, 'Part,Qty\r\n')).rejects.toThrow(/a link another user \(uid 65534\) left in the shared folder .*; partspec does not write through it/);
  expect(readFileSync(victim, 'utf8')).toBe('precious');
  // The user's own link there is followed as before.
  const mine = join(shared, 'mine.csv');
  symlinkSync(victim, mine);
  await writeFileSafely(mine, 'new');
  expect(readFileSync(victim, 'utf8')).toBe('new');
});

test('a failed allocation of the runtime is exit 5 and one sentence, never a stack', () => {
  for (const error of [new RangeError('Array buffer allocation failed'), new RangeError('WebAssembly.instantiate(): Out of memory: Cannot allocate Wasm memory for new instance'), new RangeError('Invalid string length'), new RangeError('Map maximum size exceeded'), new RangeError('Set maximum size exceeded')]) {
    const failure = describeFailure(error, { secrets: [] });
    expect(failure.code).toBe(5);
    expect(failure.message).toMatch(/^PartSpec ran out of memory: .*; nothing was changed\./);
    expect(failure.message.split('\n')).toHaveLength(1);
    expect(failure.detail).toBeUndefined();
  }
});

test('an enrichment that cuts a cell says so, and the CSV and xlsx it writes hold 32,767 characters', async () => {
  const { openBom } = await import('../../node/files/bom');
  const input = join(dir, 'cut.csv');
  writeFileSync(input, 'Part Number,Qty\r\nGRM155R71C104KA88D,1\r\n');
  for (const out of ['cut-out.csv', 'cut-out.xlsx']) {
    const notes: string[] = [];
    const bom = await openBom(input, (line) => notes.push(line));
    bom.writeColumn('cut', { column: 2, headerRow: 0, spec: { id: 'description', header: 'PartSpec: Description', kind: 'text', numberFormat: NUMBER_FORMATS.text }, existing: false, firstRow: 1, cells: ['y'.repeat(40_000)] });
    await bom.save(join(dir, out), 'cut');
    expect(notes).toContain(`${join(dir, out)}: One cell held more than 32,767 characters: cut to 32,767 (Excel’s limit for a cell).`);
  }
  const line = readFileSync(join(dir, 'cut-out.csv'), 'utf8').split('\r\n')[1];
  expect(line.split(',')[2]).toHaveLength(MAX_CELL_TEXT);
  const { WorkbookPatch } = await import('../../ooxml/workbook-patch');
  expect(String(new WorkbookPatch(readFileSync(join(dir, 'cut-out.xlsx'))).values('cut')[1]?.[2])).toHaveLength(MAX_CELL_TEXT);
});
