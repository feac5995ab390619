import { COMMAND_ENTRIES, findCommandEntry } from '../../cli/commands/registry';
import { makeTempDir } from './helpers';
import { runCliInProcess } from './in-process';
import { EMULATOR_OPTIONS, USAGE as EMULATOR_USAGE } from '../../emulator/cli-args';
import { SERVE_OPTIONS, SERVE_USAGE } from '../../server/cli-args';

describe('the command registry (commands load only when they run)', () => {
  it.each(COMMAND_ENTRIES.map((e) => [e.name, e] as const))('%s: the listed name and summary are the command’s own', (_name, entry) => {
    const command = entry.load();
    expect(command.name).toBe(entry.name);
    expect(command.summary).toBe(entry.summary);
    expect(command.usage).toMatch(new RegExp(`^usage: partspec ${entry.name} `, "i"));
  });

  it('finds commands by name and nothing else', () => {
    expect(findCommandEntry('download')?.name).toBe('download');
    expect(findCommandEntry('downloads')).toBeUndefined();
    expect(findCommandEntry(undefined)).toBeUndefined();
  });

  it('lists every command with its summary, and each command’s help, from the real command line', async () => {
    const { dir, cleanup } = makeTempDir();
    try {
      const help = await runCliInProcess(['--help'], { home: dir });
      expect(help.code).toBe(0);
      for (const entry of COMMAND_ENTRIES) expect(help.stdout).toContain(`${entry.name.padEnd(10)} ${entry.summary}`);
      const own = await runCliInProcess(['download', '--help'], { home: dir });
      expect(own.code).toBe(0);
      expect(own.stdout).toMatch(/^usage: partspec download /);
      const viaHelp = await runCliInProcess(['help', 'url'], { home: dir });
      expect(viaHelp.stdout).toMatch(/^usage: partspec url /);
      const unknown = await runCliInProcess(['dowload'], { home: dir });
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain("unknown command 'dowload'");
    } finally {
      cleanup();
    }
  });

  it.each([
    ['serve', SERVE_OPTIONS, SERVE_USAGE],
    ['emulator', EMULATOR_OPTIONS, EMULATOR_USAGE],
  ] as const)('%s: its --help names every flag it declares', (_name, options, usage) => {
    const missing = Object.keys(options).filter((flag) => !new RegExp(`--${flag}\\b`).test(usage));
    expect(missing).toEqual([]);
  });
});
