/**
 * `partspec serve` as an administrator runs it: one line when listening, exit 2 with a sentence on
 * a bad flag, a clean stop on SIGTERM and SIGINT, and `token add|list|revoke` on the tokens file.
 * The servers are real processes (the signals); the one-shot commands run in this process
 * (test/cli/in-process.ts), with the same exit codes and output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../emulator';
import { ensureWorkbenchBuild } from '../e2e/support/build';
import { runCliInProcess } from '../cli/in-process';

const BIN = path.resolve(__dirname, '../../bin/partspec.js');
let dir: string;
let emulator: RunningEmulator;
let siteDir: string;

beforeAll(async () => {
  siteDir = await ensureWorkbenchBuild();
  dir = mkdtempSync(path.join(tmpdir(), 'partspec-serve-cli-'));
  emulator = await startEmulator({ port: 0 });
}, 240_000);

afterAll(async () => {
  await emulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({ ...process.env, XDG_CONFIG_HOME: dir, PARTSPEC_API_KEY: DEMO_KEY, ...extra });

async function run(args: string[], extraEnv: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const result = await runCliInProcess(args, { home: dir, env: { XDG_CONFIG_HOME: dir, PARTSPEC_API_KEY: DEMO_KEY, ...extraEnv } });
  return { status: result.code, stdout: result.stdout, stderr: result.stderr };
}

/** Asks until the answer is not `status` any more (a running server notices a revocation within seconds), then gives the answer's status. */
async function statusOnceNot(status: number, ask: () => Promise<Response>): Promise<number> {
  const end = Date.now() + 10_000;
  for (;;) {
    const now = (await ask()).status;
    if (now !== status || Date.now() > end) return now;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts the server and resolves with its first stdout line. */
function startServe(args: string[]): Promise<{ child: ChildProcess; line: string; stdout: () => string }> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve({ child, line: out.split('\n')[0], stdout: () => out });
    });
    child.on('exit', (code) => reject(new Error(`partspec serve exited with ${code}: ${err}`)));
  });
}

const exited = (child: ChildProcess): Promise<number | null> => new Promise((resolve) => child.on('exit', (code) => resolve(code)));

test('token add prints the token alone on the last stdout line and stores only its hash; list and revoke', async () => {
  const file = path.join(dir, 'tokens-a.json');
  const added = await run(['serve', 'token', 'add', 'alice@example.com', '--tokens', file]);
  expect(added.status).toBe(0);
  const lines = added.stdout.trimEnd().split('\n');
  const token = lines[lines.length - 1];
  expect(token).toMatch(/^pst_[A-Za-z0-9_-]{43}$/);
  expect(added.stderr).toContain('shown only now');
  const stored = readFileSync(file, 'utf8');
  expect(stored).not.toContain(token);
  expect(stored).toContain('alice@example.com');
  expect(statSync(file).mode & 0o077).toBe(0);

  const listed = await run(['serve', 'token', 'list', '--tokens', file]);
  expect(listed.stdout).toMatch(/^NAME\s+CREATED\nalice@example\.com\s+\d{4}-/);
  expect(listed.stdout).not.toContain(token);

  expect((await run(['serve', 'token', 'revoke', 'alice@example.com', '--tokens', file])).status).toBe(0);
  expect((await run(['serve', 'token', 'revoke', 'alice@example.com', '--tokens', file])).status).toBe(1);
  expect((await run(['serve', 'token', 'add', 'bad name', '--tokens', file])).status).toBe(2);
});

test('a bad flag or a missing requirement exits 2 with a sentence', async () => {
  const cases: [string[], RegExp, Record<string, string>?][] = [
    [['serve', '--port', 'eighty'], /--port needs a whole number/],
    [['serve', '--upstream-rate', '10'], /--upstream-rate needs N\/SECONDS/],
    [['serve', '--bogus'], /Unknown option '--bogus'/],
    [['serve', '--tls-cert', 'x.pem'], /--tls-cert and --tls-key go together/],
    [['serve', '--public-url', 'https://example.com/partspec/', '--pass-through'], /root of its host/],
    [['serve', '--upstream', emulator.url, '--port', '0'], /Team mode needs --tokens FILE/],
    [['serve', '--upstream', 'https://api.example.com', '--tokens', 'x.json', '--port', '0'], /Team mode needs the maker API key/, { PARTSPEC_API_KEY: '' }],
    [['serve', '--pass-through', '--upstream', emulator.url, '--site', dir, '--port', '0'], /missing taskpane\.html.*npm run build/],
  ];
  for (const [args, message, extra] of cases) {
    const result = await run(args, extra);
    expect([args.join(' '), result.status]).toEqual([args.join(' '), 2]);
    expect(result.stderr).toMatch(message);
  }
});

test('it prints one line when listening, relays with a token, refuses a revoked one, and stops cleanly on SIGTERM and SIGINT', async () => {
  const file = path.join(dir, 'tokens-b.json');
  const token = (await run(['serve', 'token', 'add', 'bob', '--tokens', file])).stdout.trim();
  const { child, line, stdout } = await startServe(['--upstream', emulator.url, '--tokens', file, '--site', siteDir, '--port', '0', '--log-level', 'silent']);
  const url = /^PartSpec server listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(line)?.[1];
  expect(url).toBeDefined();
  expect(line).toContain('team mode');
  const query = `${url}v2/products?$filter=Partno%20eq%20'X'&lang=en`;
  expect((await fetch(query, { headers: { 'x-api-key': token } })).status).toBe(200);
  expect((await fetch(`${url}manifest.xml`)).status).toBe(200);

  expect((await run(['serve', 'token', 'revoke', 'bob', '--tokens', file])).status).toBe(0);
  expect(await statusOnceNot(200, () => fetch(query, { headers: { 'x-api-key': token } }))).toBe(403);

  const code = exited(child);
  child.kill('SIGTERM');
  expect(await code).toBe(0);
  expect(stdout().trimEnd().split('\n')).toHaveLength(1);

  const second = await startServe(['--upstream', emulator.url, '--pass-through', '--site', siteDir, '--port', '0', '--log-level', 'silent']);
  expect(second.line).toContain('pass-through mode');
  const secondCode = exited(second.child);
  second.child.kill('SIGINT');
  expect(await secondCode).toBe(0);
});
