import { URL_BUDGET_BYTES, packPartnos, type Lang } from '../../src/api';
import type { Caller } from './credentials';
import type { PartEntry } from './part-cache';

/** How long missing parts are collected before they go upstream together. */
export const PART_BATCH_WINDOW_MS = 15;

type Waiter = { resolve: (entry: PartEntry | undefined) => void; reject: (error: unknown) => void };

interface Pending {
  lang: Lang;
  caller: Caller;
  parts: Map<string, Waiter[]>;
}

export interface PartBatcherOptions {
  upstream: string;
  /** Fetches one packed group; undefined when the answer could not be split by part. */
  fetchGroup(partnos: string[], lang: Lang, caller: Caller): Promise<Map<string, PartEntry> | undefined>;
  windowMs?: number;
}

/**
 * Collects the parts that concurrent users miss for a few milliseconds and sends them packed into
 * as few upstream URLs as the 2,082-byte budget allows, as the add-in does for one user's cells:
 * twenty users enriching at once then cost about what one user asking for all their parts would.
 */
export function createPartBatcher(options: PartBatcherOptions) {
  const windowMs = options.windowMs ?? PART_BATCH_WINDOW_MS;
  const pending = new Map<string, Pending>();

  function flush(key: string): void {
    const batch = pending.get(key);
    if (!batch) return;
    pending.delete(key);
    const groups = packPartnos([...batch.parts.keys()], 'eq', { baseUrl: options.upstream, budget: URL_BUDGET_BYTES, lang: batch.lang });
    for (const group of groups) {
      options.fetchGroup(group, batch.lang, batch.caller).then(
        (found) => group.forEach((partno) => batch.parts.get(partno)?.forEach((w) => w.resolve(found?.get(partno)))),
        (error: unknown) => group.forEach((partno) => batch.parts.get(partno)?.forEach((w) => w.reject(error))),
      );
    }
  }

  return {
    /** The entry of each part (undefined for a part whose answer could not be split). */
    request(partnos: readonly string[], lang: Lang, caller: Caller): Promise<Map<string, PartEntry | undefined>> {
      // Pass-through: parts are fetched with the caller's own key, so only the same key shares a batch.
      const key = `${lang}|${caller.keyHash ?? 'team'}`;
      let batch = pending.get(key);
      if (!batch) {
        batch = { lang, caller, parts: new Map() };
        pending.set(key, batch);
        setTimeout(() => flush(key), windowMs);
      }
      const target = batch;
      return Promise.all(
        partnos.map(
          (partno) =>
            new Promise<[string, PartEntry | undefined]>((resolve, reject) => {
              const waiters = target.parts.get(partno) ?? [];
              waiters.push({ resolve: (entry) => resolve([partno, entry]), reject });
              target.parts.set(partno, waiters);
            }),
        ),
      ).then((pairs) => new Map(pairs));
    },
  };
}
