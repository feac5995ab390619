import { URL_BUDGET_BYTES, packPartnos, valueCapacity, valueCost, type Lang } from '../../api';
import type { Caller } from './credentials';
import type { PartEntry } from './part-cache';

/** How long missing parts are collected before they go upstream together. */
const PART_BATCH_WINDOW_MS = 25;
/** The longest a part waits for company while lookups keep arriving. */
const PART_BATCH_MAX_HOLD_MS = 1000;
/**
 * A part-filled URL waits until this many windows in a row brought no new lookup. Counted in
 * windows, not milliseconds: when the event loop is busy, a late timer must not mistake lookups
 * still unread on their sockets for quiet.
 */
const PART_BATCH_QUIET_WINDOWS = 3;
/** A URL at least this full goes at once. */
const FULL_ENOUGH = 0.9;

type Waiter = { resolve: (entry: PartEntry | undefined) => void; reject: (error: unknown) => void };

interface Pending {
  lang: Lang;
  caller: Caller;
  parts: Map<string, { at: number; waiters: Waiter[] }>;
  /** Parts were added since the last flush. */
  arrived: boolean;
  /** Flushes in a row without new parts. */
  quietWindows: number;
}

export interface PartBatcherOptions {
  upstream: string;
  /** Fetches one packed group; undefined when the answer could not be split by part. */
  fetchGroup(partnos: string[], lang: Lang, caller: Caller): Promise<Map<string, PartEntry> | undefined>;
  windowMs?: number;
  maxHoldMs?: number;
  now?: () => number;
}

/**
 * Collects the parts that concurrent users miss and sends them packed into as few upstream URLs as
 * the 2,082-byte budget allows, as the add-in does for one user's cells. Full URLs go at once; a
 * part-filled last URL waits a little for company while lookups keep arriving (never more than
 * `maxHoldMs`), so twenty users enriching at once cost about what one user asking for all their
 * parts would, and a lone lookup waits one window only.
 */
export function createPartBatcher(options: PartBatcherOptions) {
  const windowMs = options.windowMs ?? PART_BATCH_WINDOW_MS;
  const maxHoldMs = options.maxHoldMs ?? PART_BATCH_MAX_HOLD_MS;
  const now = options.now ?? Date.now;
  const pending = new Map<string, Pending>();
  /** Exact lookups received but not yet handed over (still being checked): more parts are coming. */
  let expected = 0;

  function send(batch: Pending, group: string[]): void {
    const waiting = group.map((partno) => [partno, batch.parts.get(partno)?.waiters ?? []] as const);
    options.fetchGroup(group, batch.lang, batch.caller).then(
      (found) => waiting.forEach(([partno, waiters]) => waiters.forEach((w) => w.resolve(found?.get(partno)))),
      (error: unknown) => waiting.forEach(([, waiters]) => waiters.forEach((w) => w.reject(error))),
    );
  }

  function flush(key: string): void {
    const batch = pending.get(key);
    if (!batch) return;
    const context = { baseUrl: options.upstream, budget: URL_BUDGET_BYTES, lang: batch.lang };
    const groups = packPartnos([...batch.parts.keys()], 'eq', context);
    const last = groups[groups.length - 1];
    const fill = last.reduce((sum, p) => sum + valueCost(p), 0) / valueCapacity('eq', context);
    const oldest = Math.min(...last.map((p) => batch.parts.get(p)!.at));
    batch.quietWindows = batch.arrived ? 0 : batch.quietWindows + 1;
    batch.arrived = false;
    const coming = expected > 0 || batch.quietWindows < PART_BATCH_QUIET_WINDOWS;
    const hold = coming && fill < FULL_ENOUGH && now() - oldest < maxHoldMs;
    for (const group of hold ? groups.slice(0, -1) : groups) send(batch, group);
    if (!hold) {
      pending.delete(key);
      return;
    }
    const kept = new Map(last.map((p) => [p, batch.parts.get(p)!]));
    pending.set(key, { ...batch, parts: kept });
    setTimeout(() => flush(key), windowMs);
  }

  return {
    /** Announces an exact lookup on its way (call the result once it is handed over or gave up). */
    expect(): () => void {
      expected += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        expected -= 1;
      };
    },
    /** The entry of each part (undefined for a part whose answer could not be split). */
    request(partnos: readonly string[], lang: Lang, caller: Caller): Promise<Map<string, PartEntry | undefined>> {
      // Pass-through: parts are fetched with the caller's own key, so only the same key shares a batch.
      const key = `${lang}|${caller.keyHash ?? 'team'}`;
      let batch = pending.get(key);
      if (!batch) {
        batch = { lang, caller, parts: new Map(), arrived: false, quietWindows: 0 };
        pending.set(key, batch);
        setTimeout(() => flush(key), windowMs);
      }
      const at = now();
      batch.arrived = true;
      const target = batch;
      return Promise.all(
        partnos.map(
          (partno) =>
            new Promise<[string, PartEntry | undefined]>((resolve, reject) => {
              const slot = target.parts.get(partno) ?? { at, waiters: [] };
              slot.waiters.push({ resolve: (entry) => resolve([partno, entry]), reject });
              target.parts.set(partno, slot);
            }),
        ),
      ).then((pairs) => new Map(pairs));
    },
  };
}
