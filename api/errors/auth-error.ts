import { HttpError, type HttpErrorOptions } from './http-error';
import { hasErrorKind } from './kinds';

/** 403: a problem with the API key, the API method or the resource. */
export class AuthError extends HttpError {
  static override readonly kind: string = 'AuthError';
  override readonly name: string = 'AuthError';

  constructor(options: HttpErrorOptions) {
    super(options, 'The API key was rejected (403). Check it in Settings.');
  }
}

export function isAuthError(error: unknown): error is AuthError {
  return hasErrorKind(error, AuthError.kind);
}
