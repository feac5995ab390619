/**
 * `partspec enrich` and `partspec report` in Japanese and Chinese on messy BOMs: two columns as
 * likely to hold the part numbers, second sources not asked for, a Windows-1252 file with a title
 * row, a generic line, a series the API does not cover and a not-fitted line, with --suggest. The
 * headers they write, their notes on stderr and their terminal report hold no English words of
 * PartSpec's: only part numbers, units, field codes, file names, flags and the BOM's own words.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { DEMO_KEY } from '../../emulator';
import type { Lang } from '../../api/vocabulary';
import { parsePartSpecHeader, specialHeader } from '../../core/cells/columns';
import { readXlsx, useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const world = useEmulatorHome();
const FIXTURES = join(__dirname, '..', 'fixtures', 'boms');
const cli = (args: string[]) => runCliInProcess([...args, '--base-url', world.emulator.url], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY } });

/** The BOM's own words, which a note quotes as they are (headers, sheet names, cell texts). */
const BOMS_OWN = ['Mfr PN', 'Part Number', 'MPN_2', 'MPN', 'kitspace-1-click', 'BOM', 'Parts list', 'Mfr Part', 'Maker'];

/**
 * The English words left in a ja or zh text: runs of two or more ASCII letters once the kept texts,
 * flags, any token with a digit (part numbers, cells, units with numbers), the product's name, the
 * names every language writes (API, BOM, CSV, HTML, JSON, UTF, Shift_JIS, Windows) and units are out.
 */
function englishIn(text: string, kept: readonly string[] = []): string[] {
  let rest = text;
  for (const k of [world.home, ...kept, ...BOMS_OWN].sort((a, b) => b.length - a.length)) rest = rest.split(k).join(' ');
  rest = rest.replace(/PartSpec/g, ' ').replace(/--[a-z-]+( [a-z,]+)?/g, ' ');
  rest = rest.replace(/[A-Za-z0-9_-]*\d[A-Za-z0-9_-]*/g, ' ').replace(/\b(API|BOM|CSV|HTML|JSON|UTF|Shift_JIS|Windows|RoHS|REACH|NRND|SMD|nF|pF|µF|uF|uH|nH|V|UTC)\b/g, ' ');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

function copyOf(name: string): string {
  const file = join(world.home, name);
  copyFileSync(join(FIXTURES, name), file);
  return file;
}

/** A BOM a buyer might be sent: a title row, a generic line, a bead series the API does not cover, a DNP line, written by an old Windows tool. */
function messyBom(): { file: string; parts: string[] } {
  const smd = world.emulator.catalog.byGroup.SMD.filter((p) => typeof p.values['Specs.Capacitance'] === 'number').map((p) => p.values.Partno as string);
  const rows = [
    ['Parts list – rév. 3', '', '', '', ''],
    ['Ref', 'Qty', 'Maker', 'Mfr Part', 'Fitted'],
    ['C1', '2', 'Murata', smd[0], ''],
    ['C2', '8', '', '100n 0402 X7R 16V', ''],
    ['FB1', '1', 'Murata', 'BLM18AG601SN1D', ''],
    ['C3', '1', 'Murata', smd[1], 'DNP'],
    ['C4', '1', 'Murata', smd[2], ''],
  ];
  const file = join(world.home, 'messy.csv');
  writeFileSync(file, Buffer.from(`${rows.map((r) => r.join(',')).join('\r\n')}\r\n`, 'latin1'));
  return { file, parts: [smd[0], smd[1], smd[2], 'BLM18AG601SN1D', '100n 0402 X7R 16V', 'Parts list – rév. 3'] };
}

const LANGS = ['ja', 'zh'] as const;

test.each(LANGS)('enrich and report in %s on a messy BOM say every note and write every header in the language', async (lang: Lang) => {
  const { file, parts } = messyBom();
  const out = join(world.home, `messy-${lang}.csv`);
  const run = await cli(['enrich', file, '--risk', '--replacements', '--suggest', '--lang', lang, '--out', out]);
  expect(run.code).toBe(1);
  const kept = [file, out, 'messy.csv', 'messy', 'BLM', 'partspec enrich', ...parts];
  // The notes fired: the encoding, the suggestions' plan and the request plan.
  expect(run.stderr).toContain('Windows-1252');
  expect(run.stderr.split('\n').filter((l) => l.trim() !== '').length).toBeGreaterThan(4);
  expect(run.stderr.split('\n').filter((line) => englishIn(line, kept).length > 0)).toEqual([]);
  // Japanese or Chinese headers do not fit Windows-1252: the copy is UTF-8 with a byte-order mark, as the note said.
  const written = readFileSync(out, 'utf8').replace(/^\uFEFF/, '');
  const headers = Papa.parse<string[]>(written.split(/\r?\n/)[1]).data[0].filter((h) => h.startsWith('PartSpec'));
  expect(headers).toContain(specialHeader('suggested', lang));
  expect(headers.flatMap((h) => englishIn(h.replace(/\([^)]*\)$/, '')))).toEqual([]);

  const report = await cli(['report', file, '--lang', lang, '--suggest']);
  expect(report.code).toBe(0);
  expect(`${report.stdout}\n${report.stderr}`.split('\n').filter((line) => englishIn(line, kept).length > 0)).toEqual([]);
});

test.each(LANGS)('the column-choice notes in %s: two close columns, and second sources not asked for', async (lang: Lang) => {
  const close = copyOf('close-columns.xlsx');
  const a = await cli(['enrich', close, '--lang', lang, '--out', join(world.home, `close-${lang}.xlsx`)]);
  expect(a.stderr).toContain('--column');
  expect(a.stderr.split('\n').filter((line) => englishIn(line, [close, `close-${lang}.xlsx`]).length > 0)).toEqual([]);

  const kitspace = copyOf('kitspace-1-click.tsv');
  const b = await cli(['enrich', kitspace, '--lang', lang, '--out', join(world.home, `kitspace-${lang}.tsv`)]);
  expect(b.stderr).toContain('--column MPN --column MPN_2');
  expect(b.stderr.split('\n').filter((line) => englishIn(line, [kitspace, `kitspace-${lang}.tsv`]).length > 0)).toEqual([]);
});

test('a workbook enriched in Japanese, then Chinese, then English keeps one set of PartSpec columns, each headed in the last run\'s language', async () => {
  const book = join(world.home, 'rounds.xlsx');
  const { file } = messyBom();
  expect((await cli(['enrich', file, '--risk', '--alternatives', '--replacements', '--suggest', '--lang', 'ja', '--out', book])).code).toBe(1);
  const headersOf = async (): Promise<string[]> => ((await readXlsx(book)).worksheets[0].getRow(2).values as unknown[]).slice(1).map((v) => String(v ?? ''));
  const first = await headersOf();
  for (const lang of ['zh', 'en', 'ja'] as const) {
    expect((await cli(['enrich', book, '--risk', '--alternatives', '--replacements', '--suggest', '--lang', lang, '--out', book])).code).toBe(1);
    const headers = await headersOf();
    // The same columns in the same places (a Changes column joins the first re-run), none read as input.
    expect(headers.slice(0, first.length).map((h) => parsePartSpecHeader(h)?.id ?? h)).toEqual(first.map((h) => parsePartSpecHeader(h)?.id ?? h));
    expect(headers.slice(first.length).map((h) => parsePartSpecHeader(h)?.id)).toEqual(['changes']);
    for (const special of ['match', 'risk', 'alternatives', 'replacement', 'suggested', 'changes'] as const) expect(headers).toContain(specialHeader(special, lang));
  }
});

test.each(LANGS)('the service failures met most are said in %s: a refused key and a service out of reach', async (lang: Lang) => {
  const { file } = messyBom();
  const refused = await runCliInProcess(['enrich', file, '--lang', lang, '--out', join(world.home, 'refused.csv'), '--base-url', world.emulator.url], { home: world.home, env: { PARTSPEC_API_KEY: 'not-a-key-of-ours' } });
  expect(refused.code).toBe(3);
  expect(refused.stderr).toContain('403');
  expect(refused.stderr).not.toContain('not-a-key-of-ours');
  const away = await runCliInProcess(['report', file, '--lang', lang, '--base-url', 'http://127.0.0.1:9'], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_RETRY_BUDGET: '0' } });
  expect(away.code).toBe(3);
  for (const run of [refused, away]) {
    const lines = run.stderr.split('\n').filter((l) => l.trim() !== '');
    expect(lines.filter((line) => englishIn(line.replace(/^partspec (enrich|report): /, ''), [file, 'messy', 'http://127.0.0.1:9', 'partspec emulator', 'PARTSPEC_BASE_URL', 'PARTSPEC_API_KEY', 'api-key', 'base-url']).length > 0)).toEqual([]);
  }
});
