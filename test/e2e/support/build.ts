/**
 * The builds the tests serve. `npm test` builds for production, which leaves the workbench out, so
 * the browser tests make a production build with the workbench (`--env workbench`, office.js from
 * our own copy) once per source state: webpack's cache, which `npm run build` has just filled,
 * makes it cost seconds, and the pages run minified, as users get them. The output lives in a temp
 * folder named after a hash of the inputs, and a lock keeps parallel test files from building twice.
 * A production build whose stamp matches (scripts/build-stamp.js: the one `npm test` just made in
 * dist/) is used as it is.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const BUILD_TIMEOUT_MS = 240_000;
const DONE_MARKER = '.build-complete';
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

/** Path of a build of the current sources with the workbench (built now if there is none yet). */
export function ensureWorkbenchBuild(): Promise<string> {
  return ensureBuild('partspec-workbench-', ['--mode', 'production', '--env', 'workbench', '--env', 'officeJs=local']);
}

/**
 * Path of a production build of the current sources with office.js from Microsoft's CDN (the
 * default) or from our own copy (`local`, the air-gapped option), built now if there is none yet.
 */
export function ensureProductionBuild(officeJs: 'cdn' | 'local'): Promise<string> {
  if (stamps.hasBuild(DIST, stamps.buildStamp('production', officeJs))) return Promise.resolve(DIST);
  return ensureBuild(`partspec-production-${officeJs}-`, ['--mode', 'production', '--env', `officeJs=${officeJs}`]);
}

async function ensureBuild(prefix: string, args: readonly string[]): Promise<string> {
  const outDir = path.join(tmpdir(), `${prefix}${stamps.hashSources()}`);
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
      await sleep(500);
      continue;
    }
    try {
      removeOlderBuilds(prefix, outDir);
      await runWebpack(outDir, args);
      writeFileSync(marker, new Date().toISOString());
      return outDir;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
