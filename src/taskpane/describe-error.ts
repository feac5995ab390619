import { isApiError, isCancelledError } from '../../api/errors';
import { isValidationError } from '../../api/errors/validation-error';
import type { Lang } from '../../api/vocabulary';
import { describePaneServiceError } from '../../core/pane-service-error-words';
import { describeRareServiceError } from '../../core/service-error-words';
import { UserProblem } from '../../core/user-problem';
import { describeOfficeError } from '../sheets/office-errors';
import type { Translate } from './i18n';

/** True for a cancellation, whichever layer noticed it first. */
function isCancellation(error: unknown): boolean {
  return isCancelledError(error) || (error instanceof Error && error.name === 'AbortError');
}

/**
 * The sentence the pane shows for a failure: the client's or a UserProblem's userMessage, the
 * validator's message, Excel's error as the sentence its code chooses (never Office's own message,
 * which is not meant for users), or a generic sentence that still says what to do. Never HTML:
 * callers render it as text.
 */
export function describeError(error: unknown, t: Translate, lang: Lang = 'en'): string {
  if (isCancellation(error)) return t('cancelled');
  const excel = describeOfficeError(error, lang);
  if (excel !== undefined) return excel;
  const common = describePaneServiceError(error, lang);
  if (common !== undefined) return common;
  const rare = describeRareServiceError(error, lang, { ja: '設定', zh: '设置' });
  if (rare !== undefined) return rare;
  if (isApiError(error) || error instanceof UserProblem) return error.userMessage;
  // No key yet: the client's own sentence is English; the pane says it in its language.
  if (isValidationError(error) && error.field === 'apiKey' && error.code === 'badOption') return t('noApiKeySet');
  if (isValidationError(error)) return error.message;
  const userMessage = (error as { userMessage?: unknown } | null)?.userMessage;
  if (typeof userMessage === 'string' && userMessage) return userMessage;
  return t('unexpectedError', { detail: error instanceof Error ? error.message : String(error) });
}
