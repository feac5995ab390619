import type { Client } from '../../api/client';
import type { SheetServices } from './default-services';
import type { RunExcel } from '../sheets/deps';
import { watchSelection } from '../sheets/selection-events';

/**
 * The worksheet operations with their code (src/sheets: import, enrich, replacements) fetched on
 * the first one the user starts, not with the pane's first screen. Every operation is async, so
 * waiting for the chunk is one more await inside it; a chunk that cannot be fetched fails that
 * operation with its error, which the section shows. Listening to the selection needs none of
 * that code, so it starts at once.
 */
export function createLazySheetServices(run: RunExcel, getClient: () => Promise<Client>): SheetServices {
  let services: Promise<Omit<SheetServices, 'watchSelection'>> | undefined;
  const load = (): Promise<Omit<SheetServices, 'watchSelection'>> =>
    (services ??= import(/* webpackChunkName: "sheet-services" */ './sheet-services').then(({ createSheetServices }) => createSheetServices({ run, getClient })));
  return {
    importProducts: async (...args) => (await load()).importProducts(...args),
    importCategory: async (...args) => (await load()).importCategory(...args),
    inspectBom: async () => (await load()).inspectBom(),
    enrich: async (...args) => (await load()).enrich(...args),
    selectRowsWithStatus: async (...args) => (await load()).selectRowsWithStatus(...args),
    listReplacements: async (...args) => (await load()).listReplacements(...args),
    applyReplacement: async (...args) => (await load()).applyReplacement(...args),
    selectChangedRows: async () => (await load()).selectChangedRows(),
    summarizeBom: async (...args) => (await load()).summarizeBom(...args),
    selectBomRow: async (...args) => (await load()).selectBomRow(...args),
    watchSelection: (listener) => watchSelection(run, listener),
  };
}
