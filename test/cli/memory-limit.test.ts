/**
 * Under a tight address-space limit (`ulimit -v`), a network command fails in one sentence with
 * exit 5, never a stack: the runtime's HTTP client cannot allocate its parser, outside the
 * command's own promise, and tsx (a clone running from its sources) cannot start its lexer.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEY } from '../../emulator';
import { ROOT, useEmulatorHome } from './helpers';

const world = useEmulatorHome();
const BIN = join(ROOT, 'bin', 'partspec.js');

function underLimit(kilobytes: number, env: NodeJS.ProcessEnv): { code: number | null; stderr: string } {
  const run = spawnSync('bash', ['-c', `ulimit -v ${kilobytes}; exec "${process.execPath}" "${BIN}" lookup GRM155R71C104KA88D --no-cache`], {
    env: { PATH: process.env.PATH, HOME: world.home, PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, stderr: run.stderr };
}

const compiled = existsSync(join(ROOT, 'build', 'node', 'cli', 'main.js'));

(compiled ? test : test.skip)('the compiled command line: exit 5 and the out-of-memory sentence', () => {
  const run = underLimit(1_500_000, { PARTSPEC_FROM_SOURCE: '0' });
  expect(run.stderr).not.toMatch(/\n\s+at |node:internal|\^/);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).toMatch(/^partspec: PartSpec ran out of memory.*: the system refused it more.*; nothing was changed\./);
  expect(run.code).toBe(5);
});

test('a clone running from its sources: exit 5 and one sentence while tsx starts', () => {
  const run = underLimit(1_500_000, { PARTSPEC_FROM_SOURCE: '1' });
  expect(run.stderr).not.toMatch(/\n\s+at |node:internal|\^/);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).toMatch(/^partspec: PartSpec ran out of memory/);
  expect(run.code).toBe(5);
});
