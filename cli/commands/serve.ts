import { isUsageError } from '../../node/errors';
import { terminalText } from '../../node/terminal-text';
import { SERVE_USAGE, parseServeArgs } from '../../server/cli-args';
import { startServe } from '../../server/serve';
import { TokenFileError } from '../../server/tokens/token-file';
import { runTokenCommand } from '../../server/token-commands';
import { nameAsGiven, pathIn, type CommandContext } from '../context';
import type { Command } from './command';

async function runServer(argv: readonly string[], context: CommandContext): Promise<number> {
  const parsed = parseServeArgs(argv, context.env);
  if (parsed.help) {
    context.stdout.write(`${SERVE_USAGE}\n`);
    return 0;
  }
  // Files and folders named by flags are in the run's folder.
  const at = (path: string | undefined): string | undefined => (path === undefined || path.trim() === '' ? path : pathIn(context, path));
  const { args } = parsed;
  const placed = { ...args, tokensFile: at(args.tokensFile), siteDir: at(args.siteDir), tlsCert: at(args.tlsCert), tlsKey: at(args.tlsKey), config: at(args.config), metricsTokenFile: at(args.metricsTokenFile) };
  // Listening for the stop signals before anything starts, so one that comes early is not lost.
  let stop: () => void = () => undefined;
  let stopRequested = false;
  const onSignal = (): void => {
    stopRequested = true;
    stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let started;
  try {
    started = await startServe(placed, { env: context.env, warn: (message) => context.note(`Warning: ${message}`) });
  } catch (error) {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    throw error;
  }
  const { server, url, mode } = started;
  const publicUrl = server.publicUrl();
  const shown = publicUrl.replace(/\/$/, '') === url ? publicUrl : `${url}/ (public address ${publicUrl})`;
  context.stdout.write(`PartSpec server listening on ${shown} — ${mode} mode; manifest ${publicUrl}manifest.xml\n`);
  return new Promise<number>((resolve) => {
    let stopping = false;
    stop = () => {
      if (stopping) return;
      stopping = true;
      // Upstream keep-alive sockets would hold the process open: once closed, exit.
      server.close().then(
        () => process.exit(0),
        () => resolve(1),
      );
    };
    if (stopRequested) stop();
  });
}

/** `partspec serve`: the PartSpec server, and `partspec serve token …` to administer its tokens. */
export const serveCommand: Command = {
  name: 'serve',
  summary: 'run the PartSpec server (hosts the add-in, relays the API; token add|list|revoke)',
  usage: SERVE_USAGE,
  async run(argv, context) {
    try {
      if (argv[0] === 'token') return await runTokenCommand(argv.slice(1), { stdout: context.stdout, stderr: context.stderr, env: context.env, cwd: context.cwd });
      return await runServer(argv, context);
    } catch (error) {
      if (isUsageError(error) || error instanceof TokenFileError) {
        context.stderr.write(`partspec serve: ${terminalText(nameAsGiven(context, error.message))}\n`);
        return 2;
      }
      throw error;
    }
  },
};
