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
  /**
   * What a probe found out (client/reachability.ts): the address answered but refused the page by
   * CORS, or nothing answered. Absent when not known; `userMessage` then stays general.
   */
  readonly reachability?: 'cors' | 'unreachable';

  constructor(
    detail: string,
    options: { request?: RequestInfo; cause?: unknown; attempts?: number; reachability?: 'cors' | 'unreachable'; userMessage?: string } = {},
  ) {
    super(
      `${options.request ? `${options.request.method} ${options.request.url}: ` : ''}network failure: ${options.reachability === 'cors' ? 'refused by CORS: ' : ''}${detail}`,
      options.userMessage ?? 'The product service could not be reached. Check the network connection and the service address in Settings.',
      options,
    );
    this.attempts = options.attempts ?? 1;
    if (options.reachability) this.reachability = options.reachability;
  }
}

export function isNetworkError(error: unknown): error is NetworkError {
  return hasErrorKind(error, NetworkError.kind);
}
