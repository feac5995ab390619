/**
 * The Match cells, risk reasons and "what differs" of `partspec enrich` and `partspec report` are
 * in the run's language, and a part number one misread character from a real one names the part
 * it likely is in its Match cell, against the emulator: everything that reads a Match cell back
 * (the change comparison, the counts, --fail-on) still takes that row as Not found.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { DEMO_KEY } from '../../emulator';
import { MATCH_WORDS } from '../../core/enrich/match-words';
import { specialHeader } from '../../core/cells/columns';
import { RUN_WORDS } from '../../cli/run-words';
import { useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const world = useEmulatorHome();
const KEY_ENV = { PARTSPEC_API_KEY: DEMO_KEY };
const MEANT = 'GRM155R71C104KA88D';
const MISREAD = 'GRM155R71C1O4KA88D';

/** English a ja or zh run must not write in these cells and sentences. */
const ENGLISH = /\b(Exact|Variant|Ambiguous|Not found|Invalid|synthetic|Not fitted|Other maker|did you mean|Series not covered|maker alternative|more|No replacement|vs|none|tolerance|Status is|has passed|is within|not checked|Synthetic data|check the part)\b/;

let risky = '';

beforeAll(() => {
  // A part at Risk whose replacements differ from it somewhere, so the candidates' phrases are there to read.
  risky = world.emulator.catalog.byGroup.SMD.find((p) => p.values.Status === 'NRND' && typeof p.values['Specs.Capacitance'] === 'number')!.values.Partno as string;
  const rows = [
    ['Item', 'Qty', 'Reference', 'Manufacturer', 'Manufacturer Part Number', 'Fitted'],
    ['1', '10', 'C1', 'Murata', MEANT, ''],
    ['2', '2', 'C2', 'Murata', MISREAD, ''],
    ['3', '1', 'C3', 'Murata', risky, ''],
    ['4', '1', 'C4', 'Murata', 'ZZZQ99999999', ''],
    ['5', '1', 'C5', 'Murata', MEANT, 'DNP'],
    ['6', '1', 'C6', 'TDK', 'C1005X7R1C104K050BC', ''],
  ];
  writeFileSync(join(world.home, 'words.csv'), `${rows.map((r) => r.join(',')).join('\n')}\n`);
});

const cli = (args: string[]) => runCliInProcess([...args, '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });

/** The CSV's rows as header → value records. */
function readCsv(file: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(readFileSync(join(world.home, file), 'utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
}

test('enrich names the likely part in the Match cell and still counts the row as not found', async () => {
  const run = await cli(['enrich', 'words.csv', '--risk', '--replacements', '--out', 'words-en.csv']);
  expect(run.code).toBe(1);
  const rows = readCsv('words-en.csv');
  expect(rows.map((r) => r['PartSpec: Match'])).toEqual([expect.stringMatching(/^Exact/), `Not found — did you mean ${MEANT}?`, expect.stringMatching(/^Exact/), 'Not found', 'Not fitted', 'Other maker']);
  expect(run.stderr).toContain(`Row 3: '${MISREAD}' not found. Did you mean '${MEANT}'?`);
  expect(run.stderr).toMatch(/2 not found/);
});

test.each([['ja'], ['zh']] as const)('enrich and report in %s write no English Match value, risk reason or what-differs phrase', async (lang) => {
  const run = await cli(['enrich', 'words.csv', '--risk', '--replacements', '--lang', lang, '--out', `words-${lang}.csv`]);
  expect(run.code).toBe(1);
  const rows = readCsv(`words-${lang}.csv`);
  const words = MATCH_WORDS[lang];
  const [match, replacement] = [specialHeader('match', lang), specialHeader('replacement', lang)];
  expect(rows.map((r) => r[match])).toEqual([
    expect.stringMatching(new RegExp(`^${words.statuses.exact}`)),
    words.didYouMean(MEANT),
    expect.stringMatching(new RegExp(`^${words.statuses.exact}`)),
    words.statuses.notFound,
    words.notFitted,
    words.otherMaker,
  ]);
  const written = rows.flatMap((r) => [r[match], r[replacement] ?? '']);
  expect(written.filter((text) => ENGLISH.test(text))).toEqual([]);
  expect(rows[2][replacement]).not.toBe('');

  const report = await cli(['report', 'words.csv', '--lang', lang, '--json']);
  const summary = JSON.parse(report.stdout) as { atRisk: { partNumber: string; reason: string; instead: { differs: string[] }[] }[] };
  const atRisk = summary.atRisk.find((p) => p.partNumber === risky)!;
  const phrases = [atRisk.reason, ...atRisk.instead.flatMap((c) => c.differs)];
  expect(atRisk.instead.some((c) => c.differs.length > 0)).toBe(true);
  expect(phrases.filter((text) => ENGLISH.test(text))).toEqual([]);
  // The terminal's table shortens long cells: its lines are scanned whole.
  const text = (await cli(['report', 'words.csv', '--lang', lang])).stdout;
  expect(text).toContain(atRisk.reason);
  expect(text.split('\n').filter((line) => ENGLISH.test(line))).toEqual([]);
});

test('the same report in English says what differs in English, so the ja and zh checks above read real phrases', async () => {
  const report = await cli(['report', 'words.csv', '--json']);
  const summary = JSON.parse(report.stdout) as { atRisk: { partNumber: string; reason: string; instead: { differs: string[] }[] }[] };
  const atRisk = summary.atRisk.find((p) => p.partNumber === risky)!;
  expect(atRisk.reason).toMatch(/^Status is NRND/);
  expect(atRisk.instead.flatMap((c) => c.differs).some((phrase) => / vs /.test(phrase))).toBe(true);
});

test('a re-run in another language over a did-you-mean cell changes no Match answer', async () => {
  const first = await cli(['enrich', 'words.csv', '--risk', '--out', 'again.csv']);
  expect(first.code).toBe(1);
  const second = await cli(['enrich', 'again.csv', '--risk', '--lang', 'ja', '--out', 'again.csv', '--fail-on', 'changes']);
  // 1: rows not found; not 4: a Match cell in Japanese, or one that named the likely part, is the same answer.
  expect(second.code).toBe(1);
  // The run speaks Japanese on stderr too: its summary of changes is RUN_WORDS.ja's.
  expect(second.stderr).toContain(RUN_WORDS.ja.changedRows(0, 0));
  expect(readCsv('again.csv')[1][specialHeader('match', 'ja')]).toBe(MATCH_WORDS.ja.didYouMean(MEANT));
});
