import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_KEY } from '../../emulator';
import { buildServer, type PartSpecServer } from '../../server/app';
import { createServerMetrics } from '../../server/ops/metrics';
import { opsPlugin } from '../../server/ops/plugin';
import type { Rate } from '../../server/options';
import { createMemoryState } from '../../server/state/memory';
import type { SharedState } from '../../server/state/types';
import { send, searchUrl } from '../../testkit/emulator-http';
import { useEmulator } from '../support/use-emulator';

/** /healthz, /readyz and /metrics of one server (in-process state) in front of the emulator. */

const METRICS_TOKEN = 'metrics-secret-for-tests-0123456789';

interface World {
  url: string;
  token: string;
  server: PartSpecServer;
  state: SharedState;
}

const emulator = useEmulator();
let dir: string;
const worlds: World[] = [];
let partnos: string[];

async function startWorld(options: { metrics?: boolean; metricsToken?: string; upstream?: string; upstreamRate?: Rate } = {}): Promise<World> {
  const state = createMemoryState({ tokensFile: path.join(dir, `tokens-${worlds.length}.json`), upstreamRate: options.upstreamRate });
  const metrics = options.metrics === false ? undefined : createServerMetrics({ state });
  const upstream = options.upstream ?? emulator.url;
  const server = await buildServer({ upstream, apiKey: DEMO_KEY, state, observer: metrics?.observer, logger: false, userRate: false });
  await server.app.register(opsPlugin, { state, upstream, metrics, metricsToken: options.metricsToken });
  const url = await server.listen(0, '127.0.0.1');
  const world = { url, token: await state.tokens!.add('alice'), server, state };
  worlds.push(world);
  return world;
}

const lookup = (world: World, partno: string): ReturnType<typeof send> =>
  send(searchUrl(world.url, { filter: `Partno eq '${partno}'` }), { headers: { 'x-api-key': world.token } });
const scrape = async (world: World, token = METRICS_TOKEN): Promise<string> =>
  (await send(`${world.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).body.toString();

/** The value of one sample line, e.g. `partspec_upstream_429_total`, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'partspec-ops-'));
  partnos = [...emulator.catalog.byPartno.keys()];
});

beforeEach(() => {
  emulator.configure({ rateLimit: undefined });
  emulator.resetLog();
});

afterEach(async () => {
  await Promise.all(worlds.splice(0).map((w) => w.server.close()));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('/healthz answers while the process runs, without a token and without asking the upstream', async () => {
  const world = await startWorld({ upstream: 'http://127.0.0.1:9' });
  const res = await send(`${world.url}/healthz`);
  expect(res.status).toBe(200);
  expect(res.json()).toEqual({ status: 'ok' });
  expect(res.headers['cache-control']).toBe('no-store');
});

test('/readyz is 200 when the upstream answers, and spends none of its API budget to find out', async () => {
  const world = await startWorld();
  const res = await send(`${world.url}/readyz`);
  expect(res.status).toBe(200);
  expect(res.json()).toEqual({ status: 'ready', upstream: { reachable: true }, sharedState: { kind: 'memory', state: 'ok' } });
  expect(emulator.requests.filter((r) => r.url.startsWith('/v2/'))).toEqual([]);
});

test('/readyz is 503 with a reason when the upstream cannot be reached', async () => {
  const world = await startWorld({ upstream: 'http://127.0.0.1:9' });
  const res = await send(`${world.url}/readyz`);
  expect(res.status).toBe(503);
  const body = res.json() as { status: string; upstream: { reachable: boolean; detail: string } };
  expect(body.status).toBe('unready');
  expect(body.upstream.reachable).toBe(false);
  expect(body.upstream.detail).toMatch(/cannot be reached \(ECONNREFUSED\)/);
});

test('/metrics needs the configured bearer token', async () => {
  const world = await startWorld({ metricsToken: METRICS_TOKEN });
  const none = await send(`${world.url}/metrics`);
  expect(none.status).toBe(401);
  expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
  expect(none.body.toString()).not.toMatch(/partspec_/);
  expect((await send(`${world.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
  const ok = await send(`${world.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(ok.status).toBe(200);
  expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
});

test('/metrics does not exist when metrics are turned off', async () => {
  const world = await startWorld({ metrics: false });
  expect((await send(`${world.url}/metrics`)).status).toBe(404);
  expect((await send(`${world.url}/healthz`)).status).toBe(200);
});

test('/metrics counts requests by route and status, upstream requests and latency, cache hits and misses, queue wait, 429s and pauses', async () => {
  const world = await startWorld({ metricsToken: METRICS_TOKEN, upstreamRate: { max: 100, windowMs: 1000 } });
  expect((await lookup(world, partnos[0])).status).toBe(200);
  expect((await lookup(world, partnos[0])).status).toBe(200);
  expect((await send(searchUrl(world.url, { filter: "Nonsense eq '1'" }), { headers: { 'x-api-key': world.token } })).status).toBe(400);
  expect((await lookup({ ...world, token: 'pst_not-a-token' }, partnos[0])).status).toBe(403);
  // The upstream allows one request per 2 s: the second distinct lookup meets a 429, pauses, and is still answered.
  emulator.configure({ rateLimit: { max: 1, windowSeconds: 2 } });
  expect((await lookup(world, partnos[1])).status).toBe(200);
  expect((await lookup(world, partnos[2])).status).toBe(200);

  const text = await scrape(world);
  expect(sample(text, 'partspec_http_requests_total{route="/v2/products",method="GET",status="200"}')).toBe(4);
  expect(sample(text, 'partspec_http_requests_total{route="/v2/products",method="GET",status="400"}')).toBe(1);
  expect(sample(text, 'partspec_http_requests_total{route="/v2/products",method="GET",status="403"}')).toBe(1);
  expect(sample(text, 'partspec_cache_lookups_total{route="products",result="hit"}')).toBe(1);
  expect(sample(text, 'partspec_cache_lookups_total{route="products",result="miss"}')).toBe(3);
  expect(sample(text, 'partspec_upstream_requests_total{route="products",status="200"}')).toBe(3);
  expect(sample(text, 'partspec_upstream_requests_total{route="products",status="429"}')).toBeGreaterThanOrEqual(1);
  expect(sample(text, 'partspec_upstream_request_duration_seconds_count{route="products"}')).toBe(sample(text, 'partspec_upstream_requests_total{route="products",status="200"}')! + sample(text, 'partspec_upstream_requests_total{route="products",status="429"}')!);
  expect(sample(text, 'partspec_budget_queue_wait_seconds_count{route="products"}')).toBeGreaterThanOrEqual(3);
  expect(sample(text, 'partspec_upstream_429_total')).toBeGreaterThanOrEqual(1);
  expect(sample(text, 'partspec_upstream_pause_seconds_total')).toBeGreaterThan(0);
  expect(sample(text, 'partspec_upstream_paused')).toBeDefined();
  expect(sample(text, 'partspec_shared_state_degraded{kind="memory"}')).toBe(0);
  expect(sample(text, 'partspec_process_resident_memory_bytes')).toBeGreaterThan(0);
  // Labels are route patterns: no part number, token or key ever reaches the metrics.
  for (const secret of [partnos[0], world.token, DEMO_KEY, 'pst_not-a-token', 'Nonsense']) expect(text).not.toContain(secret);
});
