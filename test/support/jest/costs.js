/**
 * What each test file costs, for docs/development.md and for choosing what belongs in `slow`: with
 * PARTSPEC_TEST_COSTS=FOLDER, each file's processor seconds (the worker's and those of the child
 * processes it waited for: the partspec binary, LibreOffice, a browser of its own) and its wall
 * seconds are appended to FOLDER/costs-<pid>.jsonl. Linux only (/proc); a no-op elsewhere or unset.
 * jest `setupFilesAfterEnv`.
 */
/* global beforeAll, afterAll, expect */
const fs = require('fs');
const path = require('path');

const folder = process.env.PARTSPEC_TEST_COSTS;

/** Processor seconds of this process and its reaped children (utime, stime, cutime, cstime), and the system part of them. */
function cpuSeconds() {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  return { all: (fields[11] + fields[12] + fields[13] + fields[14]) / 100, system: (fields[12] + fields[14]) / 100 };
}

if (folder && fs.existsSync('/proc/self/stat')) {
  let start;
  beforeAll(() => {
    start = { cpu: cpuSeconds(), wall: Date.now() };
  });
  afterAll(() => {
    const file = path.relative(process.cwd(), expect.getState().testPath ?? '');
    const cpu = cpuSeconds();
    // `system` is the kernel's part of `cpu`; `end` is when the file ended (ms since the epoch), for the run's timeline.
    const line = { file, cpu: +(cpu.all - start.cpu.all).toFixed(2), system: +(cpu.system - start.cpu.system).toFixed(2), wall: +((Date.now() - start.wall) / 1000).toFixed(2), end: Date.now() };
    fs.mkdirSync(folder, { recursive: true });
    fs.appendFileSync(path.join(folder, `costs-${process.pid}.jsonl`), `${JSON.stringify(line)}\n`);
  });
}
