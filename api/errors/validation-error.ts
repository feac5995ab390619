import { hasErrorKind, markErrorKinds } from './kinds';

/** What was wrong with a query, so callers can react without parsing the message. */
export type ValidationCode =
  | 'unknownField'
  | 'fieldNotUsable'
  | 'categoryRequired'
  | 'operatorNotAllowed'
  | 'valueNotAllowed'
  | 'malformedNumber'
  | 'unbalancedQuote'
  | 'unexpectedToken'
  | 'unexpectedEnd'
  | 'emptyValue'
  | 'unknownCategory'
  | 'duplicateCategory'
  | 'conflictingCategory'
  | 'unknownLanguage'
  | 'badOrderBy'
  | 'badPartno'
  | 'badUnit'
  | 'badOption'
  | 'urlTooLong';

/**
 * A query that cannot be sent: found before any request. The message is one sentence that names
 * the field or value and, where it helps, what would be accepted instead.
 */
export class ValidationError extends Error {
  static readonly kind: string = 'ValidationError';
  override readonly name = 'ValidationError';
  readonly code: ValidationCode;
  /** 0-based character offset in the text the user typed, when the query came from text. */
  readonly position?: number;
  /** The offending token or value. */
  readonly token?: string;
  /** The field the problem is about. */
  readonly field?: string;

  constructor(code: ValidationCode, message: string, details: { position?: number; token?: string; field?: string } = {}) {
    super(message);
    markErrorKinds(this, new.target);
    this.code = code;
    this.position = details.position;
    this.token = details.token;
    this.field = details.field;
  }
}

export function isValidationError(error: unknown): error is ValidationError {
  return hasErrorKind(error, ValidationError.kind);
}
