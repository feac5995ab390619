#!/usr/bin/env node
/**
 * `npm test`: the production build first (the browser and command-line tests use it), then the jest
 * projects but `slow` (jest.config.js) with the type-check and ESLint beside them (none needs
 * another's output, and jest's workers leave the processors idle while they wait on servers and
 * Chromium), then `slow` when the run's time budget still allows it (PARTSPEC_TEST_MINUTES, 12 by
 * default; 0 never, a large number always), else a line saying how to run it. A step that fails
 * stops the run with its own output (a failed check stops jest).
 * Arguments after `--` go to jest and run just that (`npm test -- --selectProjects pure`).
 */
const { spawn } = require('child_process');
const path = require('path');

const root = path.join(__dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
/** Wall minutes the slow project takes on a 2-core machine (docs/development.md): run it only if they fit. */
const SLOW_MINUTES = 3;
const FAST_PROJECTS = ['pure', 'services', 'processes', 'browser'];

/** Runs `npm run <script>`, its output kept until it ends (so parallel steps do not interleave). */
function runScript(script) {
  return new Promise((resolve) => {
    const begun = Date.now();
    const child = spawn(npm, ['run', '--silent', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ script, code, output, seconds: (Date.now() - begun) / 1000 }));
  });
}

/**
 * Node's young generation for the jest workers (they inherit the flag): the whole-category tests
 * keep tens of thousands of products alive while pages arrive, and a larger nursery copies them
 * less often (about 6 % fewer processor seconds, measured on those files).
 */
const JEST_NODE_FLAGS = ['--max-semi-space-size=32'];

/** Runs jest with `args`; `.done` resolves to its exit code, `.stop()` ends it. */
function startJest(args) {
  const jest = spawn(process.execPath, [...JEST_NODE_FLAGS, require.resolve('jest/bin/jest'), ...args], { cwd: root, stdio: 'inherit' });
  const forward = (signal) => jest.kill(signal);
  process.on('SIGINT', forward).on('SIGTERM', forward);
  const done = new Promise((resolve) => {
    jest.on('exit', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      resolve(signal ? 1 : code);
    });
  });
  return { done, stop: () => jest.kill('SIGTERM') };
}

/** Prints how a step ended, and its output when it failed; true when it passed. */
function report(step) {
  process.stdout.write(`npm run ${step.script}: ${step.code === 0 ? 'ok' : `failed (exit ${step.code})`} in ${step.seconds.toFixed(0)} s\n`);
  if (step.code !== 0) process.stdout.write(step.output);
  return step.code === 0;
}

const minutes = () => (Date.now() - started) / 60000;

async function main() {
  const build = await runScript('build');
  if (!report(build)) return build.code || 1;

  const args = process.argv.slice(2);
  const jest = startJest(args.length > 0 ? args : ['--selectProjects', ...FAST_PROJECTS]);
  let failedCheck;
  const checks = Promise.all(
    ['typecheck', 'lint'].map((script) =>
      runScript(script).then((step) => {
        if (!report(step) && !failedCheck) {
          failedCheck = step;
          jest.stop();
        }
      }),
    ),
  );
  const [code] = await Promise.all([jest.done, checks]);
  if (failedCheck) return failedCheck.code || 1;
  if (code !== 0 || args.length > 0) return code;
  const budget = Number(process.env.PARTSPEC_TEST_MINUTES ?? 12);
  if (minutes() + SLOW_MINUTES > budget) {
    process.stdout.write(`The slow project (soaks and measurements) was left out: ${minutes().toFixed(1)} of ${budget} minutes are gone and it takes about ${SLOW_MINUTES}. Run it with 'npm run test:slow'.\n`);
    return 0;
  }
  return startJest(['--selectProjects', 'slow']).done;
}

main().then((code) => process.exit(code));
