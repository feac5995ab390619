/**
 * Chromium for the tests, one way for all: the run's shared browser when the browser project's
 * setup started one (test/support/jest/browser-setup.ts puts its address in
 * PARTSPEC_TEST_CHROMIUM_WS), otherwise a browser of the file's own with a throwaway HOME and XDG
 * folders, so it writes nowhere outside one temp folder whoever runs the tests (root on CI
 * included, hence `--no-sandbox`). Each test opens its own context, so the shared browser shares
 * nothing between tests but the process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumPath } from '../../testkit/system-tools';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-breakpad',
  '--disable-crash-reporter',
  '--no-default-browser-check',
];

/** HOME and the XDG folders inside `home`: Chromium keeps its NSS database, caches and crash reports there. */
export function chromiumEnv(home: string): NodeJS.ProcessEnv {
  return { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache'), XDG_DATA_HOME: path.join(home, '.local', 'share') };
}

/** A browser for a test file; `close()` closes what the file opened (its contexts, or its own browser and folder). */
export async function openChromium(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const shared = process.env.PARTSPEC_TEST_CHROMIUM_WS;
  if (shared) {
    const browser = await chromium.connect(shared);
    return { browser, close: () => browser.close().catch(() => undefined) };
  }
  const home = mkdtempSync(path.join(tmpdir(), 'partspec-chromium-'));
  try {
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, env: chromiumEnv(home) });
    return {
      browser,
      close: async () => {
        await browser.close().catch(() => undefined);
        rmSync(home, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(home, { recursive: true, force: true });
    throw error;
  }
}
