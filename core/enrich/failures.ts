/** A sentence for the user: the typed error's own `userMessage` when it has one. */
export function userMessageOf(error: unknown): string {
  if (error && typeof error === 'object' && 'userMessage' in error && typeof (error as { userMessage: unknown }).userMessage === 'string') {
    return (error as { userMessage: string }).userMessage;
  }
  return error instanceof Error ? error.message : String(error);
}

/** True for a cancelled operation (the client's CancelledError or a DOM AbortError). */
export function isCancellation(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  const name = error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
  return name === 'CancelledError' || name === 'AbortError';
}
