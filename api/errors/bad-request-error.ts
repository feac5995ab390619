import { HttpError, type HttpErrorOptions } from './http-error';
import { hasErrorKind } from './kinds';

/** 400: the service found a problem with the query parameters. */
export class BadRequestError extends HttpError {
  static override readonly kind: string = 'BadRequestError';
  override readonly name: string = 'BadRequestError';

  constructor(options: HttpErrorOptions) {
    super(options, 'The product service rejected the query (400). Check the filter and order fields and values.');
  }
}

export function isBadRequestError(error: unknown): error is BadRequestError {
  return hasErrorKind(error, BadRequestError.kind);
}
