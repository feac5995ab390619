/**
 * The end-to-end world of the server tests: the emulator playing a gateway without CORS (and a
 * storage host without it, on a second origin), `partspec serve` in front of it hosting the
 * build with the workbench, and Chromium, with the worker's page that each test gets afresh
 * (test/e2e/support/pages.ts), reset on the server's `/healthz` (an answer of the server's origin
 * that touches nothing). Chromium resolves no host name but 127.0.0.1, so nothing leaves the
 * machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_KEY, startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator';
import { buildServer, type PartSpecServer } from '../../server/app';
import { createMemoryState } from '../../server/state/memory';
import { createTokenFileStore } from '../../server/tokens/token-file';
import { ensureWorkbenchBuild } from '../e2e/support/build';
import { openFilePage } from '../e2e/support/pages';

/** The refusal of office.js's telemetry proxy frame (https://telemetryservice.firstpartyapps.oaspapps.com/…). */
const OFFICE_TELEMETRY_FRAME = /^Framing 'https:\/\/telemetryservice\.firstpartyapps\.oaspapps\.com\/[^']*' violates /;

export interface ServerE2eWorld {
  emulator: RunningEmulator;
  server: PartSpecServer;
  /** The server's address, ending in `/`. */
  serverUrl: string;
  /** A personal token of user 'alice'. */
  token: string;
  tokensFile: string;
  /** Opens `url` in the file's page started afresh (empty storage); `problems` collects page errors and CSP refusals. */
  open(url: string): Promise<{ page: Page; context: BrowserContext; problems: string[] }>;
  close(): Promise<void>;
}

export async function startServerE2eWorld(emulatorOptions: EmulatorOptions = {}): Promise<ServerE2eWorld> {
  const buildDir = await ensureWorkbenchBuild();
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
  let seat: Awaited<ReturnType<typeof openFilePage>>;
  try {
    seat = await openFilePage();
  } catch (error) {
    await server.close();
    await emulator.close();
    throw error;
  }
  return {
    emulator,
    server,
    serverUrl: server.publicUrl(),
    token,
    tokensFile,
    async open(url) {
      const { page, context } = await seat.fresh(new URL('/healthz', url).href);
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        const text = message.text();
        // Outside Office, office.js's own logger tries to frame Microsoft's telemetry proxy 3 s after it
        // starts; whether that falls inside a test depends on the machine's load, and the page never needs it.
        if (OFFICE_TELEMETRY_FRAME.test(text)) return;
        if (/Content Security Policy|Refused to/i.test(text)) problems.push(text);
      });
      await page.goto(url);
      await page.getByTestId('taskpane').waitFor();
      return { page, context, problems };
    },
    async close() {
      await seat.close();
      await server.close();
      await emulator.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
