/**
 * A place that keeps cache entries across sessions: IndexedDB in the Office webview, a file in
 * Node. Values are plain JSON data. Implementations may drop entries at any time; the cache only
 * loses speed, never correctness.
 */
export interface PersistentStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  clear(): Promise<void>;
}

/** A PersistentStore in memory: for tests, and as the shape other stores follow. */
export function createMapStore(): PersistentStore & { readonly size: number } {
  const map = new Map<string, string>();
  return {
    get size() {
      return map.size;
    },
    async get(key) {
      const text = map.get(key);
      return text === undefined ? undefined : JSON.parse(text);
    },
    async set(key, value) {
      map.set(key, JSON.stringify(value));
    },
    async delete(key) {
      map.delete(key);
    },
    async clear() {
      map.clear();
    },
  };
}
