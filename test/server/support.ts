/**
 * Helpers of the server tests: a PartSpec server in front of a real emulator (or a recording
 * upstream), both on 127.0.0.1 and random ports, with the server's log captured.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EmulatorOptions } from '../../emulator';
import type { ServerOptions } from '../../server/options';
import type { MemoryStateOptions } from '../../server/state/memory';
import { captureStream, startServerWorld, type ServerWorld } from '../support/server-world';

/** A PartSpec server in front of a real emulator (test/support/server-world.ts). */
export type RelayWorld = ServerWorld;

export { captureStream };

/** The server world, its in-memory state made with `state` (pass-through when `server.passThrough`). */
export function startRelayWorld(options: { emulator?: EmulatorOptions; server?: Partial<ServerOptions>; state?: MemoryStateOptions } = {}): Promise<RelayWorld> {
  return startServerWorld({ emulator: options.emulator, server: options.server, memory: options.state });
}

/** A stand-in for the maker's API that records what it receives and answers as told. */
export interface RecordingUpstream {
  url: string;
  received: { url: string; headers: IncomingHttpHeaders }[];
  respond: (url: string) => { status: number; body: string; headers?: Record<string, string> };
  close(): Promise<void>;
}

export async function startRecordingUpstream(): Promise<RecordingUpstream> {
  const upstream: RecordingUpstream = {
    url: '',
    received: [],
    respond: () => ({ status: 200, body: '{"HasMoreHits":false,"Data":{}}' }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    upstream.received.push({ url: request.url ?? '', headers: request.headers });
    const answer = upstream.respond(request.url ?? '');
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return upstream;
}

/** A GET with an `x-api-key`, answering status, headers and text. */
export async function get(url: string, key?: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; text: string; json(): unknown }> {
  const response = await fetch(url, { headers: { ...(key ? { 'x-api-key': key } : {}), ...headers } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as unknown };
}

export const PRODUCTS = "/v2/products?$filter=Partno%20eq%20'GRM'&lang=en";
