import type { ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../emulator';
import { send } from '../../testkit/emulator-http';
import { startRedisServer, type RedisServerFixture } from '../../testkit/redis-server';
import { lookupWith as lookup, makeServeFolder, startPartspecServer, until, untilEach, type RunningServer as Running } from './cli-processes';
import { runCliInProcess } from '../cli/in-process';

/**
 * `partspec serve --redis URL` as an operator runs it: two real server processes on one real
 * redis-server, tokens administered with `partspec serve token … --redis URL`. The file kills and
 * restarts Redis on purpose, so it starts a redis-server of its own rather than use the worker's
 * (test/support/shared-redis.ts). The servers are real processes; `partspec serve token …` and the
 * refused start run in this process (test/cli/in-process.ts), with the same exit codes and output.
 */

const METRICS_TOKEN = 'metrics-token-of-the-cli-test-42';

let redis: RedisServerFixture;
let emulator: RunningEmulator;
let dir: string;
let site: string;
const children: ChildProcess[] = [];

function env(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: dir, PARTSPEC_API_KEY: DEMO_KEY };
}

const run = (args: string[]): ReturnType<typeof runCliInProcess> => runCliInProcess(args, { home: dir, env: { PARTSPEC_API_KEY: DEMO_KEY } });
const serve = (args: string[]): Promise<Running> => startPartspecServer(['--upstream', emulator.url, '--site', site, '--redis', redis.url, ...args], env(), dir, children);

beforeAll(async () => {
  ({ dir, site } = makeServeFolder('partspec-redis-cli-'));
  writeFileSync(path.join(dir, 'metrics-token'), `${METRICS_TOKEN}\n`);
  redis = await startRedisServer();
  emulator = await startEmulator({ port: 0 });
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await emulator.close();
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('a bad --redis address exits 2 with a sentence, never echoing a password', async () => {
  const result = await run(['serve', '--redis', 'http://user:hunter2@example.invalid']);
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(/--redis needs a redis:\/\/ or rediss:\/\/ address/);
  expect(result.stderr).not.toContain('hunter2');
});

test('token add on a Redis that does not answer fails with a sentence instead of pretending', async () => {
  const result = await run(['serve', 'token', 'add', 'erin', '--redis', 'redis://127.0.0.1:1']);
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/cannot be reached, so tokens cannot be added or revoked now\. .*No token was added\./);
  expect(result.stdout).toBe('');
});

test('two server processes on one Redis: tokens from the command line, shared answers, revocation, metrics, Redis restart', async () => {
  const added = await run(['serve', 'token', 'add', 'alice', '--redis', redis.url]);
  expect(added.code).toBe(0);
  const token = added.stdout.trim().split('\n').pop()!;
  expect(token).toMatch(/^pst_/);
  const listed = await run(['serve', 'token', 'list', '--redis', redis.url, '--json']);
  expect(JSON.parse(listed.stdout).map((r: { name: string }) => r.name)).toEqual(['alice']);

  const [a, b] = await Promise.all([serve(['--metrics-token-file', path.join(dir, 'metrics-token')]), serve(['--no-metrics'])]);
  const partno = [...emulator.catalog.byPartno.keys()][7];
  emulator.resetLog();
  expect((await lookup(a.url, token, partno)).status).toBe(200);
  expect((await lookup(b.url, token, partno)).status).toBe(200);
  expect(emulator.requests.filter((r) => r.url.startsWith('/v2/'))).toHaveLength(1);

  expect((await send(`${a.url}/metrics`)).status).toBe(401);
  const metrics = await send(`${a.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(metrics.body.toString()).toMatch(/partspec_upstream_requests_total\{route="products",status="200"\} 1/);
  expect((await send(`${b.url}/metrics`)).status).toBe(404);
  expect((await send(`${b.url}/readyz`)).json()).toMatchObject({ status: 'ready', sharedState: { kind: 'redis', state: 'ok' } });

  await redis.kill();
  expect(await until(async () => ((await send(`${a.url}/readyz`)).json() as { status: string }).status === 'degraded', 4000)).toBe(true);
  expect((await lookup(a.url, token, partno)).status).toBe(200);
  await redis.restart();
  expect(await until(async () => ((await send(`${b.url}/readyz`)).json() as { status: string }).status === 'ready', 8000)).toBe(true);
  expect((await lookup(b.url, token, partno)).status).toBe(200);

  const revoked = await run(['serve', 'token', 'revoke', 'alice', '--redis', redis.url]);
  expect(revoked.code).toBe(0);
  expect(await untilEach([a, b].map((s) => async () => (await lookup(s.url, token, partno)).status === 403), 4000)).toBe(true);

  for (const s of [a, b]) {
    expect(s.stderr().match(/Redis at redis:\/\/127\.0\.0\.1:\d+ is unavailable/g)).toHaveLength(1);
    expect(s.stderr()).not.toContain(token);
    s.child.kill('SIGTERM');
  }
  const codes = await Promise.all([a, b].map((s) => new Promise<number | null>((resolve) => (s.child.exitCode !== null ? resolve(s.child.exitCode) : s.child.once('exit', resolve)))));
  expect(codes).toEqual([0, 0]);
});
