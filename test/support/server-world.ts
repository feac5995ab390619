/**
 * The one server world of the server and assistants' tests: a PartSpec server in front of a real
 * emulator, both on 127.0.0.1 and random ports, in team mode with a token of user 'alice' (or in
 * pass-through mode), with /mcp registered as `partspec serve` registers it when asked, and the
 * server's log captured.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { DEMO_KEY, startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator';
import { buildServer, type PartSpecServer } from '../../server/app';
import { mcpPlugin } from '../../server/mcp/plugin';
import type { ServerOptions } from '../../server/options';
import { createMemoryState, type MemoryStateOptions } from '../../server/state/memory';
import type { SharedState } from '../../server/state/types';
import { createTokenFileStore } from '../../server/tokens/token-file';

export interface ServerWorld {
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

export interface ServerWorldOptions {
  emulator?: EmulatorOptions;
  server?: Partial<ServerOptions>;
  /** Options of the in-memory state the world makes (the tokens file is the world's own in team mode). */
  memory?: MemoryStateOptions;
  /** A state made by the test (Redis), used as it is instead. */
  state?: SharedState;
  /** Registers /mcp. */
  mcp?: boolean;
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

export async function startServerWorld(options: ServerWorldOptions = {}): Promise<ServerWorld> {
  const dir = mkdtempSync(path.join(tmpdir(), 'partspec-server-'));
  const tokensFile = path.join(dir, 'tokens.json');
  const token = await createTokenFileStore(tokensFile).add('alice');
  const emulator = await startEmulator({ port: 0, ...options.emulator });
  const log = captureStream();
  const passThrough = options.server?.passThrough ?? false;
  const server = await buildServer({
    upstream: emulator.url,
    apiKey: passThrough ? undefined : DEMO_KEY,
    state: options.state ?? createMemoryState({ tokensFile: passThrough ? undefined : tokensFile, ...options.memory }),
    logger: { level: 'info', stream: log.stream },
    ...options.server,
  });
  if (options.mcp) await server.app.register(mcpPlugin, { upstream: emulator.url, access: server.access, publicUrl: server.publicUrl });
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
