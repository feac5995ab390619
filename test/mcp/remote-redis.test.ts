/**
 * /mcp on two PartSpec servers sharing a real redis-server, as a team runs them behind a load
 * balancer: assistants on either share one upstream budget (no rate-limit error reaches them), and
 * a token revoked on one server is refused by both within 5 s. Redis is only their store here: the
 * file uses the worker's redis-server under a key prefix of its own (test/support/shared-redis.ts).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../emulator';
import { buildServer, type PartSpecServer } from '../../server/app';
import { mcpPlugin } from '../../server/mcp/plugin';
import { createRedisState, type RedisSharedState } from '../../server/state/redis';
import { until, untilEach } from '../server/cli-processes';
import { sharedRedis, type SharedRedis } from '../support/shared-redis';
import { call, connectRemote, textOf } from './support';

const RATE = { max: 6, windowMs: 1000 };
let redis: SharedRedis;
let emulator: RunningEmulator;
const servers: { url: string; server: PartSpecServer; state: RedisSharedState }[] = [];
const clients: Client[] = [];

async function remote(index: number, token: string): Promise<Client> {
  const client = await connectRemote(servers[index % servers.length].url, token);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  redis = await sharedRedis();
  emulator = await startEmulator({ port: 0, rateLimit: { max: 10, windowSeconds: 1 } });
  for (let i = 0; i < 2; i += 1) {
    const state = await createRedisState({ url: redis.url, prefix: `${redis.prefix}mcp-team:`, upstreamRate: RATE, teamMode: true });
    const server = await buildServer({ upstream: emulator.url, apiKey: DEMO_KEY, state, userRate: false, linkSecret: await state.linkSecret(), logger: false });
    await server.app.register(mcpPlugin, { upstream: emulator.url, access: server.access, publicUrl: server.publicUrl });
    servers.push({ url: await server.listen(0, '127.0.0.1'), server, state });
  }
}, 60_000);

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  for (const { server } of servers) await server.close();
  await emulator?.close();
});

test('20 assistants on two servers share one upstream budget: every answer arrives, the upstream never says 429', async () => {
  const tokens: string[] = [];
  for (let i = 0; i < 20; i += 1) tokens.push(await servers[0].state.tokens!.add(`user${i}`));
  // The second server learns the new tokens from Redis: wait until it knows them all (an event, not a time).
  expect(await until(async () => (await Promise.all(tokens.map((t) => servers[1].state.tokens!.verify(t)))).every(Boolean), 5000)).toBe(true);
  const catalog = [...emulator.catalog.byPartno.keys()];
  const before = emulator.requests.length;
  const results = await Promise.all(
    tokens.map(async (token, i) => {
      const client = await remote(i, token);
      return call(client, 'lookup', { partnos: catalog.slice(200 + i * 25, 225 + i * 25) });
    }),
  );
  for (const result of results) expect(textOf(result)).toBe('25 part numbers looked up: 25 Exact.');
  const upstream = emulator.requests.slice(before).filter((r) => r.url.startsWith('/v2/'));
  expect(upstream.length).toBeGreaterThan(0);
  expect(upstream.filter((r) => r.status === 429)).toEqual([]);
}, 60_000);

test('a token revoked on one server is refused by both within 5 s', async () => {
  const token = await servers[0].state.tokens!.add('carol');
  expect(await until(async () => (await servers[1].state.tokens!.verify(token)) === 'carol', 5000)).toBe(true);
  const onEach = [await remote(0, token), await remote(1, token)];
  const partno = emulator.catalog.byGroup.Lead[0].values.Partno as string;
  for (const client of onEach) expect((await call(client, 'lookup', { partnos: [partno] })).isError).toBeFalsy();
  await servers[1].state.tokens!.revoke('carol');
  const refusedBy = async (client: Client): Promise<boolean> => {
    try {
      await client.callTool({ name: 'lookup', arguments: { partnos: [partno] } });
      return false;
    } catch (error) {
      return /403|revoked/.test(String(error));
    }
  };
  expect(await untilEach(onEach.map((client) => () => refusedBy(client)), 5000)).toBe(true);
});
