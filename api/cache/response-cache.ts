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

  constructor(options: CacheOptions = {}, now: () => number = Date.now) {
    this.ttlMs = options.ttlMs ?? DEFAULT_CACHE_TTL_MS;
    this.store = options.store;
    this.now = now;
    this.memory = new LRUCache<string, StoredEntry>({ max: options.maxEntries ?? DEFAULT_CACHE_MAX_ENTRIES });
  }

  /** The value under `key`, or undefined when absent or expired. */
  async get<T>(key: string): Promise<T | undefined> {
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
    if (entry) this.counts.hits++;
    else this.counts.misses++;
    return entry?.value as T | undefined;
  }

  /** The value under `key` if memory holds it (no store access, no stats). */
  peek<T>(key: string): T | undefined {
    const entry = this.memory.get(key);
    return entry && entry.expiresAt > this.now() ? (entry.value as T) : undefined;
  }

  /** Keeps `value` under `key` for `ttlMs` (the cache's TTL unless given). */
  async set(key: string, value: unknown, ttlMs: number = this.ttlMs): Promise<void> {
    const entry: StoredEntry = { expiresAt: this.now() + ttlMs, value };
    this.memory.set(key, entry);
    // A store that fails (quota, disk) costs only the persistence of this entry.
    if (this.store) await this.store.set(key, entry).catch(() => undefined);
  }

  async clear(): Promise<void> {
    this.memory.clear();
    if (this.store) await this.store.clear();
  }
}
