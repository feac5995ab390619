/**
 * Assistants on /mcp are users of the server with their own identity, over real sockets from two
 * loopback addresses (127.0.0.2 plays the attacker's machine, 127.0.0.1 the user's): refused
 * credentials, the allowance for unproven keys and the log count the caller's own address, never
 * the server's; /mcp is under --user-rate and the refused-credential limit; one user runs at most
 * two calls at once; each sentence names the right party. And /mcp by the specification: Host and
 * Origin checked, every tool's data also as JSON text, an output schema for each tool.
 */
import { randomBytes } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createMemoryState } from '../../server/state/memory';
import { createTokenFileStore } from '../../server/tokens/token-file';
import { MAX_CALLS_PER_USER } from '../../server/mcp/plugin';
import { postFrom, sentenceOfAnswer, toolCall } from './post-from';
import { jumpingClock } from '../support/clock';
import { call, connectRemote, DEMO_KEY, jsonTextOf, startRemoteWorld, textOf, type RemoteWorld } from './support';

let world: RemoteWorld | undefined;
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  await world?.close();
  world = undefined;
});

const randomKey = (): string => `key-${randomBytes(12).toString('hex')}`;
const randomToken = (): string => `pst_${randomBytes(16).toString('base64url')}`;
const LIST = { method: 'tools/list' };

async function remote(w: RemoteWorld, credential: string): Promise<Client> {
  const client = await connectRemote(w.url, credential);
  clients.push(client);
  return client;
}

/** The log lines of relayed API calls (not /mcp itself) and the address each came from. */
function relayedAddresses(w: RemoteWorld): string[] {
  return w
    .log()
    .split('\n')
    .filter((line) => line.includes('"req"'))
    .map((line) => JSON.parse(line) as { req: { url: string; remoteAddress: string } })
    .filter((entry) => entry.req.url.startsWith('/v2/'))
    .map((entry) => entry.req.remoteAddress);
}

test('pass-through: made-up keys sent to /mcp from one address lock out that address only; a user at another keeps working', async () => {
  world = await startRemoteWorld({
    server: { passThrough: true, apiKey: undefined, abuseLimits: { failedCredentials: { points: 5, seconds: 600 }, unprovenKeyRequests: { points: 50, seconds: 60 } } },
    state: createMemoryState({}),
  });
  const w = world;
  const partno = w.emulator.catalog.byGroup.SMD[0].values.Partno as string;
  const attack = [];
  for (let i = 0; i < 8; i += 1) attack.push(await postFrom('127.0.0.2', w.url, randomKey(), toolCall('lookup', { partnos: [partno] })));

  // Each made-up key reaches the service once and is refused: a key, in the sentence, never a token.
  for (const answer of attack.slice(0, 5)) {
    expect(answer.status).toBe(200);
    expect(answer.body.result?.isError).toBe(true);
    expect(sentenceOfAnswer(answer)).toBe('The product service refused this API key (403): send your own maker API key as "Authorization: Bearer <key>".');
  }
  // Then the attacker's own address waits, in the server's words.
  expect(attack.slice(5).map((a) => a.status)).toEqual([429, 429, 429]);
  expect(sentenceOfAnswer(attack[5])).toMatch(/^Too many refused tokens or keys from this address: this PartSpec server takes no more from it for \d+ s\./);
  expect(Number(attack[5].retryAfter)).toBeGreaterThan(0);

  // The user at 127.0.0.1 is not locked out.
  const client = await remote(w, DEMO_KEY);
  const result = await call(client, 'lookup', { partnos: [partno] });
  expect(result.isError).toBeFalsy();
  expect(textOf(result)).toBe('1 part number looked up: 1 Exact.');
  // The relay saw (and logged) each caller's own address for the tools' API calls, never only the server's.
  const addresses = relayedAddresses(w);
  expect(addresses.filter((a) => a === '127.0.0.2')).toHaveLength(5);
  expect(addresses).toContain('127.0.0.1');
});

test("pass-through: unproven keys spend their own address's allowance, and the server's own limit is not called the product service's", async () => {
  world = await startRemoteWorld({
    server: { passThrough: true, apiKey: undefined, abuseLimits: { unprovenKeyRequests: { points: 1, seconds: 300 } } },
    state: createMemoryState({}),
  });
  const w = world;
  const partno = w.emulator.catalog.byGroup.SMD[1].values.Partno as string;
  const first = await postFrom('127.0.0.2', w.url, randomKey(), toolCall('lookup', { partnos: [partno] }));
  expect(sentenceOfAnswer(first)).toMatch(/refused this API key/);
  const before = w.emulator.requests.length;
  const second = await postFrom('127.0.0.2', w.url, randomKey(), toolCall('lookup', { partnos: [partno] }));
  expect(second.body.result?.isError).toBe(true);
  expect(sentenceOfAnswer(second)).toMatch(/^Too many requests with API keys the product service has not accepted yet from this address; try again in \d+ s\.$/);
  expect(sentenceOfAnswer(second)).not.toMatch(/product service is limiting/);
  expect(w.emulator.requests.length).toBe(before);

  // The user's address has its own allowance: its key is proven by its first answer.
  const client = await remote(w, DEMO_KEY);
  expect(textOf(await call(client, 'lookup', { partnos: [partno] }))).toBe('1 part number looked up: 1 Exact.');
  expect(textOf(await call(client, 'lookup', { partnos: [partno, 'NOTAPART-0000'] }))).toMatch(/^2 part numbers looked up/);
});

test('team mode: token guesses on /mcp trip the refused-credential limit of their address only', async () => {
  world = await startRemoteWorld({ server: { abuseLimits: { failedCredentials: { points: 5, seconds: 600 } } } });
  const w = world;
  const statuses: number[] = [];
  for (let i = 0; i < 8; i += 1) statuses.push((await postFrom('127.0.0.2', w.url, randomToken(), LIST)).status);
  expect(statuses).toEqual([403, 403, 403, 403, 403, 429, 429, 429]);
  // Even the right token waits at that address; the user's own address is untouched.
  expect((await postFrom('127.0.0.2', w.url, w.token, LIST)).status).toBe(429);
  const own = await postFrom('127.0.0.1', w.url, w.token, LIST);
  expect(own.status).toBe(200);
  expect(own.body.result?.tools?.length).toBeGreaterThan(0);
});

test('/mcp is under --user-rate: per token in team mode, per address for unproven pass-through keys', async () => {
  world = await startRemoteWorld({ server: { userRate: { max: 4, windowMs: 60_000 } } });
  const team: { status: number; message: string }[] = [];
  for (let i = 0; i < 6; i += 1) {
    const answer = await postFrom('127.0.0.1', world.url, world.token, LIST);
    team.push({ status: answer.status, message: sentenceOfAnswer(answer) });
  }
  expect(team.map((a) => a.status)).toEqual([200, 200, 200, 200, 429, 429]);
  expect(team[4].message).toMatch(/^Too many requests from this user: at most 4 per 1 minute on this PartSpec server\./);
  await world.close();

  world = await startRemoteWorld({ server: { passThrough: true, apiKey: undefined, userRate: { max: 4, windowMs: 60_000 } }, state: createMemoryState({}) });
  const random: number[] = [];
  for (let i = 0; i < 6; i += 1) random.push((await postFrom('127.0.0.2', world.url, randomKey(), LIST)).status);
  expect(random).toEqual([200, 200, 200, 200, 429, 429]);
  expect((await postFrom('127.0.0.1', world.url, randomKey(), LIST)).status).toBe(200);
});

test(`one user runs at most ${MAX_CALLS_PER_USER} calls at once; another user is not held back`, async () => {
  const clock = jumpingClock();
  world = await startRemoteWorld({ emulator: { latencyMs: 1500 }, memory: { now: clock.now } });
  const w = world;
  const other = await createTokenFileStore(w.tokensFile).add('bob');
  // The server reads the tokens file when it changes, at most once a second by its clock: move the
  // clock past that second, then wait until it knows bob.
  clock.advance(1000);
  for (let i = 0; i < 50 && (await postFrom('127.0.0.1', w.url, other, LIST)).status !== 200; i += 1) await new Promise((r) => setTimeout(r, 100));
  const smd = w.emulator.catalog.byGroup.SMD.map((p) => p.values.Partno as string);
  const mine = [0, 1, 2].map((i) => postFrom('127.0.0.1', w.url, w.token, toolCall('lookup', { partnos: [smd[10 + i]] })));
  const theirs = postFrom('127.0.0.1', w.url, other, toolCall('lookup', { partnos: [smd[20]] }));
  const answers = await Promise.all(mine);
  const refused = answers.filter((a) => a.status === 429);
  expect(refused).toHaveLength(1);
  expect(sentenceOfAnswer(refused[0])).toBe(`This user already has ${MAX_CALLS_PER_USER} calls running on this PartSpec server: wait for one to finish, then send the next.`);
  expect(answers.filter((a) => a.status === 200 && !a.body.result?.isError)).toHaveLength(2);
  const bob = await theirs;
  expect(bob.status).toBe(200);
  expect(bob.body.result?.isError).toBeFalsy();
}, 60_000);

test('Host and Origin are checked: another host name or page is refused before any credential is read', async () => {
  world = await startRemoteWorld();
  const w = world;
  const port = new URL(w.url).port;
  const cases: [Record<string, string>, number, RegExp | undefined][] = [
    [{ host: `rebound.example:${port}` }, 403, /answers \/mcp only at 127\.0\.0\.1:\d+: the request named another host/],
    [{ origin: 'http://rebound.example' }, 403, /only for pages of http:\/\/127\.0\.0\.1:\d+/],
    [{ origin: 'null' }, 403, /only for pages of/],
    [{ host: `localhost:${port}` }, 200, undefined],
    [{ origin: new URL(w.url).origin }, 200, undefined],
  ];
  for (const [headers, status, sentence] of cases) {
    const answer = await postFrom('127.0.0.1', w.url, w.token, LIST, headers);
    expect({ headers, status: answer.status }).toEqual({ headers, status });
    if (sentence) expect(sentenceOfAnswer(answer)).toMatch(sentence);
  }
  // A refused place counts no refused credential.
  for (let i = 0; i < 35; i += 1) expect((await postFrom('127.0.0.2', w.url, randomToken(), LIST, { origin: 'http://rebound.example' })).status).toBe(403);
  expect((await postFrom('127.0.0.2', w.url, w.token, LIST)).status).toBe(200);
});

test('every tool declares an output schema, and its data comes also as JSON text', async () => {
  world = await startRemoteWorld();
  const client = await remote(world, world.token);
  const { tools } = await client.listTools();
  for (const tool of tools) expect({ name: tool.name, type: tool.outputSchema?.type }).toEqual({ name: tool.name, type: 'object' });
  const smd = world.emulator.catalog.byGroup.SMD;
  const answers = [
    await call(client, 'lookup', { partnos: [smd[3].values.Partno as string] }),
    await call(client, 'search', { category: 'inductors', limit: 2 }),
    await call(client, 'find_parts', { lines: ['100nF 16V X7R 0402'] }),
    await call(client, 'replacements', { partnos: [smd[3].values.Partno as string] }),
    await call(client, 'download_url', { category: 'inductors' }),
  ];
  for (const answer of answers) {
    expect(answer.isError).toBeFalsy();
    expect(answer.content).toHaveLength(2);
    expect(jsonTextOf(answer)).toEqual(answer.structuredContent);
  }
});
