import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { PersistentStore } from './persistent-store';

/**
 * A PersistentStore in the webview's IndexedDB (through idb-keyval), one object store of its own
 * so clearing it never touches other data.
 * @param dbName IndexedDB database name. @default 'partspec-cache'
 * @param storeName Object store name. @default 'responses'
 */
export function createIndexedDbStore(dbName = 'partspec-cache', storeName = 'responses'): PersistentStore {
  let db: UseStore | undefined;
  // Opened on first use, so importing this module never touches IndexedDB (absent in Node).
  const use = (): UseStore => (db ??= createStore(dbName, storeName));
  return {
    get: (key) => get(key, use()),
    set: (key, value) => set(key, value, use()),
    delete: (key) => del(key, use()),
    clear: () => clear(use()),
  };
}
