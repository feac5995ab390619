/**
 * The browser page the tests drive: one context and one page per jest worker (with the run's shared
 * browser), reused by every browser file the worker runs, handed to each test as a page that starts
 * afresh. In Chromium the first page of a new context costs about three times a later load of the
 * workbench (a new renderer process, no compiled code kept), so the worker pays for it once, not
 * every file. The context and page are kept where the worker's later files find them (a Node
 * module, see test/support/chromium.ts); a file run without the shared browser opens a browser,
 * context and page of its own and closes them after its tests.
 *
 * Before each test the page goes to an empty page of the origin it will open (the caller names
 * one its server answers without side effects), where everything a test could leave behind is
 * reset: the origin's localStorage, sessionStorage, IndexedDB (the pane's lookup cache) and Cache
 * Storage, the context's granted permissions, the page's listeners and its viewport. The test's own
 * page then loads as in a new context. A page a test left unusable (crashed, stuck in a dialog,
 * closed) is replaced by a new context, and so is one whose browser connection was lost.
 */
import os from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openChromium, workerChromium } from '../../support/chromium';

export const VIEWPORT = { width: 1280, height: 800 };

export interface FilePage {
  /** The browser the page lives in. */
  readonly browser: Browser;
  /**
   * The page on `blankUrl` (an empty page of the origin the test will open) with that origin's
   * storage emptied; the caller navigates on.
   */
  fresh(blankUrl: string): Promise<{ page: Page; context: BrowserContext }>;
  /** Ends the file's use of the page (closing it only when it is the file's own). */
  close(): Promise<void>;
}

type Seat = { page: Page; context: BrowserContext };

/**
 * Empties what an origin keeps in the browser (run in a page of that origin). Written with promise
 * chains, not `async`: the function runs in the page as its source text, and the test transform may lower
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

async function reset(seat: Seat, blankUrl: string): Promise<void> {
  seat.page.removeAllListeners();
  await seat.context.clearPermissions();
  await seat.page.setViewportSize(VIEWPORT);
  await seat.page.goto(blankUrl);
  await seat.page.evaluate(emptyOriginStorage);
}

/** `seat` reset for the next test if it still can be, else a new context and page in `browser`. */
async function freshSeat(browser: Browser, seat: Seat | undefined, blankUrl: string): Promise<Seat> {
  if (seat && seat.context.browser() === browser) {
    try {
      await reset(seat, blankUrl);
      return seat;
    } catch {
      // The last test left the page unusable: start a new context.
    }
  }
  await seat?.context.close().catch(() => undefined);
  const context = await browser.newContext({ viewport: VIEWPORT });
  const next = { context, page: await context.newPage() };
  await reset(next, blankUrl);
  return next;
}

const KEY = Symbol.for('partspec.test.page');
type Store = { seat?: Seat };
const store = os as unknown as Record<symbol, Store | undefined>;

/** The page of the calling test file's tests, each starting afresh (see the module comment). */
export async function openFilePage(): Promise<FilePage> {
  const shared = await workerChromium();
  if (shared) {
    const kept = (store[KEY] ??= {});
    return {
      browser: shared,
      async fresh(blankUrl) {
        // The worker reconnects if the browser connection was lost since the last test.
        const browser = (await workerChromium()) ?? shared;
        const previous = kept.seat;
        // Not kept while it is reset: a failure leaves nothing half-reset for the next file.
        kept.seat = undefined;
        const seat = await freshSeat(browser, previous, blankUrl);
        kept.seat = seat;
        return seat;
      },
      async close() {
        // The next file resets the page; until then no listener of this file's is called.
        kept.seat?.page.removeAllListeners();
      },
    };
  }
  const own = await openChromium();
  let seat: Seat | undefined;
  return {
    browser: own.browser,
    async fresh(blankUrl) {
      seat = await freshSeat(own.browser, seat, blankUrl);
      return seat;
    },
    async close() {
      await seat?.context.close().catch(() => undefined);
      await own.close();
    },
  };
}
