/**
 * When to load the taskpane's UI. With the shared runtime, Excel loads the add-in's page as soon
 * as a workbook that uses =PART.* opens, with the pane hidden; the functions must not wait on
 * React and Fluent that nobody sees yet. So the UI loads the first time the pane is shown:
 * at once when the page is visible when it starts (the user opened the pane, or the page runs
 * outside Excel), else when Office reports the pane shown, or the page becomes visible.
 */

/** What the decision reads from Office and the document; tests pass their own. */
export interface PaneSignals {
  /** `Office.addin.onVisibilityModeChanged`, where the host has the shared runtime. */
  onVisibilityModeChanged?: (handler: (args: { visibilityMode: string }) => void) => unknown;
  /** The value of `Office.VisibilityMode.taskpane` ('Taskpane'). */
  taskpaneMode: string;
  /** `document.visibilityState`. */
  visibilityState(): string;
  /** Adds a `visibilitychange` listener to the document. */
  onVisibilityChange(listener: () => void): void;
}

/** Calls `show` once, the first time the pane is visible. */
export function whenPaneShown(signals: PaneSignals, show: () => void): void {
  let shown = false;
  const once = (): void => {
    if (shown) return;
    shown = true;
    show();
  };
  signals.onVisibilityModeChanged?.((args) => {
    if (args.visibilityMode === signals.taskpaneMode) once();
  });
  signals.onVisibilityChange(() => {
    if (signals.visibilityState() === 'visible') once();
  });
  if (signals.visibilityState() === 'visible' || !signals.onVisibilityModeChanged) once();
}

/** The signals of the running page, from office.js and the document. */
export function pageSignals(): PaneSignals {
  const addin = (globalThis as { Office?: typeof Office }).Office?.addin;
  return {
    onVisibilityModeChanged: addin?.onVisibilityModeChanged ? (handler) => addin.onVisibilityModeChanged(handler as (args: Office.VisibilityModeChangedMessage) => void) : undefined,
    taskpaneMode: (globalThis as { Office?: typeof Office }).Office?.VisibilityMode?.taskpane ?? 'Taskpane',
    visibilityState: () => document.visibilityState,
    onVisibilityChange: (listener) => document.addEventListener('visibilitychange', listener),
  };
}
