import { STATUS_MEANINGS } from '../vocabulary';
import { ApiError, type RequestInfo } from './api-error';
import { hasErrorKind } from './kinds';

export interface HttpErrorOptions {
  status: number;
  request: RequestInfo;
  /** The response body as text (key redacted), when there was one. */
  body?: string;
  /** Number of attempts made before giving up. */
  attempts?: number;
}

/** "1 attempt", "5 attempts": for the user messages of errors that retrying did not clear. */
export function attemptsText(attempts: number): string {
  return attempts === 1 ? '1 attempt' : `${attempts} attempts`;
}

/** The `message` of a JSON error body (`{"message": "…"}`), or undefined. */
export function messageOfBody(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
      return (parsed as { message: string }).message;
    }
  } catch {
    // Not JSON: the body is shown as text below.
  }
  return body.length > 200 ? `${body.slice(0, 200)}…` : body;
}

/**
 * The service answered with a status that is not a success. Subclasses name the statuses the
 * spec lists; any other status is reported as this class with the status as received.
 */
export class HttpError extends ApiError {
  static override readonly kind: string = 'HttpError';
  override readonly name: string = 'HttpError';
  readonly status: number;
  /** The spec's meaning of the status, when the spec lists it. */
  readonly meaning?: string;
  readonly body?: string;
  readonly attempts: number;

  constructor(options: HttpErrorOptions, userMessage?: string) {
    const meaning = STATUS_MEANINGS[options.status];
    const detail = messageOfBody(options.body);
    super(
      `${options.request.method} ${options.request.url} failed with status ${options.status}${meaning ? ` (${meaning})` : ''}${
        detail ? `: ${detail}` : ''
      }`,
      userMessage ?? `The product service answered with an unexpected status (${options.status}). Try again later.`,
      { request: options.request },
    );
    this.status = options.status;
    this.meaning = meaning;
    this.body = options.body;
    this.attempts = options.attempts ?? 1;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return hasErrorKind(error, HttpError.kind);
}
