import type { Client } from '../../api/client';
import { parseImportRecords, serializeImportRecord, IMPORTS_SETTING, type ImportRecord } from '../../core/tables/metadata';

/** Stands in for `Excel.run`, so tests and the workbench can pass the workbook double. */
export type RunExcel = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;

/** The open workbook's file name, so a summary or portfolio says which file it is of. */
export function workbookName(run: RunExcel): Promise<string> {
  return run(async (context) => {
    context.workbook.load('name');
    await context.sync();
    return context.workbook.name;
  });
}

/** What src/sheets needs of the API client. */
export type SheetsClient = Pick<Client, 'harvest' | 'lookup' | 'planLookup' | 'search' | 'clearCache'>;

/** `Office.context.document.settings`: saved inside the workbook, so it travels with every copy. */
export interface DocumentSettings {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  remove(name: string): void;
  saveAsync(callback?: (result: { status: string; error?: { message: string } }) => void): void;
}

/** The workbook's document settings in Excel. */
export function officeDocumentSettings(): DocumentSettings {
  const settings = Office.context.document.settings;
  return {
    get: (name) => settings.get(name),
    set: (name, value) => settings.set(name, value),
    remove: (name) => settings.remove(name),
    saveAsync: (callback) => settings.saveAsync((result) => callback?.({ status: String(result.status), error: result.error ? { message: result.error.message } : undefined })),
  };
}

/** Saves the document settings into the workbook; rejects with a sentence when Office cannot. */
export function save(settings: DocumentSettings): Promise<void> {
  return new Promise((resolve, reject) =>
    settings.saveAsync((result) => (result.status === 'failed' ? reject(new Error(`The workbook's settings could not be saved: ${result.error?.message ?? 'unknown error'}`)) : resolve())),
  );
}

/** Every import recorded in the workbook, keyed by table name. */
export function readImportRecords(settings: DocumentSettings): Record<string, ImportRecord> {
  return parseImportRecords(settings.get(IMPORTS_SETTING));
}

/** Records (or replaces) one import and saves the settings into the workbook. */
export async function writeImportRecord(settings: DocumentSettings, record: ImportRecord, previousName?: string): Promise<void> {
  const all = readImportRecords(settings);
  if (previousName && previousName !== record.tableName) delete all[previousName];
  all[record.tableName] = JSON.parse(serializeImportRecord(record)) as ImportRecord;
  settings.set(IMPORTS_SETTING, all);
  await save(settings);
}

/** Forgets one import (its table is gone). */
export async function removeImportRecord(settings: DocumentSettings, tableName: string): Promise<void> {
  const all = readImportRecords(settings);
  if (!(tableName in all)) return;
  delete all[tableName];
  settings.set(IMPORTS_SETTING, all);
  await save(settings);
}
