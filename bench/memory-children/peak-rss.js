// Preloaded into a benchmark child: at exit, writes the process's peak resident size (bytes) to
// the file named by PARTSPEC_BENCH_RSS_FILE, so the parent reads one number per run.
//
// On Linux the figure is VmHWM from /proc/self/status, the high-water mark of this program's own
// memory. The resource usage's maxRSS survives exec: a child forked from a large benchmark process
// starts at the parent's resident size, which would set a floor under every child's figure.
const { readFileSync, writeFileSync } = require('node:fs');

/** VmHWM in bytes, or undefined where /proc is not there. */
function highWaterMark() {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

process.on('exit', () => {
  const file = process.env.PARTSPEC_BENCH_RSS_FILE;
  if (file) writeFileSync(file, String(highWaterMark() ?? process.resourceUsage().maxRSS * 1024));
});
