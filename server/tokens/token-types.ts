/** What a personal token store holds and offers, whichever store (a file, Redis) keeps it. */

export interface TokenRecord {
  name: string;
  /** Hex SHA-256 of the token: the token itself is never stored. */
  hash: string;
  created: string;
}

/** Personal tokens (team mode). Added or revoked on any instance, effective on all within seconds. */
export interface TokenStore {
  /** The token's owner, or undefined for an unknown or revoked token. */
  verify(token: string): Promise<string | undefined>;
  /** Stores a new token for `name` (replacing any earlier one of that name); returns the token. */
  add(name: string): Promise<string>;
  list(): Promise<TokenRecord[]>;
  /** True when a token of that name existed. */
  revoke(name: string): Promise<boolean>;
}

/**
 * The instance cannot confirm any token right now: it has not read the shared token table for
 * longer than its grace period (Redis unreachable), so a token revoked meanwhile would look valid.
 * The relay answers 503 with Retry-After; nothing is accepted until the table is read again.
 */
export class TokenUnconfirmedError extends Error {
  override readonly name = 'TokenUnconfirmedError';
  constructor(readonly retryAfterSeconds = 5) {
    super("This PartSpec server cannot reach its token store to confirm your token; try again in a few seconds (tell the server's administrator if this lasts).");
  }
}
