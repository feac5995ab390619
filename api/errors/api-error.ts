import { hasErrorKind, markErrorKinds } from './kinds';

/** What was sent, as it may be shown: the key is never part of it. */
export interface RequestInfo {
  method: string;
  /** The full URL (the key travels only in a header, so the URL never carries it). */
  url: string;
  /** Headers as sent, with the API key replaced by `[REDACTED]`. */
  headers: Readonly<Record<string, string>>;
}

export interface ApiErrorOptions {
  request?: RequestInfo;
  cause?: unknown;
}

/**
 * Base of every failure the client reports after (or instead of) talking to the service.
 * `message` is for logs and engineers; `userMessage` is one sentence a user can act on.
 * Neither ever contains the API key.
 */
export class ApiError extends Error {
  static readonly kind: string = 'ApiError';
  override readonly name: string = 'ApiError';
  /** One sentence that says what happened and what to do. */
  readonly userMessage: string;
  /** The request that failed, key redacted; absent when nothing was sent. */
  readonly request?: RequestInfo;
  /** The underlying failure (a fetch rejection, a parse error), when there was one. */
  readonly cause?: unknown;

  constructor(message: string, userMessage: string, options: ApiErrorOptions = {}) {
    super(message);
    markErrorKinds(this, new.target);
    this.userMessage = userMessage;
    this.request = options.request;
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return hasErrorKind(error, ApiError.kind);
}
