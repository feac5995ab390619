/*
 * A counting workbook sink for B8: stands in for Excel.run the way the taskpane import uses it,
 * and keeps nothing it is given. Every property set and method call is accepted; each set value
 * is serialized (as Office.js serializes a request payload) only to count its bytes, cells are
 * counted from `values`, and every sync is counted with its payload. What it measures is the
 * import pipeline's memory, not a workbook's.
 */
import type { DocumentSettings, RunExcel } from '../../src/sheets/deps';

export interface SinkCounts {
  syncs: number;
  cells: number;
  bytes: number;
  /** The largest payload of one sync. */
  maxSyncBytes: number;
}

export interface CountingWorkbook {
  run: RunExcel;
  settings: DocumentSettings;
  counts: SinkCounts;
}

/** A workbook that counts; `onSync` runs at every sync (the bench samples the heap there). */
export function createCountingWorkbook(onSync: () => void = () => undefined): CountingWorkbook {
  const counts: SinkCounts = { syncs: 0, cells: 0, bytes: 0, maxSyncBytes: 0 };
  let pending = 0;
  const anything = (): unknown =>
    new Proxy(function proxyTarget() {}, {
      get: (_target, property) => (property === 'items' ? [] : property === 'then' ? undefined : anything()),
      set: (_target, property, value: unknown) => {
        pending += JSON.stringify(value)?.length ?? 0;
        if (property === 'values' && Array.isArray(value)) counts.cells += value.reduce((n: number, row: unknown) => n + (Array.isArray(row) ? row.length : 1), 0);
        return true;
      },
      apply: () => anything(),
    });
  const sync = async (): Promise<void> => {
    counts.syncs += 1;
    counts.bytes += pending;
    counts.maxSyncBytes = Math.max(counts.maxSyncBytes, pending);
    pending = 0;
    onSync();
    await Promise.resolve();
  };
  const run: RunExcel = async (batch) => {
    const context = { workbook: anything(), application: anything(), sync };
    const result = await batch(context as unknown as Excel.RequestContext);
    if (pending > 0) await sync();
    return result;
  };
  const saved = new Map<string, unknown>();
  const settings: DocumentSettings = {
    get: (name) => saved.get(name),
    set: (name, value) => void saved.set(name, value),
    remove: (name) => void saved.delete(name),
    saveAsync: (callback) => callback?.({ status: 'succeeded' }),
  };
  return { run, settings, counts };
}
