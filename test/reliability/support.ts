/**
 * Shared by the reliability and security suite: emulators whose request logs are all checked
 * against the URL budget when a file ends, fault settings, and the figures each file reports for
 * SECURITY.md (written to test-results/reliability/, one JSON file per test file).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulator, type EmulatorOptions, type RequestLogEntry, type RunningEmulator } from '../../emulator';
import { URL_BUDGET_BYTES } from '../../api';
import { logSettled, settleWithin } from '../../testkit/settle';
import type { RetryOptions } from '../../api';

/** A key no other test uses, so finding it anywhere is a leak and not a coincidence. */
export const SECRET_KEY = 'partspec-secret-XYZ123';

/** Many quick retries: enough to outlast a 20 % failure rate and a tight rate limit. */
export const PATIENT_RETRY: RetryOptions = { limit: 30, initialDelay: 5, backoffLimit: 100, maxRetryAfter: 1500 };

/** No retry at all: the first failure is final. */
export const NO_RETRY: RetryOptions = { limit: 0 };

/** The faults every "identical results" test runs under (a rate limit is added per test). */
export const FAULTS = { failRate: 0.2, dropRate: 0.15, latencyMs: [0, 15] as [number, number] };

export { logSettled, settleWithin };

/** Every emulator a test file starts, so that all their requests are checked when the file ends. */
export interface EmulatorPool {
  start(options?: EmulatorOptions): Promise<RunningEmulator>;
  /** Adds an emulator started elsewhere (the functions harness starts its own). */
  track(emulator: RunningEmulator): RunningEmulator;
  /** Every request logged so far by every emulator of the pool. */
  requests(): RequestLogEntry[];
  /** Waits for the logs, closes every emulator and returns every request they logged. */
  close(): Promise<RequestLogEntry[]>;
}

export function createEmulatorPool(): EmulatorPool {
  const running: RunningEmulator[] = [];
  const closed: RequestLogEntry[] = [];
  return {
    async start(options = {}) {
      const emulator = await startEmulator({ port: 0, ...options });
      running.push(emulator);
      return emulator;
    },
    track(emulator) {
      running.push(emulator);
      return emulator;
    },
    requests: () => [...closed, ...running.flatMap((e) => e.requests)],
    async close() {
      for (const emulator of running.splice(0)) {
        await logSettled(emulator);
        closed.push(...emulator.requests);
        // Closing twice (a harness already closed it) is harmless; a failure to close is not the point here.
        await emulator.close().catch(() => undefined);
      }
      return [...closed];
    },
  };
}

/** The requests of a log whose URL is over the service's budget. */
export function overBudget(requests: readonly RequestLogEntry[]): RequestLogEntry[] {
  return requests.filter((r) => r.urlBytes > URL_BUDGET_BYTES);
}

/** Records the figures of one test file for SECURITY.md (merged by file name). */
export function recordFigures(file: string, figures: Record<string, number | string>): void {
  const dir = join(__dirname, '..', '..', 'test-results', 'reliability');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${file}.json`), `${JSON.stringify(figures, null, 2)}\n`);
}

/**
 * Checks a pool's whole log against the URL budget and records the count: call in afterAll.
 * Returns the figures so a file can add its own.
 */
export async function closePoolAndCheckBudget(pool: EmulatorPool): Promise<{ requests: number; maxUrlBytes: number }> {
  const requests = await pool.close();
  expect(overBudget(requests)).toEqual([]);
  return { requests: requests.length, maxUrlBytes: requests.reduce((m, r) => Math.max(m, r.urlBytes), 0) };
}
