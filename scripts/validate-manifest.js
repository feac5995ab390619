#!/usr/bin/env node
/**
 * `npm run validate [-- manifest [--base-url URL]]`: our offline structural checks always, then Microsoft's online
 * validator (`office-addin-manifest validate`) where it can be reached. Only a failed structural
 * check or a manifest the online service rejects makes this exit non-zero.
 */
const path = require('path');
const { spawnSync } = require('child_process');
const { checkManifestFile } = require('./manifest-check');

const ROOT = path.resolve(__dirname, '..');
const ONLINE_TIMEOUT_MS = 30000;
const UNREACHABLE = /Unable to contact|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|fetch failed|network/i;

function runStructuralChecks(manifest, baseUrl) {
  const { problems } = checkManifestFile(manifest, { root: ROOT, baseUrl });
  if (problems.length) {
    console.error(`${path.relative(ROOT, manifest)}: ${problems.length} structural problem(s):`);
    for (const problem of problems) console.error(`  - ${problem}`);
    return false;
  }
  console.log(`${path.relative(ROOT, manifest)}: structural checks passed.`);
  return true;
}

/** Returns true unless the online validator was reached and rejected the manifest. */
function runOnlineValidator(manifest) {
  let cli;
  try {
    cli = require.resolve('office-addin-manifest/cli.js', { paths: [ROOT] });
  } catch (_error) {
    console.log('Online validation skipped: office-addin-manifest is not installed.');
    return true;
  }
  const result = spawnSync(process.execPath, [cli, 'validate', manifest], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: ONLINE_TIMEOUT_MS,
  });
  const output = `${result.stdout || ''}${result.stderr || ''}`.trim();
  if (result.error && result.error.code === 'ETIMEDOUT') {
    console.log(`Online validator unreachable (no answer within ${ONLINE_TIMEOUT_MS / 1000} s); skipped.`);
    return true;
  }
  if (/MODULE_NOT_FOUND/.test(output)) {
    const missing = (output.match(/Cannot find module '([^']+)'/) || [])[1] || 'a module';
    console.log(`Online validation skipped: office-addin-manifest cannot load ${missing}.`);
    return true;
  }
  if (result.status === 0) {
    console.log(output || 'Online validator: the manifest is valid.');
    return true;
  }
  if (UNREACHABLE.test(output)) {
    console.log('Online validator unreachable; only the structural checks ran.');
    return true;
  }
  console.error(output || `office-addin-manifest validate exited with ${result.status}`);
  return false;
}

function main() {
  const args = process.argv.slice(2);
  const flag = args.indexOf('--base-url');
  const baseUrl = flag >= 0 ? args.splice(flag, 2)[1] : undefined;
  const manifest = path.resolve(ROOT, args[0] || 'manifest.xml');
  const structuralOk = runStructuralChecks(manifest, baseUrl);
  const onlineOk = runOnlineValidator(manifest);
  process.exitCode = structuralOk && onlineOk ? 0 : 1;
}

main();
