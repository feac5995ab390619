/**
 * Before the browser files (jest `globalSetup` of the `browser` project): one Chromium for the
 * whole run, which every file connects to through test/support/chromium.ts (a fresh context per
 * page, so tests share nothing but the process), and the build with the workbench it is
 * served from. Chromium's HOME and XDG folders are one temp folder, removed by browser-teardown.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumEnv } from '../chromium';
import { ensureWorkbenchBuild } from '../../e2e/support/build';
import { chromiumPath } from '../../../testkit/system-tools';

/** Where browser-setup leaves what browser-teardown closes (the two share one global context). */
export const RUN_BROWSER = Symbol.for('partspec.test.browser');

export default async function setUpBrowser(): Promise<void> {
  const home = mkdtempSync(path.join(tmpdir(), 'partspec-chromium-'));
  const [server] = await Promise.all([chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, env: chromiumEnv(home) }), ensureWorkbenchBuild()]);
  (globalThis as { [RUN_BROWSER]?: { server: BrowserServer; home: string } })[RUN_BROWSER] = { server, home };
  // The workers start after this and inherit the variable: each file connects instead of launching.
  process.env.PARTSPEC_TEST_CHROMIUM_WS = server.wsEndpoint();
}
