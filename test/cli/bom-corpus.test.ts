/**
 * `partspec enrich` on the BOM corpus (test/fixtures/boms) against the emulator over real HTTP:
 * the summary line, the sentence naming two close columns, a second source's own columns from
 * one lookup, and text BOMs written back byte-compatible (encoding, byte-order mark, delimiter,
 * quoting, line ends) with the new columns after the original cells.
 *
 * Murata part numbers in the real numbering may or may not be known to the emulator; the
 * assertions that depend on a match use the emulator catalog's parts the corpus also holds.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { DEMO_KEY } from '../../emulator';
import { EMULATOR_PARTS, OTHERS, TYPO } from '../fixtures/boms/parts';
import { readXlsx, rowTexts, useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const world = useEmulatorHome();
const env = { PARTSPEC_API_KEY: DEMO_KEY };
const FIXTURES = join(__dirname, '..', 'fixtures', 'boms');

/** A copy of a corpus file in the run's directory, so in-place writes leave the fixture alone. */
function copyOf(name: string): string {
  const file = join(world.home, name);
  copyFileSync(join(FIXTURES, name), file);
  return file;
}

const enrich = (file: string, out: string, ...more: string[]) => runCliInProcess(['enrich', file, '--out', out, '--base-url', world.emulator.url, '--fields', 'Status', ...more], { home: world.home, env });

/** The lines of the summary: `N rows: a exact, b variant, …` with the counts that depend on the emulator read out. */
function summaryOf(stderr: string, prefix = ''): { exact: number; variant: number; notFound: number; line: string } {
  const line = stderr.split('\n').find((l) => l.startsWith(prefix) && / rows: \d+ exact, /.test(l));
  if (!line) throw new Error(`no summary line in:\n${stderr}`);
  const [, exact, variant, notFound] = /(\d+) exact, (\d+) variant, \d+ ambiguous, (\d+) not found/.exec(line)!;
  return { exact: Number(exact), variant: Number(variant), notFound: Number(notFound), line };
}

/** The 'PartSpec: Match' cell of each part number (under `header`) in an enriched CSV. */
function matchByPart(file: string, header: string): Map<string, string> {
  const [head, ...rows] = Papa.parse<string[]>(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  const part = head.indexOf(header);
  const match = head.indexOf('PartSpec: Match');
  return new Map(rows.filter((r) => r[part]).map((r) => [r[part], r[match]]));
}

/** How many rows read each Match word (rows with an empty Match cell are left out). */
function tally(words: Iterable<string>): Record<string, number> {
  const out: Record<string, number> = {};
  // A match decoded from the number alone reads "Exact (synthetic)": it counts as exact in the summary;
  // a near miss reads "Not found — did you mean …?": it counts as not found.
  for (const cell of words) {
    const word = cell.replace(/ \(synthetic\)$/, '').replace(/ — did you mean .*\?$/, '');
    if (word) out[word] = (out[word] ?? 0) + 1;
  }
  for (const word of ['Exact', 'Variant', 'Not found']) out[word] ??= 0;
  return out;
}

test("EasyEDA's UTF-16LE TSV is written back in place byte-compatible: BOM, UTF-16LE, every field quoted, tabs, CRLF; other makers counted once", async () => {
  const file = copyOf('easyeda.tsv');
  const original = readFileSync(file);
  const run = await enrich(file, file);
  const summary = summaryOf(run.stderr);
  expect(summary.line).toMatch(/^7 rows: \d+ exact, \d+ variant, 0 ambiguous, \d+ not found, 0 invalid, 0 blank; not looked up: 2 other makers' parts \(by 'Manufacturer'\)\. 2 columns \(0 updated in place\) written to /);
  expect(summary.exact + summary.variant + summary.notFound).toBe(5);
  expect(summary.exact).toBeGreaterThanOrEqual(2);
  expect(run.stderr).not.toMatch(new RegExp(`${OTHERS[0]}|${OTHERS[2]}`));
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
  const before = original.subarray(2).toString('utf16le').split('\r\n');
  const after = bytes.subarray(2).toString('utf16le').split('\r\n');
  expect(after).toHaveLength(before.length);
  expect(after[0]).toBe(`${before[0]}\t"PartSpec: Match"\t"PartSpec: Status"`);
  before.slice(0, -1).forEach((line, i) => expect(after[i].startsWith(`${line}\t"`)).toBe(true));
  const emulatorRow = after.findIndex((l) => l.includes(EMULATOR_PARTS[0]));
  expect(after[emulatorRow]).toMatch(/\t"Exact"\t"[^"]+"$/);
  // Another maker's row is not looked up: its Match cell says why, as in the add-in, and its Status stays empty.
  expect(after.find((l) => l.includes(OTHERS[0]))).toMatch(/\t"Other maker"\t""$/);
  // The summary counts are the rows' Match cells.
  const matchCells = after.slice(1).filter((l) => l !== '').map((l) => Papa.parse<string[]>(l, { delimiter: '\t' }).data[0].at(-2) ?? '');
  expect(tally(matchCells)).toEqual({ Exact: summary.exact, Variant: summary.variant, 'Not found': summary.notFound, 'Other maker': 2 });
});

test("Kitspace's TSV with --column MPN --column MPN_2: each gets its own columns from one lookup, re-runs update them in place, bytes kept (UTF-8, no BOM, LF)", async () => {
  const file = copyOf('kitspace-1-click.tsv');
  const original = readFileSync(file, 'utf8');
  world.emulator.resetLog();
  const run = await enrich(file, file, '--column', 'MPN', '--column', 'MPN_2', '--no-cache');
  const lookups = world.emulator.requests.filter((r) => r.url.startsWith('/v2/')).map((r) => decodeURIComponent(r.url));
  expect(lookups).toHaveLength(1);
  expect(lookups[0]).toContain(EMULATOR_PARTS[0]);
  expect(lookups[0]).toContain(EMULATOR_PARTS[2]);
  // The Samsung second sources are other makers' parts by Manufacturer_2: not looked up.
  expect(lookups[0]).not.toContain(OTHERS[0]);
  expect(run.stderr).toMatch(/^6 rows: \d+ exact, \d+ variant, 0 ambiguous, \d+ not found, 0 invalid, 0 blank\. 4 columns \(0 updated in place\) written to /m);
  expect(run.stderr).toContain("Second source 'MPN_2': 6 rows: 1 exact, 0 variant, 0 ambiguous, 0 not found, 0 invalid, 3 blank; not looked up: 2 other makers' parts (by 'Manufacturer_2').");
  const text = readFileSync(file, 'utf8');
  expect(text.charCodeAt(0)).not.toBe(0xfeff);
  expect(text).not.toContain('\r');
  const before = original.split('\n');
  const after = text.split('\n');
  expect(after[0]).toBe(`${before[0]}\tPartSpec: Match\tPartSpec: Status\tPartSpec (MPN_2): Match\tPartSpec (MPN_2): Status`);
  before.slice(1, -1).forEach((line, i) => expect(after[i + 1].startsWith(`${line}\t`)).toBe(true));
  const last = after[6].split('\t');
  expect(last.slice(58, 59)).toEqual(['Exact']);
  expect(last[60]).toBe('Exact');

  const again = await enrich(file, file, '--column', 'MPN', '--column', 'MPN_2');
  // The first column's set gains 'PartSpec: Changes'; the second source's set is updated, not duplicated.
  expect(again.stderr).toMatch(/5 columns \(4 updated in place\)/);
  expect(readFileSync(file, 'utf8').split('\n')[0].split('\t').slice(58)).toEqual(['PartSpec: Match', 'PartSpec: Status', 'PartSpec (MPN_2): Match', 'PartSpec (MPN_2): Status', 'PartSpec: Changes']);
});

test('without --column, the second sources beside MPN are named with the --column words that enrich them', async () => {
  const file = copyOf('kitspace-1-click.tsv');
  const run = await enrich(file, join(world.home, 'kitspace-out.tsv'));
  expect(run.stderr).toContain("Sheet 'kitspace-1-click': Column G ('MPN_2') looks like a second source of E ('MPN'); give --column MPN --column MPN_2 to enrich it too.");
});

test('two close columns: the maker-named one is used and both are named in one sentence with two values each; --column picks the other', async () => {
  const file = copyOf('close-columns.xlsx');
  const out = join(world.home, 'close-out.xlsx');
  const run = await enrich(file, out);
  expect(run.stderr).toContain(
    "Sheet 'BOM': Two columns could be the part numbers, C ('Mfr PN'): GRM188R71H104KA93D, GRM188R61A106KE69D and B ('Part Number'): GRM155R71C104KA88D, GRM21BR61E106KA73L; PartSpec used column C. Give --column 'Part Number' to use the other.",
  );
  expect(run.stderr).toContain("part numbers in C2:C6 under 'Mfr PN'");
  const picked = await enrich(file, out, '--column', 'Part Number');
  expect(picked.stderr).not.toContain('Two columns could be');
  expect(picked.stderr).toContain("part numbers in B2:B6 under 'Part Number'");
  // Three letters that are no header here are not column MPN (9,062) of a four-column sheet.
  const wrong = await enrich(file, out, '--column', 'MPN');
  expect([wrong.code, wrong.stderr.trim()]).toEqual([2, "partspec enrich: Sheet 'BOM' has no column headed 'MPN' in its first 30 rows."]);
});

test("a mixed BOM without a Manufacturer column: other makers' numbers are counted in the summary, ours not found are named (the typo stands out)", async () => {
  const file = copyOf('mixed-no-maker.csv');
  const run = await enrich(file, join(world.home, 'mixed-out.csv'));
  expect(run.code).toBe(1);
  for (const other of OTHERS) expect(run.stderr).not.toContain(other);
  expect(run.stderr).toContain(`Row 9: '${TYPO}' not found. Did you mean 'GRM155R71C104KA88D'?\n`);
  const summary = summaryOf(run.stderr);
  expect(summary.line).toMatch(/^9 rows: \d+ exact, \d+ variant, 0 ambiguous, \d+ not found \(4 not in Murata's numbering\), 0 invalid, 0 blank; not looked up: 1 not fitted \(DNP\)\./);
  expect(summary.exact + summary.variant + summary.notFound).toBe(8);
  // Each row's Match cell says what the summary counted: the other makers' and the typo not found, the DNP row not fitted.
  const match = matchByPart(join(world.home, 'mixed-out.csv'), 'MPN');
  // The typo's Match cell also names the part it likely is.
  expect([...OTHERS.filter((o) => match.has(o)), TYPO].map((p) => match.get(p))).toEqual(['Not found', 'Not found', 'Not found', 'Not found', 'Not found — did you mean GRM155R71C104KA88D?']);
  expect([match.get('LQM18PN2R2MFRL'), match.get(EMULATOR_PARTS[0])]).toEqual(['Not fitted', 'Exact']);
  expect(tally(match.values())).toEqual({ Exact: summary.exact, Variant: summary.variant, 'Not found': summary.notFound, 'Not fitted': 1 });
});

test("a mixed BOM with a Manufacturer column: DNP, not fitted, blank and total rows and other makers' parts in one line, none named", async () => {
  const file = copyOf('mixed-makers.csv');
  const run = await enrich(file, join(world.home, 'mixed-makers-out.csv'));
  for (const other of OTHERS) expect(run.stderr).not.toContain(other);
  expect(run.stderr).toContain(`Row 11: '${TYPO}' not found. Did you mean 'GRM155R71C104KA88D'?\n`);
  const summary = summaryOf(run.stderr);
  expect(summary.line).toMatch(/^13 rows: \d+ exact, \d+ variant, 0 ambiguous, \d+ not found, 0 invalid, 1 blank; not looked up: 2 not fitted \(DNP\), 1 total row, 4 other makers' parts \(by 'Manufacturer'\)\./);
  // Which rows those are: every maker spelling of Murata looked up, the four others and both DNP spellings not.
  const match = matchByPart(join(world.home, 'mixed-makers-out.csv'), 'Manufacturer Part Number');
  expect(OTHERS.filter((o) => match.has(o)).map((o) => match.get(o))).toEqual(['Other maker', 'Other maker', 'Other maker', 'Other maker']);
  expect(['LQM18PN2R2MFRL', 'DFE322512F-2R2M=P2', TYPO, EMULATOR_PARTS[0]].map((p) => match.get(p))).toEqual(['Not fitted', 'Not fitted', 'Not found — did you mean GRM155R71C104KA88D?', 'Exact']);
  expect(tally(match.values())).toEqual({ Exact: summary.exact, Variant: summary.variant, 'Not found': summary.notFound, 'Not fitted': 2, 'Other maker': 4 });
});

test('a UTF-8 file with a Windows-1252 line is written back in Windows-1252 byte for byte, with a note', async () => {
  const file = copyOf('legacy-cp1252.csv');
  const original = readFileSync(file);
  const run = await enrich(file, file);
  expect(run.stderr).toMatch(/is not UTF-8 text: read as Windows-1252/);
  const bytes = readFileSync(file);
  const lines = (b: Buffer): Buffer[] => {
    const out: Buffer[] = [];
    let start = 0;
    for (let i = 0; i < b.length - 1; i++) {
      if (b[i] !== 0x0d || b[i + 1] !== 0x0a) continue;
      out.push(b.subarray(start, i));
      start = i + 2;
    }
    return out;
  };
  const before = lines(original);
  const after = lines(bytes);
  expect(after).toHaveLength(before.length);
  before.forEach((line, i) => expect(after[i].subarray(0, line.length).equals(line)).toBe(true));
  expect(iconv.decode(after[0], 'windows-1252')).toBe('Item,Qty,Reference,Manufacturer,Manufacturer Part Number,Description,PartSpec: Match,PartSpec: Status');
  expect(summaryOf(run.stderr).line).toMatch(/; not looked up: 1 other makers' part \(by 'Manufacturer'\)\./);
});

test("KiCad's semicolon export keeps semicolons and LF; Field2 is found by its content and the user is told", async () => {
  const file = copyOf('kicad-fields.csv');
  const original = readFileSync(file, 'utf8');
  world.emulator.resetLog();
  const run = await enrich(file, file, '--no-cache');
  // A part number holding '=' is looked up as it is written.
  expect(world.emulator.requests.map((r) => decodeURIComponent(r.url)).join('\n')).toContain('DFE322512F-2R2M=P2');
  expect(run.stderr).toContain("Sheet 'kicad-fields': No header names the part numbers; column D ('Field2') holds them from D2 on, so PartSpec used it.");
  const text = readFileSync(file, 'utf8');
  expect(text).not.toContain('\r');
  expect(text.split('\n')[0]).toBe('ref;value;Field1;Field2;footprint;qty;PartSpec: Match;PartSpec: Status');
  const before = original.split('\n').slice(0, -1);
  const after = text.split('\n');
  // Every original cell reads back the same, grouped designators included.
  const cells = (line: string): string[] => (Papa.parse<string[]>(line, { delimiter: ';' }).data[0] ?? []);
  before.forEach((line, i) => expect(cells(after[i]).slice(0, 6)).toEqual(cells(line)));
  // Byte for byte, the unquoted cell with a space at its edge ('C2 C4 C6 ') included.
  expect(before.filter((line) => /(^|;) | ($|;)/.test(line))).toEqual(['C2 C4 C6 ;100n;Murata;GRM188R71H104KA93D;Capacitor_SMD:C_0603_1608Metric;3']);
  before.forEach((line, i) => expect(after[i].startsWith(`${line};`)).toBe(true));
});

test('workbooks: the Japanese parts list past its cover sheet, and a sheet styled down to row 1,048,576 whose total row is not looked up', async () => {
  const japanese = await enrich(copyOf('japanese.xlsx'), join(world.home, 'japanese-out.xlsx'));
  expect(japanese.stderr).toContain("Sheet '部品表': part numbers in E5:E10 under 'メーカー品番'.");
  expect(summaryOf(japanese.stderr).line).toMatch(/not looked up: 1 not fitted \(DNP\), 1 other makers' part \(by 'メーカー'\)\./);
  const sheet = (await readXlsx(join(world.home, 'japanese-out.xlsx'))).getWorksheet('部品表')!;
  expect(rowTexts(sheet, 4)).toEqual(['No.', '品番', '部品名', 'メーカー', 'メーカー品番', '数量', '実装', '備考', 'PartSpec: Match', 'PartSpec: Status']);

  const styled = await enrich(copyOf('styled-to-last-row.xlsx'), join(world.home, 'styled-out.xlsx'));
  expect(summaryOf(styled.stderr).line).toMatch(/^5 rows: \d+ exact, \d+ variant, 0 ambiguous, \d+ not found, 0 invalid, 0 blank; not looked up: 1 total row\./);
  const out = (await readXlsx(join(world.home, 'styled-out.xlsx'))).getWorksheet('BOM')!;
  expect(rowTexts(out, 1)).toEqual(['Ref', 'Qty', 'Part Number', 'Description', 'Price', 'PartSpec: Match', 'PartSpec: Status']);
  expect([out.getCell('F2').text, out.getCell('F3').text, out.getCell('F6').text]).toEqual(['Exact', 'Exact', '']);
  expect(out.getCell('A6').text).toBe('Total');
});
