/**
 * Kept answers of a key are served only once the key is confirmed, with one request however many
 * reads wait on it; when the service rejects the key, every read fails with that rejection, the
 * kept answers go, and no read asks the service again while they are being dropped (a slow store,
 * such as a file on a busy disk, once let a second read send a second confirmation).
 */
import { createMapStore, type PersistentStore } from '../../../api/cache/persistent-store';
import { ResponseCache } from '../../../api/cache/response-cache';

/** A map store whose `clear()` calls finish only when the test says so. */
function slowClearingStore(): PersistentStore & { finishClear: () => void; clearing: Promise<void> } {
  const inner = createMapStore();
  const waiting: (() => void)[] = [];
  let started!: () => void;
  const clearing = new Promise<void>((resolve) => (started = resolve));
  return {
    get: (key) => inner.get(key),
    set: (key, value) => inner.set(key, value),
    delete: (key) => inner.delete(key),
    async clear() {
      started();
      await new Promise<void>((resolve) => waiting.push(resolve));
      await inner.clear();
    },
    finishClear: () => waiting.splice(0).forEach((resolve) => resolve()),
    clearing,
  };
}

const rejected = new Error('The API key was rejected (403)');

/** Two answers a past session kept in `store` for the scope `k1`. */
async function keptByPastSession(store: PersistentStore): Promise<void> {
  const past = new ResponseCache({ store, scope: async () => 'k1' });
  await past.set('a', 1);
  await past.set('b', 2);
}

test('a rejected key: every read fails with the rejection, with one confirmation, also a read that finds an entry while they are dropped', async () => {
  const store = slowClearingStore();
  await keptByPastSession(store);

  let confirmations = 0;
  const cache = new ResponseCache({
    store,
    scope: async () => 'k1',
    confirm: async () => {
      confirmations++;
      throw rejected;
    },
  });
  const first = cache.get('a').catch((error: unknown) => error);
  // The rejection is dropping the entries; this read still finds its entry in the store.
  await store.clearing;
  const second = cache.get('b').catch((error: unknown) => error);
  await new Promise((resolve) => setImmediate(resolve));
  store.finishClear();
  await new Promise((resolve) => setImmediate(resolve));
  store.finishClear();
  expect(await first).toBe(rejected);
  expect(await second).toBe(rejected);
  expect(confirmations).toBe(1);
  // The entries are gone: a later read finds nothing and asks nothing.
  expect(await cache.get('a')).toBeUndefined();
  expect(confirmations).toBe(1);
});

test('an accepted key: reads waiting together share one confirmation, and later reads need none', async () => {
  const store = createMapStore();
  await keptByPastSession(store);
  let confirmations = 0;
  const cache = new ResponseCache({ store, scope: async () => 'k1', confirm: async () => void confirmations++ });
  expect(await Promise.all([cache.get('a'), cache.get('b')])).toEqual([1, 2]);
  expect(await cache.get('a')).toBe(1);
  expect(confirmations).toBe(1);
});
