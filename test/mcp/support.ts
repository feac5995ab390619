/**
 * Helpers of the assistants' server tests: the SDK's own client over stdio (a real `partspec mcp`
 * process) or over Streamable HTTP (a PartSpec server with /mcp in front of a real emulator).
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DEMO_KEY, type EmulatorOptions, type RunningEmulator } from '../../emulator';
import { createClient } from '../../api/node';
import { createPartSpecMcpServer } from '../../mcp/server';
import type { ServerOptions } from '../../server/options';
import type { SharedState } from '../../server/state/types';
import type { MemoryStateOptions } from '../../server/state/memory';
import { startServerWorld, type ServerWorld } from '../support/server-world';
import { ROOT } from '../cli/helpers';

const BIN = join(ROOT, 'bin', 'partspec.js');

/** A client connected to `partspec mcp` as an assistant starts it, with what the process wrote on stderr. */
export interface StdioSession {
  client: Client;
  stderr(): string;
  close(): Promise<void>;
}

export async function startStdioSession(args: readonly string[], env: Record<string, string>): Promise<StdioSession> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', ...args], env: { PATH: process.env.PATH ?? '', ...env }, cwd: env.HOME, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'partspec-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** A PartSpec server in team mode with /mcp registered as `partspec serve` registers it (test/support/server-world.ts). */
export type RemoteWorld = ServerWorld;

export function startRemoteWorld(options: { emulator?: EmulatorOptions; server?: Partial<ServerOptions>; state?: SharedState; memory?: MemoryStateOptions } = {}): Promise<RemoteWorld> {
  return startServerWorld({ ...options, mcp: true });
}

/** The SDK's client over Streamable HTTP with a bearer token. */
export async function connectRemote(url: string, token: string, path = '/mcp'): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(path, url), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
  const client = new Client({ name: 'partspec-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** Calls a tool and returns its result, typed. */
export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The sentence of a result: its first text block (an answer's second block is its data as JSON). */
export const textOf = (result: CallToolResult): string => {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
};

/** The data of an answer as a client that reads only text gets it: the JSON of its second text block. */
export const jsonTextOf = (result: CallToolResult): unknown => {
  const second = result.content[1];
  if (second?.type !== 'text') throw new Error('the answer has no JSON text block');
  return JSON.parse(second.text) as unknown;
};

export { DEMO_KEY };

/** The text of a resource read. */
export const resourceText = (read: { contents: ({ text: string } | { blob: string })[] }): string => {
  const [content] = read.contents;
  if (!('text' in content)) throw new Error('the resource is not text');
  return content.text;
};

/**
 * The assistants' server in this process for a file's tests (the SDK's in-memory transport, the
 * real client against `emulator` over HTTP, no cache), connected in beforeAll and closed in
 * afterAll; read `session.client` inside tests.
 */
export function useInMemoryMcp(emulator: RunningEmulator): { client: Client } {
  const session = {} as { client: Client };
  beforeAll(async () => {
    const server = createPartSpecMcpServer({
      client: createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false }),
      lang: 'en',
      secrets: [DEMO_KEY],
      authFailure: 'The key was refused.',
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    session.client = new Client({ name: 'partspec-test', version: '1.0.0' });
    await session.client.connect(clientSide);
  });
  afterAll(() => session.client?.close());
  return session;
}
