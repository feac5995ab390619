#!/usr/bin/env node
/**
 * The programs the tests need beyond npm packages: Chromium (browser tests, through playwright-core),
 * redis-server (shared-state tests) and LibreOffice (the workbook corpus: enriched workbooks must
 * open in a real spreadsheet program). `npm test` runs this first (`pretest`), so a fresh clone
 * needs nothing installed by hand:
 *
 * - each program is looked for where it already is (an environment variable, then PATH, then the
 *   usual install folders on Windows and macOS) — no package manager is asked when all are found;
 * - what is missing is installed with apt-get when that is possible without asking (root on
 *   Debian or Ubuntu);
 * - otherwise the run stops at once with one sentence naming what is missing and the command that
 *   installs it.
 *
 * The tests find the same programs through the same lookup (`testkit/system-tools.ts` requires
 * this file), so there is nothing to pass between this step and Jest. Plain Node, no dependencies:
 * it must run before anything else works.
 */
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

/**
 * What the tests need. `env` names the variable that points at a program elsewhere; `commands` are
 * looked for on PATH in order; `installed` are the usual absolute paths on Windows and macOS;
 * `debianPackage` is what apt-get installs; `preferred` is a better program for the same job,
 * installed beside it where apt-get can (never required: without it the others serve).
 */
const TOOLS = [
  {
    name: 'Chromium',
    env: 'PARTSPEC_CHROMIUM',
    // Chromium's headless shell first: the browser without its windowed layers, what Playwright
    // itself runs for headless tests; a page load costs it about a third fewer processor seconds
    // than `chromium --headless`, and it starts in less than half the time.
    commands: ['chromium-headless-shell', 'chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'],
    preferred: { command: 'chromium-headless-shell', debianPackage: 'chromium-headless-shell' },
    installed: () => [
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
      ...windowsProgramFolders().flatMap((folder) => [
        path.win32.join(folder, 'Google', 'Chrome', 'Application', 'chrome.exe'),
        path.win32.join(folder, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
        path.win32.join(folder, 'Chromium', 'Application', 'chrome.exe'),
      ]),
    ],
    debianPackage: 'chromium',
    otherwise: {
      darwin: 'brew install --cask chromium',
      win32: 'winget install Google.Chrome',
      linux: 'apt-get install -y --no-install-recommends chromium',
    },
  },
  {
    name: 'redis-server',
    env: 'PARTSPEC_REDIS_SERVER',
    commands: ['redis-server'],
    installed: () => [
      '/opt/homebrew/bin/redis-server',
      '/usr/local/bin/redis-server',
      ...windowsProgramFolders().map((folder) => path.win32.join(folder, 'Redis', 'redis-server.exe')),
    ],
    debianPackage: 'redis-server',
    otherwise: {
      darwin: 'brew install redis',
      win32: 'winget install Redis.Redis',
      linux: 'apt-get install -y --no-install-recommends redis-server',
    },
  },
  {
    name: 'LibreOffice',
    env: 'PARTSPEC_SOFFICE',
    commands: ['soffice', 'libreoffice'],
    // Where LibreOffice's own packages put the program when it is not on PATH (Linux, macOS, Windows).
    installed: () => [
      '/usr/lib/libreoffice/program/soffice',
      '/opt/libreoffice/program/soffice',
      '/Applications/LibreOffice.app/Contents/MacOS/soffice',
      ...windowsProgramFolders().map((folder) => path.win32.join(folder, 'LibreOffice', 'program', 'soffice.exe')),
    ],
    debianPackage: 'libreoffice-calc-nogui',
    otherwise: {
      darwin: 'brew install --cask libreoffice',
      win32: 'winget install TheDocumentFoundation.LibreOffice',
      linux: 'apt-get install -y --no-install-recommends libreoffice-calc-nogui',
    },
  },
];

/** Program Files folders on Windows (none elsewhere). */
function windowsProgramFolders() {
  if (process.platform !== 'win32') return [];
  return [process.env.ProgramFiles, process.env['ProgramFiles(x86)'], process.env.LOCALAPPDATA].filter(Boolean);
}

/** True when `file` is a file this process may run. */
function isExecutable(file) {
  try {
    if (!fs.statSync(file).isFile()) return false;
    if (process.platform === 'win32') return true;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first `command` found on PATH (with Windows' executable extensions), or undefined. */
function findOnPath(command, env = process.env) {
  const folders = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter(Boolean);
  const extensions = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const folder of folders) {
    for (const extension of extensions) {
      const candidate = path.join(folder, command + extension);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * Where a tool is, or undefined. An environment variable that names a file that is not there is an
 * error of its own (the user asked for that file), not a reason to look elsewhere.
 */
function locate(tool, env = process.env) {
  const chosen = env[tool.env];
  if (chosen) {
    if (!isExecutable(chosen)) {
      throw new Error(`${tool.env} names ${chosen}, which is not an executable file; point it at ${tool.name} or unset it.`);
    }
    return chosen;
  }
  for (const command of tool.commands) {
    const found = findOnPath(command, env);
    if (found) return found;
  }
  return tool.installed().find(isExecutable);
}

/** The command that installs the tools on this system, for the one-sentence message. */
function describeInstall(tools) {
  if (process.platform === 'linux') {
    const prefix = isRoot() ? '' : 'sudo ';
    return `${prefix}apt-get install -y --no-install-recommends ${tools.map((tool) => tool.debianPackage).join(' ')}`;
  }
  const commands = tools.map((tool) => tool.otherwise[process.platform] ?? tool.otherwise.linux);
  return commands.join(' && ');
}

/** "a", "a and b", "a, b and c". */
function listOf(items) {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The one sentence a run stops with when tools are missing. */
function describeMissing(tools) {
  const names = listOf(tools.map((tool) => tool.name));
  const variables = tools.map((tool) => tool.env).join(' / ');
  return `The tests need ${names}, which ${tools.length === 1 ? 'is' : 'are'} not installed: run \`${describeInstall(tools)}\` (or set ${variables} to an installed copy) and run npm test again.`;
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** True on Debian or Ubuntu as root with apt-get on PATH: installing needs nobody's answer. */
function canInstallWithApt() {
  if (process.platform !== 'linux' || !isRoot() || !findOnPath('apt-get')) return false;
  try {
    const release = fs.readFileSync('/etc/os-release', 'utf8');
    return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
  } catch {
    return false;
  }
}

/** Finds a tool by name (`Chromium`, `redis-server`, `LibreOffice`), throwing the one-sentence message when absent. */
function requireTool(name, env = process.env) {
  const tool = TOOLS.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`Unknown tool ${name}.`);
  const found = locate(tool, env);
  if (!found) throw new Error(describeMissing([tool]));
  return found;
}

/** The preferred programs (TOOLS' `preferred`) that are not there, for tools not pointed at a file of their own. */
function missingPreferred(env = process.env) {
  return TOOLS.filter((tool) => tool.preferred && !env[tool.env] && !findOnPath(tool.preferred.command, env)).map((tool) => tool.preferred);
}

/**
 * Finds everything, installs what is missing (and the preferred programs that are not there) where
 * possible, and returns the paths by tool name.
 */
function provision() {
  let missing = TOOLS.filter((tool) => !locate(tool));
  const apt = canInstallWithApt();
  const preferred = apt ? missingPreferred() : [];
  if (apt && (missing.length > 0 || preferred.length > 0)) {
    const needed = missing.map((tool) => tool.debianPackage);
    const better = preferred.map((program) => program.debianPackage);
    const what = [needed.length > 0 ? `need: ${needed.join(', ')}` : '', better.length > 0 ? `prefer: ${better.join(', ')}` : ''];
    process.stderr.write(`Installing what the tests ${what.filter(Boolean).join('; and what they ')} (apt-get)…\n`);
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const options = { stdio: ['ignore', 'ignore', 'inherit'], env: aptEnv };
    const install = (names) => execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], options);
    try {
      execFileSync('apt-get', ['update', '-qq'], options);
      if (needed.length > 0) install(needed);
    } catch {
      // Reported below as missing, with the command to try by hand.
    }
    try {
      if (better.length > 0) install(better);
    } catch {
      // Not required: the tools found without it serve.
    }
    missing = TOOLS.filter((tool) => !locate(tool));
  }
  if (missing.length > 0) throw new Error(describeMissing(missing));
  return Object.fromEntries(TOOLS.map((tool) => [tool.name, locate(tool)]));
}

if (require.main === module) {
  try {
    provision();
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

module.exports = { TOOLS, requireTool, provision, describeMissing, locate, missingPreferred };
