/**
 * Process bookkeeping shared by scripts/start.js and scripts/stop.js: where the pid file lives,
 * how to end a child together with everything it started, and how to reach office-addin-debugging
 * (an optional dependency that only does anything on Windows and macOS).
 */
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');

/**
 * The pid file of the clone at `root`: one per clone (named by a hash of its path), so `npm stop`
 * in one clone never ends the servers another clone started.
 */
function pidFileOf(root) {
  const id = crypto.createHash('sha256').update(path.resolve(root)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), 'partspec-dev', `pids-${id}.json`);
}

const PID_FILE = pidFileOf(ROOT);

/** Writes the pid record of this clone, with the clone's path so a reader can tell whose it is. */
function writePids(record) {
  fs.mkdirSync(path.dirname(PID_FILE), { recursive: true });
  fs.writeFileSync(PID_FILE, JSON.stringify({ root: ROOT, ...record }, null, 2));
}

/** The record start.js wrote, or undefined when nothing is running. */
function readPids() {
  try {
    return JSON.parse(fs.readFileSync(PID_FILE, 'utf8'));
  } catch (_error) {
    return undefined;
  }
}

function removePids() {
  fs.rmSync(PID_FILE, { force: true });
}

/**
 * Ends a process and its descendants. Children are started detached, so on POSIX their pid is also
 * their process group id. Returns false if the process was already gone.
 */
function killTree(pid, signal = 'SIGTERM') {
  if (process.platform === 'win32') {
    const result = spawnSync('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore' });
    return result.status === 0;
  }
  try {
    process.kill(-pid, signal);
    return true;
  } catch (_error) {
    try {
      process.kill(pid, signal);
      return true;
    } catch (_gone) {
      return false;
    }
  }
}

/** Path of office-addin-debugging's CLI where it is installed and useful (Excel exists). */
function findOfficeAddinDebugging() {
  if (process.platform !== 'win32' && process.platform !== 'darwin') return undefined;
  try {
    return require.resolve('office-addin-debugging/cli.js', { paths: [ROOT] });
  } catch (_error) {
    return undefined;
  }
}

module.exports = { ROOT, PID_FILE, pidFileOf, writePids, readPids, removePids, killTree, findOfficeAddinDebugging };
