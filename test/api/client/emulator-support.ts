import type { FaultOptions, RequestLogEntry, RunningEmulator } from '../../../emulator';
import { useEmulator } from '../../support/use-emulator';
import { logSettled } from '../../../testkit/settle';

export { logSettled };

/** Product-search calls in the emulator's log (downloads and link requests left out). */
export function searchCalls(emulator: RunningEmulator): RequestLogEntry[] {
  return emulator.requests.filter((r) => r.method === 'GET' && /\/v2\/products\?/.test(r.url) && !r.url.includes('getproductdatadownloadurl'));
}

/** Every URL the emulator received stayed within the budget. */
export function maxUrlBytes(emulator: RunningEmulator): number {
  return emulator.requests.reduce((m, r) => Math.max(m, r.urlBytes), 0);
}

/** Fast retries for tests: many attempts, short waits. */
export const PATIENT_RETRY = { limit: 30, initialDelay: 5, backoffLimit: 100, maxRetryAfter: 1500 } as const;

/** The decoded $filter of a logged URL. */
export function filterOf(url: string): string {
  return new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('$filter') ?? '';
}

/**
 * Starts the emulator for the file's tests (`beforeAll`) and stops it afterwards (`afterAll`);
 * before each test, waits for the log to settle, puts back `faults` (when given) and empties the
 * log, so each test counts only its own requests. Read `emulator` inside tests.
 */
export function useSettledEmulator(faults?: FaultOptions): { readonly emulator: RunningEmulator } {
  const world = { emulator: useEmulator() };
  beforeEach(async () => {
    await logSettled(world.emulator);
    if (faults) world.emulator.configure(faults);
    world.emulator.resetLog();
  });
  return world;
}
