/**
 * The bundles' build protocol (scripts/test-builds.js), between processes of one run: a process
 * that finds another building the same sources waits for its marker, and when that build fails it
 * fails with the same words instead of building again.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInThisContext } from 'node:vm';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const builds = require('../../scripts/test-builds.js') as {
  buildDir(name: string): string;
  ensureBuild(name: string): Promise<string>;
};

/** The worker's own environment (jest hands each file a copy), which os.tmpdir() reads at each call. */
const hostEnv = (runInThisContext('process') as NodeJS.Process).env;
const savedTmp = hostEnv.TMPDIR;
let folder: string;

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'partspec-builds-'));
  // The builds' folders go into this test's folder, never near the run's own bundles.
  hostEnv.TMPDIR = folder;
});

afterEach(() => {
  if (savedTmp === undefined) delete hostEnv.TMPDIR;
  else hostEnv.TMPDIR = savedTmp;
  rmSync(folder, { recursive: true, force: true });
});

test("a build another process is making is waited for: its marker is the answer", async () => {
  const dir = builds.buildDir('workbench');
  expect(path.dirname(dir)).toBe(folder);
  mkdirSync(`${dir}.lock`);
  const waiting = builds.ensureBuild('workbench');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, '.build-complete'), 'done');
  expect(await waiting).toBe(dir);
});

test('a build another process failed fails the waiter at once with its words, rather than after waiting ten minutes', async () => {
  const dir = builds.buildDir('production-cdn');
  mkdirSync(`${dir}.lock`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, '.build-failed'), 'The build --mode production failed (exit code 2): broken import');
  await expect(builds.ensureBuild('production-cdn')).rejects.toThrow('broken import');
});
