import { HttpError, attemptsText, type HttpErrorOptions } from './http-error';
import { hasErrorKind } from './kinds';

/** 429: the service's rate limiter blocked the call, and retrying did not get through. */
export class RateLimitError extends HttpError {
  static override readonly kind: string = 'RateLimitError';
  override readonly name: string = 'RateLimitError';
  /** Milliseconds the service asked to wait (from Retry-After), when it said. */
  readonly retryAfter?: number;

  constructor(options: HttpErrorOptions & { retryAfter?: number }) {
    const wait = options.retryAfter === undefined ? '' : ` The service asked to wait ${Math.ceil(options.retryAfter / 1000)} s.`;
    super(
      options,
      `The product service is limiting requests (429) and still refused after ${attemptsText(options.attempts ?? 1)}.${wait} Wait a minute and try again, or request fewer parts at once.`,
    );
    this.retryAfter = options.retryAfter;
  }
}

export function isRateLimitError(error: unknown): error is RateLimitError {
  return hasErrorKind(error, RateLimitError.kind);
}
