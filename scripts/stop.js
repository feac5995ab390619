#!/usr/bin/env node
/**
 * `npm stop`: ends what `npm start` started in this clone (the emulator, the dev server and the
 * start script itself; another clone's servers have their own pid file and are left alone) and,
 * where office-addin-debugging is installed, unregisters the sideloaded add-in.
 */
const { spawnSync } = require('child_process');
const { ROOT, PID_FILE, readPids, removePids, killTree, findOfficeAddinDebugging } = require('./dev-processes');

function main() {
  const record = readPids();
  if (!record) {
    console.log(`Nothing to stop: npm start is not running in this clone (no ${PID_FILE}).`);
  } else {
    const stopped = record.children.filter((pid) => killTree(pid, 'SIGTERM'));
    try {
      process.kill(record.start, 'SIGTERM');
    } catch (_gone) {
      // start.js already exited; its children were the part that mattered.
    }
    removePids();
    console.log(`Stopped ${stopped.length} of ${record.children.length} PartSpec dev process(es).`);
  }
  const cli = findOfficeAddinDebugging();
  if (cli) {
    spawnSync(process.execPath, [cli, 'stop', 'manifest.xml'], { cwd: ROOT, stdio: 'inherit' });
  }
}

main();
