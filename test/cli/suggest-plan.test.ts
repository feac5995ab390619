/**
 * `partspec suggest` and `enrich --suggest` state their request plan before the first request, and
 * `--max-requests` refuses a plan over it in a sentence with exit 2, nothing sent and nothing
 * written (issue 46, every line at any size).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEY } from '../../emulator';
import { genericLines } from '../../bench/generic-lines';
import { useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

jest.setTimeout(300_000);

const KEY_ENV = { PARTSPEC_API_KEY: DEMO_KEY };
const world = useEmulatorHome();
const LINES = genericLines(60);

describe('the request plan', () => {
  test('suggest states the plan on stderr and keeps within it', async () => {
    world.emulator.resetLog();
    const run = await runCliInProcess(['suggest', '-', '--json', '--base-url', world.emulator.url, '--no-cache'], { home: world.home, env: KEY_ENV, input: `${LINES.join('\n')}\n` });
    expect([0, 1]).toContain(run.code);
    const plan = /^(\d+) distinct searches: (\d+) requests \((the [^)]+)\) instead of \1 searches\.$/m.exec(run.stderr);
    expect(plan).not.toBeNull();
    expect(plan![3]).toMatch(/^the ceramicCapacitorsSMD (and inductors files|file)$/);
    expect(world.emulator.requests.length).toBeLessThanOrEqual(Number(plan![2]));
    expect(run.stderr).toMatch(/lines have a suggestion \(\d+ searches, matched in the category files\)\./);
    expect((JSON.parse(run.stdout) as unknown[]).length).toBe(LINES.length);
  });

  test('suggest --max-requests refuses a plan over it before sending anything', async () => {
    world.emulator.resetLog();
    const run = await runCliInProcess(['suggest', '-', '--max-requests', '1', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV, input: `${LINES.join('\n')}\n` });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/\d+ distinct searches: \d requests \(the ceramicCapacitorsSMD[^)]*\) instead of \d+ searches, over --max-requests 1; none of them was sent\. Allow more requests, or give fewer lines\./);
    expect(world.emulator.requests).toHaveLength(0);
    expect(run.stdout).toBe('');
  });

  test('enrich --suggest --max-requests stops before its first search and writes nothing', async () => {
    const bom = join(world.home, 'generic.csv');
    // A BOM as drawn: a few lines with the maker's part number, the rest generic lines with none.
    const makers = world.emulator.catalog.byGroup.SMD.slice(0, 3).map((p) => String(p.values.Partno));
    const rows = [...makers.map((partno, i) => `C${i + 1},${partno},cap`), ...LINES.map((l, i) => `C${i + 4},,${l}`)];
    writeFileSync(bom, `Reference,MPN,Value\n${rows.join('\n')}\n`);
    const out = join(world.home, 'generic-out.csv');
    const run = await runCliInProcess(['enrich', bom, '--column', 'MPN', '--suggest', '--max-requests', '1', '--out', out, '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Suggested: \d+ distinct searches: \d requests \(the ceramicCapacitorsSMD[^)]*\)/);
    expect(run.stderr).toMatch(/over --max-requests 1; none of them was sent\. Allow more requests, or give fewer lines; .*generic-out\.csv was not written\./);
    expect(existsSync(out)).toBe(false);
  });

  test("enrich --suggest --max-requests counts the lookups in its plan: a bound the suggestions alone fit is refused with no request sent, the whole plan's bound runs within it", async () => {
    const bom = join(world.home, 'whole-plan.csv');
    const makers = world.emulator.catalog.byGroup.SMD.slice(0, 40).map((p) => String(p.values.Partno));
    const rows = [...makers.map((partno, i) => `C${i + 1},${partno},cap`), ...LINES.map((l, i) => `C${i + 41},,${l}`)];
    writeFileSync(bom, `Reference,MPN,Value\n${rows.join('\n')}\n`);
    const out = join(world.home, 'whole-plan-out.csv');
    const args = (n: number): string[] => ['enrich', bom, '--column', 'MPN', '--suggest', '--max-requests', String(n), '--out', out, '--base-url', world.emulator.url, '--no-cache'];

    world.emulator.resetLog();
    const probe = await runCliInProcess(args(0), { home: world.home, env: KEY_ENV });
    expect(probe.code).toBe(2);
    expect(world.emulator.requests).toHaveLength(0);
    const plan = /^partspec enrich: At most (\d+) requests in all: (\d+) requests? to look up 40 part numbers, (\d+) requests? for the suggestions of up to 100 rows, over --max-requests 0; none of them was sent\. Allow more requests, or give fewer lines; .*whole-plan-out\.csv was not written\.$/m.exec(probe.stderr);
    expect(plan).not.toBeNull();
    const [whole, lookups, suggestions] = plan!.slice(1).map(Number);
    expect(lookups).toBeGreaterThan(0);
    expect(whole).toBe(lookups + suggestions);
    expect(probe.stderr).toMatch(/^Suggested: \d+ distinct searches: \d+ requests \(the ceramicCapacitorsSMD[^)]*\) instead of \d+ searches, counting every row the lookup may leave without a maker part\.$/m);

    // Enough for the suggestions, not for the lookups as well: refused before the first lookup.
    world.emulator.resetLog();
    const short = await runCliInProcess(args(whole - 1), { home: world.home, env: KEY_ENV });
    expect(short.code).toBe(2);
    expect(short.stderr).toContain(`At most ${whole} requests in all: ${lookups} requests to look up 40 part numbers, ${suggestions} requests for the suggestions of up to 100 rows, over --max-requests ${whole - 1}; none of them was sent.`);
    expect(world.emulator.requests).toHaveLength(0);
    expect(existsSync(out)).toBe(false);

    world.emulator.resetLog();
    const run = await runCliInProcess(args(whole), { home: world.home, env: KEY_ENV });
    expect([0, 1]).toContain(run.code);
    expect(existsSync(out)).toBe(true);
    expect(world.emulator.requests.length).toBeGreaterThan(0);
    expect(world.emulator.requests.length).toBeLessThanOrEqual(whole);
  });

  test('enrich --max-requests with --replacements is refused: a harvest cannot be planned', async () => {
    const run = await runCliInProcess(['enrich', 'x.csv', '--suggest', '--replacements', '--max-requests', '9', '--out', 'y.csv', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--max-requests cannot bound --replacements' searches");
  });

  test('--max-requests is a whole number', async () => {
    const run = await runCliInProcess(['suggest', '100nF 0402', '--max-requests', 'many', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(run.code).toBe(2);
  });
});
