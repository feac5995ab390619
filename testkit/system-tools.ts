/**
 * The programs the tests run beyond npm packages, found the way `npm test`'s provisioning step
 * (`scripts/provision-test-tools.js`) finds and installs them: `PARTSPEC_CHROMIUM` /
 * `PARTSPEC_REDIS_SERVER` / `PARTSPEC_SOFFICE`, then PATH, then the usual install folders. One lookup for both, so a
 * test never looks somewhere the provisioning step did not; when a program is missing, the error
 * is one sentence naming it and the command that installs it.
 */
import path from 'node:path';

interface Provisioning {
  requireTool(name: 'Chromium' | 'redis-server' | 'LibreOffice'): string;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const provisioning = require(path.resolve(__dirname, '../scripts/provision-test-tools.js')) as Provisioning;

/** Absolute path of the Chromium (or Chrome/Edge) the browser tests drive. */
export function chromiumPath(): string {
  return provisioning.requireTool('Chromium');
}

/** Absolute path of the redis-server the shared-state tests start. */
export function redisServerPath(): string {
  return provisioning.requireTool('redis-server');
}

/** Absolute path of LibreOffice's `soffice`, which opens the enriched workbooks of the corpus test. */
export function sofficePath(): string {
  return provisioning.requireTool('LibreOffice');
}
