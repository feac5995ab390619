// Preloaded into a measured child: at exit, writes the seconds of processor time the program
// used (user and system) to the file named by PARTSPEC_TEST_CPU_FILE. Unlike the wall clock, it
// does not grow when other programs share the machine's cores.
const { writeFileSync } = require('node:fs');

process.on('exit', () => {
  const file = process.env.PARTSPEC_TEST_CPU_FILE;
  if (!file) return;
  const { user, system } = process.cpuUsage();
  writeFileSync(file, String((user + system) / 1e6));
});
