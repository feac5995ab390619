/**
 * The order the files run in: longest first, so no worker is left with one long file at the end.
 * After a run, jest's own timings decide (its cache); on a fresh clone, where there are none, the
 * wall seconds a fresh clone's run measured (file-seconds.json, written by file-seconds.js) do,
 * and for a file newer than that table, its kind (projects.js) and size.
 */
const Sequencer = require('@jest/test-sequencer').default;
const fs = require('fs');
const path = require('path');

/** Wall seconds per file (relative to the repository root) measured in a fresh clone's run. */
const MEASURED = require('./file-seconds.json');
const ROOT = path.join(__dirname, '..', '..', '..');

/** Rough seconds per kilobyte of test file, by kind: enough to put a browser file before a pure one of the same size. */
const SECONDS_PER_KB = { slow: 20, browser: 4, processes: 2, services: 0.6, pure: 0.1 };

class CostSequencer extends Sequencer {
  sort(tests) {
    const estimate = (test) => {
      const known = this.time(test);
      if (known != null) return known / 1000;
      const measured = MEASURED[path.relative(ROOT, test.path).split(path.sep).join('/')];
      if (measured != null) return measured;
      const kind = test.context.config.displayName?.name ?? 'pure';
      return (SECONDS_PER_KB[kind] ?? 1) * (fs.statSync(test.path).size / 1024);
    };
    const seconds = new Map(tests.map((test) => [test, estimate(test)]));
    return [...tests].sort((a, b) => Number(this.hasFailed(b)) - Number(this.hasFailed(a)) || seconds.get(b) - seconds.get(a));
  }
}

module.exports = CostSequencer;
