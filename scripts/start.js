#!/usr/bin/env node
/**
 * `npm start`: runs the API emulator and the webpack dev server side by side and says where to go.
 * On Windows and macOS it also sideloads the add-in into desktop Excel through
 * office-addin-debugging when that optional tool is installed. Ctrl-C (or `npm stop`) ends both;
 * if either child dies, the other is stopped and this exits non-zero.
 *
 * Ports: `npm start -- --emulator-port N --dev-port N`, else PARTSPEC_EMULATOR_PORT and
 * PARTSPEC_DEV_PORT, else 4010 and 3000. A port already in use stops the start with one sentence.
 *
 * Manifest: `npm start -- --manifest json` sideloads the unified manifest (manifest.json: Excel on
 * the web, on Windows from Version 2501, on Mac from 16.103); the default, `xml`, sideloads
 * manifest.xml, which every Excel the add-in supports takes (perpetual Office only takes this one).
 */
const http = require('http');
const https = require('https');
const net = require('net');
const { spawn } = require('child_process');
const { ROOT, writePids, removePids, killTree, findOfficeAddinDebugging } = require('./dev-processes');

/** The emulator's public demo key (node/emulator-defaults.ts). */
const DEMO_KEY = 'partspec-demo-key';

/** The ports' flags, environment variables and defaults. */
const PORTS = {
  emulator: { flag: '--emulator-port', variable: 'PARTSPEC_EMULATOR_PORT', fallback: 4010, what: 'the emulator' },
  dev: { flag: '--dev-port', variable: 'PARTSPEC_DEV_PORT', fallback: 3000, what: 'the dev server' },
};

/** A port from its flag, else its environment variable, else its default; anything else ends the start in one sentence. */
function readPort(argv, env, { flag, variable, fallback }) {
  let text;
  let from = variable;
  argv.forEach((arg, i) => {
    if (arg === flag) text = argv[i + 1];
    else if (arg.startsWith(`${flag}=`)) text = arg.slice(flag.length + 1);
    if (arg === flag || arg.startsWith(`${flag}=`)) from = flag;
  });
  if (text === undefined && from === flag) fail(`${flag} needs a port, e.g. ${flag} ${fallback + 1}.`);
  if (text === undefined) text = env[variable] && env[variable].trim() !== '' ? env[variable].trim() : String(fallback);
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 65535) fail(`${from} needs a port from 1 to 65535, not '${text}'.`);
  return Number(text);
}

function fail(sentence) {
  console.error(`npm start: ${sentence}`);
  process.exit(2);
}

/** Which manifest is sideloaded: `--manifest xml|json`, else PARTSPEC_MANIFEST, else xml. */
const MANIFESTS = { xml: 'manifest.xml', json: 'manifest.json' };
function readManifest(argv, env) {
  let value = env.PARTSPEC_MANIFEST && env.PARTSPEC_MANIFEST.trim() !== '' ? env.PARTSPEC_MANIFEST.trim() : 'xml';
  argv.forEach((arg, i) => {
    if (arg === '--manifest') value = argv[i + 1];
    else if (arg.startsWith('--manifest=')) value = arg.slice('--manifest='.length);
  });
  if (!Object.prototype.hasOwnProperty.call(MANIFESTS, value)) fail(`--manifest takes xml or json, not '${value}'.`);
  return MANIFESTS[value];
}

const KNOWN_FLAGS = [...Object.values(PORTS).map((p) => p.flag), '--manifest'];
const argv = process.argv.slice(2);
const unknown = argv.find((a, i) => a.startsWith('-') && !KNOWN_FLAGS.some((f) => a === f || a.startsWith(`${f}=`)) && !KNOWN_FLAGS.includes(argv[i - 1]));
if (unknown) fail(`unknown option '${unknown}'; npm start takes --emulator-port N, --dev-port N and --manifest xml|json.`);
const MANIFEST = readManifest(argv, process.env);
const EMULATOR_PORT = readPort(argv, process.env, PORTS.emulator);
const DEV_PORT = readPort(argv, process.env, PORTS.dev);

const DEV_URL = `https://localhost:${DEV_PORT}/`;
/** Where the emulator npm start runs listens. */
const LOCAL_EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;
const EMULATOR_URL = process.env.PARTSPEC_DEFAULT_BASE_URL || LOCAL_EMULATOR_URL;
const READY_TIMEOUT_MS = 120000;
const KILL_GRACE_MS = 5000;

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const children = new Map();
let stopping = false;

/** Resolves when `port` is free, or ends the start with the sentence for a port in use. */
function checkPortFree(port, { what, flag, variable }) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error) => {
      if (error.code !== 'EADDRINUSE') return resolve();
      fail(`port ${port} for ${what} is already in use (another clone's npm start, or another program): stop that one, or choose another with ${flag} N or ${variable}.`);
    });
    // Every address: a server on any one of them holds the port for the child.
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

function startChild(name, script) {
  const child = spawn(npm, ['run', '--silent', script], {
    cwd: ROOT,
    env: { ...process.env, PARTSPEC_EMULATOR_PORT: String(EMULATOR_PORT), PARTSPEC_DEV_PORT: String(DEV_PORT) },
    stdio: 'inherit',
    detached: process.platform !== 'win32',
    shell: process.platform === 'win32',
  });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) {
      if (children.size === 0) finish(process.exitCode ?? 0);
      return;
    }
    console.error(`\n${name} stopped (${signal || `exit code ${code}`}); stopping the rest.`);
    stopAll(code || 1);
  });
  return child;
}

function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  process.exitCode = exitCode;
  if (children.size === 0) {
    finish(exitCode);
    return;
  }
  for (const child of children.values()) killTree(child.pid, 'SIGTERM');
  setTimeout(() => {
    for (const child of children.values()) killTree(child.pid, 'SIGKILL');
    finish(exitCode);
  }, KILL_GRACE_MS).unref();
}

function finish(exitCode) {
  removePids();
  process.exit(exitCode);
}

/**
 * Resolves once `get(url, …)` answers 200, asking again every `everyMs`; rejects with `failure` after
 * READY_TIMEOUT_MS, and stops asking once npm start is stopping.
 */
function waitForAnswer(get, url, options, everyMs, failure) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const request = get(url, options, (response) => {
        response.resume();
        if (response.statusCode === 200) resolve();
        else retry();
      });
      request.on('error', retry);
      request.setTimeout(5000, () => request.destroy());
    };
    const retry = () => {
      if (stopping) return;
      if (Date.now() > deadline) reject(new Error(`${failure} within ${READY_TIMEOUT_MS / 1000} s`));
      else setTimeout(attempt, everyMs);
    };
    attempt();
  });
}

/** Resolves once the emulator npm start runs answers its health check. */
function waitForEmulator() {
  return waitForAnswer(http.get, `${LOCAL_EMULATOR_URL}/healthz`, {}, 500, `the emulator did not answer at ${LOCAL_EMULATOR_URL}`);
}

/** Resolves once the dev server answers for manifest.xml (its certificate is self-signed). */
function waitForDevServer() {
  return waitForAnswer(https.get, `${DEV_URL}manifest.xml`, { rejectUnauthorized: false }, 1000, 'the dev server did not answer');
}

/**
 * Sideloads into desktop Excel where it exists. Runs asynchronously so Ctrl-C still stops
 * everything meanwhile; a failure is reported but leaves the servers running for a manual sideload.
 */
function sideload() {
  const cli = findOfficeAddinDebugging();
  if (!cli) {
    if (process.platform === 'win32' || process.platform === 'darwin') {
      console.log(`office-addin-debugging is not installed ('npm install --no-save office-addin-debugging@7' adds it); sideload ${MANIFEST} by hand (see the README).`);
    }
    return;
  }
  if (DEV_PORT !== PORTS.dev.fallback) {
    console.log(`The dev server is on port ${DEV_PORT}, not the manifest's 3000: sideload ${DEV_URL}${MANIFEST} by hand (see the README).`);
    return;
  }
  const child = spawn(process.execPath, [cli, 'start', MANIFEST, 'desktop', '--dev-server-port', String(DEV_PORT)], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  child.on('error', (error) => console.error(`Sideloading into Excel failed (${error.message}); sideload ${MANIFEST} by hand (see the README).`));
  child.on('exit', (code, signal) => {
    if (code !== 0 && !stopping) {
      console.error(`Sideloading into Excel failed (${signal || `exit code ${code}`}); sideload ${MANIFEST} by hand (see the README).`);
    }
  });
}

async function main() {
  await checkPortFree(EMULATOR_PORT, PORTS.emulator);
  await checkPortFree(DEV_PORT, PORTS.dev);
  const emulator = startChild('emulator', 'emulator');
  const devServer = startChild('dev server', 'dev-server');
  writePids({ start: process.pid, children: [emulator.pid, devServer.pid] });

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => stopAll(130));
  }
  process.on('uncaughtException', (error) => {
    console.error(`\nnpm start failed: ${error.stack || error.message}; stopping.`);
    stopAll(1);
  });
  // Children run in their own process groups; whatever ends this process must not leave them behind.
  process.on('exit', () => {
    for (const child of children.values()) killTree(child.pid, 'SIGKILL');
  });

  Promise.all([waitForEmulator(), waitForDevServer()]).then(
    () => {
      console.log(
        [
          '',
          'PartSpec is running:',
          `  manifest   ${DEV_URL}${MANIFEST}  (Excel on the web: Insert > Add-ins > Upload My Add-in)`,
          `  workbench  ${DEV_URL}workbench.html`,
          `  emulator   ${EMULATOR_URL}`,
          // The README's command-line recipe sets these first, so it runs on whatever port this is.
          'For the command line, in another terminal:',
          `  export PARTSPEC_BASE_URL=${EMULATOR_URL}`,
          `  export PARTSPEC_API_KEY=${DEMO_KEY}`,
          'The dev server uses a self-signed certificate: open the workbench once and accept it.',
          'Press Ctrl-C or run `npm stop` to end.',
          '',
        ].join('\n'),
      );
      sideload();
    },
    (error) => {
      console.error(`\n${error.message}; stopping.`);
      stopAll(1);
    },
  );
}

main().catch((error) => {
  console.error(`npm start failed: ${error.message}`);
  process.exit(1);
});
