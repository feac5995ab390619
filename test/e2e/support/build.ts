/**
 * The builds the tests serve. `npm test` builds for production, which leaves the workbench out, so
 * the browser tests make a production build with the workbench (`--env workbench`, office.js from
 * our own copy) once per source state: the same webpack configuration and cache name as the build
 * `npm test` has just made, so webpack's cache gives it every module already built, and it is not
 * minified (webpack.config.js: React still runs in its production mode), which halves its processor
 * seconds. The output lives in a temp
 * folder named after a hash of the inputs, and a lock keeps parallel test files from building twice.
 * A production build whose stamp matches (scripts/build-stamp.js: the one `npm test` just made in
 * dist/) is used as it is.
 *
 * In a jest run the browser project's global setup starts the workbench build without waiting for
 * it (`startWorkbenchBuild`) and names its folder in PARTSPEC_TEST_WORKBENCH_DIR: the workers run
 * other files meanwhile, and a file that needs the build waits for that folder's marker, or fails
 * at once with the build's output if it failed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const BUILD_TIMEOUT_MS = 240_000;
const DONE_MARKER = '.build-complete';
/** Written into the output folder instead of DONE_MARKER when the build fails: its output, for every file waiting. */
const FAILED_MARKER = '.build-failed';
/** How often a file waiting for another process's build looks for its marker. */
const POLL_MS = 200;
/** The folder of the workbench build the run's global setup is making (see the module comment). */
export const WORKBENCH_DIR_VARIABLE = 'PARTSPEC_TEST_WORKBENCH_DIR';
const WORKBENCH_PREFIX = 'partspec-workbench-';
const WORKBENCH_ARGS = ['--mode', 'production', '--env', 'workbench', '--env', 'officeJs=local'];
/** The production bundle `npm run build` makes, which `npm test` builds just before jest runs. */
const DIST = path.join(ROOT, 'dist');

// eslint-disable-next-line @typescript-eslint/no-require-imports
const stamps = require(path.join(ROOT, 'scripts', 'build-stamp.js')) as {
  buildStamp(mode: 'development' | 'production', officeJs: 'cdn' | 'local'): string;
  hasBuild(dir: string, stamp: string): boolean;
  hashSources(): string;
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function runWebpack(outDir: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const cli = require.resolve('webpack-cli/bin/cli.js', { paths: [ROOT] });
    const child = spawn(process.execPath, [cli, ...args, '--output-path', outDir, '--no-devtool'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`The build ${args.join(' ')} failed (${signal ?? `exit code ${code}`}):\n${output.slice(-4000)}`));
    });
  });
}

/** Builds of earlier source states are never used again. */
function removeOlderBuilds(prefix: string, keep: string): void {
  for (const name of readdirSync(tmpdir())) {
    const dir = path.join(tmpdir(), name);
    if (name.startsWith(prefix) && /-[0-9a-f]{16}$/.test(name) && dir !== keep && !existsSync(`${dir}.lock`)) rmSync(dir, { recursive: true, force: true });
  }
  rmSync(keep, { recursive: true, force: true });
}

/**
 * Path of a build of the current sources with the workbench: the one the run's global setup is
 * making when there is one (waited for), otherwise built now if there is none yet.
 */
export function ensureWorkbenchBuild(): Promise<string> {
  const started = process.env[WORKBENCH_DIR_VARIABLE];
  if (started) return awaitBuild(started);
  return ensureBuild(WORKBENCH_PREFIX, WORKBENCH_ARGS);
}

/**
 * For the browser project's global setup: the folder of the workbench build of the current
 * sources, and a promise of its end. The build runs while jest goes on; `ensureWorkbenchBuild`
 * in the workers waits for it once the folder is in PARTSPEC_TEST_WORKBENCH_DIR.
 */
export function startWorkbenchBuild(): { dir: string; done: Promise<string> } {
  return { dir: buildDir(WORKBENCH_PREFIX), done: ensureBuild(WORKBENCH_PREFIX, WORKBENCH_ARGS) };
}

/**
 * Path of a production build of the current sources with office.js from Microsoft's CDN (the
 * default) or from our own copy (`local`, the air-gapped option), built now if there is none yet.
 */
export function ensureProductionBuild(officeJs: 'cdn' | 'local'): Promise<string> {
  if (stamps.hasBuild(DIST, stamps.buildStamp('production', officeJs))) return Promise.resolve(DIST);
  return ensureBuild(`partspec-production-${officeJs}-`, ['--mode', 'production', '--env', `officeJs=${officeJs}`]);
}

const buildDir = (prefix: string): string => path.join(tmpdir(), `${prefix}${stamps.hashSources()}`);

/** Waits for the build another process is making in `outDir`: its marker, or its failure. */
async function awaitBuild(outDir: string): Promise<string> {
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  for (;;) {
    if (existsSync(path.join(outDir, DONE_MARKER))) return outDir;
    const failed = path.join(outDir, FAILED_MARKER);
    if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
    if (Date.now() > deadline) throw new Error(`Gave up waiting for the build in ${outDir}.`);
    await sleep(POLL_MS);
  }
}

async function ensureBuild(prefix: string, args: readonly string[]): Promise<string> {
  const outDir = buildDir(prefix);
  const marker = path.join(outDir, DONE_MARKER);
  const lock = `${outDir}.lock`;
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  for (;;) {
    if (existsSync(marker)) return outDir;
    try {
      mkdirSync(lock);
    } catch {
      // Another test file is building the same sources: wait for its marker.
      if (Date.now() > deadline) throw new Error(`Gave up waiting for the build in ${outDir} (remove ${lock} if it is stale).`);
      await sleep(POLL_MS);
      continue;
    }
    try {
      removeOlderBuilds(prefix, outDir);
      await runWebpack(outDir, args);
      writeFileSync(marker, new Date().toISOString());
      return outDir;
    } catch (error) {
      // Files waiting for this build in PARTSPEC_TEST_WORKBENCH_DIR fail with the same words; a later run builds again.
      mkdirSync(outDir, { recursive: true });
      writeFileSync(path.join(outDir, FAILED_MARKER), error instanceof Error ? error.message : String(error));
      throw error;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
