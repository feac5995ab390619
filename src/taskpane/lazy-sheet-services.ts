import type { Client } from '../../api/client';
import type { SheetServices } from './default-services';
import type { RunExcel } from '../sheets/deps';

/**
 * The worksheet operations with their code (src/sheets: import, enrich, replacements) fetched on
 * the first one the user starts, not with the pane's first screen. Every operation is async, so
 * waiting for the chunk is one more await inside it; a chunk that cannot be fetched fails that
 * operation with its error, which the section shows.
 */
export function createLazySheetServices(run: RunExcel, getClient: () => Promise<Client>): SheetServices {
  let services: Promise<SheetServices> | undefined;
  const load = (): Promise<SheetServices> =>
    (services ??= import(/* webpackChunkName: "sheet-services" */ './sheet-services').then(({ createSheetServices }) => createSheetServices({ run, getClient })));
  return {
    importProducts: async (...args) => (await load()).importProducts(...args),
    importCategory: async (...args) => (await load()).importCategory(...args),
    inspectBom: async () => (await load()).inspectBom(),
    enrich: async (...args) => (await load()).enrich(...args),
    selectRowsWithStatus: async (...args) => (await load()).selectRowsWithStatus(...args),
    listReplacements: async (...args) => (await required(load(), 'listReplacements'))(...args),
    applyReplacement: async (...args) => (await required(load(), 'applyReplacement'))(...args),
    selectChangedRows: async () => (await required(load(), 'selectChangedRows'))(),
    summarizeBom: async (...args) => (await required(load(), 'summarizeBom'))(...args),
    selectBomRow: async (...args) => (await required(load(), 'selectBomRow'))(...args),
  };
}

/** An optional operation the loaded services always have; bound to them. */
async function required<K extends 'listReplacements' | 'applyReplacement' | 'selectChangedRows' | 'summarizeBom' | 'selectBomRow'>(loaded: Promise<SheetServices>, key: K): Promise<NonNullable<SheetServices[K]>> {
  const services = await loaded;
  const operation = services[key];
  if (!operation) throw new Error(`The worksheet operation ${key} is not available.`);
  return operation.bind(services) as NonNullable<SheetServices[K]>;
}
