import type { Readable, Writable } from 'node:stream';
import { isLang } from '../../api/vocabulary';
import { CONNECTION_HELP, CONNECTION_OPTIONS, parseFlags } from '../args';
import { connect, type CommandContext } from '../context';
import { EXIT } from '../../node/errors';
import { ENV } from '../../node/config';
import type { Command } from './command';

/** The tools as the server offers them, from its own list (loaded only when this help is shown). */
function toolLines(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { TOOLS } = require('../../mcp/tools/index') as typeof import('../../mcp/tools/index');
  const width = Math.max(...TOOLS.map((t) => t.name.length)) + 2;
  return TOOLS.map((t) => `  ${t.name.padEnd(width)} ${t.title}${t.available ? ' (with --root; the file is only read)' : ''}`).join('\n');
}

const usage = (): string => `usage: partspec mcp [--root FOLDER …] [options]

Runs PartSpec as a Model Context Protocol server on stdin and stdout, for AI assistants (desktop
assistants, code editors, office agents): the assistant starts it and calls its tools, which
answer as the command line does:
${toolLines()}
Resources: the field vocabulary per category and language, and each part number looked up.
stdout carries only protocol messages; notes and errors go to stderr. The API key is read as
for every command (prefer ${ENV.apiKey} or the config file) and never appears in an answer.
See docs/assistants.md for the assistants' configuration.

Options:
  --root FOLDER         a folder check_bom may read BOMs from (repeat for several); without
                        it check_bom is not offered. Links leading out of it are not followed.
${CONNECTION_HELP}`;

export const mcpCommand: Command = {
  name: 'mcp',
  summary: 'serve AI assistants over the Model Context Protocol (stdio)',
  get usage() {
    return usage();
  },
  async run(argv, context: CommandContext) {
    const flags = parseFlags(argv, { ...CONNECTION_OPTIONS, root: { type: 'string', multiple: true } }, { min: 0, max: 0 });
    // The SDK and the tools load only for this command, so `partspec --help` starts as light as before.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { realRoots } = require('../../mcp/bom-path') as typeof import('../../mcp/bom-path');
    const roots = realRoots(flags.list('root'), context.cwd);
    const { client, config } = connect(context, flags);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { serveStdio } = require('../../mcp/stdio') as typeof import('../../mcp/stdio');
    await serveStdio(
      {
        client,
        lang: isLang(config.lang) ? config.lang : 'en',
        roots,
        secrets: context.secrets,
        baseUrl: config.baseUrl,
        authFailure: `The API key was rejected (403): check --api-key, ${ENV.apiKey} or the config file given to partspec mcp.`,
        log: (line) => context.stderr.write(`${line}\n`),
      },
      { stdin: context.stdin as Readable, stdout: context.stdout as Writable, signal: context.signal },
    );
    return EXIT.ok;
  },
};
