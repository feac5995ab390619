import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../emulator';
import { startRedisServer, type RedisServerFixture } from '../../testkit/redis-server';
import { lookupWith, makeServeFolder, startPartspecServer, until, untilEach, type RunningServer } from './cli-processes';
import { runCliInProcess } from '../cli/in-process';

/**
 * Revoking a token in team mode, through every way the README shows, with two real servers on a
 * real Redis seeded from `--tokens tokens.json`: each path either makes both servers refuse the
 * token within 5 s, or fails loudly (non-zero, a sentence naming the way that works). Never a
 * silent success. The file kills and restarts Redis on purpose (and seeds an empty one), so it
 * starts a redis-server of its own rather than use the worker's (test/support/shared-redis.ts).
 * The servers are real processes; `partspec serve token …` runs in this process
 * (test/cli/in-process.ts), with the same exit codes and output.
 */

let redis: RedisServerFixture;
let emulator: RunningEmulator;
let dir: string;
let site: string;
let tokensFile: string;
let servers: RunningServer[];
let partno: string;
const children: ChildProcess[] = [];

const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: dir, PARTSPEC_API_KEY: DEMO_KEY, ...extra });
const run = (args: string[], extra: Record<string, string> = {}): ReturnType<typeof runCliInProcess> => runCliInProcess(args, { home: dir, env: { PARTSPEC_API_KEY: DEMO_KEY, ...extra } });

/** The status each server answers the token with. */
const statuses = (token: string): Promise<number[]> => Promise.all(servers.map(async (s) => (await lookupWith(s.url, token, partno)).status));
/** Each server refuses the token within 5 s (asked until it refuses, then no more). */
const refusedEverywhere = (token: string): Promise<boolean> =>
  untilEach(servers.map((s) => async () => (await lookupWith(s.url, token, partno)).status === 403), 5000);

async function addOnRedis(name: string): Promise<string> {
  const added = await run(['serve', 'token', 'add', name, '--redis', redis.url]);
  expect(added.code).toBe(0);
  const token = added.stdout.trim().split('\n').pop()!;
  expect(await until(async () => (await statuses(token)).every((s) => s === 200), 5000)).toBe(true);
  return token;
}

beforeAll(async () => {
  ({ dir, site } = makeServeFolder('partspec-revocation-'));
  redis = await startRedisServer();
  emulator = await startEmulator({ port: 0 });
  partno = [...emulator.catalog.byPartno.keys()][3];
  tokensFile = path.join(dir, 'tokens.json');
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await emulator?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('a tokens file seeds two servers on Redis; the file then says the tokens live in Redis, without credentials', async () => {
  const added = await run(['serve', 'token', 'add', 'alice', '--tokens', tokensFile]);
  expect(added.code).toBe(0);
  const alice = added.stdout.trim().split('\n').pop()!;
  // The address is given in the environment, as the README advises (it keeps a password out of the process list).
  servers = await Promise.all([0, 1].map(() => startPartspecServer(['--upstream', emulator.url, '--site', site, '--tokens', tokensFile], env({ PARTSPEC_REDIS_URL: redis.url }), dir, children)));
  expect(await statuses(alice)).toEqual([200, 200]);
  const file = JSON.parse(readFileSync(tokensFile, 'utf8'));
  expect(file.redis.address).toBe(redis.url.replace(/\/$/, ''));
  expect(file.tokens.map((t: { name: string }) => t.name)).toEqual(['alice']);

  // The file alone: refused, with the Redis way named; nothing changed.
  const viaFile = await run(['serve', 'token', 'revoke', 'alice', '--tokens', tokensFile]);
  expect(viaFile.code).toBe(2);
  expect(viaFile.stderr).toMatch(/keep the tokens of .*tokens\.json in Redis at redis:\/\/127\.0\.0\.1:\d+/);
  expect(viaFile.stderr).toMatch(/--redis URL \(or set PARTSPEC_REDIS_URL, or redisUrl in the config file\)/);
  expect(await statuses(alice)).toEqual([200, 200]);
  const listedFromFile = await run(['serve', 'token', 'list', '--tokens', tokensFile]);
  expect(listedFromFile.code).toBe(2);

  // Told the Redis address and given the file too: refused as well.
  const both = await run(['serve', 'token', 'revoke', 'alice', '--tokens', tokensFile], { PARTSPEC_REDIS_URL: redis.url });
  expect(both.code).toBe(2);
  expect(both.stderr).toMatch(/PARTSPEC_REDIS_URL names the servers' Redis/);
  expect(await statuses(alice)).toEqual([200, 200]);

  // The environment's address: revoked on both servers within 5 s.
  const listed = await run(['serve', 'token', 'list'], { PARTSPEC_REDIS_URL: redis.url });
  expect(listed.code).toBe(0);
  expect(listed.stderr).toMatch(/^Tokens in Redis at redis:\/\/127\.0\.0\.1:\d+ \(from PARTSPEC_REDIS_URL\):/m);
  expect(listed.stdout).toMatch(/^alice\s/m);
  const viaEnv = await run(['serve', 'token', 'revoke', 'alice'], { PARTSPEC_REDIS_URL: redis.url });
  expect(viaEnv.code).toBe(0);
  expect(await refusedEverywhere(alice)).toBe(true);
});

test('revoking with --redis URL and with the config file reaches both servers', async () => {
  const bob = await addOnRedis('bob');
  const viaFlag = await run(['serve', 'token', 'revoke', 'bob', '--redis', redis.url]);
  expect(viaFlag.code).toBe(0);
  expect(viaFlag.stderr).toMatch(/Revoked the token of bob in Redis at redis:\/\/127\.0\.0\.1:\d+ \(from --redis\)/);
  expect(await refusedEverywhere(bob)).toBe(true);

  const carol = await addOnRedis('carol');
  const config = path.join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ redisUrl: redis.url }), { mode: 0o600 });
  const viaConfig = await run(['serve', 'token', 'revoke', 'carol', '--config', config]);
  expect(viaConfig.code).toBe(0);
  expect(viaConfig.stderr).toMatch(/\(from the config file .*config\.json\)/);
  expect(await refusedEverywhere(carol)).toBe(true);

  // A name that is not there: exit 1 and says nothing was revoked.
  const unknown = await run(['serve', 'token', 'revoke', 'nobody', '--redis', redis.url]);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toMatch(/No token named 'nobody' .*nothing was revoked/);
});

test('with Redis down, a revocation exits non-zero and says nothing was revoked; the token still works, as it says', async () => {
  const dave = await addOnRedis('dave');
  await redis.kill();
  try {
    const down = await run(['serve', 'token', 'revoke', 'dave', '--redis', redis.url]);
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/cannot be reached.*Nothing was revoked: the token still works on every server\./);
    expect(down.stdout).toBe('');
    expect(await statuses(dave)).toEqual([200, 200]);
  } finally {
    await redis.restart();
  }
  // The restarted Redis kept nothing; the servers put their copy of the table back within seconds.
  // A revocation before that says there is no such token and exits 1 (tested above): never silent.
  expect(await until(async () => (await run(['serve', 'token', 'list', '--json'], { PARTSPEC_REDIS_URL: redis.url })).stdout.includes('"dave"'), 10_000)).toBe(true);
  const back = await run(['serve', 'token', 'revoke', 'dave'], { PARTSPEC_REDIS_URL: redis.url });
  expect(back.code).toBe(0);
  expect(await refusedEverywhere(dave)).toBe(true);
  for (const s of servers) expect(s.stderr()).not.toContain(dave);
});
