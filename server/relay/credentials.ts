import { createHash, timingSafeEqual } from 'node:crypto';
import { API_KEY_HEADER } from '../../api';
import type { TokenStore } from '../state/types';
import { TokenUnconfirmedError } from '../tokens/token-types';
import { RelayProblem } from './problem';

/** Who is calling, as far as the relay needs to know. */
export interface Caller {
  /** For limits and logs: `token:<name>` or `key:<first hex of the key's hash>`; never the secret. */
  id: string;
  /** The key the upstream receives: the server's own (team mode) or the caller's (pass-through). */
  upstreamKey: string;
  /** Pass-through only: SHA-256 of the caller's key, to remember whether the upstream accepted it. */
  keyHash?: string;
}

export interface CredentialOptions {
  /** Team mode: the maker's key, which users may not send themselves. */
  apiKey?: string;
  passThrough: boolean;
  tokens?: TokenStore;
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

/** The credential header as one string, or undefined when missing, repeated or empty. */
export function credentialOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers[API_KEY_HEADER];
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.length > 512 ? undefined : trimmed;
}

/** The token or key of an `Authorization: Bearer …` header (how assistants reach `/mcp`), or undefined. */
export function bearerOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const header = headers.authorization;
  if (typeof header !== 'string' || !/^Bearer /i.test(header)) return undefined;
  const token = header.slice('Bearer '.length).trim();
  return token === '' || token.length > 512 ? undefined : token;
}

/** The credential a request carries: `x-api-key` (the add-in, the relay) or a bearer (`/mcp`). */
export function requestCredential(headers: Record<string, string | string[] | undefined>): string | undefined {
  return credentialOf(headers) ?? bearerOf(headers);
}

/**
 * Checks the `x-api-key` a user sent. Team mode accepts only a personal token (the add-in sends
 * it exactly as it would send a key) and refuses the maker's key itself, so the key never has to
 * leave the server; pass-through forwards the caller's own key.
 */
export function createAuthenticator(options: CredentialOptions): (headers: Record<string, string | string[] | undefined>) => Promise<Caller> {
  if (!options.passThrough && (!options.apiKey || !options.tokens)) {
    throw new Error('Team mode needs the maker key and a token store.');
  }
  return async (headers) => {
    const credential = credentialOf(headers);
    if (options.passThrough) {
      if (!credential) throw new RelayProblem(403, `Missing API key: enter your maker API key in Settings (it is sent in the ${API_KEY_HEADER} header).`);
      const keyHash = sha256(credential);
      return { id: `key:${keyHash.slice(0, 12)}`, upstreamKey: credential, keyHash };
    }
    if (!credential) throw new RelayProblem(403, 'Missing token: enter your personal PartSpec token in Settings, in the API key field.');
    if (sameSecret(credential, options.apiKey!)) {
      throw new RelayProblem(403, "This PartSpec server does not accept the maker's API key from users: enter your personal PartSpec token in Settings (ask the server's administrator for one).");
    }
    let name: string | undefined;
    try {
      name = await options.tokens!.verify(credential);
    } catch (error) {
      if (error instanceof TokenUnconfirmedError) throw new RelayProblem(503, error.message, error.retryAfterSeconds);
      throw error;
    }
    if (!name) throw new RelayProblem(403, "This token is not valid or was revoked: ask the PartSpec server's administrator for a new one.");
    return { id: `token:${name}`, upstreamKey: options.apiKey! };
  };
}
