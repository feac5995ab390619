import { isApiError, isCancelledError } from '../../api/errors';
import { isValidationError } from '../../api/errors/validation-error';
import type { Lang } from '../../api/vocabulary';
import { describePaneServiceError } from '../../core/pane-service-error-words';
import { describeRareServiceError } from '../../core/service-error-words';
import { UserProblem } from '../../core/user-problem';
import { describeOfficeError } from '../sheets/office-errors';
import type { ConnectionResult } from '../../api/client/client-types';
import type { MessageKey, Translate } from './i18n';

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

/** The statuses whose meaning the spec's error table gives, each with its message. */
const STATUS_MEANING_KEYS: Readonly<Record<number, MessageKey>> = {
  400: 'statusMeaning_400',
  403: 'statusMeaning_403',
  404: 'statusMeaning_404',
  429: 'statusMeaning_429',
  500: 'statusMeaning_500',
};

/**
 * Settings → Test connection when the service did not accept: the status and the spec's meaning
 * of it in the pane's language, then the failure's sentence.
 */
export function describeConnectionFailure(report: Extract<ConnectionResult, { ok: false }>, t: Translate, lang: Lang = 'en'): string {
  const key = report.status === undefined ? undefined : STATUS_MEANING_KEYS[report.status];
  const meaning = report.status !== undefined && report.meaning && key ? t('connectionFailed', { status: report.status, meaning: t(key) }) : undefined;
  // English keeps the client's sentences as they are; Japanese and Chinese say the failure as the pane does elsewhere.
  const message = lang === 'en' ? (isApiError(report.error) ? report.error.userMessage : report.error.message) : describeError(report.error, t, lang);
  return [meaning, message].filter(Boolean).join(' ');
}
