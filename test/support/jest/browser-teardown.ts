/** After the browser files: closes the run's Chromium and removes its folder (see browser-setup). */
import { rmSync } from 'node:fs';
import type { BrowserServer } from 'playwright-core';
import { RUN_BROWSER } from './browser-setup';

export default async function tearDownBrowser(): Promise<void> {
  const run = (globalThis as { [RUN_BROWSER]?: { server: BrowserServer; home: string } })[RUN_BROWSER];
  if (!run) return;
  await run.server.close();
  rmSync(run.home, { recursive: true, force: true });
  delete process.env.PARTSPEC_TEST_CHROMIUM_WS;
}
