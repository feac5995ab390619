import { isCategoryId, isLang, type Client, type ServiceCondition } from '../../api';
import { isApiError } from '../../api/errors/api-error';
import { UserProblem } from '../../core/user-problem';
import { createSessionProvider, getSharedSession, type SessionProvider } from '../settings/session';
import { type SettingsStore } from '../settings/settings';
import { expiryOf } from './builder/download';
import { withCategory } from './builder/url-meter';
import type { CategoryLink, SheetServices, TaskpaneServices } from './services';
import type { RunExcel } from '../sheets/deps';
import { watchSelection } from '../sheets/selection-events';

export interface DefaultServicesOptions {
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

/**
 * The worksheet operations (src/sheets through sheet-services.ts) with their code fetched on the
 * first one the user starts, not with the pane's first screen: waiting for the chunk is one more
 * await inside each, and a chunk that cannot be fetched fails that operation with its error, which
 * the section shows. Listening to the selection needs none of that code, so it starts at once.
 */
function worksheetOperations(run: RunExcel, getClient: () => Promise<Client>): SheetServices {
  let loaded: Promise<Omit<SheetServices, 'watchSelection'>> | undefined;
  const load = (): Promise<Omit<SheetServices, 'watchSelection'>> =>
    (loaded ??= import(/* webpackChunkName: "sheet-services" */ './sheet-services').then(({ createSheetServices }) => createSheetServices({ run, getClient })));
  return {
    importProducts: async (...args) => (await load()).importProducts(...args),
    importCategory: async (...args) => (await load()).importCategory(...args),
    inspectBom: async () => (await load()).inspectBom(),
    enrich: async (...args) => (await load()).enrich(...args),
    selectRowsWithStatus: async (...args) => (await load()).selectRowsWithStatus(...args),
    listReplacements: async (...args) => (await load()).listReplacements(...args),
    applyReplacement: async (...args) => (await load()).applyReplacement(...args),
    pickSuggestion: async (...args) => (await load()).pickSuggestion(...args),
    selectChangedRows: async () => (await load()).selectChangedRows(),
    partsInUse: async (...args) => (await load()).partsInUse(...args),
    summarizeBom: async (...args) => (await load()).summarizeBom(...args),
    selectBomRow: async (...args) => (await load()).selectBomRow(...args),
    bomRules: async () => (await load()).bomRules(),
    chooseBomRules: async (...args) => (await load()).chooseBomRules(...args),
    previewReplaceEverywhere: async (...args) => (await load()).previewReplaceEverywhere(...args),
    applyReplaceEverywhere: async (...args) => (await load()).applyReplaceEverywhere(...args),
    watchSelection: (listener) => watchSelection(run, listener),
  };
}

/**
 * The real services: the API client built from the saved preferences (rebuilt when they change;
 * the key is read from the store at each request) and the worksheet operations when in Excel.
 */
export function createDefaultServices(options: DefaultServicesOptions): TaskpaneServices {
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

  const needsExcel = (): never => {
    throw new UserProblem(NEEDS_EXCEL);
  };
  const sheets = options.run ? worksheetOperations(options.run, getClient) : undefined;

  return {
    settings,
    watchService(listener) {
      serviceListeners.add(listener);
      return () => serviceListeners.delete(listener);
    },
    async testConnection(signal) {
      const result = await (await getClient()).testConnection({ signal });
      if (result.ok) return { ok: true, status: 200 };
      return { ok: false, status: result.status, meaning: result.meaning, message: isApiError(result.error) ? result.error.userMessage : result.error.message };
    },
    async clearCache() {
      await session.clearCache();
    },
    async search(request, signal) {
      const client = await getClient();
      const result = await client.search({
        category: request.category,
        filter: withCategory(request.filter, request.category),
        orderby: request.orderby,
        lang: request.lang,
        signal,
      });
      return result;
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
    importProducts: (...args) => (sheets ? sheets.importProducts(...args) : needsExcel()),
    importCategory: (...args) => (sheets ? sheets.importCategory(...args) : needsExcel()),
    inspectBom: () => (sheets ? sheets.inspectBom() : needsExcel()),
    enrich: (...args) => (sheets ? sheets.enrich(...args) : needsExcel()),
    requestCount: async () => (await getClient()).stats().requests,
    selectRowsWithStatus: (statuses) => (sheets ? sheets.selectRowsWithStatus(statuses) : needsExcel()),
    listReplacements: (strict, signal) => (sheets ? sheets.listReplacements(strict, signal) : needsExcel()),
    applyReplacement: (row, partno) => (sheets ? sheets.applyReplacement(row, partno) : needsExcel()),
    pickSuggestion: (row, partno) => (sheets ? sheets.pickSuggestion(row, partno) : needsExcel()),
    selectChangedRows: () => (sheets ? sheets.selectChangedRows() : needsExcel()),
    partsInUse: (request, signal) => (sheets ? sheets.partsInUse(request, signal) : needsExcel()),
    summarizeBom: (request, signal) => (sheets ? sheets.summarizeBom(request, signal) : needsExcel()),
    selectBomRow: (sheetName, row) => (sheets ? sheets.selectBomRow(sheetName, row) : needsExcel()),
    bomRules: () => (sheets ? sheets.bomRules() : Promise.resolve(undefined)),
    chooseBomRules: (text, file) => (sheets ? sheets.chooseBomRules(text, file) : needsExcel()),
    previewReplaceEverywhere: (request, signal) => (sheets ? sheets.previewReplaceEverywhere(request, signal) : needsExcel()),
    applyReplaceEverywhere: (preview, accept) => (sheets ? sheets.applyReplaceEverywhere(preview, accept) : needsExcel()),
    watchSelection: (listener) => (sheets ? sheets.watchSelection(listener) : () => undefined),
    copyText: copyToClipboard,
  };
}
