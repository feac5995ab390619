#!/usr/bin/env node
/**
 * `npm run validate [-- manifest [--base-url URL]]`: every check that runs offline, then Microsoft's
 * online validator where it can be reached.
 *
 * Offline: the structural and store checks of manifest.xml (scripts/manifest-check.js: resources,
 * the shared runtime, requirement sets, icon sizes, the support page, translations); the Office
 * members the production code uses against the manifest's requirement sets, from Microsoft's
 * `[Api set]` tags (scripts/requirement-sets.js); the unified manifest (manifest.json and its
 * localization files) against the schemas office-addin-manifest bundles, and against what the
 * generator writes today (scripts/unified-manifest.js).
 *
 * Online only: `office-addin-manifest validate` sends the manifest to Microsoft's validation
 * service (the store's own checks); without a network it says so and is skipped. Only a failed
 * offline check or a manifest the online service rejects makes this exit non-zero.
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
    console.log('Online validator unreachable (Microsoft\'s service needs the network); only the offline checks ran.');
    return true;
  }
  console.error(output || `office-addin-manifest validate exited with ${result.status}`);
  return false;
}

/** The Office members of src/ against the manifest's requirement sets. */
function runRequirementSetCheck(manifest) {
  const fs = require('fs');
  const { checkRequirementSets, listProductionSources, readDeclaredSets } = require('./requirement-sets');
  const declared = readDeclaredSets(fs.readFileSync(manifest, 'utf8'));
  const { uses, problems } = checkRequirementSets({ files: listProductionSources(ROOT), declared });
  if (problems.length) {
    console.error(`Requirement sets: ${problems.length} Office member(s) above the manifest's sets without a guard:`);
    for (const problem of problems) console.error(`  - ${problem}`);
    return false;
  }
  console.log(`Requirement sets: ${uses.length} uses of Office members, each within ${Object.entries(declared).map(([k, v]) => `${k} ${v}`).join(', ')} or under a supports() guard.`);
  return true;
}

/** manifest.json and its localization files: as generated today, and valid against the bundled schemas. */
async function runUnifiedManifestChecks() {
  const fs = require('fs');
  const { generateFiles, formatJson, validateOffline } = require('./unified-manifest');
  const files = await generateFiles(ROOT);
  const stale = Object.entries(files).filter(([name, json]) => !fs.existsSync(path.join(ROOT, name)) || fs.readFileSync(path.join(ROOT, name), 'utf8') !== formatJson(json));
  for (const [name] of stale) console.error(`${name} differs from what manifest.xml and the functions generate: run npm run manifest:json.`);
  const problems = validateOffline(files);
  for (const problem of problems) console.error(`  - ${problem}`);
  if (!stale.length && !problems.length) console.log(`Unified manifest: ${Object.keys(files).join(', ')} are current and valid against the bundled schemas.`);
  return stale.length === 0 && problems.length === 0;
}

async function main() {
  const args = process.argv.slice(2);
  const flag = args.indexOf('--base-url');
  const baseUrl = flag >= 0 ? args.splice(flag, 2)[1] : undefined;
  const manifest = path.resolve(ROOT, args[0] || 'manifest.xml');
  const structuralOk = runStructuralChecks(manifest, baseUrl);
  const setsOk = runRequirementSetCheck(manifest);
  const unifiedOk = await runUnifiedManifestChecks();
  const onlineOk = runOnlineValidator(manifest);
  process.exitCode = structuralOk && setsOk && unifiedOk && onlineOk ? 0 : 1;
}

main().catch((error) => {
  console.error(`npm run validate: ${error.message}`);
  process.exitCode = 1;
});
