/**
 * The PartSpec server of B6 in a process of its own, as a team runs it: the simulated users'
 * clients then do not share its event loop. Reads its settings from the environment, prints
 * its address on the first stdout line, and stops on SIGTERM.
 */
import { DEMO_KEY } from '../emulator';
import { buildServer } from '../server/app';
import { createMemoryState } from '../server/state/memory';

async function main(): Promise<void> {
  const [max, windowMs] = (process.env.B6_UPSTREAM_RATE ?? '20/1000').split('/').map(Number);
  const server = await buildServer({
    upstream: process.env.B6_UPSTREAM ?? '',
    apiKey: DEMO_KEY,
    state: createMemoryState({ tokensFile: process.env.B6_TOKENS, upstreamRate: { max, windowMs } }),
    logger: false,
    userRate: false,
    requestTimeoutMs: 60_000,
  });
  const url = await server.listen(0, '127.0.0.1');
  process.stdout.write(`${url}\n`);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
