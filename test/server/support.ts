/**
 * Helpers of the server tests: a PartSpec server in front of a real emulator (or a recording
 * upstream), both on 127.0.0.1 and random ports, with the server's log captured.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { DEMO_KEY, startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator';
import { buildServer, type PartSpecServer } from '../../server/app';
import type { ServerOptions } from '../../server/options';
import { createMemoryState, type MemoryStateOptions } from '../../server/state/memory';
import { createTokenFileStore } from '../../server/tokens/token-file';

export interface RelayWorld {
  emulator: RunningEmulator;
  server: PartSpecServer;
  url: string;
  tokensFile: string;
  /** A valid token of user 'alice'. */
  token: string;
  /** Everything the server logged. */
  log(): string;
  /** Upstream API requests so far (the emulator's log). */
  upstreamCount(): number;
  close(): Promise<void>;
}

/** Collects a logger's output in memory. */
export function captureStream(): { stream: Writable; text(): string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

export async function startRelayWorld(
  options: { emulator?: EmulatorOptions; server?: Partial<ServerOptions>; state?: MemoryStateOptions } = {},
): Promise<RelayWorld> {
  const dir = mkdtempSync(path.join(tmpdir(), 'partspec-relay-'));
  const tokensFile = path.join(dir, 'tokens.json');
  const token = await createTokenFileStore(tokensFile).add('alice');
  const emulator = await startEmulator({ port: 0, ...options.emulator });
  const log = captureStream();
  const passThrough = options.server?.passThrough ?? false;
  const server = await buildServer({
    upstream: emulator.url,
    apiKey: passThrough ? undefined : DEMO_KEY,
    state: createMemoryState({ tokensFile: passThrough ? undefined : tokensFile, ...options.state }),
    logger: { level: 'info', stream: log.stream },
    ...options.server,
  });
  const url = await server.listen(0, '127.0.0.1');
  return {
    emulator,
    server,
    url,
    tokensFile,
    token,
    log: log.text,
    upstreamCount: () => emulator.requests.length,
    async close() {
      await server.close();
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
