// Preloaded into a benchmark child: at exit, writes the process's peak resident size (bytes) to
// the file named by PARTSPEC_BENCH_RSS_FILE, so the parent reads one number per run.
const { writeFileSync } = require('node:fs');

process.on('exit', () => {
  const file = process.env.PARTSPEC_BENCH_RSS_FILE;
  if (file) writeFileSync(file, String(process.resourceUsage().maxRSS * 1024));
});
