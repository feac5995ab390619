/** `Office.context.document.settings` as Excel implements it: a name → JSON value map saved with the workbook. */

export interface AsyncResultLike {
  status: 'succeeded' | 'failed';
  error?: { message: string };
}

export interface DocumentSettingsDouble {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  remove(name: string): void;
  saveAsync(optionsOrCallback?: unknown, callback?: (result: AsyncResultLike) => void): void;
  refreshAsync(callback?: (result: AsyncResultLike) => void): void;
}

/**
 * Values round-trip through JSON (as Office stores them); `set` only changes the in-memory copy and
 * `saveAsync` makes it part of the file, so `saved` shows what a copy of the workbook would carry.
 */
export function createDocumentSettings(saved: Map<string, unknown>): DocumentSettingsDouble {
  const live = new Map(saved);
  return {
    get: (name) => (live.has(name) ? JSON.parse(JSON.stringify(live.get(name))) : null),
    set: (name, value) => void live.set(name, JSON.parse(JSON.stringify(value))),
    remove: (name) => void live.delete(name),
    saveAsync(optionsOrCallback, callback) {
      const cb = typeof optionsOrCallback === 'function' ? (optionsOrCallback as (r: AsyncResultLike) => void) : callback;
      saved.clear();
      for (const [k, v] of live) saved.set(k, v);
      setTimeout(() => cb?.({ status: 'succeeded' }), 0);
    },
    refreshAsync(callback) {
      live.clear();
      for (const [k, v] of saved) live.set(k, v);
      setTimeout(() => callback?.({ status: 'succeeded' }), 0);
    },
  };
}
