import { isCategoryId, isLang, type Client, type ServiceCondition } from '../../../api';
import { UserProblem } from '../../../core/user-problem';
import { createSessionProvider, getSharedSession, type SessionProvider } from '../../settings/session';
import { type SettingsStore } from '../../settings/settings';
import { expiryOf } from '../builder/download';
import { withCategory } from '../builder/url-meter';
import type { RunExcel } from '../../sheets/deps';
import { watchSelection } from '../../sheets/selection-events';
import { WORKSHEET_OPERATIONS, type CategoryLink, type TaskpaneServices, type WorksheetOperations } from './services';

export interface TaskpaneServicesOptions {
  settings: SettingsStore;
  /**
   * `Excel.run`, or the workbench's double; absent outside Excel, where every worksheet operation
   * fails with a sentence saying so.
   */
  run?: RunExcel;
  /**
   * The runtime's shared client: the taskpane, the functions and the ribbon commands use one
   * client, so they share its cache and request limiter.
   * @default the shared session when `settings` is the shared one's, else a session over `settings`
   */
  session?: SessionProvider;
}

/** What a worksheet operation says outside Excel. */
const NEEDS_EXCEL = 'This needs Excel: open PartSpec from the ribbon in Excel to write to a workbook.';

/** Writes text to the clipboard, with the older selection-based copy where the Clipboard API is refused. */
async function copyToClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Office webviews may refuse the Clipboard API without a permission prompt; fall through.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new UserProblem('The browser refused to copy. Select the link and copy it with Ctrl+C.');
}

/** One function per worksheet operation, each calling `operation(name)` with its arguments. */
function eachOperation(operation: (name: keyof WorksheetOperations, args: unknown[]) => unknown): WorksheetOperations {
  return Object.fromEntries(WORKSHEET_OPERATIONS.map((name) => [name, (...args: unknown[]) => operation(name, args)])) as unknown as WorksheetOperations;
}

/**
 * The worksheet operations (worksheet.ts over src/sheets) with their code fetched on the first one
 * the user starts, not with the pane's first screen: waiting for the chunk is one more await
 * inside each, and a chunk that cannot be fetched fails that operation with its error, which the
 * section shows.
 */
function inExcel(run: RunExcel, getClient: () => Promise<Client>): WorksheetOperations {
  let loaded: Promise<WorksheetOperations> | undefined;
  const load = (): Promise<WorksheetOperations> =>
    (loaded ??= import(/* webpackChunkName: "sheet-services" */ './worksheet').then(({ createWorksheetOperations }) => createWorksheetOperations({ run, getClient })));
  return eachOperation(async (name, args) => {
    const operations = await load();
    return (operations[name] as (...args: unknown[]) => unknown)(...args);
  });
}

/** Outside Excel every worksheet operation refuses at once with the sentence saying where to open PartSpec; no rules were picked there. */
function outsideExcel(): WorksheetOperations {
  return {
    ...eachOperation(() => {
      throw new UserProblem(NEEDS_EXCEL);
    }),
    bomRules: () => Promise.resolve(undefined),
  };
}

/**
 * The add-in's adapter: the API client built from the saved preferences (rebuilt when they change;
 * the key is read from the store at each request) and the worksheet operations when in Excel.
 */
export function createTaskpaneServices(options: TaskpaneServicesOptions): TaskpaneServices {
  const { settings } = options;
  const shared = getSharedSession();
  const session = options.session ?? (shared.settings === settings ? shared : createSessionProvider({ settings }));
  // Every client the session hands out (it is rebuilt when Settings change) reports to the pane.
  const serviceListeners = new Set<(condition: ServiceCondition) => void>();
  const watched = new WeakSet<Client>();
  const getClient = async (): Promise<Client> => {
    const client = (await session.current()).client;
    if (!watched.has(client)) {
      watched.add(client);
      client.watchService((state) => serviceListeners.forEach((listener) => listener(state.condition)));
    }
    return client;
  };
  const { run } = options;

  return {
    settings,
    ...(run ? inExcel(run, getClient) : outsideExcel()),
    // Listening to the selection needs none of the worksheet code, so it starts at once.
    watchSelection: (listener) => (run ? watchSelection(run, listener) : () => undefined),
    watchService(listener) {
      serviceListeners.add(listener);
      return () => serviceListeners.delete(listener);
    },
    testConnection: async (signal) => (await getClient()).testConnection({ signal }),
    async clearCache() {
      await session.clearCache();
    },
    async search(query, signal) {
      return (await getClient()).search({ ...query, filter: withCategory(query.filter, query.category), signal });
    },
    async getDownloadUrl(category, lang, signal): Promise<CategoryLink> {
      const link = await (await getClient()).getDownloadUrl(category, lang, { signal });
      const issuedAt = new Date(link.issuedAt);
      return {
        category: isCategoryId(link.category) ? link.category : category,
        lang: isLang(link.language) ? link.language : lang,
        url: link.url,
        issuedAt,
        expiresAt: Number.isNaN(Date.parse(link.expiresAt)) ? expiryOf(issuedAt) : new Date(link.expiresAt),
      };
    },
    requestCount: async () => (await getClient()).stats().requests,
    copyText: copyToClipboard,
  };
}
