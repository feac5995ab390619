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
