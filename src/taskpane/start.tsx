/** The taskpane's UI, started once the pane is shown (see index.tsx): React, Fluent and the sections. */
import { getSharedSession } from '../settings/session';
import { createDefaultServices } from './default-services';
import { mountTaskpane, readEnvironment } from './mount';

export function startTaskpane(container: Element, info: { host: Office.HostType | null } | undefined): void {
  const environment = readEnvironment(info, window.location.search);
  // The same session as the functions and the ribbon commands: one client, one cache.
  const session = getSharedSession();
  const services = createDefaultServices({
    settings: session.settings,
    session,
    ...(environment.inExcel ? { run: (batch) => Excel.run(batch) } : {}),
  });
  mountTaskpane(container, services, environment);
}
