import { ApiError, type RequestInfo } from './api-error';
import { hasErrorKind } from './kinds';

/** The service did not answer within the per-request timeout (on every attempt). */
export class TimeoutError extends ApiError {
  static override readonly kind: string = 'TimeoutError';
  override readonly name: string = 'TimeoutError';
  readonly timeoutMs: number;
  readonly attempts: number;

  constructor(timeoutMs: number, options: { request?: RequestInfo; attempts?: number } = {}) {
    super(
      `${options.request ? `${options.request.method} ${options.request.url}: ` : ''}no answer within ${timeoutMs} ms`,
      `The product service did not answer within ${Math.round(timeoutMs / 1000)} s. Try again, or raise the timeout in Settings.`,
      options,
    );
    this.timeoutMs = timeoutMs;
    this.attempts = options.attempts ?? 1;
  }
}

export function isTimeoutError(error: unknown): error is TimeoutError {
  return hasErrorKind(error, TimeoutError.kind);
}
