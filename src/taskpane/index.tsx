import { getSharedSession } from '../settings';
import { createDefaultServices } from './default-services';
import { mountTaskpane, readEnvironment } from './mount';
import { createSheetServices } from './sheet-services';

Office.onReady((info) => {
  const container = document.getElementById('root');
  if (!container) throw new Error('taskpane.html has no #root element');
  const environment = readEnvironment(info, window.location.search);
  // The same session as the functions and the ribbon commands: one client, one cache.
  const session = getSharedSession();
  const services = createDefaultServices({
    settings: session.settings,
    session,
    inExcel: environment.inExcel,
    createSheetServices: (getClient) => createSheetServices({ run: (batch) => Excel.run(batch), getClient }),
  });
  mountTaskpane(container, services, environment);
});
