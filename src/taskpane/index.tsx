/**
 * The taskpane entry: a small loader. Excel loads this page for the functions too, so the UI
 * (React, Fluent, the sections) is fetched and mounted only once the pane is shown.
 */
import { pageSignals, whenPaneShown } from './pane-visibility';

Office.onReady((info) => {
  const container = document.getElementById('root');
  if (!container) throw new Error('taskpane.html has no #root element');
  whenPaneShown(pageSignals(), () => {
    void import(/* webpackChunkName: "taskpane-ui" */ './start').then(
      ({ startTaskpane }) => startTaskpane(container, info),
      (error: unknown) => {
        // A chunk that cannot be fetched (the server went away): say so in the pane rather than leave it blank.
        container.textContent = `PartSpec could not load its task pane (${error instanceof Error ? error.message : String(error)}). Close and reopen it.`;
      },
    );
  });
});
