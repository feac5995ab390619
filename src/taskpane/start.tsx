/** The taskpane's UI, started once the pane is shown (see index.tsx): React, Fluent and the sections. */
import { getSharedSession } from '../settings/session';
import { resolveUiLanguage } from '../settings/settings';
import { sayingOfficeErrors } from '../sheets/office-errors';
import { createTaskpaneServices } from './adapter/taskpane-services';
import { mountTaskpane, readEnvironment } from './mount';

export function startTaskpane(container: Element, info: { host: Office.HostType | null } | undefined): void {
  const environment = readEnvironment(info, window.location.search);
  // The same session as the functions and the ribbon commands: one client, one cache.
  const session = getSharedSession();
  const services = createTaskpaneServices({
    settings: session.settings,
    session,
    ...(environment.inExcel
      ? {
          // Excel's errors reach the pane as sentences in its language, never as Office's own text.
          run: sayingOfficeErrors(
            (batch) => Excel.run(batch),
            async () => resolveUiLanguage((await session.settings.load()).uiLanguage, environment.displayLanguage),
          ),
        }
      : {}),
  });
  mountTaskpane(container, services, environment);
}
