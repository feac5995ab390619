import type { Client, ClientOptions } from '../../api/client';
import type { Lang } from '../../api/vocabulary';
import { createSessionProvider, getSharedSession, type SessionProvider } from '../settings/session';
import { type SettingsStore } from '../settings/settings';
import { supports } from '../sheets/requirements';

export interface FunctionsRuntime {
  /** The client for the current Settings and the data language they choose. */
  session(): Promise<{ client: Client; lang: Lang }>;
  /** Today, for the lifecycle rule of PART.RISK. */
  today(): Date;
  /** Whether a custom function may return a data type (an entity card): CustomFunctionsRuntime 1.4. */
  supportsEntities(): boolean;
  /** Forgets every cached answer (the Refresh command calls this before recalculating). */
  clearCache(): Promise<void>;
}

export interface RuntimeOptions {
  /** Where the key and the preferences come from (a session over them is built). */
  settings?: SettingsStore;
  /** The session to use instead; the default is the add-in's shared session. */
  session?: SessionProvider;
  /** Builds the client; tests pass one that injects fetch, retry timing or a window. @default createClient */
  createClient?: (options: ClientOptions) => Client;
  /** Client options added to those from Settings (fetch, retry, batch…). */
  clientOptions?: Partial<ClientOptions>;
  /** @default () => new Date() */
  now?: () => Date;
  /** @default detectEntitySupport */
  supportsEntities?: () => boolean;
  /** @default 1000 */
  preferencesTtlMs?: number;
}

/**
 * True when custom functions may return data types: CustomFunctionsRuntime 1.4. ExcelApi 1.16
 * (entity values in the workbook API) is not enough: perpetual Office 2021 and 2024 report it but
 * have no data types in custom functions, and answer a returned entity with #VALUE!.
 */
function detectEntitySupport(): boolean {
  return supports('CustomFunctionsRuntime', '1.4');
}

/**
 * A runtime over a session: the add-in's shared one (so the functions, the taskpane and the
 * ribbon commands share one client and cache), or one built over `settings` for tests.
 */
export function createFunctionsRuntime(options: RuntimeOptions = {}): FunctionsRuntime {
  const provider =
    options.session ??
    (options.settings
      ? createSessionProvider({
          settings: options.settings,
          createClient: options.createClient,
          clientOptions: options.clientOptions,
          preferencesTtlMs: options.preferencesTtlMs,
        })
      : getSharedSession());
  return {
    async session() {
      const { client, lang } = await provider.current();
      return { client, lang };
    },
    today: options.now ?? (() => new Date()),
    supportsEntities: options.supportsEntities ?? detectEntitySupport,
    clearCache: () => provider.clearCache(),
  };
}

let installed: FunctionsRuntime | undefined;

/** The runtime the PART functions use: the installed one, or one over this host's Settings. */
export function getFunctionsRuntime(): FunctionsRuntime {
  installed ??= createFunctionsRuntime();
  return installed;
}

/** Replaces the runtime (tests; a host that wires Settings differently). `undefined` restores the default. */
export function setFunctionsRuntime(runtime: FunctionsRuntime | undefined): void {
  installed = runtime;
}
