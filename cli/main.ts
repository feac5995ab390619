/**
 * The `partspec` command line (Node-only; never bundled into the add-in): the add-in's own API
 * client and worksheet core, reading and writing .xlsx and .csv files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMAND_ENTRIES, findCommandEntry } from './commands/registry';
import { createContext, nameAsGiven, type CommandContext } from './context';
import { packageRoot } from '../node/package-root';
import { ENV } from '../node/config';
import { takeDebugFlag } from '../node/args';
import { EXIT, describeFailure, isUsageError } from '../node/errors';
import { terminalText } from '../node/terminal-text';
import { suggestName } from '../api/vocabulary/lookup';

const USAGE = `usage: partspec <command> [options]

Commands:
${COMMAND_ENTRIES.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`).join('\n')}

Run 'partspec <command> --help' for its options.

Settings come from flags (--base-url, --api-key, --lang, --config), then the environment
(${ENV.baseUrl}, ${ENV.apiKey}, ${ENV.lang}), then ~/.config/partspec/config.json.
The default service is the local emulator at http://127.0.0.1:4010 ('partspec emulator').
The API key is never printed.

In CSV output, text that starts with = + - @ (or a tab or carriage return) gets a leading '
so spreadsheet programs show it as text and never run it as a formula.

Exit codes: 0 ok, 1 partial (some parts not found or invalid), 2 usage error,
3 API, auth or network error, 4 enrich --fail-on found a changed, Risk or EOL row,
or a check of the BOM rules at the level named (the output is written first),
5 internal error (a bug in PartSpec: run again with --debug, which every command
takes, to see where).`;

/** The one line under a usage error: where the full help is (the help itself would scroll the sentence away). */
const HELP_LINE = "Run 'partspec --help' for the list of commands.";

function version(): string {
  try {
    return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Runs one command line; resolves to the exit code. */
export async function runCli(argv: readonly string[], context: CommandContext): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    context.stderr.write(`${USAGE}\n`);
    return EXIT.usage;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const entry = findCommandEntry(rest[0]);
    context.stdout.write(`${entry ? entry.load().usage : USAGE}\n`);
    return EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    context.stdout.write(`${version()}\n`);
    return EXIT.ok;
  }
  const entry = findCommandEntry(name);
  if (!entry) {
    const meant = suggestName(name, COMMAND_ENTRIES.map((c) => c.name));
    const hint = meant ? ` Did you mean 'partspec ${meant}'?` : '';
    context.stderr.write(`partspec: unknown command '${terminalText(name)}'.${hint}\n${HELP_LINE}\n`);
    return EXIT.usage;
  }
  // Only the command that runs is loaded (see commands/registry.ts).
  const command = entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    context.stdout.write(`${command.usage}\n`);
    return EXIT.ok;
  }
  const { argv: args, debug } = takeDebugFlag(rest);
  try {
    return await command.run(args, context);
  } catch (error) {
    context.progress.clear();
    const secrets = [...context.secrets, context.env[ENV.apiKey], ...flagValues(args, '--api-key')];
    const failure = describeFailure(error, { secrets, baseUrl: context.baseUrl, lang: context.lang, interrupted: context.signal.aborted, debug });
    context.stderr.write(`partspec ${command.name}: ${terminalText(nameAsGiven(context, failure.message))}\n`);
    if (isUsageError(error) && error.showUsage) context.stderr.write(`Run 'partspec ${command.name} --help' for its options.\n`);
    if (failure.detail) context.stderr.write(`${terminalText(nameAsGiven(context, failure.detail))}\n`);
    return failure.code;
  }
}

/** Values given to a flag, as `--flag value` or `--flag=value`. */
function flagValues(argv: readonly string[], flag: string): string[] {
  const out: string[] = [];
  argv.forEach((a, i) => {
    if (a === flag && argv[i + 1] !== undefined) out.push(argv[i + 1]);
    else if (a.startsWith(`${flag}=`)) out.push(a.slice(flag.length + 1));
  });
  return out;
}

/**
 * What becomes of a failure that escaped `runCli` (a rejected run, or an exception outside the
 * command's own promise): one sentence on the run's stderr and its exit code, never a stack. The
 * process (main) and a run inside a test use this same handler.
 */
export function reportEscapedFailure(error: unknown, argv: readonly string[], context: CommandContext): number {
  const failure = describeFailure(error, { secrets: [...context.secrets, context.env[ENV.apiKey]], debug: argv.includes('--debug') });
  context.stderr.write(`partspec: ${terminalText(nameAsGiven(context, failure.message))}\n${failure.detail ? `${terminalText(nameAsGiven(context, failure.detail))}\n` : ''}`);
  return failure.code;
}

/** Runs the process's command line (bin/partspec.js calls this), wiring Ctrl+C and the last-resort handlers. */
export function main(): void {
  const controller = new AbortController();
  const argv = process.argv.slice(2);
  // The emulator and the server stop themselves on SIGINT/SIGTERM.
  if (argv[0] !== 'emulator' && argv[0] !== 'serve') {
    process.on('SIGINT', () => {
      // A second Ctrl+C stops at once.
      if (controller.signal.aborted) process.exit(EXIT.interrupted);
      controller.abort();
    });
  }
  const context = createContext(controller.signal, process.cwd());
  // A failure outside the command's own promise (the runtime's HTTP client failing to allocate its
  // parser under a tight memory limit, say) is still one sentence and its exit code, never a stack.
  const failAndExit = (error: unknown): void => {
    process.exit(reportEscapedFailure(error, argv, context));
  };
  // The launcher's start-up handlers (bin/partspec.js, running from sources) give way to these.
  process.removeAllListeners('uncaughtException');
  process.removeAllListeners('unhandledRejection');
  process.on('uncaughtException', failAndExit);
  process.on('unhandledRejection', failAndExit);
  runCli(argv, context).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.exitCode = reportEscapedFailure(error, argv, context);
    },
  );
}
