/**
 * /mcp on a PartSpec server in team mode, driven by the SDK's own Streamable HTTP client, in front
 * of the emulator over real HTTP: the tools answer what the command line prints, through the
 * server's relay (its token check, cache and budget); a revoked token is refused within 5 s; 20
 * assistants at once share the upstream budget without a rate-limit error; the key is nowhere.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import Papa from 'papaparse';
import { createMemoryState } from '../../server/state/memory';
import { createTokenFileStore } from '../../server/tokens/token-file';
import { type CliRun } from '../cli/helpers';
import { runCliInProcess } from '../cli/in-process';
import { until } from '../server/cli-processes';
import { jumpingClock } from '../support/clock';
import { call, connectRemote, DEMO_KEY, resourceText, startRemoteWorld, textOf, type RemoteWorld } from './support';

const RATE = { max: 6, windowMs: 1000 };
let world: RemoteWorld;
// The clock of the server's tokens file: a test moves it past the file's one-second recheck instead of waiting.
const tokensClock = jumpingClock();
let home: string;
const answers: string[] = [];
const clients: Client[] = [];

const cli = (args: string[]): Promise<CliRun> => runCliInProcess([...args, '--base-url', world.emulator.url], { home, env: { PARTSPEC_API_KEY: DEMO_KEY } });

async function remote(token: string): Promise<Client> {
  const client = await connectRemote(world.url, token);
  clients.push(client);
  return client;
}

async function tool(client: Client, name: string, args: Record<string, unknown>): ReturnType<typeof call> {
  const result = await call(client, name, args);
  answers.push(JSON.stringify(result));
  return result;
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'partspec-mcp-home-'));
  // The emulator allows 10 requests a second; the server's budget keeps its users under it.
  const tokensDir = mkdtempSync(join(tmpdir(), 'partspec-mcp-tokens-'));
  const tokensFile = join(tokensDir, 'tokens.json');
  await createTokenFileStore(tokensFile).add('seed');
  world = await startRemoteWorld({ emulator: { rateLimit: { max: 10, windowSeconds: 1 } }, state: createMemoryState({ tokensFile, upstreamRate: RATE, tokens: createTokenFileStore(tokensFile, { now: tokensClock.now }) }) });
  world.tokensFile = tokensFile;
  world.token = await createTokenFileStore(tokensFile).add('alice');
  const close = world.close;
  world.close = async () => {
    await close();
    rmSync(tokensDir, { recursive: true, force: true });
  };
}, 60_000);

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  await world?.close();
  rmSync(home, { recursive: true, force: true });
});

test('tools/list over HTTP offers every tool but check_bom (a server reads no files); each answers what the command line prints', async () => {
  const client = await remote(world.token);
  expect(client.getServerVersion()?.name).toBe('partspec');
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(['lookup', 'search', 'find_parts', 'replacements', 'download_url']);

  const smd = world.emulator.catalog.byGroup.SMD;
  const inputs = [smd[1].values.Partno as string, 'NOTAPART-0000'];
  const lookup = await tool(client, 'lookup', { partnos: inputs });
  expect(lookup.structuredContent).toEqual({ results: JSON.parse((await cli(['lookup', ...inputs, '--json'])).stdout) });
  // Each POST is its own server, but the token's looked-up parts stay listed as resources.
  const { resources } = await client.listResources();
  expect(resources.map((r) => r.uri)).toEqual(expect.arrayContaining(inputs.map((p) => `partspec://part/${encodeURIComponent(p)}`)));
  const part = await client.readResource({ uri: `partspec://part/${encodeURIComponent(inputs[0])}` });
  expect(JSON.parse(resourceText(part))).toEqual((lookup.structuredContent as { results: unknown[] }).results[0]);

  const ending = smd.filter((p) => p.values.Status === 'NRND').slice(0, 2).map((p) => p.values.Partno as string);
  const replacements = await tool(client, 'replacements', { partnos: ending });
  expect(replacements.structuredContent).toEqual({ answers: JSON.parse((await cli(['replacements', ...ending, '--json'])).stdout) });

  const search = await tool(client, 'search', { category: 'inductors', conditions: [{ field: 'Status', op: 'eq', value: ['NRND', 'Discontinued'] }], limit: 3 });
  const printed = await cli(['search', '--category', 'inductors', '--filter', "Status eq 'NRND|Discontinued'", '--max', '3', '--out', '-']);
  const firstColumn = Papa.parse<string[]>(printed.stdout.trim()).data.slice(1).map((row) => row[0]);
  const products = (search.structuredContent as { products: Record<string, unknown>[] }).products;
  expect(products.map((p) => Object.values(p)[0])).toEqual(firstColumn);

  // The link is the server's own, signed: no key, and not the upstream's address.
  const link = await tool(client, 'download_url', { category: 'ceramicCapacitorsSMD' });
  expect((link.structuredContent as { url: string }).url.startsWith(`${world.url}/`)).toBe(true);
});

/** The status of a tools/list POST with this bearer. */
async function postList(bearer: string): Promise<number> {
  const response = await fetch(`${world.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  answers.push(await response.text());
  return response.status;
}

test('no token, a wrong token or the maker key as bearer: refused before any tool runs', async () => {
  for (const bearer of ['', 'not-a-token', DEMO_KEY]) {
    const response = await fetch(`${world.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(bearer ? 403 : 401);
    const text = await response.text();
    answers.push(text);
    expect((JSON.parse(text) as { error: { message: string } }).error.message).toMatch(/token/);
  }
});

test('a revoked token is refused within 5 s, on a connection opened before', async () => {
  const store = createTokenFileStore(world.tokensFile);
  const token = await store.add('bob');
  const client = await remote(token);
  const partno = world.emulator.catalog.byGroup.Ind[0].values.Partno as string;
  expect((await tool(client, 'lookup', { partnos: [partno] })).isError).toBeFalsy();
  await store.revoke('bob');
  const revokedAt = Date.now();
  tokensClock.advance(1000);
  const refused = await until(async () => {
    try {
      await client.callTool({ name: 'lookup', arguments: { partnos: [partno] } });
      return false;
    } catch (error) {
      return /403|revoked/.test(String(error));
    }
  }, 5000);
  expect(refused).toBe(true);
  expect(Date.now() - revokedAt).toBeLessThan(5500);
});

test('20 assistants at once share the upstream budget: every answer arrives, none says rate limit', async () => {
  const catalog = [...world.emulator.catalog.byPartno.keys()];
  const store = createTokenFileStore(world.tokensFile);
  const tokens: string[] = [];
  for (let i = 0; i < 20; i += 1) tokens.push(await store.add(`user${i}`));
  // The server reads the tokens file when it changes, at most once a second by its clock: move the
  // clock past that second, then wait until it knows the last one.
  tokensClock.advance(1000);
  expect(await until(async () => (await postList(tokens[19])) === 200, 5000)).toBe(true);
  const before = world.emulator.requests.length;
  const results = await Promise.all(
    tokens.map(async (token, i) => {
      const client = await remote(token);
      // Half the parts are shared by everyone (the cache and coalescing answer them once), half are each user's own.
      const parts = [...catalog.slice(0, 20), ...catalog.slice(100 + i * 20, 120 + i * 20)];
      return tool(client, 'lookup', { partnos: parts });
    }),
  );
  for (const result of results) {
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe('40 part numbers looked up: 40 Exact.');
  }
  const upstream = world.emulator.requests.slice(before).filter((r) => r.url.startsWith('/v2/'));
  expect(upstream.filter((r) => r.status === 429)).toEqual([]);
  expect(upstream.length).toBeGreaterThan(0);
}, 60_000);

test('the key and the tokens appear in no answer and no log line', () => {
  expect(world.log().length).toBeGreaterThan(0);
  for (const text of [...answers, world.log()]) {
    expect(text).not.toContain(DEMO_KEY);
    expect(text).not.toContain(world.token);
  }
});
