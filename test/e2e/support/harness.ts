/**
 * One end-to-end test file's world: the emulator on a random port, the build with the workbench served
 * over http on another (./site.ts: the run's site, or one of the file's own), and Chromium (test/support/chromium.ts: the run's shared browser, or one of
 * the file's own), with the worker's page that each test gets afresh (./pages.ts). Chromium
 * resolves no host name but 127.0.0.1, so nothing leaves the machine.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_KEY, startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../emulator';
import { picturePath } from '../../support/pictures';
import { KEY_STORAGE_NAME, PREFERENCES_STORAGE_NAME, type Preferences } from '../../../src/settings/settings';
import { ensureWorkbenchBuild } from './build';
import { openFilePage } from './pages';
import { BLANK_PATH, SITE_URL_VARIABLE, serveSite, type Site } from './site';

export { VIEWPORT } from './pages';

export interface E2eWorld {
  emulator: RunningEmulator;
  browser: Browser;
  /** Base URL of the served build with the workbench. */
  siteUrl: string;
  /**
   * The workbench open, pointed at the emulator, in the file's page started afresh (empty storage
   * but the saved key, no permissions, no listeners, the usual viewport: ./pages.ts).
   * `preferences` are saved before it loads, as an earlier session would have left them (the
   * `api` parameter still sets the address).
   */
  openWorkbench(options?: { key?: string | null; query?: Record<string, string>; preferences?: Partial<Preferences> }): Promise<{ page: Page; context: BrowserContext }>;
  close(): Promise<void>;
}

/** Starts everything a test file needs; call in beforeAll and `close()` in afterAll. */
export async function startE2eWorld(emulatorOptions: EmulatorOptions = {}): Promise<E2eWorld> {
  const buildDir = await ensureWorkbenchBuild();
  const emulator = await startEmulator({ port: 0, ...emulatorOptions });
  // The run's site when the global setup serves one (the same URLs for every file: the browser keeps the scripts), else the file's own.
  const runSite = process.env[SITE_URL_VARIABLE];
  const site: Site = runSite ? { url: runSite, close: async () => undefined } : await serveSite(buildDir);
  let seat: Awaited<ReturnType<typeof openFilePage>>;
  try {
    seat = await openFilePage();
  } catch (error) {
    await site.close();
    await emulator.close();
    throw error;
  }

  return {
    emulator,
    browser: seat.browser,
    siteUrl: site.url,
    async openWorkbench(options = {}) {
      const { page, context } = await seat.fresh(new URL(BLANK_PATH, site.url).href);
      const key = options.key === undefined ? DEMO_KEY : options.key;
      // Saved where the taskpane's settings store keeps it, before the page loads: Settings shows it as stored.
      if (key) await page.evaluate(([name, value]) => localStorage.setItem(name, value), [KEY_STORAGE_NAME, key]);
      if (options.preferences) await page.evaluate(([name, value]) => localStorage.setItem(name, value), [PREFERENCES_STORAGE_NAME, JSON.stringify(options.preferences)]);
      const errors: string[] = [];
      const onError = (error: Error): void => void errors.push(error.message);
      page.on('pageerror', onError);
      const query = new URLSearchParams({ api: emulator.url, display: 'en-US', ...options.query });
      await page.goto(`${site.url}workbench.html?${query.toString()}`);
      await page.getByTestId('taskpane').waitFor();
      page.off('pageerror', onError);
      if (errors.length > 0) throw new Error(`The workbench page failed: ${errors.join('; ')}`);
      if (key && (await page.evaluate(() => window.partspecWorkbench!.settings.getApiKey())) !== key) throw new Error('The workbench does not read the key saved for it.');
      return { page, context };
    },
    async close() {
      await seat.close();
      await site.close();
      await emulator.close();
    },
  };
}

/**
 * Starts the world before a test file's tests and closes it after them; read it inside tests.
 * Every browser test file begins with this line instead of its own beforeAll/afterAll pair.
 */
export function useE2eWorld(emulatorOptions: EmulatorOptions = {}): E2eWorld {
  let world: E2eWorld | undefined;
  beforeAll(async () => {
    world = await startE2eWorld(emulatorOptions);
  }, 240_000);
  afterAll(async () => {
    await world?.close();
  });
  const started = (): E2eWorld => {
    if (!world) throw new Error('The browser test world is used before beforeAll started it.');
    return world;
  };
  return {
    get emulator() {
      return started().emulator;
    },
    get browser() {
      return started().browser;
    },
    get siteUrl() {
      return started().siteUrl;
    },
    openWorkbench: (options) => started().openWorkbench(options),
    close: () => started().close(),
  };
}

/** Saves a screenshot for the user guide as `<name>.png` in the pictures folder (test/support/pictures.ts). */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const file = picturePath(name);
  await page.screenshot({ path: file });
  return file;
}

/**
 * How often a page condition is checked while a test waits for it. Playwright's default checks on
 * every animation frame, which keeps Chromium drawing frames for as long as the wait lasts (about
 * six times the processor time of checking every 100 ms, for nothing a test could see sooner).
 */
export const POLL_MS = 100;

/** Waits until no PART formula is still computing. */
export async function formulasSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => window.partspecWorkbench!.calc.pending() === 0, undefined, { polling: POLL_MS });
}

/** Selects a tab of the taskpane. */
export async function openSection(page: Page, section: 'settings' | 'search' | 'enrich' | 'health' | 'download'): Promise<void> {
  await page.getByTestId(`tab-${section}`).click();
  await page.getByTestId(`panel-${section}`).waitFor({ state: 'visible' });
}

/** Types into a cell through the formula bar, as a person would. */
export async function typeIntoCell(page: Page, sheet: string, address: string, text: string): Promise<void> {
  await page.getByTestId(`cell-${sheet}-${address}`).click();
  await page.getByTestId('formula-bar').fill(text);
  await page.getByTestId('formula-bar').press('Enter');
}
