/**
 * The taskpane entry: a small loader. Excel loads this page for the functions too, so the UI
 * (React, Fluent, the sections) is fetched and mounted only once the pane is shown.
 */
import { officeJsMissing, showOutsideOffice } from './outside-office';
import { pageSignals, whenPaneShown } from './pane-visibility';

const root = document.getElementById('root');
if (!root) throw new Error('taskpane.html has no #root element');
const container: Element = root;

if (officeJsMissing()) {
  // No office.js (a plain browser without it, or a network that blocked it): say so, not a blank page.
  showOutsideOffice(container, navigator.languages?.length ? navigator.languages : [navigator.language]);
} else {
  // office.js is here: the page's static fallback sentence is not needed while the pane loads.
  container.querySelector('.partspec-outside')?.remove();
  Office.onReady(start);
}

function start(info: { host: Office.HostType | null }): void {
  whenPaneShown(pageSignals(), () => {
    void import(/* webpackChunkName: "taskpane-ui" */ './start').then(
      ({ startTaskpane }) => startTaskpane(container, info),
      (error: unknown) => {
        // A chunk that cannot be fetched (the server went away): say so in the pane rather than leave it blank.
        container.textContent = `PartSpec could not load its task pane (${error instanceof Error ? error.message : String(error)}). Close and reopen it.`;
      },
    );
  });
}
