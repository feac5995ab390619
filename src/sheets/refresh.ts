import { readImportRecords, removeImportRecord, type DocumentSettings, type RunExcel, type SheetsClient } from './deps';
import type { Lang } from '../../api/vocabulary';
import { refreshImport, type ImportResult } from './import';
import { failureDetail, OUTCOME_WORDS } from './outcome-words';

export interface RefreshDeps {
  run: RunExcel;
  client: SheetsClient;
  settings: DocumentSettings;
  now?: () => Date;
}

export interface RefreshResult {
  /** One result per recorded import, keyed by table name. */
  imports: Record<string, ImportResult>;
  /** Tables that were recorded but are gone; their records were removed. */
  forgotten: string[];
  recalculated: boolean;
  /** Why the recalculation failed, in the language asked for. */
  message?: string;
}

/**
 * The Refresh command: clears the client's cache, recalculates every formula (so `=PART.*` cells
 * ask again) and re-runs every recorded import in place. Imports whose table was deleted are
 * forgotten; one failing import does not stop the others. What it says (the status lines, the
 * failures) is in `labels`, the pane's language.
 */
export async function refreshWorkbook(deps: RefreshDeps, options: { signal?: AbortSignal; labels?: Lang } = {}): Promise<RefreshResult> {
  const labels = options.labels ?? 'en';
  await deps.client.clearCache();
  let recalculated = true;
  let message: string | undefined;
  try {
    await deps.run(async (context) => {
      context.application.calculate('Full');
      await context.sync();
    });
  } catch (error) {
    recalculated = false;
    message = OUTCOME_WORDS[labels].recalculationFailed(failureDetail(error, labels));
  }
  const imports: Record<string, ImportResult> = {};
  const forgotten: string[] = [];
  for (const tableName of Object.keys(readImportRecords(deps.settings))) {
    if (options.signal?.aborted) break;
    const exists = await deps.run(async (context) => {
      const t = context.workbook.tables.getItemOrNullObject(tableName).load('name');
      await context.sync();
      return !t.isNullObject;
    });
    if (!exists) {
      forgotten.push(tableName);
      await removeImportRecord(deps.settings, tableName);
      continue;
    }
    imports[tableName] = await refreshImport(deps, tableName, { signal: options.signal, labels });
  }
  return { imports, forgotten, recalculated, message };
}
