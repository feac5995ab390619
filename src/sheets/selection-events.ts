/*
 * Excel's worksheets.onActivated and onSelectionChanged, for the taskpane to show what a button
 * will act on as the user moves around. Kept apart from the worksheet operations so the pane can
 * listen from its first screen without loading them.
 */
import type { RunExcel } from './deps';

/**
 * Calls `listener` whenever the user switches sheet or changes the selection. Returns the function
 * that stops it. Where Excel has no such events (before ExcelApi 1.9) nothing is heard: every
 * button still reads the active sheet and the selection when it is pressed.
 */
export function watchSelection(run: RunExcel, listener: () => void): () => void {
  let stopped = false;
  const heard = async (): Promise<void> => {
    if (!stopped) listener();
  };
  const registered = run(async (context) => {
    const sheets = context.workbook.worksheets;
    const handlers = [sheets.onActivated.add(heard), sheets.onSelectionChanged.add(heard)];
    await context.sync();
    return handlers;
  }).catch(() => [] as OfficeExtension.EventHandlerResult<unknown>[]);
  return () => {
    stopped = true;
    void registered.then(async (handlers) => {
      for (const handler of handlers) handler.remove();
      await handlers[0]?.context.sync();
    }).catch(() => undefined);
  };
}
