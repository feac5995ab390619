/**
 * The team's BOM rules on the command line, against the emulator: `--rules FILE` and
 * `--fail-on fatal|error|warning` on enrich and report (exit 4 at that level or worse, waived
 * checks not counted, an expired waiver counted and said), the Checks column, and a rules file
 * with a wrong field refused in a sentence before any request (a dead service is never asked).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { DEMO_KEY, type CatalogProduct } from '../../emulator';
import type { BomSummary } from '../../core/report/types';
import { useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';
import { FILE_LIMITS } from '../../core/limits';

const world = useEmulatorHome({ realNumbers: false });
const env = (): Record<string, string> => ({ PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url });
const partno = (p: CatalogProduct): string => p.values.Partno as string;
const undated = (p: CatalogProduct): boolean => p.values.LastBuyDate === undefined && p.values.ProductionEndDate === undefined;

let bom: string;
let fine: string;
let nrnd: string;
let gone: string;

/** A rules file in the test's home. */
function rulesFile(name: string, rules: unknown): string {
  const file = join(world.home, name);
  writeFileSync(file, JSON.stringify(rules));
  return file;
}

const day = (offset: number): string => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const TEAM = { name: 'Team A', rules: [{ id: 'eol', level: 'error', when: { risk: ['EOL'] } }, { id: 'nrnd', level: 'warning', when: { status: ['NRND'] } }, { id: 'banned', level: 'off', when: { doNotUse: ['*'] } }] };

beforeAll(() => {
  const smd = world.emulator.catalog.byGroup.SMD;
  fine = partno(smd.find((p) => p.values.Status === 'In Production' && undated(p))!);
  nrnd = partno(smd.find((p) => p.values.Status === 'NRND' && undated(p))!);
  gone = partno(smd.find((p) => p.values.Status === 'Discontinued')!);
  bom = join(world.home, 'bom.csv');
  writeFileSync(bom, `Ref,MPN,Qty\nC1,${fine},1\nC2,${nrnd},2\nC3,${gone},1\n`);
});

const enrich = (out: string, ...more: string[]) => runCliInProcess(['enrich', bom, '--fields', 'Status', '--out', join(world.home, out), '--no-cache', ...more], { home: world.home, env: env() });
const report = (...more: string[]) => runCliInProcess(['report', bom, '--no-cache', ...more], { home: world.home, env: env() });

describe('--fail-on a level exits 4 when a check at that level or worse fires', () => {
  test.each([
    ['fatal', 0],
    ['error', 4],
    ['warning', 4],
  ])('enrich --fail-on %s exits %d', async (level, code) => {
    const rules = rulesFile('team.json', TEAM);
    const run = await enrich(`fail-${level}.csv`, '--rules', rules, '--fail-on', level);
    expect([run.code, run.stderr]).toEqual([code, expect.any(String)]);
    expect(run.stderr).toContain('Checks by Team A: Error (1 line at error, 1 at warning)');
    const named = run.stderr.split('\n').filter((l) => /^Row \d+: /.test(l));
    const eol = `Row 4: '${gone}' error: eol: EOL: `;
    const warn = `Row 3: '${nrnd}' warning: nrnd: Status is NRND`;
    if (level === 'fatal') expect(named).toEqual([]);
    if (level === 'error') expect(named.map((l) => l.slice(0, eol.length))).toEqual([eol]);
    if (level === 'warning') expect(named.map((l) => (l.startsWith('Row 4') ? l.slice(0, eol.length) : l))).toEqual([warn, eol]);
    const rows = Papa.parse<Record<string, string>>(readFileSync(join(world.home, `fail-${level}.csv`), 'utf8'), { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => r['PartSpec: Checks'].replace(/EOL: .*/, 'EOL: …'))).toEqual(['OK', 'Warning — nrnd: Status is NRND', 'Error — eol: EOL: …']);
  }, 60_000);

  test('report --fail-on error exits 4, its JSON has the same checks, and the old words still work beside it', async () => {
    const rules = rulesFile('team.json', TEAM);
    const run = await report('--rules', rules, '--json', '--fail-on', 'risk,error');
    expect(run.code).toBe(4);
    const summary = JSON.parse(run.stdout) as BomSummary;
    expect(summary.checks?.rules).toBe('Team A');
    expect(summary.checks?.lines.map((l) => [l.sheetRow, l.partNumber, l.level, l.checks.map((c) => c.rule)])).toEqual([
      [3, nrnd, 'warning', ['nrnd']],
      [4, gone, 'error', ['eol']],
    ]);
    // --fail-on risk names the rows at Risk or EOL as it always did; error names the checks.
    expect(run.stderr).toMatch(new RegExp(`^Row 4: '${gone}' is EOL: `, 'm'));
    expect(run.stderr).toMatch(new RegExp(`^Row 4: '${gone}' error: eol: `, 'm'));
    expect((await report('--rules', rules, '--json', '--fail-on', 'fatal')).code).toBe(0);
  }, 60_000);

  test('a waiver that holds lets the line pass; once expired it fails again and says so', async () => {
    const waiver = { rule: 'eol', part: gone, reason: 'last reel in stock', by: 'A. Engineer' };
    const holding = await enrich('waived.csv', '--rules', rulesFile('waived.json', { ...TEAM, waivers: [{ ...waiver, until: day(30) }] }), '--fail-on', 'error');
    expect(holding.code).toBe(0);
    expect(holding.stderr).toContain('Checks by Team A: Warning (1 line at warning, 1 check waived)');
    const rows = Papa.parse<Record<string, string>>(readFileSync(join(world.home, 'waived.csv'), 'utf8'), { header: true, skipEmptyLines: true }).data;
    expect(rows[2]['PartSpec: Checks']).toMatch(new RegExp(`^OK — eol \\(waived\\): EOL: .* \\(waived by A\\. Engineer until ${day(30)}: last reel in stock\\)$`));

    const expired = await enrich('expired.csv', '--rules', rulesFile('expired.json', { ...TEAM, waivers: [{ ...waiver, until: day(-1) }] }), '--fail-on', 'error');
    expect(expired.code).toBe(4);
    expect(expired.stderr).toMatch(new RegExp(`^Row 4: '${gone}' error: eol: EOL: .* \\(the waiver by A\\. Engineer expired on ${day(-1)}\\)$`, 'm'));
  }, 60_000);

  test('without --rules the shipped rules judge, and the Checks column comes with --checks', async () => {
    const run = await enrich('default.csv', '--checks');
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^Checks by partspec:default: Error /m);
    const rows = Papa.parse<Record<string, string>>(readFileSync(join(world.home, 'default.csv'), 'utf8'), { header: true, skipEmptyLines: true }).data;
    expect(rows[2]['PartSpec: Checks']).toMatch(/^Error — eol: EOL: /);
    // Without --checks, --rules or a level, enrich writes no Checks column, as before.
    const plain = await enrich('plain.csv');
    expect(readFileSync(join(world.home, 'plain.csv'), 'utf8')).not.toContain('PartSpec: Checks');
    expect(plain.stderr).not.toContain('Checks by');
  }, 60_000);
});

describe('a wrong rules file is refused in a sentence naming the field, before any request', () => {
  test.each([
    ['a level', { rules: [{ id: 'eol', level: 'critical', when: { risk: ['EOL'] } }] }, "bad.json: rules[0].level: 'critical' is not a level: 'fatal', 'error', 'warning' or 'off'."],
    ['a condition', { rules: [{ id: 'eol', level: 'error', when: { lifecycle: ['EOL'] } }] }, "bad.json: rules[0].when.lifecycle: not a condition;"],
    ['a waiver date', { extends: 'partspec:default', waivers: [{ rule: 'eol', row: 3, reason: 'r', by: 'b', until: 'next year' }] }, "bad.json: waivers[0].until: 'next year' is not a day written YYYY-MM-DD."],
  ])('%s', async (_, rules, sentence) => {
    rulesFile('bad.json', rules);
    // A service that is not there: a request would fail with exit 3.
    const dead = { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: 'http://127.0.0.1:9' };
    for (const args of [['enrich', bom, '--rules', 'bad.json', '--out', join(world.home, 'never.csv')], ['report', bom, '--rules', 'bad.json']]) {
      const run = await runCliInProcess(args, { home: world.home, env: dead, cwd: world.home });
      expect([run.code, run.stderr]).toEqual([2, expect.stringContaining(sentence)]);
    }
  }, 60_000);

  test('a rules file over its bound is refused unread', async () => {
    const bound = FILE_LIMITS.rulesFileBytes.value;
    writeFileSync(join(world.home, 'huge.json'), `{"rules":[],"name":"${'x'.repeat(bound)}"}`);
    const run = await runCliInProcess(['report', bom, '--rules', 'huge.json'], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: 'http://127.0.0.1:9' }, cwd: world.home });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`huge.json (${(bound + 22).toLocaleString('en-US')} bytes) goes over the limit of 4,194,304 bytes for the size of a rules file; PartSpec did not read it.`);
  });

  test('an unknown --fail-on word names the levels too', async () => {
    const run = await enrich('never.csv', '--fail-on', 'fatl');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--fail-on takes changes, risk, eol (comma-separated), not 'fatl'. By the BOM rules it takes fatal, error, warning too.");
  });
});
