import { DEFAULT_REDIS_PREFIX } from './redis';
import { RedisLink } from './redis-link';
import { RedisTokenStore, TokenStoreUnavailableError } from './redis-tokens';
import type { TokenStore } from './types';

/**
 * The team's token table in Redis, for `partspec serve token add|list|revoke --redis URL`: the
 * same store the servers read, so a token added or revoked here applies on every instance within
 * seconds. Throws TokenStoreUnavailableError when Redis does not answer within `waitMs`, since an
 * administrator must not believe a revocation happened when it did not.
 */
export async function openRedisTokenStore(url: string, options: { prefix?: string; waitMs?: number } = {}): Promise<{ store: TokenStore; close(): Promise<void> }> {
  const link = new RedisLink({ url });
  const close = async (): Promise<void> => {
    store.stop();
    await link.close();
  };
  const store = new RedisTokenStore({ link, prefix: options.prefix ?? DEFAULT_REDIS_PREFIX, repair: false });
  if (!(await link.whenUp(options.waitMs ?? 3000))) {
    await close();
    throw new TokenStoreUnavailableError(link.address);
  }
  await store.start();
  return { store, close };
}
