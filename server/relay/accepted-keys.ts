import { LRUCache } from 'lru-cache';

/** How long an upstream's acceptance of a key is trusted before it must accept it again. */
const ACCEPTED_KEY_TTL_MS = 10 * 60 * 1000;

/**
 * Pass-through mode: hashes of the keys the upstream accepted lately. Only such a key may be
 * answered from the cache; any other key's request goes upstream, so a wrong or revoked maker
 * key is never served what another user's key fetched.
 */
export function createAcceptedKeys(now: () => number, ttlMs = ACCEPTED_KEY_TTL_MS) {
  const seen = new LRUCache<string, number>({ max: 10_000 });
  return {
    has: (hash: string): boolean => {
      const at = seen.get(hash);
      return at !== undefined && now() - at < ttlMs;
    },
    add: (hash: string): void => {
      seen.set(hash, now());
    },
    remove: (hash: string): void => {
      seen.delete(hash);
    },
  };
}

export type AcceptedKeys = ReturnType<typeof createAcceptedKeys>;
