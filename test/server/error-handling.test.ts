/**
 * The server as `partspec serve` runs it, hosting the add-in (a stand-in site folder): every
 * failure of the relay is answered with its documented status and sentence, never a bare 500,
 * and logged without a stack.
 */
import { rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { DEMO_KEY } from '../../emulator';
import { makeServeFolder } from './cli-processes';
import { get, PRODUCTS, startRelayWorld, type RelayWorld } from './support';

let folder: { dir: string; site: string };
const worlds: RelayWorld[] = [];

beforeAll(() => {
  folder = makeServeFolder('partspec-errors-');
});
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((w) => w.close()));
});
afterAll(() => rmSync(folder.dir, { recursive: true, force: true }));

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('hosting the add-in, a budget wait is answered 503 with Retry-After and its sentence, and the site is still served', async () => {
  const world = await startRelayWorld({
    server: { siteDir: folder.site, requestTimeoutMs: 3000, passThrough: true },
    state: { upstreamRate: { max: 1, windowMs: 60_000 } },
  });
  worlds.push(world);
  expect((await get(`${world.url}/taskpane.html`)).status).toBe(200);
  expect((await get(`${world.url}${PRODUCTS}`, DEMO_KEY)).status).toBe(200);
  const waited = await get(`${world.url}/v2/products?$filter=Partno%20eq%20'OTHER'&lang=en`, DEMO_KEY);
  expect(waited.status).toBe(503);
  expect(Number(waited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect((waited.json() as { message: string }).message).toMatch(/request budget is used up .* try again in \d+ s\./);
  expect(world.log()).not.toMatch(/"level":50/);
  expect(world.log()).not.toMatch(/\bat [\w.<>]+ \(/);
});

test('hosting the add-in, an unreachable upstream is answered 502 with its sentence, logged without a stack', async () => {
  const world = await startRelayWorld({ server: { siteDir: folder.site, upstream: `http://127.0.0.1:${await closedPort()}` } });
  worlds.push(world);
  const failed = await get(`${world.url}${PRODUCTS}`, world.token);
  expect(failed.status).toBe(502);
  expect((failed.json() as { message: string }).message).toMatch(/^The PartSpec server cannot reach the product service \(ECONNREFUSED\); try again later\.$/);
  const missing = await get(`${world.url}/no/such/page`);
  expect(missing.status).toBe(404);
  expect(world.log()).not.toMatch(/"level":50/);
  expect(world.log()).not.toContain('"stack"');
});

test('hosting the add-in, an upstream that never answers is answered 504 with its sentence', async () => {
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  try {
    const port = (silent.address() as { port: number }).port;
    const world = await startRelayWorld({ server: { siteDir: folder.site, upstream: `http://127.0.0.1:${port}`, requestTimeoutMs: 500 } });
    worlds.push(world);
    const failed = await get(`${world.url}${PRODUCTS}`, world.token);
    expect(failed.status).toBe(504);
    expect(failed.json()).toEqual({ message: 'The product service did not answer the PartSpec server in time; try again.' });
    expect(world.log()).not.toMatch(/"level":50/);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
});
