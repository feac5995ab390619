import { performance } from 'node:perf_hooks';
import type { EmulatorOptions, RateLimit, RunningEmulator } from '../emulator';

/** Added to every API request, as a distant service would: 50–100 ms, picked at random. */
export const LATENCY_MS: [number, number] = [50, 100];

/**
 * The emulator's rate limit during the benchmarks. Tighter than what four requests in flight at
 * 50–100 ms can reach in bursts, so a strategy that sends many requests meets 429s and waits
 * out Retry-After, while one that sends few never does.
 */
export const RATE_LIMIT: RateLimit = { max: 40, windowSeconds: 1 };

/** The emulator every networked benchmark runs against. */
export const BENCH_EMULATOR: EmulatorOptions = { port: 0, latencyMs: LATENCY_MS, rateLimit: RATE_LIMIT };

/** Writes a progress line where it does not mix with the table (stdout is the table only). */
export function progress(text: string): void {
  process.stderr.write(`${text}\n`);
}

/** Runs `work` and returns its value with the wall time it took. */
export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/**
 * Starts a case from a clean slate: an empty request log and fresh rate-limit counters, so one
 * case's requests never push the next into 429s.
 */
export function startCase(emulator: RunningEmulator): void {
  emulator.configure({ rateLimit: RATE_LIMIT });
  emulator.resetLog();
}

/** What the emulator saw: every attempt (429s included) and the bytes of their URLs. */
export function summarizeLog(requests: RunningEmulator['requests']): { requests: number; rateLimited: number; urlBytes: number } {
  return {
    requests: requests.length,
    rateLimited: requests.filter((r) => r.status === 429).length,
    urlBytes: requests.reduce((sum, r) => sum + r.urlBytes, 0),
  };
}

