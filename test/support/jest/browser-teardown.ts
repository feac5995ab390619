/**
 * After the browser files: closes the run's Chromium and site and removes Chromium's folder (see browser-setup).
 * The workers have closed their connections to it as jest ended them (test/support/chromium.ts);
 * a run in band loses its connection here.
 */
import { rmSync } from 'node:fs';
import { WORKBENCH_DIR_VARIABLE } from '../../e2e/support/build';
import { SITE_URL_VARIABLE } from '../../e2e/support/site';
import { RUN_BROWSER, type BrowserRun } from './browser-setup';

export default async function tearDownBrowser(): Promise<void> {
  const run = (globalThis as { [RUN_BROWSER]?: BrowserRun })[RUN_BROWSER];
  if (!run) return;
  await run.build;
  run.costs.record(run.server.process().pid);
  await run.server.close();
  await run.site.close();
  rmSync(run.home, { recursive: true, force: true });
  delete process.env.PARTSPEC_TEST_CHROMIUM_WS;
  delete process.env[WORKBENCH_DIR_VARIABLE];
  delete process.env[SITE_URL_VARIABLE];
}
