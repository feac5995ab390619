import type { CommandContext } from '../context';

/** One `partspec <name>` command. */
export interface Command {
  name: string;
  /** One line for the list of commands. */
  summary: string;
  /** Full help, printed by `--help` and after a usage error. */
  usage: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(argv: readonly string[], context: CommandContext): Promise<number>;
}
