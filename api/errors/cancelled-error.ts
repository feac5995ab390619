import { ApiError, type RequestInfo } from './api-error';
import { hasErrorKind } from './kinds';

/** The caller cancelled (its AbortSignal fired); whatever was under way was stopped. */
export class CancelledError extends ApiError {
  static override readonly kind: string = 'CancelledError';
  override readonly name: string = 'CancelledError';

  constructor(options: { request?: RequestInfo; cause?: unknown } = {}) {
    super(
      `${options.request ? `${options.request.method} ${options.request.url}: ` : ''}cancelled by the caller`,
      'The request was cancelled. Run it again when you are ready.',
      options,
    );
  }
}

export function isCancelledError(error: unknown): error is CancelledError {
  return hasErrorKind(error, CancelledError.kind);
}
