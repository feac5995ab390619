import { resolve } from 'node:path';
import type { Lang } from '../api/vocabulary';
import { describeServiceState, type ServiceState } from '../api/client/service-state';
import type { Client } from '../api/node';
import type { Flags } from './args';
import { resolveConfig, type CliConfig } from '../node/config';
import { createProgress, type ProgressLine } from './progress';
import { escapeControls, terminalText } from '../node/terminal-text';

/** What a command runs with; tests of the pieces can build one without a process. */
export interface CommandContext {
  /** What `-` reads (part numbers, BOM lines). */
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** The run's environment: settings, and HOME and the XDG folders of the config file and the cache. */
  env: NodeJS.ProcessEnv;
  /** Fires on Ctrl+C. */
  signal: AbortSignal;
  /**
   * The folder the run's relative paths (BOMs, --out, --rules, --config, …) are relative to: the
   * process's working folder for `partspec`, a test's own folder for a run inside a test. Commands
   * resolve every path they are given against it (pathIn), never against the process's folder, so
   * runs in one process can each have their own.
   */
  cwd: string;
  /**
   * The relative paths the run was given, by where they are in `cwd` (pathIn fills it): the run's
   * messages name each file as the user wrote it, though the files are opened where they are.
   */
  givenPaths?: Map<string, string>;
  /** Values that must never be printed (the key); every message is redacted with them. */
  secrets: string[];
  /** The service address in use, for messages about network failures. */
  baseUrl?: string;
  /** The run's language (--lang), for the service's failures said on stderr. */
  lang?: Lang;
  /** Prints one message on stderr, made safe for a terminal (controls escaped, long values shortened). */
  note(message: string): void;
  progress: ProgressLine;
}

/** The process's context: its streams, environment and working folder `cwd`. */
export function createContext(signal: AbortSignal, cwd: string): CommandContext {
  return contextOf({ stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, signal, cwd });
}

/** A context over the given streams and environment: the process's (createContext), or a run's inside a test. */
export function contextOf(io: Pick<CommandContext, 'stdin' | 'stdout' | 'stderr' | 'env' | 'signal' | 'cwd'>): CommandContext {
  const context: CommandContext = {
    ...io,
    givenPaths: new Map(),
    secrets: [],
    note: (message) => {
      context.progress.clear();
      io.stderr.write(`${terminalText(nameAsGiven(context, message))}\n`);
    },
    progress: createProgress(io.stderr),
  };
  return context;
}

/** A path the user gave (an argument, a flag's value), as the run's file system calls take it: resolved against the run's folder. */
export function pathIn(context: Pick<CommandContext, 'cwd' | 'givenPaths'>, path: string): string {
  const placed = resolve(context.cwd, path);
  if (placed !== path && placed !== resolve(context.cwd)) context.givenPaths?.set(placed, path);
  return placed;
}

/** A message with each file the run was given relative named as it was given (see CommandContext.givenPaths). */
export function nameAsGiven(context: Pick<CommandContext, 'givenPaths'>, message: string): string {
  if (!context.givenPaths?.size) return message;
  // A whole path only: not the start of a longer one (a file in a folder that was given, a.csv.bak beside a.csv).
  const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...context.givenPaths].reduce((text, [where, given]) => text.replace(new RegExp(`${escape(where)}(?![\\w/\\\\-]|\\.\\w)`, 'g'), () => given), message);
}

/** The non-empty lines of stdin, trimmed (`partspec lookup -` and the like). */
export async function readStdinLines(context: CommandContext): Promise<string[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of context.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
}

/** A command's settings, resolved (flag, env, file, default) and remembered for redaction. */
export function configOf(context: CommandContext, flags: Flags): CliConfig {
  const config = resolveConfig(flags.connection(), context.env, (message) => context.note(`Warning: ${message}`), context.cwd);
  if (config.apiKey) context.secrets.push(config.apiKey);
  context.baseUrl = config.baseUrl;
  context.lang = config.lang;
  return config;
}

/** The API client for a command's flags. */
export function connect(context: CommandContext, flags: Flags): { client: Client; config: CliConfig } {
  const config = configOf(context, flags);
  // The progress line says when the service is limiting, failing or slow, so a long wait is explained.
  const onServiceState = (state: ServiceState): void => context.progress.status(describeServiceState(state));
  // The client (and the whole API core) loads only for a command that talks to the service, so
  // `partspec --help` starts light.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createCliClient, retryBudgetFrom } = require('./client') as typeof import('./client');
  const retryBudgetMs = retryBudgetFrom(context.env, (message) => context.note(`Warning: ${message}`));
  return { client: createCliClient(config, { cache: !flags.bool('no-cache'), env: context.env, onServiceState, retryBudgetMs }), config };
}

/**
 * Writes text to stdout and waits until it is flushed (so an exit right after loses nothing). On a
 * terminal, controls that came with the data are shown escaped; a pipe or a file gets the bytes as they are.
 */
export function print(context: CommandContext, text: string): Promise<void> {
  const shown = (context.stdout as { isTTY?: boolean }).isTTY ? escapeControls(text) : text;
  return new Promise((resolve, reject) => context.stdout.write(shown, (error) => (error ? reject(error) : resolve())));
}
