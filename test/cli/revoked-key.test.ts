/**
 * A key that is wrong or has been revoked is noticed on the next run even when every answer is
 * still cached: the run fails with the key's sentence and exit code, and the key is written nowhere.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEY } from '../../emulator';
import { useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const world = useEmulatorHome();
const WRONG_KEY = 'wrong-key-never-stored-5150';

function writeBom(file: string): void {
  const parts = world.emulator.catalog.byGroup.SMD.slice(0, 3).map((p) => p.values.Partno as string);
  writeFileSync(file, `Ref,MPN\n${parts.map((p, i) => `C${i + 1},${p}`).join('\n')}\n`);
}

/** Every file of the answer cache, as text. */
function cacheTexts(): string {
  const dir = join(world.home, '.cache', 'partspec');
  return readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8')).join('\n');
}

afterEach(() => world.emulator.configure({ keys: [DEMO_KEY] }));

test('enrich with a wrong key and a warm cache fails with the key sentence and exit 3', async () => {
  const bom = join(world.home, 'bom-wrong.csv');
  writeBom(bom);
  const warm = await runCliInProcess(['enrich', bom, '--out', join(world.home, 'first.csv'), '--base-url', world.emulator.url], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY } });
  expect(warm.code).toBe(0);

  const wrong = await runCliInProcess(['enrich', bom, '--out', join(world.home, 'second.csv'), '--base-url', world.emulator.url], { home: world.home, env: { PARTSPEC_API_KEY: WRONG_KEY } });
  expect(wrong.code).toBe(3);
  expect(wrong.stderr).toMatch(/^partspec enrich: The API key was rejected \(403\)/m);
  expect(cacheTexts()).not.toContain(WRONG_KEY);
  expect(cacheTexts()).not.toContain(DEMO_KEY);
});

test('a key revoked after its answers were cached fails the next run at once, and its cached answers are dropped', async () => {
  const bom = join(world.home, 'bom-revoked.csv');
  writeBom(bom);
  const env = { PARTSPEC_API_KEY: DEMO_KEY };
  const warm = await runCliInProcess(['enrich', bom, '--out', join(world.home, 'warm.csv'), '--base-url', world.emulator.url], { home: world.home, env });
  expect(warm.code).toBe(0);

  world.emulator.configure({ keys: ['another-key'] });
  world.emulator.resetLog();
  const revoked = await runCliInProcess(['enrich', bom, '--out', join(world.home, 'revoked.csv'), '--base-url', world.emulator.url], { home: world.home, env });
  expect(revoked.code).toBe(3);
  expect(revoked.stderr).toMatch(/The API key was rejected \(403\)/);
  // One small request told: the rest of the run never started.
  expect(world.emulator.requests.length).toBe(1);

  world.emulator.configure({ keys: [DEMO_KEY] });
  world.emulator.resetLog();
  const again = await runCliInProcess(['enrich', bom, '--out', join(world.home, 'again.csv'), '--base-url', world.emulator.url], { home: world.home, env });
  expect(again.code).toBe(0);
  // The dropped answers were fetched again.
  expect(world.emulator.requests.some((r) => r.url.includes('Partno'))).toBe(true);
});

test('with a valid key and a warm cache, the run costs one small request', async () => {
  const bom = join(world.home, 'bom-warm.csv');
  writeBom(bom);
  const env = { PARTSPEC_API_KEY: DEMO_KEY };
  await runCliInProcess(['enrich', bom, '--out', join(world.home, 'w1.csv'), '--base-url', world.emulator.url], { home: world.home, env });
  world.emulator.resetLog();
  const run = await runCliInProcess(['enrich', bom, '--out', join(world.home, 'w2.csv'), '--base-url', world.emulator.url], { home: world.home, env });
  expect(run.code).toBe(0);
  expect(world.emulator.requests.map((r) => r.products)).toEqual([0]);
});
