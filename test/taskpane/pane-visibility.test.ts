/**
 * When the page loads the taskpane's UI: Excel loads the page for the functions with the pane
 * hidden, and the UI must wait until the pane is shown; outside a shared runtime (a plain browser,
 * the workbench) it shows at once.
 */
import { whenPaneShown, type PaneSignals } from '../../src/taskpane/pane-visibility';

function fakeSignals(options: { visibility: string; sharedRuntime: boolean }) {
  let visibility = options.visibility;
  const modeHandlers: ((args: { visibilityMode: string }) => void)[] = [];
  const pageHandlers: (() => void)[] = [];
  const signals: PaneSignals = {
    onVisibilityModeChanged: options.sharedRuntime ? (handler) => modeHandlers.push(handler) : undefined,
    taskpaneMode: 'Taskpane',
    visibilityState: () => visibility,
    onVisibilityChange: (listener) => pageHandlers.push(listener),
  };
  return {
    signals,
    officeReports: (mode: string) => modeHandlers.forEach((h) => h({ visibilityMode: mode })),
    pageBecomes: (state: string) => {
      visibility = state;
      pageHandlers.forEach((h) => h());
    },
  };
}

test('a hidden pane in the shared runtime loads no UI until Office reports it shown, then exactly once', () => {
  const fake = fakeSignals({ visibility: 'hidden', sharedRuntime: true });
  const show = jest.fn();
  whenPaneShown(fake.signals, show);
  expect(show).not.toHaveBeenCalled();
  fake.officeReports('Hidden');
  expect(show).not.toHaveBeenCalled();
  fake.officeReports('Taskpane');
  fake.officeReports('Taskpane');
  fake.pageBecomes('visible');
  expect(show).toHaveBeenCalledTimes(1);
});

test('a hidden page that becomes visible shows the UI even when Office says nothing', () => {
  const fake = fakeSignals({ visibility: 'hidden', sharedRuntime: true });
  const show = jest.fn();
  whenPaneShown(fake.signals, show);
  fake.pageBecomes('visible');
  expect(show).toHaveBeenCalledTimes(1);
});

test('a pane opened by the user (the page visible at start) shows at once', () => {
  const fake = fakeSignals({ visibility: 'visible', sharedRuntime: true });
  const show = jest.fn();
  whenPaneShown(fake.signals, show);
  expect(show).toHaveBeenCalledTimes(1);
});

test('without the shared runtime (a browser, the workbench) the UI shows at once', () => {
  const fake = fakeSignals({ visibility: 'hidden', sharedRuntime: false });
  const show = jest.fn();
  whenPaneShown(fake.signals, show);
  expect(show).toHaveBeenCalledTimes(1);
});
