/**
 * `partspec enrich` and `partspec report` run with --lang ja or zh leave no English in the Risk,
 * Match, Replacement and Not-updated cells they write, nor in what they say on stderr, against
 * the emulator; JSON keeps the level codes. A workbook enriched in one language and again in
 * another still compares (no change), highlights its Risk cells and fails --fail-on on the same rows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { DEMO_KEY } from '../../emulator';
import { findAllowedValue, type Lang } from '../../api/vocabulary';
import type { RiskLevel } from '../../core/cells/risk';
import { RISK_LEVEL_WORDS, riskLevelText } from '../../core/cells/risk-levels';
import { parsePartSpecHeader, specialHeader } from '../../core/cells/columns';
import { MATCH_WORDS } from '../../core/enrich/match-words';
import { RUN_WORDS } from '../../cli/run-words';
import { readXlsx, useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const world = useEmulatorHome();
const KEY_ENV = { PARTSPEC_API_KEY: DEMO_KEY };
const BOM = '部品表.csv';
const MISREAD = 'GRM155R71C1O4KA88D';

/** Each catalog part of the BOM and the level its Risk cell says (undefined: no part, no level). */
const LINES: { part: string; maker: string; fitted: string; level?: RiskLevel }[] = [];
/** The BOM's rows that --fail-on risk names (Risk or EOL), and those --fail-on eol names. */
let atRisk = 0;
let ended = 0;
/** The service's own text of the package forms (a free-text field, not a vocabulary value): a what-differs phrase quotes it as it is. */
let packageTypes: string[] = [];

beforeAll(() => {
  const smd = world.emulator.catalog.byGroup.SMD;
  packageTypes = [...new Set(smd.map((p) => p.values.PackageType).filter((v): v is string => typeof v === 'string'))].sort((a, b) => b.length - a.length);
  // Parts without a last-buy or production-end date: their level is their status's alone.
  const undated = (status: string) => smd.find((p) => p.values.Status === status && typeof p.values['Specs.Capacitance'] === 'number' && !p.values.LastBuyDate && !p.values.ProductionEndDate)!.values.Partno as string;
  const discontinued = smd.find((p) => p.values.Status === 'Discontinued' && typeof p.values['Specs.Capacitance'] === 'number')!.values.Partno as string;
  LINES.push(
    { part: undated('In Production'), maker: 'Murata', fitted: '', level: 'OK' },
    { part: undated('NRND'), maker: 'Murata', fitted: '', level: 'Risk' },
    { part: discontinued, maker: 'Murata', fitted: '', level: 'EOL' },
    { part: undated('Under Development'), maker: 'Murata', fitted: '', level: 'Watch' },
    { part: MISREAD, maker: 'Murata', fitted: '' },
    { part: 'ZZZQ99999999', maker: 'Murata', fitted: '' },
    { part: undated('In Production'), maker: 'Murata', fitted: 'DNP' },
    { part: 'C1005X7R1C104K050BC', maker: 'TDK', fitted: '' },
  );
  atRisk = LINES.filter((l) => l.level === 'Risk' || l.level === 'EOL').length;
  ended = LINES.filter((l) => l.level === 'EOL').length;
  const rows = [['番号', '数量', '部品番号', 'メーカー', 'メーカー品番', '実装'], ...LINES.map((l, i) => [String(i + 1), '1', `C${i + 1}`, l.maker, l.part, l.fitted])];
  writeFileSync(join(world.home, BOM), `${rows.map((r) => r.join(',')).join('\n')}\n`);
});

const cli = (args: string[], env: Record<string, string> = {}) => runCliInProcess([...args, '--base-url', world.emulator.url], { home: world.home, env: { ...KEY_ENV, ...env } });

function readCsv(file: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(readFileSync(join(world.home, file), 'utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
}

/**
 * The English words left in a ja or zh text: runs of two or more ASCII letters, once what must stay
 * as it is has been taken out: part numbers, cell ranges and numbers (any token with a digit), the
 * file names and flags the test gave, the product's name before the column headers the sentences
 * name (the names after it are in the run's language), the names every language writes (API, BOM, HTML, JSON) and the vocabulary's own word for a status where
 * it is English in that language too (NRND).
 */
function englishIn(text: string, lang: Lang, kept: readonly string[] = []): string[] {
  let rest = text;
  for (const k of kept) rest = rest.split(k).join(' ');
  rest = rest.replace(/PartSpec/g, ' ').replace(/--[a-z-]+( [a-z,]+)?/g, ' ');
  rest = rest.replace(/[A-Za-z0-9-]*\d[A-Za-z0-9-]*/g, ' ').replace(/\b(API|BOM|HTML|JSON)\b/g, ' ');
  const nrnd = findAllowedValue('Status', 'NRND')?.[lang];
  if (nrnd && /^[A-Za-z]+$/.test(nrnd)) rest = rest.split(nrnd).join(' ');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

const LANGS = ['ja', 'zh'] as const;

test.each(LANGS)('enrich and report in %s write no English level, match or replacement and say nothing in English', async (lang) => {
  const out = `部品表-${lang}.csv`;
  const run = await cli(['enrich', BOM, '--risk', '--replacements', '--lang', lang, '--fail-on', 'risk', '--out', out]);
  expect(run.code).toBe(4);
  const rows = readCsv(out);
  const [risk, match, replacement] = (['risk', 'match', 'replacement'] as const).map((s) => specialHeader(s, lang));
  expect(Object.keys(rows[0]).filter((h) => h.startsWith('PartSpec')).flatMap((h) => englishIn(h.replace(/\([^)]*\)$/, ''), lang))).toEqual([]);
  expect(rows.map((r) => r[risk])).toEqual(LINES.map((l) => (l.level ? RISK_LEVEL_WORDS[lang][l.level] : '')));
  expect(rows[4][match]).toBe(MATCH_WORDS[lang].didYouMean('GRM155R71C104KA88D'));
  const cells = rows.flatMap((r) => [r[risk], r[match], r[replacement]]);
  expect(cells.filter((c) => englishIn(c, lang, packageTypes).length > 0)).toEqual([]);
  expect(rows.filter((r) => r[replacement] !== '')).toHaveLength(atRisk);
  expect(englishIn(run.stderr, lang, [BOM, out, BOM.replace('.csv', '')])).toEqual([]);
  expect(run.stderr).toContain(RUN_WORDS[lang].failOnTotal('risk', atRisk, 4));

  const html = `部品表-${lang}.html`;
  const report = await cli(['report', BOM, '--lang', lang, '--fail-on', 'eol', '--html', html]);
  expect(report.code).toBe(4);
  expect(englishIn(report.stderr, lang, [html])).toEqual([]);
  expect(report.stderr).toContain(RUN_WORDS[lang].failOnTotal('eol', ended, 4));
  // The terminal's and the page's table of parts at risk say each level in the language.
  expect(report.stdout).toContain(RISK_LEVEL_WORDS[lang].EOL);
  expect(report.stdout).not.toMatch(/\b(EOL|Risk|Watch|Unknown|OK)\b/);
  const page = readFileSync(join(world.home, html), 'utf8');
  expect(page).toContain(`>${RISK_LEVEL_WORDS[lang].Risk}<`);
  expect(page).not.toMatch(/>(EOL|Risk|Watch|Unknown|OK)</);

  // JSON is read by programs: it keeps the level codes.
  const json = JSON.parse((await cli(['report', BOM, '--lang', lang, '--json'])).stdout) as { atRisk: { risk: string }[] };
  expect(json.atRisk.map((p) => p.risk).sort()).toEqual(LINES.flatMap((l) => (l.level === 'Risk' || l.level === 'EOL' ? [l.level] : [])).sort());
});

test.each(LANGS)('a value typed over a Status cell is a change said in %s, in the Changes cell and by --fail-on changes', async (lang) => {
  const first = `変更-${lang}.csv`;
  expect((await cli(['enrich', BOM, '--fields', 'Status', '--lang', lang, '--out', first])).code).toBe(1);
  const lines = readFileSync(join(world.home, first), 'utf8').split('\n');
  const statusAt = lines[0].split(',').findIndex((h) => h.startsWith('PartSpec: ') && h !== specialHeader('match', lang));
  const cells = lines[1].split(',');
  cells[statusAt] = 'Gone';
  lines[1] = cells.join(',');
  writeFileSync(join(world.home, first), lines.join('\n'));
  const run = await cli(['enrich', first, '--fields', 'Status', '--lang', lang, '--fail-on', 'changes', '--out', first]);
  expect(run.code).toBe(4);
  const changes = readCsv(first)[0][specialHeader('changes', lang)];
  expect(changes).toContain(findAllowedValue('Status', 'In Production')![lang]);
  expect(englishIn(changes, lang, ['Gone'])).toEqual([]);
  expect(run.stderr).toContain(RUN_WORDS[lang].failChanged('2', LINES[0].part, changes));
  expect(run.stderr).toContain(RUN_WORDS[lang].changedRows(1, 1));
  expect(englishIn(run.stderr, lang, ['Gone', first, first.replace('.csv', '')])).toEqual([]);
});

test('a run that changes most Match answers says so in the run language before it writes', async () => {
  const file = '置換.csv';
  const found = LINES.filter((l) => l.level !== undefined);
  const bom = (parts: string[]) => `${['メーカー品番', ...parts].join('\n')}\n`;
  writeFileSync(join(world.home, '置換元.csv'), bom(found.map((l) => l.part)));
  expect((await cli(['enrich', '置換元.csv', '--fields', 'Status', '--lang', 'ja', '--out', file])).code).toBe(0);
  // Every part number now names no part: each answered row's Match changes.
  const text = readFileSync(join(world.home, file), 'utf8');
  writeFileSync(join(world.home, file), found.reduce((t, l, i) => t.split(`${l.part},`).join(`ZZZQ${String(i).padStart(8, '0')},`), text));
  const run = await cli(['enrich', file, '--fields', 'Status', '--lang', 'ja', '--out', file]);
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(RUN_WORDS.ja.largeChange(found.length, found.length));
  expect(englishIn(run.stderr, 'ja', [file, file.replace('.csv', '')])).toEqual([]);
});

test('a replacement search that fails writes Not-updated cells in the run language', async () => {
  // The lookups are answered from the cache of a first run (a cache of its own: no search is in it); then the service answers every request with 500.
  const cache = { XDG_CACHE_HOME: join(world.home, 'failing-cache') };
  expect((await cli(['enrich', BOM, '--risk', '--lang', 'zh', '--out', 'failing.csv'], cache)).code).toBe(1);
  world.emulator.configure({ failRate: 1 });
  let run;
  try {
    run = await cli(['enrich', BOM, '--risk', '--replacements', '--lang', 'zh', '--out', 'failing.csv'], { ...cache, PARTSPEC_RETRY_BUDGET: '0' });
  } finally {
    world.emulator.configure({ failRate: 0 });
  }
  expect(run.code).toBe(1);
  const cells = readCsv('failing.csv').map((r) => r[specialHeader('replacement', 'zh')]).filter((c) => c !== '');
  expect(cells).toHaveLength(atRisk);
  for (const cell of cells) expect(cell.startsWith('未更新：')).toBe(true);
  expect(run.stderr).toContain(`替换件：${cells[0]}`);
});

/** The Risk column of a workbook: its cells, and the highlight rule (the fill's dxfId) each text gets. */
async function riskColumn(file: string, lang: Lang = 'en'): Promise<{ cells: string[]; rules: Map<string, string> }> {
  const sheet = (await readXlsx(join(world.home, file))).worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  // One Risk column, headed in the last run's language: a re-run in another language reuses it.
  const ours = header.flatMap((h) => parsePartSpecHeader(h)?.id ?? []);
  expect(ours.length).toBeGreaterThan(1);
  expect(new Set(ours).size).toBe(ours.length);
  const column = header.indexOf(specialHeader('risk', lang));
  const cells = LINES.map((_, i) => String(sheet.getRow(i + 2).getCell(column).value ?? ''));
  const letter = sheet.getColumn(column).letter;
  const xml = strFromU8(unzipSync(readFileSync(join(world.home, file)))['xl/worksheets/sheet1.xml']);
  const block = new RegExp(`<conditionalFormatting sqref="${letter}2:${letter}\\d+">(.*?)</conditionalFormatting>`).exec(xml)?.[1] ?? '';
  const rules = new Map([...block.matchAll(/dxfId="(\d+)"[^>]*><formula>"([^<]*)"<\/formula>/g)].map((m) => [m[2], m[1]]));
  return { cells, rules };
}

test('a workbook enriched in English, then Japanese, then Chinese, then English compares, highlights and fails on the same rows', async () => {
  const book = '部品表.xlsx';
  expect((await cli(['enrich', BOM, '--risk', '--out', book])).code).toBe(1);
  const english = await riskColumn(book);
  expect(english.cells).toEqual(LINES.map((l) => l.level ?? ''));

  for (const lang of ['ja', 'zh', 'en'] as const) {
    const words = RUN_WORDS[lang];
    const run = await cli(['enrich', book, '--risk', '--lang', lang, '--fail-on', 'changes,risk', '--out', book]);
    expect([lang, run.code]).toEqual([lang, 4]);
    // Nothing changed: the Match and Status cells in another language are the same answers.
    expect(run.stderr).toContain(words.changedRows(0, 0));
    const named = LINES.flatMap((l, i) => (l.level === 'Risk' || l.level === 'EOL' ? [words.failRisk(String(i + 2), l.part, riskLevelText(l.level, lang), '')] : []));
    for (const line of named) expect(run.stderr).toContain(line);
    expect(run.stderr).toContain(words.failOnTotal('changes,risk', atRisk, 4));

    const { cells, rules } = await riskColumn(book, lang);
    expect(cells).toEqual(LINES.map((l) => (l.level ? riskLevelText(l.level, lang) : '')));
    // Each level is coloured in this run's words with the fill its English code has.
    for (const level of ['EOL', 'Risk', 'Watch'] as const) expect([level, rules.get(riskLevelText(level, lang))]).toEqual([level, english.rules.get(level)]);
    expect(english.rules.get('EOL')).toBeDefined();

    // The summary reads the sheet's last changes: none, so --fail-on changes passes.
    expect((await cli(['report', book, '--lang', lang, '--fail-on', 'changes'])).code).toBe(0);
  }
});
