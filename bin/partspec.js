#!/usr/bin/env node
/**
 * `partspec`: runs the compiled command line (build/node, made by `npm run build`), so no compiler
 * runs when a user starts a command. In a clone whose TypeScript sources are newer than that build
 * (or that was never built), the sources run through tsx instead, so a developer never runs stale
 * code; an installed package holds no sources and always runs the compiled code.
 */
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..');
const compiled = path.join(root, 'build', 'node', 'cli', 'main.js');
const stamp = path.join(root, 'build', 'node', '.built');
const SOURCE_DIRS = ['cli', 'mcp', 'server', 'emulator', 'node', 'api', 'core', 'ooxml', 'src/sheets', 'src/settings', 'src/functions'];

/** The newest modification time of the TypeScript sources the command line is built from (0 when there are none). */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir));
  return newest;
}

/** When the compiled build was made (its stamp), or -1 when there is none. */
function builtAt() {
  try {
    return fs.statSync(stamp).mtimeMs;
  } catch {
    return -1;
  }
}

const hasSource = fs.existsSync(path.join(root, 'cli', 'main.ts'));
const hasBuild = fs.existsSync(compiled);
const fromSource = hasSource && (process.env.PARTSPEC_FROM_SOURCE === '1' || !hasBuild || newestSource() > builtAt());
if (!fromSource && hasBuild) {
  require(compiled).main();
} else {
  let hook;
  try {
    hook = require.resolve('tsx/cjs');
  } catch {
    hook = undefined;
  }
  if (!hook || !hasSource) {
    process.stderr.write('partspec: this copy is not built; run npm run build in it (or install the packed tarball).\n');
    process.exit(2);
  }
  // Until the command line's own handlers are in place, a failed allocation while tsx starts (its
  // WebAssembly lexer under a tight `ulimit -v`) is the same one sentence and exit 5, never a stack.
  const starting = (error) => {
    const oom = error instanceof RangeError && /allocat|out of memory/i.test(error.message);
    process.stderr.write(
      oom
        ? 'partspec: PartSpec ran out of memory while starting: the system refused it more; nothing was changed. Close other programs or raise the memory limit, and run again.\n'
        : `partspec: PartSpec could not start from its sources (${error instanceof Error ? error.name : 'error'}); run npm run build in this copy and try again.\n`,
    );
    process.exit(5);
  };
  process.on('uncaughtException', starting);
  process.on('unhandledRejection', starting);
  require(hook);
  // Modules loaded with import() (those kept out of a page until needed) go through Node's ES
  // module loader, which needs tsx's hook too; it is in place once tsx/esm has loaded.
  import('tsx/esm').then(() => require(path.join(root, 'cli', 'main.ts')).main());
}
