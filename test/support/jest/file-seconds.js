#!/usr/bin/env node
/**
 * Writes file-seconds.json beside this file: each test file's wall seconds from a run recorded with
 * PARTSPEC_TEST_COSTS=FOLDER (costs.js), rounded. The sequencer (sequencer.js) orders a fresh
 * clone's run by them, where jest has no timings of its own yet, so the longest files start first
 * and no worker is left with a long one at the end. Refresh it after a fresh clone's `npm test`:
 *
 *     node test/support/jest/file-seconds.js FOLDER
 */
const fs = require('fs');
const path = require('path');

const OUT = path.join(__dirname, 'file-seconds.json');

/** `file → seconds` from every costs-*.jsonl in `folder`, the longest of a file's records kept. */
function readCosts(folder) {
  const seconds = {};
  for (const name of fs.readdirSync(folder).filter((n) => /^costs-.*\.jsonl$/.test(n))) {
    for (const line of fs.readFileSync(path.join(folder, name), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const { file, wall } = JSON.parse(line);
      seconds[file] = Math.max(seconds[file] ?? 0, Math.round(wall * 10) / 10);
    }
  }
  return Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
}

if (require.main === module) {
  const folder = process.argv[2];
  if (!folder || !fs.existsSync(folder)) {
    process.stderr.write('Usage: node test/support/jest/file-seconds.js FOLDER (a PARTSPEC_TEST_COSTS folder)\n');
    process.exit(2);
  }
  const seconds = readCosts(folder);
  fs.writeFileSync(OUT, `${JSON.stringify(seconds, null, 1)}\n`);
  process.stdout.write(`${Object.keys(seconds).length} files' seconds written to ${path.relative(process.cwd(), OUT)}\n`);
}
