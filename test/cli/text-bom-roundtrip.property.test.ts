/**
 * Random text BOMs (UTF-8 with and without a byte-order mark, UTF-16LE/BE, Windows-1252,
 * Shift_JIS; comma, semicolon and tab; quoting by need, always or at random; mixed line ends;
 * control characters, CJK, emoji and Windows-1252's undefined bytes) are enriched in place:
 * nothing changes but the added columns, or the write is refused with the file untouched, and a
 * re-run finds the same columns. The reader and writer are driven directly for most runs; a few
 * run `partspec enrich` against the emulator.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { detectBomLayout } from '../../core/bom/bom';
import { NUMBER_FORMATS, type ColumnSpec } from '../../core/cells/columns';
import { readCsv } from '../../node/files/csv';
import { CsvBom } from '../../node/files/csv-bom';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../emulator';
import { makeTempDir } from './helpers';
import { runCliInProcess } from './in-process';
import { appendedParts } from './text-bom-check';

let home: string;
let cleanup: () => void;
beforeAll(() => ({ dir: home, cleanup } = makeTempDir()));
afterAll(() => cleanup());

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'shift_jis';
interface Stored {
  encoding: Encoding;
  bom: boolean;
}
const STORED: Stored[] = [
  { encoding: 'utf-8', bom: true },
  { encoding: 'utf-8', bom: false },
  { encoding: 'utf-16le', bom: true },
  { encoding: 'utf-16be', bom: true },
  { encoding: 'windows-1252', bom: false },
  { encoding: 'shift_jis', bom: false },
];
const UNDEFINED_1252 = [0x81, 0x8d, 0x8f, 0x90, 0x9d];

/** The bytes of text as a tool would store it (written here without the code under test). */
function encode(text: string, stored: Stored): Buffer {
  if (stored.encoding === 'utf-8') return Buffer.concat([Buffer.from(stored.bom ? [0xef, 0xbb, 0xbf] : []), Buffer.from(text, 'utf8')]);
  if (stored.encoding === 'utf-16le') return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  if (stored.encoding === 'utf-16be') return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
  if (stored.encoding === 'shift_jis') return iconv.encode(text, 'cp932');
  return Buffer.from(Array.from(text, (ch) => (UNDEFINED_1252.includes(ch.charCodeAt(0)) ? ch.charCodeAt(0) : iconv.encode(ch, 'windows-1252')[0])));
}

const PLAIN = [...'abcXYZ0123456789 -_./+#()=@\''];
const CONTROL = ['\x01', '\x07', '\x0b', '\x0c', '\x1b', '\x1f', '\x7f'];
const WIDE = ['品', '村田', '😀', '→', 'Ω'];
const LATIN = ['µ', '±', 'é', '€', 'ß', ...UNDEFINED_1252.map((c) => String.fromCharCode(c))];
const JAPANESE = ['村田', '製作所', 'コンデンサ', 'ｱｲ', '①', '→', '容量'];
const SPECIAL = ['"', ',', ';', '\t', '|', '\r\n', '\n', '\r'];

const textOf = (encoding: Encoding, special: boolean, maxLength = 8): fc.Arbitrary<string> =>
  fc
    .array(
      fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(...PLAIN) },
        { weight: 1, arbitrary: fc.constantFrom(...CONTROL) },
        { weight: 2, arbitrary: fc.constantFrom(...(encoding === 'windows-1252' ? LATIN : encoding === 'shift_jis' ? JAPANESE : [...LATIN, ...WIDE, ...JAPANESE])) },
        { weight: special ? 2 : 0, arbitrary: fc.constantFrom(...SPECIAL) },
      ),
      { maxLength },
    )
    .map((chars) => chars.join(''));

interface Generated {
  stored: Stored;
  delimiter: string;
  records: string[][];
  bytes: Buffer;
  /** Every record as wide as the header and no other delimiter outside quotes: the delimiter must be found. */
  clean: boolean;
}

const HEADERS = ['Ref', 'Value', 'MPN', 'Description', 'Qty'];

/**
 * A text BOM: a header, rows of random fields, quoted as the mode says, each line with its own
 * end; `regular` gives every row the header's width (two to five columns, MPN among them).
 */
function textBom(partNumbers: fc.Arbitrary<string>, regular = false): fc.Arbitrary<Generated> {
  return fc
    .record({ stored: fc.constantFrom(...STORED), delimiter: fc.constantFrom(',', ';', '\t'), quoting: fc.constantFrom('needed', 'all', 'random'), width: fc.integer({ min: regular ? 2 : 1, max: 5 }) })
    .chain((shape) =>
      fc.record({
        shape: fc.constant(shape),
        header: fc.shuffledSubarray(HEADERS, { minLength: shape.width, maxLength: shape.width }).map((h) => (regular && !h.includes('MPN') ? [...h.slice(1), 'MPN'] : h)),
        rows: fc.array(fc.array(textOf(shape.stored.encoding, true), { minLength: regular ? shape.width : 1, maxLength: regular ? shape.width : shape.width + 1 }), { minLength: regular ? 1 : 0, maxLength: 10 }),
        parts: fc.array(partNumbers, { minLength: 10, maxLength: 10 }),
        quotes: fc.array(fc.boolean(), { minLength: 80, maxLength: 80 }),
        ends: fc.array(fc.constantFrom('\r\n', '\n', '\r'), { minLength: 12, maxLength: 12 }),
        lastEnd: fc.constantFrom('', '\r\n', '\n'),
        trailingBlank: fc.boolean(),
      }),
    )
    .map(({ shape, header, rows, parts, quotes, ends, lastEnd, trailingBlank }) => {
      const { delimiter, quoting, stored } = shape;
      const mpn = header.indexOf('MPN');
      const records = [header, ...rows.map((r, i) => (mpn >= 0 && mpn < r.length ? r.map((f, c) => (c === mpn ? parts[i] : f)) : r))];
      if (trailingBlank) records.push(['']);
      let q = 0;
      const field = (f: string): string => {
        const random = quotes[q++ % quotes.length];
        const needed = /["\r\n]/.test(f) || f.includes(delimiter) || /[\t|]/.test(f) || (delimiter !== ';' && f.includes(';')) || (delimiter === '\t' && f.includes(','));
        return needed || quoting === 'all' || (quoting === 'random' && random) ? `"${f.replace(/"/g, '""')}"` : f;
      };
      const lines = records.map((r) => r.map(field).join(delimiter));
      const lineEnds = lines.map((_, i) => (i === lines.length - 1 ? lastEnd : ends[i % ends.length]));
      // A CR end before an empty line ending in LF would read as one CRLF: such a pair is one line end.
      lines.forEach((line, i) => {
        if (i > 0 && line === '' && lineEnds[i - 1] === '\r' && lineEnds[i] === '\n') lineEnds[i - 1] = '\r\n';
      });
      if (lines[lines.length - 1] === '' && lineEnds[lines.length - 1] === '') lines.pop();
      const text = lines.map((l, i) => l + lineEnds[i]).join('');
      const records2 = records.slice(0, lines.length);
      const unquotedOthers = delimiter === ';' && records2.some((r) => r.some((f) => f.includes(',')));
      const clean = header.length >= 2 && records2.every((r) => r.length === header.length) && !unquotedOthers;
      return { stored, delimiter, records: records2, bytes: encode(text, stored), clean };
    });
}

const SPEC = (id: 'match' | 'status', header: string): ColumnSpec => ({ id, header, kind: 'text', numberFormat: NUMBER_FORMATS.text });
const splitKind = (e: Encoding): 'bytes' | 'utf-16le' | 'utf-16be' => (e === 'utf-16le' || e === 'utf-16be' ? e : 'bytes');
const bomLength = (s: Stored): number => (!s.bom ? 0 : s.encoding === 'utf-8' ? 3 : 2);

/** The columns an enrichment writes: a header and a cell per data row, right of `column`. */
function writeColumns(bom: CsvBom, column: number, rows: number, cells: readonly string[]): void {
  const n = Math.max(0, rows - 1);
  bom.writeColumn('t', { column, headerRow: 0, firstRow: 1, spec: SPEC('match', 'PartSpec: Match'), existing: false, cells: Array.from({ length: n }, (_, i) => cells[i % cells.length]) });
  bom.writeColumn('t', { column: column + 1, headerRow: 0, firstRow: 1, spec: SPEC('status', 'PartSpec: Status'), existing: false, cells: Array.from({ length: n }, (_, i) => cells[(i + 1) % cells.length]) });
}

let run = 0;

test('an in-place enrichment changes nothing but the added columns, and a re-run finds the same columns', async () => {
  // PartSpec's cells as they are: no line breaks, and words rather than anything that reads as a part number.
  const cell = fc.array(fc.constantFrom(...'abcXYZ -=+@\'', ',', ';', '\t', '|', '"', '→', 'µ', '品', '\x07'), { maxLength: 12 }).map((chars) => chars.join(''));
  const part = fc.constantFrom('GRM188R71H104KA93D', 'LQM21PN1R0MC0D', 'BLM18AG601SN1D', 'X');
  await fc.assert(
    fc.asyncProperty(textBom(part), fc.array(fc.oneof(cell, fc.constantFrom('Exact', 'a,b;c\t"d"', 'Status A → B')), { minLength: 1, maxLength: 4 }), async (bomFile, cells) => {
      const file = join(home, `p${run++}.csv`);
      writeFileSync(file, bomFile.bytes);
      const first = await readCsv(file);
      if (bomFile.clean) expect(first.delimiter).toBe(bomFile.delimiter);
      // Short Windows-1252 text can be valid UTF-8 too (ß µ is U+07F5): its bytes are kept either way.
      const ascii = bomFile.bytes.every((b) => b < 0x80);
      if (bomFile.clean && (first.layout.encoding === bomFile.stored.encoding || ascii)) expect(first.records.map((r) => r.fields)).toEqual(bomFile.records);
      let width = 0;
      for (const r of first.rows) width = Math.max(width, r.length);
      const before = detectBomLayout({ values: first.rows, origin: { row: 0, column: 0 } });

      const bom = new CsvBom(first, 't');
      writeColumns(bom, width, first.rows.length, cells);
      const refused = await bom.save(file).then(
        () => undefined,
        (error: Error) => error,
      );
      if (refused) {
        expect(refused.message).toMatch(/is left as it was/);
        expect(readFileSync(file).equals(bomFile.bytes)).toBe(true);
        return;
      }
      const after = readFileSync(file);
      const added = appendedParts(bomFile.bytes, after, first.delimiter, splitKind(bomFile.stored.encoding), bomLength(bomFile.stored));
      expect(added[0].startsWith(first.delimiter)).toBe(true);

      const second = await readCsv(file);
      expect(second.delimiter).toBe(first.delimiter);
      first.rows.forEach((row, i) => expect(second.rows[i].slice(0, row.length)).toEqual(row));
      expect(second.rows[0][width]).toBe('PartSpec: Match');
      const again = detectBomLayout({ values: second.rows, origin: { row: 0, column: 0 } });
      // Where a first run found part numbers, the re-run finds the same column (not one of PartSpec's).
      if (before.ok) expect(again).toMatchObject({ ok: true, partColumn: before.partColumn });

      const rerun = new CsvBom(second, 't');
      writeColumns(rerun, second.rows[0].indexOf('PartSpec: Match'), first.rows.length, cells);
      await rerun.save(file);
      expect(readFileSync(file).equals(after)).toBe(true);
    }),
    { numRuns: 100 },
  );
}, 120_000);

describe('partspec enrich on random text BOMs', () => {
  let emulator: RunningEmulator;
  let parts: string[];
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    parts = emulator.catalog.byGroup.SMD.slice(0, 12).map((p) => p.values.Partno as string);
  });
  afterAll(() => emulator.close());

  test('in place, twice: only the new columns are added, and both runs read the same part-number column', async () => {
    const env = { PARTSPEC_API_KEY: DEMO_KEY };
    const withParts = textBom(fc.constantFrom(...parts), true);
    await fc.assert(
      fc.asyncProperty(withParts, async (bomFile) => {
        const file = join(home, `cli${run++}.csv`);
        writeFileSync(file, bomFile.bytes);
        const enrich = () => runCliInProcess(['enrich', file, '--out', file, '--column', 'MPN', '--base-url', emulator.url, '--fields', 'Status'], { home, env });
        const once = await enrich();
        expect(once.stderr).toMatch(/under 'MPN'/);
        expect([0, 1]).toContain(once.code);
        const after = readFileSync(file);
        const kind = splitKind(bomFile.stored.encoding);
        const skip = bomLength(bomFile.stored);
        const d = bomFile.delimiter.replace(/[|]/g, '\\|');
        expect(appendedParts(bomFile.bytes, after, bomFile.delimiter, kind, skip)[0]).toMatch(new RegExp(`^${d}("?)PartSpec: Match\\1${d}\\1PartSpec: Status\\1$`));
        const twice = await enrich();
        expect(twice.code).toBe(once.code);
        expect(twice.stderr.match(/part numbers in \S+ under '[^']*'/)?.[0]).toBe(once.stderr.match(/part numbers in \S+ under '[^']*'/)?.[0]);
        expect(twice.stderr).toMatch(/\(2 updated in place\)/);
        appendedParts(bomFile.bytes, readFileSync(file), bomFile.delimiter, kind, skip);
      }),
      { numRuns: 4 },
    );
  }, 180_000);
});
