/**
 * The name a spreadsheet host's own errors carry (office.js names its OfficeExtension.Error so).
 * Their message is the host's text, not written for users: the add-in's document port turns them
 * into errors with a `userMessage` chosen by code (src/sheets/office-errors.ts); one that arrives
 * without is said by its code alone.
 */
const HOST_ERROR_NAME = 'RichApi.Error';

/** A sentence for the user: the typed error's own `userMessage` when it has one; never a host's raw message. */
export function userMessageOf(error: unknown): string {
  if (error && typeof error === 'object' && 'userMessage' in error && typeof (error as { userMessage: unknown }).userMessage === 'string') {
    return (error as { userMessage: string }).userMessage;
  }
  if (error instanceof Error && error.name === HOST_ERROR_NAME) {
    const code = (error as { code?: unknown }).code;
    return `The workbook could not do this${typeof code === 'string' && code ? ` (${code})` : ''}. Try again; if it keeps happening, save the workbook and reopen it.`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** True for a cancelled operation (the client's CancelledError or a DOM AbortError). */
export function isCancellation(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  const name = error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
  return name === 'CancelledError' || name === 'AbortError';
}
