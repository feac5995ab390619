import type { RunningEmulator } from '../../emulator';
import { send, searchUrl } from '../../testkit/emulator-http';
import { startRedisServer, type RedisServerFixture } from '../../testkit/redis-server';
import { startTeam, type Team } from '../../testkit/team-servers';
import { useEmulator } from '../support/use-emulator';
import { until, untilEach } from './cli-processes';

/**
 * Two and three PartSpec servers sharing one real redis-server, in front of the emulator, as a
 * team deploys them behind a load balancer. Upstream requests are counted in the emulator's log.
 * The file kills, restarts and freezes Redis on purpose, so it starts a redis-server of its own
 * rather than use the worker's (test/support/shared-redis.ts).
 */

let redis: RedisServerFixture;
const emulator = useEmulator();
let team: Team | undefined;
let partnos: string[];
let teamCounter = 0;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const apiRequests = (): RunningEmulator['requests'] => emulator.requests.filter((r) => r.url.startsWith('/v2/'));

async function openTeam(count: number, options: Partial<Parameters<typeof startTeam>[0]> = {}): Promise<Team> {
  team = await startTeam({ count, redisUrl: redis.url, upstream: emulator.url, prefix: `team${(teamCounter += 1)}:`, ...options });
  return team;
}

function lookup(base: string, token: string, partno: string): ReturnType<typeof send> {
  return send(searchUrl(base, { filter: `Partno eq '${partno}'` }), { headers: { 'x-api-key': token } });
}

/** The part numbers an upstream request asked for (`Partno eq 'A|B|…'`). */
function partsIn(entry: { url: string }): string[] {
  const filter = new URL(entry.url, 'http://upstream').searchParams.get('$filter') ?? '';
  const m = /Partno eq '([^']*)'/.exec(filter);
  return m ? m[1].split('|') : [];
}


beforeAll(async () => {
  redis = await startRedisServer();
  partnos = [...emulator.catalog.byPartno.keys()];
});

beforeEach(() => {
  emulator.configure({ rateLimit: undefined, latencyMs: 0 });
  emulator.resetLog();
});

afterEach(async () => {
  await team?.close();
  team = undefined;
  if (!redis.running()) await redis.restart();
});

afterAll(() => redis.stop());

test('a part looked up through one instance is served by the other without an upstream request', async () => {
  const { instances: [a, b] } = await openTeam(2);
  const token = await a.state.tokens!.add('alice');
  const first = await lookup(a.url, token, partnos[0]);
  expect(first.status).toBe(200);
  expect(apiRequests()).toHaveLength(1);

  const second = await lookup(b.url, token, partnos[0]);
  expect(second.status).toBe(200);
  expect(second.body.equals(first.body)).toBe(true);
  expect(apiRequests()).toHaveLength(1);
  const metrics = await send(`${b.url}/metrics`);
  expect(metrics.body.toString()).toMatch(/partspec_cache_lookups_total\{route="products",result="hit"\} 1/);
  expect(metrics.body.toString()).not.toMatch(/partspec_upstream_requests_total\{/);
});

test('identical lookups arriving at three instances at once go upstream once', async () => {
  const { instances } = await openTeam(3);
  emulator.configure({ latencyMs: 300 });
  const token = await instances[0].state.tokens!.add('bob');
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => lookup(instances[i % 3].url, token, partnos[1])));
  expect(answers.map((r) => r.status)).toEqual(new Array(12).fill(200));
  expect(apiRequests()).toHaveLength(1);
});

test('50 users hammering three instances: one budget, the upstream never answers 429, every user is answered', async () => {
  emulator.configure({ rateLimit: { max: 20, windowSeconds: 1 }, latencyMs: [5, 20] });
  const { instances } = await openTeam(3, { upstreamRate: { max: 20, windowMs: 1000 }, requestTimeoutMs: 60_000 });
  const token = await instances[0].state.tokens!.add('team');
  const statuses: number[] = [];
  const wrong: string[] = [];
  // Each user looks up 2 parts of their own and 1 everybody shares, spread over the instances.
  await Promise.all(
    Array.from({ length: 50 }, async (_, user) => {
      const mine = [partnos[10 + user * 2], partnos[11 + user * 2], partnos[5]];
      for (const [n, partno] of mine.entries()) {
        const res = await lookup(instances[(user + n) % 3].url, token, partno);
        statuses.push(res.status);
        if (res.status === 200 && !res.body.toString().includes(`"${partno}"`)) wrong.push(partno);
      }
    }),
  );
  expect(statuses).toHaveLength(150);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  expect(wrong).toEqual([]);
  const upstream = apiRequests();
  expect(upstream.filter((r) => r.status === 429)).toEqual([]);
  for (const i of instances) expect(i.stateLog.filter((l) => /unavailable/.test(l))).toEqual([]);
  // The relay packs concurrent part lookups into shared requests, per instance: every part is
  // fetched, and at most the one part all users share is packed on each instance at the same moment.
  const fetched = upstream.flatMap(partsIn);
  expect(new Set(fetched).size).toBe(101);
  expect(fetched.length).toBeLessThanOrEqual(101 + 2);
  expect(upstream.length).toBeLessThanOrEqual(101);
});

test('a download link issued by one instance opens through another', async () => {
  const { instances: [a, b] } = await openTeam(2);
  const token = await a.state.tokens!.add('frank');
  const issued = await send(`${a.url}/v2/products/getproductdatadownloadurl?category=inductors`, { headers: { 'x-api-key': token } });
  expect(issued.status).toBe(200);
  const link = new URL((issued.json() as { ProductDataDownloadUrl: string }).ProductDataDownloadUrl);
  expect(link.origin).toBe(a.url);
  const file = await send(`${b.url}${link.pathname}`, { headers: { 'accept-encoding': 'gzip' } });
  expect(file.status).toBe(200);
  expect(file.body.length).toBeGreaterThan(1000);
  const tampered = await send(`${b.url}${link.pathname.slice(0, -2)}AA`);
  expect(tampered.status).toBe(403);
});

test('a token revoked on one instance stops working on every instance within seconds', async () => {
  const { instances } = await openTeam(3);
  const token = await instances[0].state.tokens!.add('carol');
  for (const i of instances) expect((await lookup(i.url, token, partnos[2])).status).toBe(200);
  expect(await instances[2].state.tokens!.revoke('carol')).toBe(true);
  const refusedEverywhere = await untilEach(
    instances.map((i) => async () => (await lookup(i.url, token, partnos[2])).status === 403),
    3000,
  );
  expect(refusedEverywhere).toBe(true);
  const refused = await lookup(instances[1].url, token, partnos[2]);
  expect(JSON.parse(refused.body.toString()).message).toMatch(/not valid or was revoked/);
});

test('Redis killed and restarted mid-run: every user request is answered, /readyz says degraded, then ready again', async () => {
  const { instances } = await openTeam(2, { upstreamRate: { max: 50, windowMs: 1000 } });
  emulator.configure({ latencyMs: [5, 20] });
  const token = await instances[0].state.tokens!.add('dave');
  let stop = false;
  const statuses: number[] = [];
  const users = Array.from({ length: 10 }, async (_, user) => {
    for (let n = 0; !stop; n += 1) {
      statuses.push((await lookup(instances[(user + n) % 2].url, token, partnos[(user * 37 + n) % 60])).status);
      await sleep(20);
    }
  });

  // Users are answered before Redis goes (counted, not a fixed wait).
  expect(await until(async () => statuses.length >= 8, 15000)).toBe(true);
  await redis.kill();
  const degraded = await until(async () => JSON.parse((await send(`${instances[0].url}/readyz`)).body.toString()).status === 'degraded', 3000);
  expect(degraded).toBe(true);
  const readyz = await send(`${instances[1].url}/readyz`);
  expect(readyz.status).toBe(200);
  expect(JSON.parse(readyz.body.toString())).toMatchObject({ status: 'degraded', upstream: { reachable: true }, sharedState: { kind: 'redis', state: 'degraded' } });
  // Users go on being answered while Redis is down (counted, not timed: a busy machine is slow, not wrong).
  const during = statuses.length;
  expect(await until(async () => statuses.length >= during + 8, 15000)).toBe(true);
  const metrics = (await send(`${instances[0].url}/metrics`)).body.toString();
  expect(metrics).toMatch(/partspec_shared_state_degraded\{kind="redis"\} 1/);

  await redis.restart();
  const ready = await until(async () => {
    const all = await Promise.all(instances.map(async (i) => JSON.parse((await send(`${i.url}/readyz`)).body.toString()).status));
    return all.every((s) => s === 'ready');
  }, 8000);
  expect(ready).toBe(true);
  const after = statuses.length;
  expect(await until(async () => statuses.length >= after + 8, 15000)).toBe(true);
  stop = true;
  await Promise.all(users);

  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  // One line when Redis went away and one when it came back (after the one at start), not one per request.
  for (const i of instances) {
    expect(i.stateLog.filter((l) => /unavailable/.test(l))).toHaveLength(1);
    expect(i.stateLog.filter((l) => /reachable; using shared state/.test(l))).toHaveLength(2);
  }
  // The token still works after the restart wiped Redis: the instances put the table back.
  expect((await lookup(instances[1].url, token, partnos[3])).status).toBe(200);
});

test('Redis frozen mid-run (answers nothing, connections stay open): every user request is answered, then shared state resumes', async () => {
  const { instances } = await openTeam(2, { upstreamRate: { max: 50, windowMs: 1000 }, commandTimeoutMs: 300 });
  emulator.configure({ latencyMs: [5, 20] });
  const token = await instances[0].state.tokens!.add('gina');
  let stop = false;
  const statuses: number[] = [];
  const users = Array.from({ length: 8 }, async (_, user) => {
    for (let n = 0; !stop; n += 1) {
      statuses.push((await lookup(instances[(user + n) % 2].url, token, partnos[(user * 11 + n) % 40])).status);
      await sleep(20);
    }
  });
  // Each phase waits for answered requests, not for a time: a busy machine is slow, not wrong.
  expect(await until(async () => statuses.length >= 8, 15000)).toBe(true);
  redis.freeze();
  try {
    const degraded = await until(async () => instances.every((i) => i.state.health().state === 'degraded'), 5000);
    expect(degraded).toBe(true);
    const readyz = (await send(`${instances[0].url}/readyz`)).json();
    expect(readyz).toMatchObject({ status: 'degraded', sharedState: { state: 'degraded', detail: 'command timed out' } });
    const frozen = statuses.length;
    expect(await until(async () => statuses.length >= frozen + 8, 15000)).toBe(true);
  } finally {
    redis.thaw();
  }
  expect(await until(async () => instances.every((i) => i.state.health().state === 'ok'), 5000)).toBe(true);
  const thawed = statuses.length;
  expect(await until(async () => statuses.length >= thawed + 8, 15000)).toBe(true);
  stop = true;
  await Promise.all(users);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
});
