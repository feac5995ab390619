import { ApiError, type RequestInfo } from './api-error';
import { hasErrorKind } from './kinds';

/**
 * No usable answer arrived: the connection was refused or dropped, the name did not resolve, or
 * the body was cut off. There is no HTTP status, and none is made up.
 */
export class NetworkError extends ApiError {
  static override readonly kind: string = 'NetworkError';
  override readonly name: string = 'NetworkError';
  readonly attempts: number;

  constructor(detail: string, options: { request?: RequestInfo; cause?: unknown; attempts?: number } = {}) {
    super(
      `${options.request ? `${options.request.method} ${options.request.url}: ` : ''}network failure: ${detail}`,
      'The product service could not be reached. Check the network connection and the service address in Settings.',
      options,
    );
    this.attempts = options.attempts ?? 1;
  }
}

export function isNetworkError(error: unknown): error is NetworkError {
  return hasErrorKind(error, NetworkError.kind);
}
