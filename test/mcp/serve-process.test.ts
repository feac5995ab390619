/**
 * `partspec serve` as an operator starts it (a real process of bin/partspec.js) answers MCP at
 * /mcp with a personal token, and its log carries neither the key nor the token.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../emulator';
import { makeServeFolder, runPartspec, startPartspecServer } from '../server/cli-processes';
import { call, connectRemote, textOf } from './support';

let emulator: RunningEmulator;
let dir: string;
let site: string;
const children: ChildProcess[] = [];
let client: Client | undefined;

beforeAll(async () => {
  ({ dir, site } = makeServeFolder('partspec-mcp-serve-'));
  emulator = await startEmulator({ port: 0 });
}, 60_000);

afterAll(async () => {
  await client?.close().catch(() => undefined);
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await emulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('partspec serve answers /mcp for a personal token; the log shows neither key nor token', async () => {
  const env = { PATH: process.env.PATH, HOME: dir, PARTSPEC_API_KEY: DEMO_KEY };
  const tokensFile = path.join(dir, 'tokens.json');
  const added = await runPartspec(['serve', 'token', 'add', 'alice', '--tokens', tokensFile], env, dir);
  expect(added.code).toBe(0);
  const token = added.stdout.trim().split('\n').pop()!;
  const server = await startPartspecServer(['--upstream', emulator.url, '--site', site, '--tokens', tokensFile], env, dir, children);
  client = await connectRemote(server.url, token);
  expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['lookup', 'search', 'find_parts', 'replacements', 'download_url']);
  const partno = emulator.catalog.byGroup.SMD[2].values.Partno as string;
  const result = await call(client, 'lookup', { partnos: [partno] });
  expect(textOf(result)).toBe('1 part number looked up: 1 Exact.');
  expect(server.stderr()).toContain('/mcp');
  expect(server.stderr()).not.toContain(DEMO_KEY);
  expect(server.stderr()).not.toContain(token);
}, 90_000);
