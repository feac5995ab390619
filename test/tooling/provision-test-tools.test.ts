import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumPath, redisServerPath, sofficePath } from '../../testkit/system-tools';

/** `npm test`'s first step, as npm runs it, with the environment given. */
function provision(env: NodeJS.ProcessEnv) {
  const script = path.resolve(__dirname, '../../scripts/provision-test-tools.js');
  return spawnSync(process.execPath, [script], { env, encoding: 'utf8', timeout: 30_000 });
}

describe("npm test's provisioning step", () => {
  test('finds what is there without asking any package manager (none is even on PATH)', () => {
    const run = provision({ PATH: '/nonexistent', PARTSPEC_CHROMIUM: chromiumPath(), PARTSPEC_REDIS_SERVER: redisServerPath(), PARTSPEC_SOFFICE: sofficePath() });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });

  test('what is missing and cannot be installed without asking: one sentence with the command, exit 1', () => {
    const run = provision({ PATH: '/nonexistent' });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^The tests need Chromium and redis-server, which are not installed: run `.*install.*chromium.*redis-server`/);
  });

  test('a PARTSPEC_ variable that names no program is said so, not silently replaced', () => {
    const run = provision({ PATH: process.env.PATH, PARTSPEC_CHROMIUM: '/nonexistent/chromium' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('PARTSPEC_CHROMIUM names /nonexistent/chromium, which is not an executable file; point it at Chromium or unset it.');
  });

  test('the tests look where the step looked', () => {
    expect(path.isAbsolute(chromiumPath())).toBe(true);
    expect(path.basename(redisServerPath())).toMatch(/^redis-server/);
    expect(path.basename(sofficePath())).toMatch(/^(soffice|libreoffice)/i);
  });

  test("Chromium's headless shell is chosen over the full browser, and is the one program installed beside what is there", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const steps = require('../../scripts/provision-test-tools.js') as {
      TOOLS: { name: string }[];
      locate: (tool: { name: string }, env: NodeJS.ProcessEnv) => string | undefined;
      missingPreferred: (env: NodeJS.ProcessEnv) => { debianPackage: string }[];
    };
    const chromium = steps.TOOLS.find((tool) => tool.name === 'Chromium')!;
    const folder = mkdtempSync(path.join(tmpdir(), 'partspec-path-'));
    try {
      const program = (name: string) => {
        writeFileSync(path.join(folder, name), '#!/bin/sh\n');
        chmodSync(path.join(folder, name), 0o755);
      };
      program('chromium');
      expect(steps.locate(chromium, { PATH: folder })).toBe(path.join(folder, 'chromium'));
      expect(steps.missingPreferred({ PATH: folder }).map((p) => p.debianPackage)).toEqual(['chromium-headless-shell']);
      // A program the user points at is used as it is: nothing is installed beside it.
      expect(steps.missingPreferred({ PATH: folder, PARTSPEC_CHROMIUM: path.join(folder, 'chromium') })).toEqual([]);
      program('chromium-headless-shell');
      expect(steps.locate(chromium, { PATH: folder })).toBe(path.join(folder, 'chromium-headless-shell'));
      expect(steps.missingPreferred({ PATH: folder })).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
