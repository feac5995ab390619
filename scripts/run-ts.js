#!/usr/bin/env node
/**
 * Runs a TypeScript entry point under tsx: `node scripts/run-ts.js emulator/main.ts [args…]`.
 * The entry runs in a child Node process with tsx's loader; signals are passed on and its exit
 * code becomes ours.
 */
const path = require('path');
const { spawn } = require('child_process');
const { pathToFileURL } = require('url');

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.js <entry.ts> [args…]');
  process.exit(2);
}

const loader = pathToFileURL(require.resolve('tsx')).href;
const child = spawn(process.execPath, ['--import', loader, path.resolve(entry), ...args], {
  stdio: 'inherit',
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}

child.on('exit', (code, signal) => {
  if (signal) {
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code === null ? 1 : code);
});
