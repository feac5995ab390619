/**
 * One browser context and one page per test file, handed to each test as a page that starts afresh.
 * In Chromium a new context and its first page cost about as much processor time as loading the
 * workbench itself (a new renderer process and the context's set-up), so a file pays for them once.
 * Before each test the page goes to an empty page of the origin it will open (answered by the
 * route below, no server involved), where everything a test could leave behind is reset: the
 * origin's localStorage, sessionStorage, IndexedDB (the pane's lookup cache) and Cache Storage,
 * the context's granted permissions, the page's listeners and its viewport. The test's own page
 * then loads as in a new context. Requests that do not go to 127.0.0.1 are aborted, so nothing
 * leaves the machine.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const VIEWPORT = { width: 1280, height: 800 };

/** The empty page of an origin where its storage is emptied; the route answers it, so it exists on every origin. */
const BLANK_PATH = '/__partspec-e2e-blank';

export interface FilePage {
  /** The file's page, on `origin`'s empty page with that origin's storage emptied; the caller navigates on. */
  fresh(origin: string): Promise<{ page: Page; context: BrowserContext }>;
  close(): Promise<void>;
}

/**
 * Empties what an origin keeps in the browser (run in a page of that origin). Written with promise
 * chains, not `async`: the function runs in the page as its source text, and ts-jest may lower
 * `async` to a helper the page does not have.
 */
function emptyOriginStorage(): Promise<void> {
  localStorage.clear();
  sessionStorage.clear();
  const deleteDatabase = (name: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error(`IndexedDB ${name} was not deleted`));
    });
  const databases = indexedDB.databases().then((list) => Promise.all(list.map(({ name }) => (name ? deleteDatabase(name) : undefined))));
  const cacheStorage = typeof caches === 'undefined' ? Promise.resolve([]) : caches.keys().then((keys) => Promise.all(keys.map((key) => caches.delete(key))));
  return Promise.all([databases, cacheStorage]).then(() => undefined);
}

async function openContext(browser: Browser): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname !== '127.0.0.1') return route.abort();
    if (url.pathname === BLANK_PATH) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>PartSpec tests</title>' });
    return route.continue();
  });
  return { context, page: await context.newPage() };
}

/** The page one test file's tests share, each starting afresh (see the module comment). */
export function filePage(browser: Browser): FilePage {
  let current: { page: Page; context: BrowserContext } | undefined;

  const reset = async (seat: { page: Page; context: BrowserContext }, origin: string): Promise<void> => {
    seat.page.removeAllListeners();
    await seat.context.clearPermissions();
    await seat.page.setViewportSize(VIEWPORT);
    await seat.page.goto(new URL(BLANK_PATH, origin).href);
    await seat.page.evaluate(emptyOriginStorage);
  };

  return {
    async fresh(origin) {
      if (current) {
        try {
          await reset(current, origin);
          return current;
        } catch {
          // The last test left the page unusable (crashed, or stuck in a dialog): start a new context.
          await current.context.close().catch(() => undefined);
          current = undefined;
        }
      }
      current = await openContext(browser);
      await reset(current, origin);
      return current;
    },
    async close() {
      await current?.context.close().catch(() => undefined);
      current = undefined;
    },
  };
}
