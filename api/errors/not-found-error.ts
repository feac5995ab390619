import { HttpError, type HttpErrorOptions } from './http-error';
import { hasErrorKind } from './kinds';

/** 404: the requested information does not exist. */
export class NotFoundError extends HttpError {
  static override readonly kind: string = 'NotFoundError';
  override readonly name: string = 'NotFoundError';

  constructor(options: HttpErrorOptions) {
    super(options, 'The requested information does not exist (404). Check the category and the service address in Settings.');
  }
}

export function isNotFoundError(error: unknown): error is NotFoundError {
  return hasErrorKind(error, NotFoundError.kind);
}
