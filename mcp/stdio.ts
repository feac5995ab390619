import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createPartSpecMcpServer, type PartSpecMcpOptions } from './server';

/**
 * Serves the assistants' server on stdin/stdout until stdin ends (the assistant closed it) or
 * `signal` fires. stdout carries only protocol messages; everything else goes to `log` (stderr).
 */
export async function serveStdio(options: PartSpecMcpOptions, io: { stdin: Readable; stdout: Writable; signal: AbortSignal }): Promise<void> {
  const server = createPartSpecMcpServer(options);
  const transport = new StdioServerTransport(io.stdin, io.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
  });
  await server.connect(transport);
  const stop = (): void => void server.close().catch(() => undefined);
  io.stdin.once('end', stop);
  io.stdin.once('close', stop);
  if (io.signal.aborted) stop();
  else io.signal.addEventListener('abort', stop, { once: true });
  await closed;
}
