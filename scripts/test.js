#!/usr/bin/env node
/**
 * `npm test`: the type-check, ESLint and the production build side by side (none needs another's
 * output), then the jest projects but `slow` (jest.config.js), then `slow` when the run's time
 * budget still allows it (PARTSPEC_TEST_MINUTES, 12 by default; 0 never, a large number always),
 * else a line saying how to run it. A step that fails stops the run with its own output.
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

/** Runs jest with `args`; resolves to its exit code. */
function runJest(args) {
  return new Promise((resolve) => {
    const jest = spawn(process.execPath, [require.resolve('jest/bin/jest'), ...args], { cwd: root, stdio: 'inherit' });
    const forward = (signal) => jest.kill(signal);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    jest.on('exit', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      resolve(signal ? 1 : code);
    });
  });
}

const minutes = () => (Date.now() - started) / 60000;

async function main() {
  const steps = await Promise.all(['typecheck', 'lint', 'build'].map(runScript));
  for (const step of steps) {
    process.stdout.write(`npm run ${step.script}: ${step.code === 0 ? 'ok' : `failed (exit ${step.code})`} in ${step.seconds.toFixed(0)} s\n`);
    if (step.code !== 0) process.stdout.write(step.output);
  }
  const failed = steps.find((step) => step.code !== 0);
  if (failed) return failed.code || 1;

  const args = process.argv.slice(2);
  if (args.length > 0) return runJest(args);
  const code = await runJest(['--selectProjects', ...FAST_PROJECTS]);
  if (code !== 0) return code;
  const budget = Number(process.env.PARTSPEC_TEST_MINUTES ?? 12);
  if (minutes() + SLOW_MINUTES > budget) {
    process.stdout.write(`The slow project (soaks and measurements) was left out: ${minutes().toFixed(1)} of ${budget} minutes are gone and it takes about ${SLOW_MINUTES}. Run it with 'npm run test:slow'.\n`);
    return 0;
  }
  return runJest(['--selectProjects', 'slow']);
}

main().then((code) => process.exit(code));
