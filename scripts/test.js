#!/usr/bin/env node
/**
 * `npm test`: the command line's build with the checks and the add-in's bundles beside it, then
 * the jest projects but `slow` (jest.config.js), then `slow` when the run's time budget still
 * allows it (PARTSPEC_TEST_MINUTES, 12 by default; 0 never, a large number always), else a line
 * saying how to run it. The budget counts from the install when one ran just before (`npm ci &&
 * npm test`, as CI runs them: node_modules made minutes ago), else from this run's start. A step
 * that fails stops the run with its own output (a failed check or bundle stops jest, or keeps it
 * from starting).
 *
 * Jest waits for the command line compiled without its own type-check (`build-node.js
 * --no-check`; the check below covers it), which the command-line tests run, and beside it the
 * workbench the browser tests drive. The add-in's bundles go to temp folders the tests share
 * (scripts/test-builds.js); the production bundle as it ships is built beside jest, warm from the
 * workbench's webpack cache (the tests of the bundle wait for it). `npm run build` still writes
 * dist/. The checks are `npm run typecheck` and `npm run lint` with the type-check and the
 * dead-export check on one TypeScript program (`dead-exports.js --typecheck`) beside ESLint; they
 * need no build, and run at the lowest priority, on what the builds and then jest leave idle.
 * Arguments after `--` go to jest and run just that (`npm test -- --selectProjects pure`).
 */
const { spawn } = require('child_process');
const { ensureBuild } = require('./test-builds');
const fs = require('fs');
const os = require('os');
const path = require('path');

const root = path.join(__dirname, '..');
const started = Date.now();
/**
 * Wall minutes the slow project may take on a 2-core machine: it took 1.4 in the last fresh run
 * (docs/development.md), and twice that leaves room for a busier day. It runs only if they fit.
 */
const SLOW_MINUTES = 3;
const FAST_PROJECTS = ['pure', 'services', 'processes', 'browser'];

const node = (file, ...args) => [process.execPath, file, ...args];
/** A package's own program (some packages export no subpath but package.json). */
const bin = (name, file) => path.join(path.dirname(require.resolve(`${name}/package.json`, { paths: [root] })), file);
/** What jest waits for, and the checks: name (as the output says it) and command. */
const BUILD_NODE = ['build-node --no-check', node(path.join(__dirname, 'build-node.js'), '--no-check')];
const CHECKS = {
  'typecheck and dead exports': node(path.join(__dirname, 'dead-exports.js'), '--typecheck'),
  eslint: node(bin('eslint', 'bin/eslint.js'), '.'),
};

/**
 * The checks' scheduling priority (nice): they yield the processors to the builds, which jest and
 * its files wait for, and then take what jest leaves idle while its files wait on servers, programs and Chromium.
 */
const CHECK_PRIORITY = 19;
/**
 * The production bundle's priority: below jest's files (a bundle built at their priority crowded
 * the timing of the first Redis tests), above the checks; one file waits for it, which frees the
 * processors for it. The workbench is built before jest, beside the command line.
 */
const BUNDLE_PRIORITY = 5;

/** Runs one step, its output kept until it ends (so parallel steps do not interleave). */
function runStep(name, [command, ...args], priority) {
  return new Promise((resolve) => {
    const begun = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    if (priority !== undefined && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, priority);
      } catch {
        // Not allowed here: the step runs at the usual priority.
      }
    }
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => resolve({ name, code: code ?? 1, output, seconds: (Date.now() - begun) / 1000 }));
  });
}

/**
 * Node's collector for the jest workers (they inherit the flags): the whole-category tests keep
 * tens of thousands of products alive while pages arrive, and a larger nursery copies them less
 * often (about 6 % fewer processor seconds, measured on those files); and with every core busy,
 * collecting on helper threads only adds their coordination (again about 6 % fewer processor
 * seconds single-threaded, measured on the import and suggestion files).
 */
const JEST_NODE_FLAGS = ['--max-semi-space-size=32', '--single-threaded-gc'];

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
  process.stdout.write(`${step.name}: ${step.code === 0 ? 'ok' : `failed (exit ${step.code})`} in ${step.seconds.toFixed(0)} s\n`);
  if (step.code !== 0) process.stdout.write(step.output);
  return step.code === 0;
}

/** An install made node_modules this shortly before the run: the budget covers both. */
const INSTALL_WINDOW_MS = 5 * 60_000;

/**
 * When the time budget began: when node_modules was made, if that was an install just before this
 * run (a fresh clone's `npm ci && npm test`), else when this run started.
 */
function budgetStart() {
  try {
    const made = fs.statSync(path.join(root, 'node_modules')).birthtimeMs;
    if (made > 0 && made <= started && started - made < INSTALL_WINDOW_MS) return made;
  } catch {
    // No node_modules, or no birth time on this file system: the run's own start.
  }
  return started;
}

const minutes = () => (Date.now() - budgetStart()) / 60000;

/** One bundle as a step: its build (or the wait for one another process makes), at `priority` when given. */
async function buildBundle(name, priority) {
  const begun = Date.now();
  const step = `${name} bundle`;
  try {
    await ensureBuild(name, priority);
    return { name: step, code: 0, output: '', seconds: (Date.now() - begun) / 1000 };
  } catch (error) {
    return { name: step, code: 1, output: `${error instanceof Error ? error.message : String(error)}\n`, seconds: (Date.now() - begun) / 1000 };
  }
}

async function main() {
  let failed;
  let jest;
  /** Reports a step beside jest; the first that fails stops jest. */
  const beside = (step) => {
    if (!report(step) && !failed) {
      failed = step;
      if (jest) jest.stop();
    }
  };
  const checks = Promise.all(Object.entries(CHECKS).map(([name, command]) => runStep(name, command, CHECK_PRIORITY).then(beside)));
  const [builtNode, workbench] = await Promise.all([runStep(...BUILD_NODE), buildBundle('workbench')]);
  const firstFailed = [builtNode, workbench].filter((step) => !report(step))[0];
  if (firstFailed || failed) {
    await checks;
    return (firstFailed ?? failed).code || 1;
  }
  // Warm from the workbench's webpack cache, below jest's priority.
  const bundles = buildBundle('production-cdn', BUNDLE_PRIORITY).then(beside);

  const args = process.argv.slice(2);
  jest = startJest(args.length > 0 ? args : ['--selectProjects', ...FAST_PROJECTS]);
  const [code] = await Promise.all([jest.done, checks, bundles]);
  if (failed) return failed.code || 1;
  if (code !== 0 || args.length > 0) return code;
  const budget = Number(process.env.PARTSPEC_TEST_MINUTES ?? 12);
  if (minutes() + SLOW_MINUTES > budget) {
    const since = budgetStart() < started ? ' (counted from the install just before)' : '';
    process.stdout.write(`The slow project (soaks and measurements) was left out: ${minutes().toFixed(1)} of ${budget} minutes are gone${since} and it takes about ${SLOW_MINUTES}. Run it with 'npm run test:slow'.\n`);
    return 0;
  }
  return startJest(['--selectProjects', 'slow']).done;
}

main().then((code) => process.exit(code));
