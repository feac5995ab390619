import { randomInt } from 'node:crypto';
import { DEMO_KEY, type FaultOptions, type RateLimit } from './options';

/** The faults in force, changed at run time by `configure`. */
export interface FaultState {
  keys: Set<string>;
  latencyMs: number | [number, number];
  rateLimit?: RateLimit;
  failRate: number;
  dropRate: number;
  /** Bumped when the rate limit changes, so counters start afresh. */
  generation: number;
}

function checkRate(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new RangeError(`${name} must be between 0 and 1, not ${value}`);
  return value;
}

function checkLatency(value: number | [number, number]): number | [number, number] {
  const [min, max] = Array.isArray(value) ? value : [value, value];
  if (!(min >= 0 && max >= min && Number.isFinite(max))) throw new RangeError(`latencyMs must be ms ≥ 0 or [min, max], not ${String(value)}`);
  return value;
}

export function createFaultState(options: FaultOptions): FaultState {
  const state: FaultState = { keys: new Set([DEMO_KEY]), latencyMs: 0, failRate: 0, dropRate: 0, generation: 0 };
  applyFaults(state, options);
  return state;
}

export function applyFaults(state: FaultState, faults: FaultOptions): void {
  if (faults.keys !== undefined) state.keys = new Set(faults.keys);
  if (faults.latencyMs !== undefined) state.latencyMs = checkLatency(faults.latencyMs);
  if (faults.failRate !== undefined) state.failRate = checkRate('failRate', faults.failRate);
  if (faults.dropRate !== undefined) state.dropRate = checkRate('dropRate', faults.dropRate);
  if ('rateLimit' in faults) {
    const limit = faults.rateLimit;
    if (limit && !(limit.max >= 0 && limit.windowSeconds > 0)) throw new RangeError('rateLimit needs max ≥ 0 and windowSeconds > 0');
    state.rateLimit = limit;
    state.generation++;
  }
}

/** The delay for one request. */
export function pickLatency(state: FaultState): number {
  const [min, max] = Array.isArray(state.latencyMs) ? state.latencyMs : [state.latencyMs, state.latencyMs];
  return max > min ? min + randomInt(max - min + 1) : min;
}

/** True with probability `rate` (faults are random on purpose: they are not part of the seeded catalog). */
export function roll(rate: number): boolean {
  return rate > 0 && Math.random() < rate;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
