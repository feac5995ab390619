import { createClient, lowerBoundRequests, type Client, type ClientOptions } from '../api/client';
import { URL_BUDGET_BYTES, type Lang } from '../api/vocabulary';
import { spec } from '../src/functions/functions';
import { createFunctionsRuntime, setFunctionsRuntime, type FunctionsRuntime } from '../src/functions/runtime';
import { createMemoryStorage } from '../src/settings/storage';
import { createSettingsStore, defaultPreferences, type SettingsStore } from '../src/settings/settings';
import { DEMO_KEY, startEmulator, type EmulatorOptions, type RunningEmulator } from '../emulator';
import { describeError, installCustomFunctionsShim } from './custom-functions-shim';
import { logSettled } from './settle';

/** A running emulator, Settings that point at it, and the functions' runtime over both. */
export interface FunctionsHarness {
  emulator: RunningEmulator;
  settings: SettingsStore;
  runtime: FunctionsRuntime;
  /** Every client the runtime built, newest last. */
  clients: Client[];
  close(): Promise<void>;
}

/** Fast retries and a short time budget, so 429 and 500 tests settle in seconds, not the production policy's minutes. */
export const FAST_RETRY: ClientOptions['retry'] = { limit: 1, budgetMs: 3000, initialDelay: 1, backoffLimit: 5, jitter: false, maxRetryAfter: 5 };

export interface FunctionsHarnessOptions {
  /** API key saved in Settings; null saves none. @default DEMO_KEY */
  key?: string | null;
  emulator?: EmulatorOptions;
  today?: Date;
  entities?: boolean;
  lang?: Lang;
  /** Client options over the harness's own (the benchmark uses the production retry policy). @default { retry: FAST_RETRY } */
  clientOptions?: Partial<ClientOptions>;
}

export async function startFunctionsHarness(options: FunctionsHarnessOptions = {}): Promise<FunctionsHarness> {
  installCustomFunctionsShim();
  const emulator = await startEmulator({ port: 0, ...options.emulator });
  const settings = createSettingsStore(createMemoryStorage(), defaultPreferences(emulator.url));
  const key = options.key === undefined ? DEMO_KEY : options.key;
  if (key) await settings.setApiKey(key);
  if (options.lang) await settings.save({ lang: options.lang });
  const clients: Client[] = [];
  const runtime = createFunctionsRuntime({
    settings,
    createClient: (clientOptions) => {
      const client = createClient(clientOptions);
      clients.push(client);
      return client;
    },
    clientOptions: { retry: FAST_RETRY, ...options.clientOptions },
    now: () => options.today ?? new Date('2026-10-01T12:00:00'),
    supportsEntities: () => options.entities ?? true,
  });
  setFunctionsRuntime(runtime);
  return {
    emulator,
    settings,
    runtime,
    clients,
    async close() {
      setFunctionsRuntime(undefined);
      await emulator.close();
    },
  };
}

/**
 * Starts the harness for the file's tests (`beforeAll`) and closes it afterwards (`afterAll`); read
 * its fields inside tests.
 */
export function useFunctionsHarness(options: FunctionsHarnessOptions = {}): FunctionsHarness {
  const harness = {} as FunctionsHarness;
  beforeAll(async () => {
    Object.assign(harness, await startFunctionsHarness(options));
  });
  afterAll(() => harness.close?.());
  return harness;
}

/** `count` distinct part numbers spread evenly over the whole catalog, so every group is present. */
export function spreadPartnos(emulator: RunningEmulator, count: number): string[] {
  const all = emulator.catalog.products;
  const step = Math.floor(all.length / count);
  return Array.from({ length: count }, (_, i) => all[i * step].values.Partno as string);
}

/**
 * One recalculation as Excel runs it: one PART.SPEC call per cell (part × field), all started in
 * the same tick; resolves with the cell values in part-major order (error values included).
 */
export function recalculate(partnos: readonly string[], fields: readonly string[]): Promise<unknown[]> {
  return Promise.all(partnos.flatMap((p) => fields.map((f) => spec([[p]], [[f]]).then((r) => r[0][0]))));
}

/** The settled error value of a rejected call as { code, message }; fails when it resolved or rejected with anything else. */
export async function errorOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  let value: unknown;
  try {
    value = await promise;
  } catch (error) {
    const described = describeError(error);
    if (!described) throw new Error(`rejected with something other than a CustomFunctions.Error: ${String(error)}`);
    return described;
  }
  throw new Error(`resolved with ${JSON.stringify(value)} instead of an error`);
}

/** The fewest lookup requests that can carry these part numbers through this emulator. */
export function lookupLowerBound(emulator: RunningEmulator, partnos: readonly string[], lang: Lang = 'en'): number {
  return lowerBoundRequests(partnos, 'eq', { baseUrl: emulator.url, lang, budget: URL_BUDGET_BYTES });
}

/**
 * The emulator's request log once it is complete. The emulator records a request in its
 * onResponse hook, which can run just after the client has read the answer, so a count taken
 * the moment the functions settle may miss the last entry.
 */
export async function settledRequests(emulator: RunningEmulator, quietMs = 40): Promise<RunningEmulator['requests']> {
  await logSettled(emulator, quietMs);
  return emulator.requests;
}
