/**
 * Chromium for the tests, one way for all: the run's shared browser when the browser project's
 * setup started one (test/support/jest/browser-setup.ts puts its address in
 * PARTSPEC_TEST_CHROMIUM_WS), otherwise a browser of the file's own with a throwaway HOME and XDG
 * folders, so it writes nowhere outside one temp folder whoever runs the tests (root on CI
 * included, hence `--no-sandbox`).
 *
 * Nothing leaves the machine: the host resolver answers every name but 127.0.0.1 with "not found"
 * (CHROMIUM_ARGS), so no request is intercepted to abort the others (intercepting every request
 * through Playwright cost Chromium and the jest worker processor time on each one).
 *
 * A browser file's page lives in one context per jest worker (test/e2e/support/pages.ts), so the
 * worker's connection to the shared browser must outlive the file that opened it: jest gives every
 * file its own module instances and deletes a file's globals after it, so the connection is made
 * with playwright-core as Node itself loads it (`hostPlaywright`) and kept on a Node module, the one
 * thing every file of a worker shares (as test/support/jest/shared-catalogs.js keeps the
 * emulator's catalogs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { runInThisContext } from 'node:vm';
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
  // Every host name but 127.0.0.1 resolves to nothing: a request for it fails at once with
  // net::ERR_NAME_NOT_RESOLVED (office.js's telemetry, any CDN), so nothing leaves the machine.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
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

/** The worker's own process (jest's `process` is a copy per file) and its first module, through which Node's loader is reached. */
function hostProcess(): NodeJS.Process {
  return runInThisContext('process') as NodeJS.Process;
}

/** playwright-core loaded by Node's own loader, outside jest's per-file registry, or undefined where the worker has no CommonJS main module. */
function hostPlaywright(): typeof import('playwright-core') | undefined {
  const main = hostProcess().mainModule;
  return main ? (main.require(require.resolve('playwright-core')) as typeof import('playwright-core')) : undefined;
}

/** jest-worker's message asking a worker to end (CHILD_MESSAGE_END in jest-worker's types). */
const WORKER_END_MESSAGE = 2;

const KEY = Symbol.for('partspec.test.chromium');
type Store = { browser?: Promise<Browser> };
const store = os as unknown as Record<symbol, Store | undefined>;

/**
 * The jest worker's connection to the run's shared browser, made by its first browser file and
 * reused by its later ones (again after a disconnect); undefined when the run has no shared
 * browser. When jest ends the worker it closes the connection (and with it the worker's context),
 * so the worker exits at once instead of being forced to; browser-teardown then closes Chromium.
 */
export async function workerChromium(): Promise<Browser | undefined> {
  const address = process.env.PARTSPEC_TEST_CHROMIUM_WS;
  const playwright = address ? hostPlaywright() : undefined;
  if (!address || !playwright) return undefined;
  const shared = (store[KEY] ??= {});
  const kept = await shared.browser?.catch(() => undefined);
  if (kept?.isConnected()) return kept;
  const host = hostProcess();
  const connecting = playwright.chromium.connect(address);
  shared.browser = connecting;
  const browser = await connecting.catch((error: unknown) => {
    // A failed connection is not kept: the next file tries again.
    if (shared.browser === connecting) shared.browser = undefined;
    throw error;
  });
  // Listening for jest's messages keeps the worker's channel open: the listener goes when the connection does.
  // (No global of the file that made it is used here: jest deletes them after that file.)
  const onMessage = (message: unknown): void => {
    if (typeof message !== 'object' || message === null || (message as unknown[])[0] !== WORKER_END_MESSAGE) return;
    host.off('message', onMessage);
    void browser.close().catch(() => undefined);
  };
  host.on('message', onMessage);
  browser.once('disconnected', () => {
    host.off('message', onMessage);
    if (shared.browser === connecting) shared.browser = undefined;
  });
  return browser;
}
