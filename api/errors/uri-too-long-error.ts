import { HttpError, type HttpErrorOptions } from './http-error';
import { hasErrorKind } from './kinds';

/** 414: the URL was longer than the service accepts (the client keeps URLs within its budget, so this means the budget is set too high). */
export class UriTooLongError extends HttpError {
  static override readonly kind: string = 'UriTooLongError';
  override readonly name: string = 'UriTooLongError';

  constructor(options: HttpErrorOptions) {
    super(options, 'The request was too long for the service (414). Use fewer part numbers or a shorter filter, or lower the URL budget.');
  }
}

export function isUriTooLongError(error: unknown): error is UriTooLongError {
  return hasErrorKind(error, UriTooLongError.kind);
}
