import { hasErrorKind, markErrorKinds } from '../../api/errors/kinds';

/** A rules file that cannot be used: its message is one sentence naming the field and what is wrong with it. */
export class RulesError extends Error {
  static readonly kind: string = 'RulesError';
  override readonly name = 'RulesError';
  /** Where in the file: `rules[2].level`, `waivers[0].until`. */
  readonly path: string;

  constructor(path: string, message: string) {
    super(message);
    markErrorKinds(this, new.target);
    this.path = path;
  }
}

export function isRulesError(error: unknown): error is RulesError {
  return hasErrorKind(error, RulesError.kind);
}
