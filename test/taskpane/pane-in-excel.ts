import { DEMO_KEY } from '../../emulator';
import { createMemoryStorage } from '../../src/settings/storage';
import { createSessionProvider } from '../../src/settings/session';
import { createSettingsStore } from '../../src/settings/settings';
import { createTaskpaneServices } from '../../src/taskpane/adapter/taskpane-services';
import type { TaskpaneServices } from '../../src/taskpane/adapter/services';
import type { ExcelDouble } from '../../src/workbench/excel-double';

const scope = globalThis as unknown as { Office?: unknown };

/**
 * The pane's services in Excel as the pane builds them (the add-in adapter over its worksheet operations,
 * the API at `baseUrl` behind real HTTP, no cache or retries), writing to `excel`, which stands in
 * as Office until `leaveExcel()`.
 */
export async function paneInExcel(excel: ExcelDouble, baseUrl: string): Promise<TaskpaneServices> {
  scope.Office = excel.office;
  const settings = createSettingsStore(createMemoryStorage());
  await settings.save({ baseUrl });
  await settings.setApiKey(DEMO_KEY);
  const session = createSessionProvider({ settings, clientOptions: { cache: false, retry: false } });
  return createTaskpaneServices({ settings, session, run: excel.run });
}

/** Forgets the Office that `paneInExcel` set (after each test). */
export function leaveExcel(): void {
  delete scope.Office;
}
