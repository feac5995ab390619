import { createClient, type Client, type ClientOptions } from '../../api/client';
import { createIndexedDbStore } from '../../api/cache/indexeddb-store';
import type { PersistentStore } from '../../api/cache/persistent-store';
import type { Lang } from '../../api/vocabulary';
import type { Preferences, SettingsStore } from './settings';
import { createSettingsStore } from './settings';
import { detectStorage } from './storage';

/** The client for the current Settings, with the preferences it was built from. */
export interface Session {
  client: Client;
  lang: Lang;
  preferences: Preferences;
}

/**
 * One API client shared by everything in the add-in's runtime (functions, taskpane, ribbon
 * commands), so they share one cache and one request limiter: Refresh clears exactly the cache
 * the PART cells read.
 */
export interface SessionProvider {
  readonly settings: SettingsStore;
  /** The client for the current Settings; a change of base URL, language or cache lifetime builds a new one. */
  current(): Promise<Session>;
  /** Forgets every cached answer, in memory and in the persistent store. */
  clearCache(): Promise<void>;
}

export interface SessionOptions {
  settings: SettingsStore;
  /** @default createClient */
  createClient?: (options: ClientOptions) => Client;
  /** Client options added to those from Settings (fetch, retry, batch…). */
  clientOptions?: Partial<ClientOptions>;
  /**
   * Preferences are re-read at most this often: a recalculation calls thousands of functions at
   * once, and they share one read.
   * @default 1000
   */
  preferencesTtlMs?: number;
}

/**
 * Calls arriving within this window share their lookup requests. Excel hands a recalculation's
 * function calls to the runtime in several messages; 50 ms lets one recalculation of a whole
 * column land in one batch.
 */
const SESSION_BATCH_WINDOW_MS = 50;

/** The persistent cache store where the host has IndexedDB (the Office webview), none elsewhere. */
function defaultCacheStore(): PersistentStore | undefined {
  return typeof indexedDB === 'undefined' ? undefined : createIndexedDbStore();
}

const configKey = (p: Preferences): string => JSON.stringify([p.baseUrl, p.lang, p.cacheTtlHours]);

/**
 * A provider that reads Settings when asked: the key through `getApiKey` at request time (never
 * kept here), the base URL, language and cache lifetime through `load()`.
 */
export function createSessionProvider(options: SessionOptions): SessionProvider {
  const { settings } = options;
  const build = options.createClient ?? createClient;
  const ttl = options.preferencesTtlMs ?? 1000;
  let preferences: { promise: Promise<Preferences>; readAt: number } | undefined;
  let current: { key: string; session: Session } | undefined;

  settings.subscribe(() => {
    preferences = undefined;
  });

  const readPreferences = (): Promise<Preferences> => {
    const now = Date.now();
    if (!preferences || now - preferences.readAt > ttl) {
      const promise = settings.load();
      preferences = { promise, readAt: now };
      promise.catch(() => {
        if (preferences?.promise === promise) preferences = undefined;
      });
    }
    return preferences.promise;
  };

  const provider: SessionProvider = {
    settings,
    async current() {
      const prefs = await readPreferences();
      const key = configKey(prefs);
      if (!current || current.key !== key) {
        const client = build({
          baseUrl: prefs.baseUrl,
          lang: prefs.lang,
          getApiKey: () => settings.getApiKey(),
          cache: { ttlMs: prefs.cacheTtlHours * 3_600_000, store: defaultCacheStore() },
          batch: { windowMs: SESSION_BATCH_WINDOW_MS },
          ...options.clientOptions,
        });
        current = { key, session: { client, lang: prefs.lang, preferences: prefs } };
      } else {
        current.session.preferences = prefs;
      }
      return current.session;
    },
    async clearCache() {
      // Building the client first also clears the persistent store of a runtime that has not
      // made a request yet (the cache outlives the page).
      await (await provider.current()).client.clearCache();
    },
  };
  return provider;
}

// The functions, the commands and the taskpane are separate bundles on one page, each with its
// own copy of this module: the session lives on the page's global object so all three share it.
const SHARED = Symbol.for('partspec.sharedSession');
type Holder = { [SHARED]?: SessionProvider };

/** The session of this add-in runtime (the page): the installed one, or one over this host's Settings. */
export function getSharedSession(): SessionProvider {
  const holder = globalThis as Holder;
  holder[SHARED] ??= createSessionProvider({ settings: createSettingsStore(detectStorage()) });
  return holder[SHARED];
}

/** Replaces the shared session (tests, the workbench). `undefined` restores the default. */
export function setSharedSession(provider: SessionProvider | undefined): void {
  (globalThis as Holder)[SHARED] = provider;
}
