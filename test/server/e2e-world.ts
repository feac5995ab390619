/**
 * The end-to-end world of the server tests: the emulator playing a gateway without CORS (and a
 * storage host without it, on a second origin), `partspec serve` in front of it hosting the
 * development build, and Chromium. Every request that does not go to 127.0.0.1 is aborted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_KEY, startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator';
import { buildServer, type PartSpecServer } from '../../server/app';
import { createMemoryState } from '../../server/state/memory';
import { createTokenFileStore } from '../../server/tokens/token-file';
import { ensureDevelopmentBuild } from '../e2e/support/build';
import { chromiumPath } from '../support/system-tools';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface ServerE2eWorld {
  emulator: RunningEmulator;
  server: PartSpecServer;
  /** The server's address, ending in `/`. */
  serverUrl: string;
  /** A personal token of user 'alice'. */
  token: string;
  tokensFile: string;
  /** Opens a page in a fresh context; `problems` collects page errors and CSP refusals. */
  open(url: string): Promise<{ page: Page; context: BrowserContext; problems: string[] }>;
  close(): Promise<void>;
}

export async function startServerE2eWorld(emulatorOptions: EmulatorOptions = {}): Promise<ServerE2eWorld> {
  const buildDir = await ensureDevelopmentBuild();
  const home = mkdtempSync(path.join(tmpdir(), 'partspec-server-e2e-'));
  const tokensFile = path.join(home, 'tokens.json');
  const token = await createTokenFileStore(tokensFile).add('alice');
  const emulator = await startEmulator({ port: 0, noCors: true, downloadHost: { port: 0 }, ...emulatorOptions });
  const server = await buildServer({
    upstream: emulator.url,
    apiKey: DEMO_KEY,
    state: createMemoryState({ tokensFile }),
    siteDir: buildDir,
    logger: false,
    userRate: false,
  });
  await server.listen(0, '127.0.0.1');
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache') };
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, env });
  } catch (error) {
    await server.close();
    await emulator.close();
    throw error;
  }
  const contexts: BrowserContext[] = [];
  return {
    emulator,
    server,
    serverUrl: server.publicUrl(),
    token,
    tokensFile,
    async open(url) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      contexts.push(context);
      await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()));
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
      });
      await page.goto(url);
      await page.getByTestId('taskpane').waitFor();
      return { page, context, problems };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await server.close();
      await emulator.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
