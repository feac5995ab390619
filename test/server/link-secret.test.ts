/**
 * `partspec serve` signs download links with a secret of its own, kept next to its config file:
 * a link survives a restart of the server and a rotation of the maker's key.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../emulator';
import { send } from '../../testkit/emulator-http';
import { makeServeFolder, runPartspec, startPartspecServer } from './cli-processes';

const ROTATED_KEY = 'rotated-maker-key-0123456789';
let emulator: RunningEmulator;
let dir: string;
let site: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  ({ dir, site } = makeServeFolder('partspec-link-secret-'));
  emulator = await startEmulator({ port: 0, keys: [DEMO_KEY, ROTATED_KEY] });
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await emulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

test('a download link opens after the server restarted with a rotated maker key', async () => {
  const env = (key: string): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: dir, XDG_CONFIG_HOME: path.join(dir, 'config'), PARTSPEC_API_KEY: key });
  const tokensFile = path.join(dir, 'tokens.json');
  const added = await runPartspec(['serve', 'token', 'add', 'ivy', '--tokens', tokensFile], env(DEMO_KEY), dir);
  expect(added.code).toBe(0);
  const token = added.stdout.trim().split('\n').pop()!;
  const args = ['--upstream', emulator.url, '--site', site, '--tokens', tokensFile];

  const first = await startPartspecServer(args, env(DEMO_KEY), dir, children);
  const issued = await send(`${first.url}/v2/products/getproductdatadownloadurl?category=inductors`, { headers: { 'x-api-key': token } });
  expect(issued.status).toBe(200);
  const link = new URL((issued.json() as { ProductDataDownloadUrl: string }).ProductDataDownloadUrl);
  await stop(first.child);

  const secretFile = path.join(dir, 'config', 'partspec', 'server-link-secret');
  expect(statSync(secretFile).mode & 0o077).toBe(0);
  expect(readFileSync(secretFile, 'utf8')).not.toContain(DEMO_KEY);

  const second = await startPartspecServer(args, env(ROTATED_KEY), dir, children);
  const file = await send(`${second.url}${link.pathname}`, { headers: { 'accept-encoding': 'gzip' } });
  expect(file.status).toBe(200);
  expect(file.body.length).toBeGreaterThan(1000);
  const tampered = await send(`${second.url}${link.pathname.slice(0, -2)}AA`);
  expect(tampered.status).toBe(403);
  await stop(second.child);
});
