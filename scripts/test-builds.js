/**
 * The add-in bundles the tests serve, each built once per source state into a temp folder named
 * after a hash of the sources (scripts/build-stamp.js), so every process of a run (`npm test`
 * itself, jest's global setup, each test file) finds the same folder:
 * - `<folder>.lock` while one process builds it (the others wait),
 * - `<folder>/.build-complete` once it is done, or `<folder>/.build-failed` with webpack's output.
 *
 * `npm test` (scripts/test.js) starts the workbench build before jest and the production build
 * after it (warm from the first's webpack cache); test/e2e/support/build.ts waits for them, or
 * builds one itself when a file runs without `npm test`.
 */
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { hashSources } = require('./build-stamp');

const ROOT = path.join(__dirname, '..');
/** A build (or a wait for one) longer than this has hung: a bundle below jest's priority takes minutes on a busy machine. */
const BUILD_TIMEOUT_MS = 600_000;
const DONE_MARKER = '.build-complete';
const FAILED_MARKER = '.build-failed';
/** How often a process waiting for another process's build looks for its marker. */
const POLL_MS = 200;

/**
 * The builds by name: the workbench the browser tests drive (production mode, not minified, with
 * the Excel stand-ins and our own office.js copy), and the production bundle as it ships, with
 * office.js from Microsoft's CDN or from our own copy.
 */
const BUILDS = {
  workbench: { prefix: 'partspec-workbench-', args: ['--mode', 'production', '--env', 'workbench', '--env', 'officeJs=local'] },
  'production-cdn': { prefix: 'partspec-production-cdn-', args: ['--mode', 'production', '--env', 'officeJs=cdn'] },
  'production-local': { prefix: 'partspec-production-local-', args: ['--mode', 'production', '--env', 'officeJs=local'] },
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The folder of `name`'s build of the current sources. */
function buildDir(name) {
  return path.join(os.tmpdir(), `${BUILDS[name].prefix}${hashSources()}`);
}

function runWebpack(outDir, args, priority) {
  return new Promise((resolve, reject) => {
    const cli = require.resolve('webpack-cli/bin/cli.js', { paths: [ROOT] });
    const child = spawn(process.execPath, [cli, ...args, '--output-path', outDir, '--no-devtool'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    if (priority !== undefined && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, priority);
      } catch {
        // Not allowed here: the build runs at the usual priority.
      }
    }
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk.toString()));
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
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
function removeOlderBuilds(prefix, keep) {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const dir = path.join(os.tmpdir(), name);
    if (name.startsWith(prefix) && /-[0-9a-f]{16}$/.test(name) && dir !== keep && !fs.existsSync(`${dir}.lock`)) fs.rmSync(dir, { recursive: true, force: true });
  }
  fs.rmSync(keep, { recursive: true, force: true });
}

/** Waits for the build another process is making in `outDir`: its marker, or its failure. */
async function awaitBuild(outDir) {
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  for (;;) {
    if (fs.existsSync(path.join(outDir, DONE_MARKER))) return outDir;
    const failed = path.join(outDir, FAILED_MARKER);
    if (fs.existsSync(failed)) throw new Error(fs.readFileSync(failed, 'utf8'));
    if (Date.now() > deadline) throw new Error(`Gave up waiting for the build in ${outDir}.`);
    await sleep(POLL_MS);
  }
}

/**
 * The folder of `name`'s build of the current sources: there already, being built by another
 * process (waited for), or built now (at `priority`, a nice value, when given).
 */
async function ensureBuild(name, priority) {
  const { prefix, args } = BUILDS[name];
  const outDir = buildDir(name);
  const marker = path.join(outDir, DONE_MARKER);
  const lock = `${outDir}.lock`;
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  for (;;) {
    if (fs.existsSync(marker)) return outDir;
    try {
      fs.mkdirSync(lock);
    } catch {
      // Another process is building the same sources: wait for its marker, or fail as it did
      // (its builder cleared any failure of an earlier run before it began).
      const failed = path.join(outDir, FAILED_MARKER);
      if (fs.existsSync(failed)) throw new Error(fs.readFileSync(failed, 'utf8'));
      if (Date.now() > deadline) throw new Error(`Gave up waiting for the build in ${outDir} (remove ${lock} if it is stale).`);
      await sleep(POLL_MS);
      continue;
    }
    try {
      removeOlderBuilds(prefix, outDir);
      await runWebpack(outDir, args, priority);
      fs.writeFileSync(marker, new Date().toISOString());
      return outDir;
    } catch (error) {
      // Processes waiting for this build fail with the same words; a later run builds again.
      fs.mkdirSync(outDir, { recursive: true });
      fs.writeFileSync(path.join(outDir, FAILED_MARKER), error instanceof Error ? error.message : String(error));
      throw error;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

module.exports = { awaitBuild, buildDir, ensureBuild };
