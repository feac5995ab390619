import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { send, searchUrl } from '../../testkit/emulator-http';

/**
 * `partspec` run as an operator runs it, as real processes of bin/partspec.js: one-shot commands
 * (`run`) and servers (`serve`, resolved once they print their address).
 */

export const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'partspec.js');

export interface RunningServer {
  child: ChildProcess;
  url: string;
  stderr(): string;
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A temporary working folder with a minimal add-in build to host (`site`). */
export function makeServeFolder(prefix: string): { dir: string; site: string } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const site = path.join(dir, 'site');
  mkdirSync(site);
  writeFileSync(path.join(site, 'taskpane.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(path.join(site, 'functions.json'), '{"functions":[]}');
  copyFileSync(path.join(ROOT, 'manifest.xml'), path.join(site, 'manifest.xml'));
  return { dir, site };
}

/** Runs `partspec ARGS` to its end in `cwd` with exactly `env`. */
export function runPartspec(args: readonly string[], env: NodeJS.ProcessEnv, cwd: string): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts `partspec serve ARGS`; resolves once it listens, rejects if it exits first. */
export function startPartspecServer(args: readonly string[], env: NodeJS.ProcessEnv, cwd: string, children: ChildProcess[]): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { env, cwd });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (m) resolve({ child, url: m[1], stderr: () => stderr });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** One part-number lookup through a server with a token. */
export const lookupWith = (base: string, token: string, partno: string): ReturnType<typeof send> =>
  send(searchUrl(base, { filter: `Partno eq '${partno}'` }), { headers: { 'x-api-key': token } });

/** Polls `check` every 100 ms until it holds or `timeoutMs` passes; one last check decides. */
export async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
}

/**
 * Polls each check on its own until it holds, and stops asking the ones that already hold: a
 * server that refuses a revoked token is not sent it again, so waiting for the slowest server
 * never counts as token guessing against the quicker ones (servers limit refused credentials
 * per source address).
 */
export async function untilEach(checks: (() => Promise<boolean>)[], timeoutMs: number): Promise<boolean> {
  const results = await Promise.all(checks.map((check) => until(check, timeoutMs)));
  return results.every(Boolean);
}
