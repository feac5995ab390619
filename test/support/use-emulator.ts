import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator';

/**
 * Starts the emulator on a free port for the file's tests (`beforeAll`) and closes it afterwards
 * (`afterAll`); the object returned becomes the running emulator, so tests use it as they would
 * the result of `startEmulator`.
 */
export function useEmulator(options: EmulatorOptions = {}): RunningEmulator {
  const emulator = {} as RunningEmulator;
  beforeAll(async () => {
    Object.assign(emulator, await startEmulator({ ...options, port: 0 }));
  });
  afterAll(() => emulator.close?.());
  return emulator;
}
