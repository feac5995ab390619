/**
 * The test suite split by what a file costs, so `npm test` can run the cheap files beside the
 * expensive ones on every worker, and a developer can run one kind alone
 * (`npx jest --selectProjects pure`). A file's kind is read from what it starts:
 *
 * - `browser`: drives the taskpane in Chromium (the e2e harness or playwright-core);
 * - `processes`: runs programs (the `partspec` binary, LibreOffice, npm, any child process);
 * - `services`: starts servers in this process (the emulator, `partspec serve`, Redis);
 * - `pure`: nothing of the above;
 * - `slow`: the soaks and measurements named in SLOW, whatever they start.
 *
 * Plain CommonJS: jest.config.js requires it before anything is transformed.
 */
const fs = require('fs');
const path = require('path');

/**
 * Soaks and measurements: each holds a figure (peak memory, processor seconds, many runs against a
 * failing service, a packed and globally installed tarball) and costs minutes. `npm test` runs them
 * after the rest when its time budget allows (scripts/test.js); `npm run test:slow` runs them alone.
 */
const SLOW = [
  'test/api/client/harvest-faults.emulator.test.ts',
  'test/api/client/patience.emulator.test.ts',
  'test/ooxml/hostile-extents.test.ts',
  'test/reliability/parser-fuzz.test.ts',
  'test/tooling/pack-install.test.ts',
];

const KINDS = [
  ['browser', /\b(useE2eWorld|startE2eWorld|launchChromium)\b|from 'playwright-core'/],
  ['processes', /\b(runCliProcess|runPartspec|startPartspecServer|spawn|spawnSync|execFile|execFileSync|execSync|fork|convertWithLibreOffice|useLibreOffice)\s*\(/],
  ['services', /\b(runCliInProcess|useEmulator|startEmulator|useEmulatorHome|useRig|useSettledEmulator|useAgingEmulators|useFunctionsHarness|useRedis|startRedis|startServer|buildServer|createServer|useTeamServers)\b/],
  // What a file imports that starts servers for it: the emulator, the functions harness, Redis, a folder's support world.
  ['services', /from '(\.\.\/)+emulator'|from '[^']*(functions-harness|use-emulator|team-servers|redis[^']*|ioredis)'|from '\.\/support'/],
];

/** Every test file under `root`, relative to `rootDir`, in a stable order. */
function testFiles(rootDir, root = 'test') {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(rootDir, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'fixtures' && entry.name !== 'node_modules') walk(rel);
      } else if (/\.test\.tsx?$/.test(entry.name)) out.push(rel);
    }
  };
  walk(root);
  return out;
}

/** The kind of one test file (see the module comment). */
function kindOf(rootDir, file) {
  if (SLOW.includes(file)) return 'slow';
  const text = fs.readFileSync(path.join(rootDir, file), 'utf8');
  for (const [kind, pattern] of KINDS) if (pattern.test(text)) return kind;
  return 'pure';
}

/** Test files by kind: { pure: [...], services: [...], processes: [...], browser: [...], slow: [...] }. */
function filesByKind(rootDir) {
  const byKind = { pure: [], services: [], processes: [], browser: [], slow: [] };
  for (const file of testFiles(rootDir)) byKind[kindOf(rootDir, file)].push(file);
  return byKind;
}

module.exports = { SLOW, filesByKind, kindOf };
