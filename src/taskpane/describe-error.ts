import { isApiError, isCancelledError } from '../../api/errors';
import { isValidationError } from '../../api/errors/validation-error';
import { UserProblem } from '../../core/user-problem';
import type { Translate } from './i18n';

/** True for a cancellation, whichever layer noticed it first. */
export function isCancellation(error: unknown): boolean {
  return isCancelledError(error) || (error instanceof Error && error.name === 'AbortError');
}

/**
 * The sentence the pane shows for a failure: the client's or a UserProblem's userMessage, the validator's message,
 * or a generic sentence that still says what to do. Never HTML: callers render it as text.
 */
export function describeError(error: unknown, t: Translate): string {
  if (isCancellation(error)) return t('cancelled');
  if (isApiError(error) || error instanceof UserProblem) return error.userMessage;
  if (isValidationError(error)) return error.message;
  const userMessage = (error as { userMessage?: unknown } | null)?.userMessage;
  if (typeof userMessage === 'string' && userMessage) return userMessage;
  return t('unexpectedError', { detail: error instanceof Error ? error.message : String(error) });
}
