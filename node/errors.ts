import type { Lang } from '../api/vocabulary';
import { isFileLimitError } from '../core/limits';
import { describeServiceError } from './error-words';
import { isApiError, isAuthError, isCancelledError, isNetworkError, isTimeoutError, isValidationError, redact } from '../api/errors';

/** Exit codes of every command. */
export const EXIT = {
  ok: 0,
  /** Some parts were not found or could not be used; the rest were processed. */
  partial: 1,
  /** Bad flags, arguments, filter, field names or files. */
  usage: 2,
  /** The service refused the key, failed, or could not be reached. */
  api: 3,
  /** `enrich --fail-on` found what it was told to stop on (changed, Risk or EOL rows); the output is written. */
  failOn: 4,
  /** PartSpec itself failed (a bug): one sentence, the stack trace only with `--debug`; the input is untouched. */
  internal: 5,
  /** Stopped by Ctrl+C. */
  interrupted: 130,
} as const;

/**
 * A problem with what the user typed or pointed at (flags, arguments, files): the message is one
 * sentence, printed with one line naming the command's `--help` (never the whole help, which would
 * scroll the sentence away), and the exit code is 2.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  /** Print the line naming the command's `--help` below the message. */
  readonly showUsage: boolean;

  constructor(message: string, options: { showUsage?: boolean } = {}) {
    super(message);
    this.showUsage = options.showUsage ?? true;
  }
}

export function isUsageError(error: unknown): error is UsageError {
  return error instanceof UsageError;
}

/** A file that could not be read or written: exit 2, no usage text. */
export class FileError extends UsageError {
  constructor(message: string) {
    super(message, { showUsage: false });
  }
}

/** An error the system raised about a file, a folder or a stream (it names its `syscall`): the user's environment, not a bug. */
function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  const { syscall, code } = (typeof error === 'object' && error !== null ? error : {}) as NodeJS.ErrnoException;
  return typeof syscall === 'string' && typeof code === 'string';
}

/**
 * Whether a failure is PartSpec's own: anything that is not a usage, validation, limit, service
 * or system error (a TypeError, a RangeError from a too-deep recursion, an unexpected state).
 */
export function isInternalError(error: unknown): boolean {
  return !(isCancelledError(error) || isUsageError(error) || isValidationError(error) || isFileLimitError(error) || isApiError(error) || isSystemError(error));
}

/** A failed allocation of the runtime (a memory limit such as `ulimit -v`): exit 5, one sentence, never a stack. */
function isAllocationFailure(error: unknown): boolean {
  // A Map or Set past 2^24 entries is the runtime's limit too, whatever part of a file filled it.
  return error instanceof RangeError && /allocat|out of memory|Invalid (typed )?array length|Invalid string length|(Map|Set) maximum size exceeded/i.test(error.message);
}

/** The exit code for a failure. */
export function exitCodeOf(error: unknown): number {
  if (isCancelledError(error)) return EXIT.interrupted;
  if (isUsageError(error) || isValidationError(error) || isFileLimitError(error) || isSystemError(error)) return EXIT.usage;
  if (isApiError(error)) return EXIT.api;
  return EXIT.internal;
}

/** What an internal error says, without its trailing full stop (the sentence goes on). */
function internalSummary(error: unknown): string {
  const text = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return text.trim().replace(/[.\s]+$/, '') || 'no message';
}

/** A port another process already listens on (EADDRINUSE), as Node reports it when a server starts. */
function isPortInUse(error: unknown): error is NodeJS.ErrnoException & { port?: number; address?: string } {
  return isSystemError(error) && error.code === 'EADDRINUSE';
}

/** The sentence for a port already in use: which port, and how to choose another. */
function describePortInUse(error: { port?: number; address?: string }, how = 'choose another with --port (0 picks a free one)'): string {
  const where = error.port === undefined ? 'The port' : `Port ${error.port}${error.address ? ` on ${error.address}` : ''}`;
  return `${where} is already in use (another PartSpec or another program listens there): stop that one, or ${how}.`;
}

/** Where the add-in's messages say "Settings", the command line has these. */
const SETTINGS_HINT = '--base-url/--api-key, PARTSPEC_BASE_URL/PARTSPEC_API_KEY or the config file';

/**
 * The sentence to print for a failure, with every secret removed: typed API errors give their
 * `userMessage` (worded for the command line, naming the service address where it helps; the
 * common ones in the run's language, node/error-words.ts),
 * validation and usage errors their message, PartSpec's own errors one sentence saying so.
 */
export function describeError(error: unknown, context: { secrets: readonly (string | undefined)[]; baseUrl?: string; lang?: Lang }): string {
  let text: string;
  const inLang = describeServiceError(error, context.lang, context.baseUrl);
  if (inLang) text = inLang;
  else if (isAuthError(error)) text = `The API key was rejected (403): check ${SETTINGS_HINT}.`;
  else if ((isNetworkError(error) || isTimeoutError(error)) && context.baseUrl) {
    const what = isTimeoutError(error) ? 'did not answer in time' : 'could not be reached';
    text = `The product service at ${context.baseUrl} ${what}. Check the network and the address (--base-url, PARTSPEC_BASE_URL or the config file); for the local emulator, run 'partspec emulator'.`;
  } else if (isApiError(error)) text = error.userMessage.replace(/ in Settings\b/g, ` with ${SETTINGS_HINT}`);
  else if (isPortInUse(error)) text = describePortInUse(error);
  else if (isAllocationFailure(error)) text = `PartSpec ran out of memory: the system refused it more (${internalSummary(error)}); nothing was changed. Close other programs or raise the memory limit, and run again.`;
  else if (isInternalError(error)) text = `PartSpec hit an internal error: ${internalSummary(error)}; run again with --debug to see where.`;
  else if (error instanceof Error) text = error.message;
  else text = String(error);
  return redact(text, context.secrets);
}

/** What the command line prints for a failure and the code it exits with. */
export interface Failure {
  code: number;
  /** One sentence, secrets removed. */
  message: string;
  /** The stack trace of an internal error, only when asked for with `--debug`. */
  detail?: string;
}

/**
 * Maps a failure to its exit code and sentence: a Ctrl+C ("Cancelled.", 130), the user's
 * (2), the service's (3), or PartSpec's own (5: "PartSpec hit an internal error: …; run again
 * with --debug to see where", with the stack trace only under `--debug`).
 */
export function describeFailure(error: unknown, context: { secrets: readonly (string | undefined)[]; baseUrl?: string; lang?: Lang; interrupted?: boolean; debug?: boolean }): Failure {
  const code = context.interrupted ? EXIT.interrupted : exitCodeOf(error);
  if (code === EXIT.interrupted) return { code, message: 'Cancelled.' };
  const message = describeError(error, context);
  const stack = code === EXIT.internal && context.debug && error instanceof Error ? error.stack : undefined;
  return stack ? { code, message, detail: redact(stack, context.secrets) } : { code, message };
}
