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
import { BadRequestError, DownloadFormatError, NotFoundError, UriTooLongError } from '../../api/errors';
import { describeCutCells } from '../../core/cells/cell-text';
import { NUMBER_FORMATS } from '../../core/cells/columns';
import { openBom } from '../../node/files/bom';
import { describeFailure } from '../../node/errors';
import { lookupReasonIn } from '../../core/enrich/reason-words';
import { describeError as paneSentence } from '../../src/taskpane/describe-error';
import { createTranslator } from '../../src/taskpane/i18n';
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
  // No key anywhere: the first thing a new user meets.
  const keyless = await runCliInProcess(['report', file, '--lang', lang, '--base-url', world.emulator.url], { home: world.home });
  expect(keyless.code).toBe(3);
  expect(keyless.stderr).toContain('PARTSPEC_API_KEY');
  for (const run of [refused, away, keyless]) {
    const lines = run.stderr.split('\n').filter((l) => l.trim() !== '');
    expect(lines.filter((line) => englishIn(line.replace(/^partspec (enrich|report): /, ''), [file, 'messy', 'http://127.0.0.1:9', 'partspec emulator', 'PARTSPEC_BASE_URL', 'PARTSPEC_API_KEY', 'api-key', 'base-url', 'apiKey']).length > 0)).toEqual([]);
  }
});

/** The service's rarer failures as the client raises them. */
function rarerFailures(): Error[] {
  const request = { method: 'GET', url: `${world.emulator.url}/products`, headers: {} };
  return [
    new BadRequestError({ status: 400, request }),
    new NotFoundError({ status: 404, request }),
    new UriTooLongError({ status: 414, request }),
    new DownloadFormatError('no known format', '<html>'),
  ];
}

test.each(LANGS)('the rarer service failures are said in %s by the terminal and the pane; English keeps its sentences', (lang: Lang) => {
  for (const error of rarerFailures()) {
    const terminal = describeFailure(error, { secrets: [], baseUrl: world.emulator.url, lang });
    expect(terminal.code).toBe(3);
    expect(englishIn(terminal.message, ['PARTSPEC_BASE_URL', 'base-url', 'gzip', 'xlsx', 'TSV', 'ZIP', 'URL'])).toEqual([]);
    const pane = paneSentence(error, createTranslator(lang), lang);
    expect(englishIn(pane, ['gzip', 'xlsx', 'TSV', 'ZIP', 'URL'])).toEqual([]);
    expect(describeFailure(error, { secrets: [], baseUrl: world.emulator.url, lang: 'en' }).message).toBe((error as BadRequestError).userMessage.replace(/ in Settings\b/g, ' with --base-url/--api-key, PARTSPEC_BASE_URL/PARTSPEC_API_KEY or the config file'));
    expect(paneSentence(error, createTranslator('en'), 'en')).toBe((error as BadRequestError).userMessage);
  }
});

test.each(LANGS)('cells cut to Excel\'s limit are noted in %s, for a CSV and a workbook', async (lang: Lang) => {
  const input = join(world.home, `cut-${lang}.csv`);
  writeFileSync(input, 'Part Number,Qty\r\nGRM155R71C104KA88D,1\r\n');
  for (const out of [`cut-${lang}-out.csv`, `cut-${lang}-out.xlsx`]) {
    for (const source of [input, join(world.home, `cut-${lang}-out.xlsx`)]) {
      if (source.endsWith('.xlsx') && out.endsWith('.csv')) continue;
      const notes: string[] = [];
      const bom = await openBom({ file: source, format: source.endsWith('.xlsx') ? 'xlsx' : 'csv', lang }, (line) => notes.push(line));
      bom.writeColumn(`cut-${lang}`, { column: 2, headerRow: 0, spec: { id: 'description', header: 'PartSpec: Description', kind: 'text', numberFormat: NUMBER_FORMATS.text }, existing: false, firstRow: 1, cells: ['y'.repeat(40_000)] });
      await bom.save(join(world.home, out), `cut-${lang}`);
      expect(notes).toContain(`${join(world.home, out)}: ${describeCutCells(1, lang)}`);
      expect(notes.flatMap((n) => englishIn(n, [join(world.home, out), source, 'Excel']))).toEqual([]);
    }
  }
  expect(describeCutCells(2)).toBe('2 cells held more than 32,767 characters: cut to 32,767 (Excel’s limit for a cell).');
});

/** Inputs that give each of the lookup's reasons: a character no part number has, too long, too short to search by, the start of several parts, nothing at all. */
const PROBLEM_INPUTS = ['AB|CD', 'X'.repeat(70), 'GRM1', 'GRM15', 'QQQQQZZZZZ'];

test.each(LANGS)('the lookup\'s reasons for invalid, ambiguous and unknown part numbers are said in %s by lookup and enrich', async (lang: Lang) => {
  const lookup = await cli(['lookup', ...PROBLEM_INPUTS, '--lang', lang]);
  expect(lookup.code).toBe(1);
  const notes = lookup.stderr.split('\n').filter((l) => l.trim() !== '');
  expect(notes.length).toBeGreaterThanOrEqual(4);
  expect(notes.filter((line) => englishIn(line, PROBLEM_INPUTS).length > 0)).toEqual([]);
  // The Note column of the table: every reason in the language.
  const json = await cli(['lookup', ...PROBLEM_INPUTS, '--json']);
  const reasons = (JSON.parse(json.stdout) as { reason: string | null }[]).flatMap((r) => r.reason ?? []);
  expect(reasons).toHaveLength(PROBLEM_INPUTS.length);
  for (const reason of reasons) expect(englishIn(lookupReasonIn(reason, lang) ?? '', PROBLEM_INPUTS)).toEqual([]);
  expect(lookup.stdout).not.toMatch(/type more of it|characters long|which no part number contains/);

  const file = join(world.home, `problems-${lang}.csv`);
  writeFileSync(file, `Ref,MPN\r\n${PROBLEM_INPUTS.map((p, i) => `C${i + 1},"${p}"`).join('\r\n')}\r\n`);
  const enrich = await cli(['enrich', file, '--lang', lang, '--column', 'MPN', '--out', join(world.home, `problems-${lang}-out.csv`)]);
  const lines = enrich.stderr.split('\n').filter((l) => l.trim() !== '');
  // The invalid rows' notes give the lookup's reasons.
  expect(lines.filter((l) => l.includes('AB|CD') || l.includes('X'.repeat(70)))).toHaveLength(2);
  expect(lines.filter((line) => englishIn(line, [...PROBLEM_INPUTS, file, join(world.home, `problems-${lang}-out.csv`), `problems-${lang}`, 'MPN']).length > 0)).toEqual([]);
});

test('the lookup\'s reasons stay the client\'s English in an English run', async () => {
  const lookup = await cli(['lookup', ...PROBLEM_INPUTS]);
  expect(lookup.stderr).toContain("'AB|CD' is invalid: The part number contains '|', which no part number contains.");
  expect(lookupReasonIn('The part number is empty.')).toBe('The part number is empty.');
  expect(lookupReasonIn('The part number is empty.', 'ja')).toBe('品番が空です。');
});

test.each(LANGS)('a --column that holds no part numbers is refused in %s, and nothing is written', async (lang: Lang) => {
  const { file } = messyBom();
  const out = join(world.home, `refused-${lang}.csv`);
  const run = await cli(['enrich', file, '--column', 'Qty', '--lang', lang, '--out', out]);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('Qty');
  const lines = run.stderr.split('\n').filter((l) => l.trim() !== '');
  expect(lines.filter((line) => englishIn(line.replace(/^partspec enrich: /, ''), [file, 'Qty', 'Part Number', 'MPN', 'partspec enrich --help']).length > 0)).toEqual([]);
});

test.each(LANGS)('a --column no header names, an empty sheet and a header with nothing below are said in %s', async (lang: Lang) => {
  const { file } = messyBom();
  const empty = join(world.home, `empty-${lang}.csv`);
  writeFileSync(empty, '');
  const bare = join(world.home, `bare-${lang}.csv`);
  writeFileSync(bare, 'Ref,MPN\r\n');
  const said: string[] = [];
  for (const args of [[file, '--column', 'Nope'], [empty], [bare, '--column', 'MPN']]) {
    const run = await cli(['enrich', ...args, '--lang', lang, '--out', join(world.home, `unlocated-${lang}.csv`)]);
    expect(run.code).toBe(2);
    said.push(...run.stderr.split('\n').filter((l) => l.trim() !== '').map((l) => l.replace(/^partspec enrich: /, '')));
  }
  expect(said.join('\n')).toContain(lang === 'ja' ? '見出しが「Nope」の列がありません' : '表头为“Nope”的列');
  expect(said.filter((line) => englishIn(line, [file, empty, bare, 'Nope', 'MPN', 'partspec enrich --help', `empty-${lang}`, `bare-${lang}`, 'messy']).length > 0)).toEqual([]);
});

test('a --column no header names is said in English in an English run', async () => {
  const { file } = messyBom();
  const run = await cli(['enrich', file, '--column', 'Nope', '--out', join(world.home, 'unlocated-en.csv')]);
  expect(run.stderr).toContain("has no column headed 'Nope' in its first");
});

/** A start of part numbers that more than ten of the catalog's parts share, for the table's "more" row. */
function sharedStart(): string {
  const all = Object.values(world.emulator.catalog.byGroup).flat().map((p) => String(p.values.Partno));
  for (let n = 8; n >= 5; n--) {
    const counts = new Map<string, number>();
    for (const p of all) counts.set(p.slice(0, n), (counts.get(p.slice(0, n)) ?? 0) + 1);
    const found = [...counts].find(([start, c]) => start.length === n && c > 10);
    if (found) return found[0];
  }
  throw new Error('no start shared by more than ten parts');
}

test.each(LANGS)('lookup\'s table headers and its "more" row are in %s; --json keeps its English keys', async (lang: Lang) => {
  const start = sharedStart();
  const lookup = await cli(['lookup', start, '--lang', lang]);
  const [header, ...lines] = lookup.stdout.split('\n').filter((l) => l.trim() !== '');
  expect(header.trim().split(/\s{2,}/)[0]).toBe(lang === 'ja' ? '入力' : '输入');
  expect(header).toContain(lang === 'ja' ? '備考' : '备注');
  expect(englishIn(header)).toEqual([]);
  const more = lines.filter((l) => l.includes('--json'));
  expect(more).toHaveLength(1);
  expect(englishIn(more[0])).toEqual([]);
  const json = await cli(['lookup', start, '--lang', lang, '--json']);
  expect(Object.keys((JSON.parse(json.stdout) as Record<string, unknown>[])[0])).toContain('reason');
});

test('lookup\'s table stays English in an English run', async () => {
  const lookup = await cli(['lookup', sharedStart()]);
  expect(lookup.stdout.split('\n')[0]).toMatch(/^Input\s+Match\s.*\sNote\s*$/);
  expect(lookup.stdout).toMatch(/… \d+ more \(use --json for all\)/);
});

test.each(LANGS)('report, portfolio and replace say in %s why a file holds no BOM or no part-number column, as enrich does', async (lang: Lang) => {
  const empty = join(world.home, `nothing-${lang}.csv`);
  writeFileSync(empty, '');
  const noParts = join(world.home, `no-parts-${lang}.csv`);
  writeFileSync(noParts, 'Ref,Qty,Value\r\nC1,2,100n\r\nC2,1,10u\r\n');
  const named = join(world.home, `named-${lang}.csv`);
  writeFileSync(named, 'Ref,MPN\r\nC1,GRM155R71C104KA88D\r\n');
  const kept = [empty, noParts, named, `nothing-${lang}`, `no-parts-${lang}`, `named-${lang}`, 'Part Number', 'MPN', 'Nope', 'partspec report --help', 'partspec portfolio --help'];
  const runs = [
    await cli(['report', empty, '--lang', lang]),
    await cli(['report', noParts, '--lang', lang]),
    await cli(['report', named, '--column', 'Nope', '--lang', lang]),
    await cli(['portfolio', noParts, '--lang', lang]),
    await cli(['portfolio', empty, noParts, '--lang', lang]),
    await cli(['replace', 'GRM155R71C104KA88D', 'GRM155R71C104KA88J', noParts, '--dry-run', '--lang', lang]),
  ];
  for (const run of runs.slice(0, 5)) expect(run.code).toBe(2);
  // The locator's facts, in the language: no part-number column, and a --column no header names.
  const said = runs.map((r) => r.stderr).join('\n');
  expect(said).toContain(lang === 'ja' ? '品番の列が見つかりませんでした' : '未找到型号列');
  expect(said).toContain(lang === 'ja' ? '見出しが「Nope」の列がありません' : '表头为“Nope”的列');
  // replace's other notes (what it searched, what it wrote) are not the locator's.
  const noBom = runs[5].stderr.split('\n').filter((l) => l.startsWith(noParts));
  expect(noBom).toHaveLength(1);
  const lines = [...runs.slice(0, 5).flatMap((r) => r.stderr.split('\n')), ...noBom].filter((l) => l.trim() !== '').map((l) => l.replace(/^partspec (report|portfolio): /, ''));
  expect(lines.filter((line) => englishIn(line, kept).length > 0)).toEqual([]);
});

test('report, portfolio and replace keep their English sentences for a file with no part-number column', async () => {
  const noParts = join(world.home, 'no-parts-en.csv');
  writeFileSync(noParts, 'Ref,Qty,Value\r\nC1,2,100n\r\nC2,1,10u\r\n');
  expect((await cli(['report', noParts])).stderr).toContain("Sheet 'no-parts-en': No part-number column was found");
  expect((await cli(['portfolio', noParts])).stderr).toContain(`No BOM was found in ${noParts} (${noParts}, sheet 'no-parts-en': No part-number column was found`);
  expect((await cli(['replace', 'GRM155R71C104KA88D', 'GRM155R71C104KA88J', noParts, '--dry-run'])).stderr).toContain(`${noParts}: no BOM found (no sheet with a part-number column); not searched.`);
});

test.each(LANGS)('a second --column no header names, or the part-number column again, is refused in %s', async (lang: Lang) => {
  const { file } = messyBom();
  const lines: string[] = [];
  for (const second of ['Nope', 'Mfr Part']) {
    const run = await cli(['enrich', file, '--column', 'Mfr Part', '--column', second, '--lang', lang, '--out', join(world.home, `second-${lang}.csv`)]);
    expect(run.code).toBe(2);
    lines.push(...run.stderr.split('\n').filter((l) => l.trim() !== '').map((l) => l.replace(/^partspec enrich: /, '')));
  }
  expect(lines.join('\n')).toContain(lang === 'ja' ? '見出しが「Nope」の列がありません' : '表头为“Nope”的列');
  expect(lines.filter((line) => englishIn(line, [file, 'messy', 'Nope', 'partspec enrich --help']).length > 0)).toEqual([]);
});
