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
    void registered.then(removeHandlers).catch(() => undefined);
  };
}

/**
 * Removes event handlers in the request context they were added in, as Office requires: in
 * `Excel.run(handler.context, …)`, since the batch that added them has long returned. The
 * workbook double's handlers carry its own context, which is synced directly.
 */
async function removeHandlers(handlers: OfficeExtension.EventHandlerResult<unknown>[]): Promise<void> {
  const added = handlers[0]?.context;
  if (!added) return;
  const scope = globalThis as { Excel?: Partial<typeof Excel>; OfficeExtension?: typeof OfficeExtension };
  const remove = async (context: OfficeExtension.ClientRequestContext): Promise<void> => {
    for (const handler of handlers) handler.remove();
    await context.sync();
  };
  const real = scope.OfficeExtension && added instanceof scope.OfficeExtension.ClientRequestContext;
  if (real && scope.Excel?.run) await scope.Excel.run(added, remove);
  else await remove(added);
}
