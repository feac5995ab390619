import { LRUCache } from 'lru-cache';
import type { PersistentStore } from './persistent-store';

export interface CacheOptions {
  /**
   * How long an entry stays valid, in ms.
   * @default 86400000 (24 h)
   */
  ttlMs?: number;
  /**
   * Entries kept in memory (least recently used ones go first).
   * @default 5000
   */
  maxEntries?: number;
  /** Where entries also go so they survive a restart (IndexedDB in the webview, a file in Node). */
  store?: PersistentStore;
  /**
   * Whose answers the entries are: a short hash of the credentials they were fetched with (never
   * the credentials themselves), read at each access. Entries of one scope are never served to
   * another, so a changed key starts from an empty cache.
   */
  scope?: () => Promise<string>;
  /**
   * Confirms that the credentials of a scope are still accepted, before the first answer of that
   * scope is served from the cache (an answer fetched from the service confirms them too). It
   * throws when they are rejected: the cache then drops its entries and the read fails
   * with that error, so a revoked key is noticed at once rather than when its answers expire.
   */
  confirm?: () => Promise<void>;
}

export const DEFAULT_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_CACHE_MAX_ENTRIES = 5000;

interface StoredEntry {
  expiresAt: number;
  value: unknown;
}

function isStoredEntry(value: unknown): value is StoredEntry {
  return !!value && typeof value === 'object' && typeof (value as StoredEntry).expiresAt === 'number' && 'value' in value;
}

export interface CacheStats {
  hits: number;
  misses: number;
}

/**
 * Two-level cache: an LRU in memory (lru-cache, with per-entry TTL) in front of an optional
 * persistent store. A hit in the store is promoted to memory with the time it has left.
 */
export class ResponseCache {
  private readonly memory: LRUCache<string, StoredEntry>;
  private readonly store?: PersistentStore;
  readonly ttlMs: number;
  readonly counts: CacheStats = { hits: 0, misses: 0 };
  private readonly now: () => number;
  private readonly scope?: () => Promise<string>;
  private readonly confirm?: () => Promise<void>;
  /** Scopes whose credentials were accepted in this session, or whose confirmation is under way. */
  private readonly confirmed = new Map<string, Promise<void>>();

  constructor(options: CacheOptions = {}, now: () => number = Date.now) {
    this.ttlMs = options.ttlMs ?? DEFAULT_CACHE_TTL_MS;
    this.store = options.store;
    this.now = now;
    this.scope = options.scope;
    this.confirm = options.confirm;
    this.memory = new LRUCache<string, StoredEntry>({ max: options.maxEntries ?? DEFAULT_CACHE_MAX_ENTRIES });
  }

  private async scopeOf(key: string): Promise<{ scope: string; scoped: string }> {
    const scope = this.scope ? await this.scope() : '';
    return { scope, scoped: scope ? `${scope}|${key}` : key };
  }

  /** Waits until the scope's credentials are confirmed; a rejection empties the cache and is thrown. */
  private async confirmScope(scope: string): Promise<void> {
    if (!this.confirm) return;
    let confirming = this.confirmed.get(scope);
    if (!confirming) {
      confirming = this.confirm().catch(async (error: unknown) => {
        // Forgotten only once the entries are gone: a read that finds one while they are being
        // dropped waits on this rejection instead of asking the service again.
        await this.dropEntries().catch(() => undefined);
        this.confirmed.delete(scope);
        throw error;
      });
      this.confirmed.set(scope, confirming);
    }
    await confirming;
  }

  /** The value under `key`, or undefined when absent or expired. */
  async get<T>(unscopedKey: string): Promise<T | undefined> {
    const { scope, scoped: key } = await this.scopeOf(unscopedKey);
    const t = this.now();
    let entry = this.memory.get(key);
    if (entry && entry.expiresAt <= t) {
      this.memory.delete(key);
      entry = undefined;
    }
    if (!entry && this.store) {
      const stored = await this.store.get(key).catch(() => undefined);
      if (isStoredEntry(stored) && stored.expiresAt > t) {
        entry = stored;
        this.memory.set(key, stored);
      } else if (stored !== undefined) {
        await this.store.delete(key).catch(() => undefined);
      }
    }
    if (entry) await this.confirmScope(scope);
    if (entry) this.counts.hits++;
    else this.counts.misses++;
    return entry?.value as T | undefined;
  }

  /** Keeps `value` under `key` for `ttlMs` (the cache's TTL unless given); it came from the service, so its scope's credentials are accepted. */
  async set(unscopedKey: string, value: unknown, ttlMs: number = this.ttlMs): Promise<void> {
    const { scope, scoped: key } = await this.scopeOf(unscopedKey);
    if (!this.confirmed.has(scope)) this.confirmed.set(scope, Promise.resolve());
    const entry: StoredEntry = { expiresAt: this.now() + ttlMs, value };
    this.memory.set(key, entry);
    // A store that fails (quota, disk) costs only the persistence of this entry.
    if (this.store) await this.store.set(key, entry).catch(() => undefined);
  }

  async clear(): Promise<void> {
    this.confirmed.clear();
    await this.dropEntries();
  }

  /** Empties the memory and the store, leaving what is known of the scopes' credentials. */
  private async dropEntries(): Promise<void> {
    this.memory.clear();
    if (this.store) await this.store.clear();
  }
}
