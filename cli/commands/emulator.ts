import { USAGE } from '../../emulator/cli-args';
import { runEmulatorCli } from '../../emulator/main';
import type { Command } from './command';

export const emulatorCommand: Command = {
  name: 'emulator',
  summary: 'run the local API emulator (the same as npm run emulator)',
  usage: USAGE.replace('npm run emulator -- [options]', 'partspec emulator [options]'),
  async run(argv) {
    // The emulator stays up until SIGINT/SIGTERM and exits the process itself.
    await runEmulatorCli(argv);
    return new Promise<number>(() => undefined);
  },
};
