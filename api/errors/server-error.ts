import { HttpError, attemptsText, type HttpErrorOptions } from './http-error';
import { hasErrorKind } from './kinds';

/** 5xx: a problem on the server side that retrying did not clear. */
export class ServerError extends HttpError {
  static override readonly kind: string = 'ServerError';
  override readonly name: string = 'ServerError';

  constructor(options: HttpErrorOptions) {
    super(
      options,
      `The product service had a problem on its side (${options.status}) after ${attemptsText(options.attempts ?? 1)}. Try again in a few minutes.`,
    );
  }
}

export function isServerError(error: unknown): error is ServerError {
  return hasErrorKind(error, ServerError.kind);
}
