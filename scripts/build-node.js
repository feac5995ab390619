#!/usr/bin/env node
/**
 * Compiles what runs in Node (the command line, the server, the emulator and the src/ modules they
 * use) to plain JavaScript in build/node with tsc, then marks the build's time in build/node/.built
 * for bin/partspec.js, which runs this build unless the sources are newer.
 *
 * `--no-check` emits without type-checking (tsc --noCheck: every file is still parsed, and
 * tsconfig's isolatedModules keeps the output the same): `npm test` passes it, as its own
 * type-check covers these files and more (scripts/test.js), which saves about 10 processor seconds.
 */
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..');
const tsc = require.resolve('typescript/bin/tsc');
const started = Date.now();
const noCheck = process.argv.includes('--no-check') ? ['--noCheck'] : [];
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.node.json'), ...noCheck], { stdio: 'inherit', cwd: root });
const stamp = path.join(root, 'build', 'node', '.built');
fs.writeFileSync(stamp, `${new Date(started).toISOString()}\n`);
// The stamp carries the time the compile started, so a source saved during the compile counts as newer.
fs.utimesSync(stamp, started / 1000, started / 1000);
