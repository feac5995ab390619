/**
 * Before the browser files (jest `globalSetup` of the `browser` project): one Chromium for the
 * whole run, which each jest worker connects to once through test/support/chromium.ts (one
 * context and page per worker, reused by its files, each test's page started afresh:
 * test/e2e/support/pages.ts), and the build with the workbench it is served from. The build
 * is started, not waited for: jest starts the workers at once, they run other files meanwhile, and
 * the first file that serves the build waits for it (test/e2e/support/build.ts). The build's
 * folder is served once for the run (test/e2e/support/site.ts), so every file loads the same
 * cacheable scripts. Chromium's HOME and XDG folders are one temp folder, removed by
 * browser-teardown.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumEnv } from '../chromium';
import { WORKBENCH_DIR_VARIABLE, startWorkbenchBuild } from '../../e2e/support/build';
import { SITE_URL_VARIABLE, serveSite, type Site } from '../../e2e/support/site';
import { chromiumPath } from '../../../testkit/system-tools';
import { startCostWatch, type CostWatch } from './browser-costs';

/** What browser-setup leaves for browser-teardown (the two share one global context). */
export interface BrowserRun {
  server: BrowserServer;
  home: string;
  /** The workbench build: teardown waits for it, so no webpack outlives the run. */
  build: Promise<unknown>;
  /** The build's folder served over http (a file waits for the build before loading a page). */
  site: Site;
  costs: CostWatch;
}

/** Where browser-setup leaves what browser-teardown closes. */
export const RUN_BROWSER = Symbol.for('partspec.test.browser');

export default async function setUpBrowser(): Promise<void> {
  const costs = startCostWatch();
  const home = mkdtempSync(path.join(tmpdir(), 'partspec-chromium-'));
  const server = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, env: chromiumEnv(home) });
  const build = startWorkbenchBuild();
  // A failed build is reported by every file that waits for it; nothing here waits.
  const built = costs.timeBuild(build.done).catch(() => undefined);
  const site = await serveSite(build.dir);
  const run: BrowserRun = { server, home, build: built, site, costs };
  (globalThis as { [RUN_BROWSER]?: BrowserRun })[RUN_BROWSER] = run;
  // The workers start after this and inherit the variables: each file connects instead of launching, and waits for this build.
  process.env.PARTSPEC_TEST_CHROMIUM_WS = server.wsEndpoint();
  process.env[WORKBENCH_DIR_VARIABLE] = build.dir;
  process.env[SITE_URL_VARIABLE] = site.url;
}
