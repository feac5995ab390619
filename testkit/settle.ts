import type { RunningEmulator } from '../emulator';

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The emulator writes a log entry once the answer is flushed, which can be after the client has
 * read it: wait until the log has stopped growing for a little while (without an emulator, one
 * short pause).
 */
export async function logSettled(emulator?: RunningEmulator, quietMs = 120): Promise<void> {
  if (!emulator) return pause(60);
  let seen = -1;
  while (seen !== emulator.requests.length) {
    seen = emulator.requests.length;
    await pause(quietMs);
  }
}

/** Every promise settles within `ms`: none is left pending (a cell would stay #BUSY!). */
export async function settleWithin<T>(promises: readonly Promise<T>[], ms: number): Promise<PromiseSettledResult<T>[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`a promise was still pending after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([Promise.allSettled(promises), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
