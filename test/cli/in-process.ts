/**
 * `partspec` run inside the test's own process, through the command line's `runCli(argv, context)`:
 * the same command, flags, files and exit codes as `node bin/partspec.js` (helpers.ts
 * `runCliProcess`), without starting Node and loading the command line again for each run. What
 * needs a real process (exit codes of a crash, Ctrl+C, `bin/`, memory limits, locks between
 * processes) keeps `runCliProcess`.
 */
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { runCli, reportEscapedFailure } from '../../cli/main';
import { contextOf } from '../../cli/context';
import type { CliRun } from './helpers';

/** Collects what a run writes, decoded once at the end (a character split between chunks stays whole). */
class Collected extends Writable {
  private readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    done();
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/**
 * Runs `partspec …args` in this process, as `runCliProcess` runs it in a child: the environment
 * holds PATH, HOME and the cache in `home` and nothing else unless given in `env`; the working
 * folder is `cwd` (else `home`), given to the run as its context's folder, so runs of one file may
 * overlap, each in its own folder; stdin is `input`. A failure that escapes the command ends as the
 * process would end it (the same handler as cli/main's `main`).
 */
export async function runCliInProcess(args: readonly string[], options: { home: string; env?: Record<string, string>; input?: string; cwd?: string }): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: options.home, XDG_CACHE_HOME: join(options.home, '.cache'), ...options.env };
  const stdout = new Collected();
  const stderr = new Collected();
  const context = contextOf({ stdin: Readable.from([Buffer.from(options.input ?? '')]), stdout, stderr, env, signal: new AbortController().signal, cwd: options.cwd ?? options.home });
  const code = await runCli(args, context).catch((error: unknown) => reportEscapedFailure(error, args, context));
  await Promise.all([stdout, stderr].map((s) => new Promise<void>((resolve) => s.end(resolve))));
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}
