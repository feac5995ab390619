import { HttpError, type HttpErrorOptions } from './http-error';

/** 404: the requested information does not exist. */
export class NotFoundError extends HttpError {
  override readonly name: string = 'NotFoundError';

  constructor(options: HttpErrorOptions) {
    super(options, 'The requested information does not exist (404). Check the category and the service address in Settings.');
  }
}

export function isNotFoundError(error: unknown): error is NotFoundError {
  return error instanceof NotFoundError;
}
