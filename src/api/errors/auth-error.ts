import { HttpError, type HttpErrorOptions } from './http-error';

/** 403: a problem with the API key, the API method or the resource. */
export class AuthError extends HttpError {
  override readonly name: string = 'AuthError';

  constructor(options: HttpErrorOptions) {
    super(options, 'The API key was rejected (403). Check it in Settings.');
  }
}

export function isAuthError(error: unknown): error is AuthError {
  return error instanceof AuthError;
}
