/**
 * The workbench's stand-in for Excel: the workbook double plus the globals the PartSpec bundles
 * look for (`Office`, `Excel`, `OfficeRuntime`, `CustomFunctions`), limited to what PartSpec uses.
 * workbench.html loads this bundle before the functions, commands and taskpane bundles, so they
 * run unchanged and take their Excel paths against the double.
 *
 * URL parameters: `api` (the API base URL to save in Settings, e.g. an emulator on another port),
 * `display` (Office's display language, e.g. `ja-JP`), `sample` (`bom`, `formulas`, or `demo` for README's assets/demo-bom.xlsx, to load at start).
 */
import { createSettingsStore, type SettingsStore } from '../settings/settings';
import { detectStorage, type KeyValueStorage } from '../settings/storage';
import { createCalculator, type Calculator, type FunctionMetadata } from './calc';
import { createCustomFunctionsShim, type FunctionRegistry } from './custom-functions-host';
import { createExcelDouble, type ExcelDouble } from './excel-double';

/**
 * The API sets the workbench reports as supported: through 1.16, so functions return formatted
 * numbers (PART.QUERY's 10 µF) as Excel shows them; entity cards show as their text.
 */
const SUPPORTED_EXCEL_API = 16;

export interface WorkbenchHost {
  double: ExcelDouble;
  calc: Calculator;
  functions: FunctionRegistry;
  /** The same store the taskpane and the functions read (localStorage behind OfficeRuntime.storage). */
  settings: SettingsStore;
  /** Ribbon commands as `Office.actions.associate` registered them. */
  commands: Map<string, (event: { completed(): void }) => void>;
  /** Runs a ribbon command the way Excel does; resolves when it calls `event.completed()`. */
  runCommand(id: string): Promise<void>;
  /** Resolves once URL parameters are applied and office.js would be ready. */
  ready: Promise<void>;
  params: URLSearchParams;
}

declare global {
  interface Window {
    partspecWorkbench?: WorkbenchHost;
  }
}

function localStorageRuntime(): KeyValueStorage {
  return {
    getItem: async (key) => window.localStorage.getItem(key),
    setItem: async (key, value) => window.localStorage.setItem(key, value),
    removeItem: async (key) => window.localStorage.removeItem(key),
  };
}

function isSetSupported(name: string, version?: string): boolean {
  if (name !== 'ExcelApi') return false;
  const minor = Number((version ?? '1.1').split('.')[1] ?? 0);
  return minor <= SUPPORTED_EXCEL_API;
}

async function loadMetadata(): Promise<FunctionMetadata[]> {
  const response = await fetch('functions.json');
  if (!response.ok) throw new Error(`functions.json: HTTP ${response.status}`);
  return ((await response.json()) as { functions: FunctionMetadata[] }).functions;
}

/** Creates the double and installs the globals; call once, before any PartSpec bundle runs. */
export function installWorkbenchHost(): WorkbenchHost {
  const params = new URLSearchParams(window.location.search);
  const double = createExcelDouble();
  const { shim, registry } = createCustomFunctionsShim();
  let metadata: Promise<FunctionMetadata[]> | undefined;
  const calc = createCalculator({ double, registry, metadata: () => (metadata ??= loadMetadata()) });
  double.configure({ evaluate: (formula, at) => calc.evaluate(formula, at) });

  const storage = localStorageRuntime();
  const scope = globalThis as Record<string, unknown>;
  scope.OfficeRuntime = { storage };
  scope.CustomFunctions = shim;
  scope.Excel = { run: double.run };

  const settings = createSettingsStore(detectStorage());
  const api = params.get('api');
  const ready = (api ? settings.save({ baseUrl: api }).then(() => undefined) : Promise.resolve()).catch((error: unknown) => {
    console.error('The workbench could not save the api parameter in Settings:', error);
  });

  const commands = new Map<string, (event: { completed(): void }) => void>();
  const info = { host: 'Excel', platform: 'OfficeOnline' };
  scope.Office = {
    HostType: { Excel: 'Excel', Word: 'Word', PowerPoint: 'PowerPoint', Outlook: 'Outlook', OneNote: 'OneNote', Project: 'Project', Access: 'Access' },
    PlatformType: { OfficeOnline: 'OfficeOnline', PC: 'PC', Mac: 'Mac' },
    onReady(callback?: (i: typeof info) => void) {
      return ready.then(() => {
        callback?.(info);
        return info;
      });
    },
    context: {
      displayLanguage: params.get('display') ?? navigator.language,
      document: double.office.context.document,
      requirements: { isSetSupported },
    },
    actions: {
      associate(id: string, fn: (event: { completed(): void }) => void) {
        commands.set(id, fn);
      },
    },
    addin: { showAsTaskpane: async () => undefined },
  };

  const host: WorkbenchHost = {
    double,
    calc,
    functions: registry,
    settings,
    commands,
    runCommand(id) {
      const fn = commands.get(id);
      if (!fn) return Promise.reject(new Error(`No command is registered as '${id}'.`));
      return new Promise<void>((resolve) => fn({ completed: resolve }));
    },
    ready,
    params,
  };
  window.partspecWorkbench = host;
  return host;
}
