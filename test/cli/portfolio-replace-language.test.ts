/**
 * `partspec replace`, `partspec portfolio` and `partspec compliance` in Japanese and Chinese, and
 * the refusals of an unusable service address in the run's language: their notes and refusals on
 * stderr and their tables on stdout hold no English words of PartSpec's (only part numbers, file
 * names, flags, units and the BOM's own words). English runs keep their sentences word for word.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEY } from '../../emulator';
import type { Lang } from '../../api/vocabulary';
import { keyToDefaultAddressRefusal } from '../../api/base-url';
import { DEFAULT_BASE_URL } from '../../node/config';
import { DEFAULT_DOCUMENT_LIMITS, fetchDocuments } from '../../node/compliance/documents';
import { useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';
import { replacementPair } from '../replace/replacement-pair';

const world = useEmulatorHome();
const cli = (args: string[]) => runCliInProcess([...args, '--base-url', world.emulator.url], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY } });

const OLD = 'MCS18R71H104KZ9D';
const OTHER = 'GRM21BR61E106KA73L';
let NEW: string;
let LOOSER: string;

beforeAll(async () => {
  const run = await cli(['replacements', OLD, '--json', '--max', '1']);
  ({ NEW, LOOSER } = replacementPair(world.emulator.catalog, OLD, run.stdout));
}, 60_000);

/**
 * The English words left in a ja or zh text: runs of two or more ASCII letters once the kept texts,
 * flags, tokens with a digit (part numbers, cells), the product's and command's names and the
 * names every language writes (API, BOM, CSV, JSON, HTML, URL, units, compliance flags) are out.
 */
function englishIn(text: string, kept: readonly string[] = []): string[] {
  const texts = [world.home, ...kept].sort((a, b) => b.length - a.length);
  // A table cuts a long path with an ellipsis: a cut start of a kept text (whatever the temp folder is called) is kept too.
  let rest = text.replace(/\S+…/g, (cut) => (texts.some((k) => k.startsWith(cut.slice(0, -1))) ? ' ' : cut));
  for (const k of texts) rest = rest.split(k).join(' ');
  rest = rest.replace(/\bpartspec( (replace|portfolio|compliance|enrich))?\b/g, ' ').replace(/PartSpec/g, ' ').replace(/--[a-z-]+/g, ' ');
  rest = rest.replace(/https?:\/\/\S*/g, ' ').replace(/[A-Za-z0-9_.-]*\d[A-Za-z0-9_.-]*/g, ' ');
  rest = rest.replace(/\b(API|BOM|CSV|HTML|JSON|URL|OLD|NEW|RoHS|REACH|AEC|SVHC|PARTSPEC_BASE_URL|PARTSPEC_API_KEY|nF|pF|µF|uF|V|mm|UTC)\b/g, ' ');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

/** The lines of a run's output that hold English words. */
const englishLines = (text: string, kept: readonly string[] = []): string[] => text.split('\n').filter((line) => englishIn(line, kept).length > 0);

/** A folder holding one CSV BOM with the old part in two rows. */
function bomFolder(name: string): { dir: string; file: string; text: string } {
  const dir = join(world.home, name);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'board.csv');
  const text = `Ref,Qty,Part Number\r\nC1,2,${OLD}\r\nC2,1,${OTHER}\r\nC3,4,${OLD}\r\n`;
  writeFileSync(file, text);
  return { dir, file, text };
}

const LANGS = ['ja', 'zh'] as const;

test.each(LANGS)('replace in %s: the preview, the run, --undo and every refusal are said in the language', async (lang: Lang) => {
  const { dir, file, text } = bomFolder(`replace-${lang}`);
  const kept = [dir, file, 'board.csv', OLD, NEW, LOOSER, OTHER];
  const outputs: string[] = [];

  const preview = await cli(['replace', OLD, NEW, dir, '--dry-run', '--lang', lang]);
  expect(preview.code).toBe(0);
  expect(preview.stdout).toContain(`${OLD}`);
  expect(preview.stdout.split('\n')[0]).toMatch(lang === 'ja' ? /^ファイル\s+シート\s+セル\s+変更前\s+変更後$/ : /^文件\s+工作表\s+单元格\s+替换前\s+替换后$/);
  expect(readFileSync(file, 'utf8')).toBe(text);
  outputs.push(preview.stdout, preview.stderr);

  const run = await cli(['replace', OLD, NEW, dir, '--lang', lang]);
  expect(run.code).toBe(0);
  expect(readFileSync(file, 'utf8')).toBe(text.split(OLD).join(NEW));
  const [log] = readdirSync(dir).filter((f) => f.startsWith('partspec-replace-'));
  expect(run.stderr).toContain(join(dir, log));
  outputs.push(run.stdout, run.stderr);
  // The old part is in no cell now.
  const none = await cli(['replace', OLD, NEW, dir, '--dry-run', '--lang', lang]);
  expect(none.code).toBe(1);
  outputs.push(none.stderr);

  // A second run with the same log: refused before anything is looked up.
  const again = await cli(['replace', NEW, OLD, dir, '--log', join(dir, log), '--lang', lang]);
  expect(again.code).toBe(2);
  outputs.push(again.stderr);

  const undo = await runCliInProcess(['replace', '--undo', join(dir, log), '--lang', lang], { home: world.home });
  expect(undo.code).toBe(0);
  expect(readFileSync(file, 'utf8')).toBe(text);
  const twice = await runCliInProcess(['replace', '--undo', join(dir, log)], { home: world.home, env: { PARTSPEC_LANG: lang } });
  expect(twice.code).toBe(0);
  outputs.push(undo.stderr, twice.stderr);

  // A file changed since the log: --undo refuses it.
  writeFileSync(file, text.replace('C2', 'C9'));
  const changed = await runCliInProcess(['replace', '--undo', join(dir, log), '--lang', lang], { home: world.home });
  expect(changed.code).toBe(2);
  outputs.push(changed.stderr);
  writeFileSync(file, text);

  const looser = await cli(['replace', OLD, LOOSER, dir, '--log', join(dir, 'looser.json'), '--lang', lang]);
  expect(looser.code).toBe(2);
  expect(looser.stderr).toContain('--accept-differences');
  expect(readFileSync(file, 'utf8')).toBe(text);
  const accepted = await cli(['replace', OLD, LOOSER, dir, '--accept-differences', '--dry-run', '--lang', lang]);
  expect(accepted.code).toBe(0);
  outputs.push(looser.stderr, accepted.stdout, accepted.stderr);

  const unknown = await cli(['replace', OLD, 'QQQQQZZZZZ', dir, '--dry-run', '--lang', lang]);
  expect(unknown.code).toBe(1);
  const same = await cli(['replace', OLD, OLD.toLowerCase(), dir, '--lang', lang]);
  expect(same.code).toBe(2);
  const notPart = await cli(['replace', 'AB|CD', NEW, dir, '--lang', lang]);
  expect(notPart.code).toBe(2);
  outputs.push(unknown.stderr, same.stderr, notPart.stderr);

  const lines = outputs.join('\n');
  expect(lines.split('\n').filter((l) => l.trim() !== '').length).toBeGreaterThan(12);
  expect(englishLines(lines, [...kept, 'QQQQQZZZZZ', 'AB|CD', log, 'board'])).toEqual([]);
});

test('replace in English keeps its sentences and headers', async () => {
  const { dir } = bomFolder('replace-en');
  const preview = await cli(['replace', OLD, NEW, dir, '--dry-run']);
  expect(preview.code).toBe(0);
  expect(preview.stdout.split('\n')[0]).toMatch(/^File\s+Sheet\s+Cell\s+Before\s+After$/);
  expect(preview.stderr).toBe('2 cells in 1 file would change (1 BOM sheet in 1 file searched); nothing was written (--dry-run).\n');
  const same = await cli(['replace', OLD, OLD, dir]);
  expect(same.stderr).toContain(`partspec replace: OLD and NEW are the same part (${OLD}).`);
  const unknown = await cli(['replace', OLD, 'QQQQQZZZZZ', dir]);
  expect(unknown.stderr).toMatch(/^QQQQQZZZZZ was not found.*Nothing was written\.\n$/);
});

test.each(LANGS)('portfolio and compliance in %s: every note, table and header in the language', async (lang: Lang) => {
  const { dir, file } = bomFolder(`portfolio-${lang}`);
  writeFileSync(join(dir, 'notes.csv'), 'Assembly notes\r\nSee the drawing\r\n');
  const plan = join(world.home, `plan-${lang}.csv`);
  writeFileSync(plan, 'board.csv,10\r\nmissing.csv,5\r\n');
  const out = join(world.home, `portfolio-${lang}.xlsx`);
  const html = join(world.home, `portfolio-${lang}.html`);
  const json = join(world.home, `portfolio-${lang}.json`);
  const portfolio = await cli(['portfolio', dir, '--plan', plan, '--out', out, '--html', html, '--json', json, '--lang', lang]);
  expect(portfolio.code).toBe(0);
  expect(portfolio.stderr).toContain('missing.csv');
  expect(portfolio.stderr).toContain(out);
  const kept = [dir, file, out, html, json, plan, 'board.csv', 'notes.csv', 'missing.csv', 'Assembly notes', 'See the drawing', 'Part Number', 'MPN', OLD, OTHER, `empty-${lang}`, 'board', 'notes'];
  expect(englishLines(`${portfolio.stdout}\n${portfolio.stderr}`, kept)).toEqual([]);

  const pack = join(world.home, `pack-${lang}`);
  const compliance = await cli(['compliance', dir, '--out', pack, '--lang', lang]);
  expect(compliance.code).toBe(0);
  expect(compliance.stderr).toContain('notes.csv');
  expect(englishLines(`${compliance.stdout}\n${compliance.stderr}`, [...kept, pack])).toEqual([]);

  const empty = join(world.home, `empty-${lang}.csv`);
  writeFileSync(empty, 'Assembly notes\r\nSee the drawing\r\n');
  const nothing = await cli(['compliance', empty, '--out', join(world.home, `pack-none-${lang}`), '--lang', lang]);
  expect(nothing.code).toBe(2);
  expect(englishLines(nothing.stderr, [...kept, empty])).toEqual([]);
});

test.each(LANGS)('a compliance document not fetched is said in %s; the manifest keeps the English reason', async (lang: Lang) => {
  const folder = join(world.home, `documents-${lang}`);
  mkdirSync(folder);
  const urls = ['ftp://maker.example/rohs.pdf', 'http://maker.example/rohs.pdf', 'https://user:pw@maker.example/rohs.pdf'];
  const notes: string[] = [];
  const out = await fetchDocuments(urls.map((url) => ({ kind: 'rohsCertificate' as const, url, partnos: [OLD] })), folder, DEFAULT_DOCUMENT_LIMITS, (s) => notes.push(s), lang);
  expect(notes).toHaveLength(3);
  expect(notes.flatMap((n) => englishIn(n, [...urls, 'ftp:', 'https', 'http']))).toEqual([]);
  expect(out.map((d) => d.refused)).toEqual(['its scheme ftp: is not https', 'it is not https (only a local emulator may use http)', 'it carries a user name or password']);
});

test('portfolio and compliance in English keep their notes', async () => {
  const { dir } = bomFolder('portfolio-en');
  const plan = join(world.home, 'plan-en.csv');
  writeFileSync(plan, 'board.csv,10\r\nmissing.csv,5\r\n');
  const out = join(world.home, 'portfolio-en.xlsx');
  const portfolio = await cli(['portfolio', dir, '--plan', plan, '--out', out]);
  expect(portfolio.code).toBe(0);
  expect(portfolio.stderr).toContain('--plan line 2 names missing.csv, which is none of the BOMs read.');
  expect(portfolio.stderr).toContain(`Workbook written to ${out}: 'Parts in use', 'Where used', 'At risk', with 3 charts.`);
  const empty = join(world.home, 'empty-en.csv');
  writeFileSync(empty, 'Assembly notes\r\nSee the drawing\r\n');
  const nothing = await cli(['compliance', empty, '--out', join(world.home, 'pack-none-en')]);
  expect(nothing.code).toBe(2);
  expect(nothing.stderr).toContain(`No BOM was found in ${empty}.`);
});

test.each(LANGS)('a key with no base URL, an address or a config file that cannot be used, is refused in %s', async (lang: Lang) => {
  const { file } = bomFolder(`settings-${lang}`);
  const out = join(world.home, `settings-${lang}-out.csv`);
  const runs = [
    await runCliInProcess(['enrich', file, '--lang', lang, '--out', out], { home: world.home, env: { PARTSPEC_API_KEY: 'x' } }),
    await runCliInProcess(['enrich', file, '--out', out, '--base-url', 'http://example.com'], { home: world.home, env: { PARTSPEC_API_KEY: 'x', PARTSPEC_LANG: lang } }),
    await runCliInProcess(['enrich', file, '--lang', lang, '--out', out], { home: world.home, env: { PARTSPEC_API_KEY: 'x', PARTSPEC_BASE_URL: 'https://user:secret@example.com' } }),
    await runCliInProcess(['enrich', file, '--lang', lang, '--out', out, '--base-url', 'not an address'], { home: world.home, env: { PARTSPEC_API_KEY: 'x' } }),
    await runCliInProcess(['enrich', file, '--lang', lang, '--out', out, '--base-url', 'https://example.com/?a=1'], { home: world.home, env: { PARTSPEC_API_KEY: 'x' } }),
  ];
  // A config file that cannot be used, the language given by flag or environment.
  const broken = join(world.home, `broken-${lang}.json`);
  writeFileSync(broken, '{"baseUrl": ');
  const list = join(world.home, `list-${lang}.json`);
  writeFileSync(list, '["baseUrl"]');
  const typed = join(world.home, `typed-${lang}.json`);
  writeFileSync(typed, '{"apiKey": 42}');
  for (const config of [broken, list, typed, join(world.home, 'missing-config.json')]) {
    runs.push(await runCliInProcess(['enrich', file, '--lang', lang, '--out', out, '--config', config], { home: world.home }));
  }
  runs.push(await runCliInProcess(['enrich', file, '--out', out, '--config', broken], { home: world.home, env: { PARTSPEC_LANG: lang } }));
  for (const run of runs) {
    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain('secret');
    expect(englishLines(run.stderr, [file, 'example.com', 'not an address', 'board', 'Part Number', 'baseUrl', 'apiKey', 'lang', 'ENOENT', `"${lang}"`, broken, list, typed, join(world.home, 'missing-config.json')])).toEqual([]);
  }
});

test('the same refusals in English keep their sentences', async () => {
  const { file } = bomFolder('settings-en');
  const out = join(world.home, 'settings-en-out.csv');
  const keyOnly = await runCliInProcess(['enrich', file, '--out', out], { home: world.home, env: { PARTSPEC_API_KEY: 'x' } });
  expect(keyOnly.code).toBe(2);
  expect(keyOnly.stderr).toContain(`partspec enrich: ${keyToDefaultAddressRefusal(DEFAULT_BASE_URL)}\n`);
  const plain = await runCliInProcess(['enrich', file, '--out', out, '--base-url', 'http://example.com'], { home: world.home, env: { PARTSPEC_API_KEY: 'x' } });
  expect(plain.stderr).toContain('partspec enrich: Use https:// for example.com: only a local emulator may use http://. (base URL from --base-url)\n');
});
