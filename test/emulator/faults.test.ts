import { get, send } from '../../testkit/emulator-http';
import { useEmulator } from '../support/use-emulator';

const emulator = useEmulator();
afterEach(() => emulator.configure({ failRate: 0, dropRate: 0, latencyMs: 0, rateLimit: undefined }));

const products = () => `${emulator.url}/v2/products?$filter=Partno%20eq%20%27MCS18R71H104KZ9D%27`;
const acquisition = () => `${emulator.url}/v2/products/getproductdatadownloadurl?category=inductors`;

describe('failRate', () => {
  test('1: every API request answers 500 with a JSON body; /healthz and preflights do not', async () => {
    emulator.configure({ failRate: 1 });
    for (const url of [products(), acquisition()]) {
      const res = await get(url);
      expect(res.status).toBe(500);
      expect((res.json() as { message: string }).message).toMatch(/Injected server failure/);
    }
    expect((await send(`${emulator.url}/healthz`)).status).toBe(200);
    const preflight = await send(products(), { method: 'OPTIONS', headers: { origin: 'https://a.example', 'access-control-request-method': 'GET' } });
    expect(preflight.status).toBe(204);
  });

  test('0.5: about half fail', async () => {
    emulator.configure({ failRate: 0.5 });
    const statuses = await Promise.all(Array.from({ length: 80 }, () => get(products()).then((r) => r.status)));
    const failed = statuses.filter((s) => s === 500).length;
    expect(failed).toBeGreaterThan(15);
    expect(failed).toBeLessThan(65);
    expect(statuses.every((s) => s === 200 || s === 500)).toBe(true);
  });
});

describe('dropRate', () => {
  test('1: the connection is cut without an answer and logged with status 0', async () => {
    emulator.resetLog();
    emulator.configure({ dropRate: 1 });
    await expect(get(products())).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(emulator.requests[0]).toMatchObject({ status: 0 });
    expect((await send(`${emulator.url}/healthz`)).status).toBe(200);
    emulator.configure({ dropRate: 0 });
    expect((await get(products())).status).toBe(200);
  });
});

describe('rateLimit', () => {
  test('past max in the window: 429 with Retry-After and a JSON message; a new window allows again', async () => {
    emulator.configure({ rateLimit: { max: 3, windowSeconds: 1 } });
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < 5; i++) {
      const res = await get(products());
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((limited!.json() as { message: string }).message).toMatch(/Too many requests: at most 3/);
    expect((await send(`${emulator.url}/healthz`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get(products())).status).toBe(200);
  });

  test('configure replaces the limit and starts counting afresh; undefined removes it', async () => {
    emulator.configure({ rateLimit: { max: 1, windowSeconds: 60 } });
    expect((await get(products())).status).toBe(200);
    expect((await get(acquisition())).status).toBe(429);
    emulator.configure({ rateLimit: { max: 2, windowSeconds: 60 } });
    expect((await get(products())).status).toBe(200);
    emulator.configure({ rateLimit: undefined });
    const statuses = await Promise.all(Array.from({ length: 5 }, () => get(products()).then((r) => r.status)));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('latency', () => {
  test('a fixed delay is added to API requests, not to /healthz', async () => {
    emulator.configure({ latencyMs: 150 });
    let started = Date.now();
    expect((await get(products())).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(145);
    started = Date.now();
    await send(`${emulator.url}/healthz`);
    expect(Date.now() - started).toBeLessThan(140);
  });

  test('a range gives delays inside it', async () => {
    emulator.configure({ latencyMs: [60, 120] });
    const times = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const started = Date.now();
        await get(products());
        return Date.now() - started;
      }),
    );
    expect(Math.min(...times)).toBeGreaterThanOrEqual(55);
    expect(Math.max(...times)).toBeLessThan(1000);
  });

  test('bad fault values are refused', () => {
    expect(() => emulator.configure({ failRate: 2 })).toThrow(RangeError);
    expect(() => emulator.configure({ latencyMs: [50, 10] })).toThrow(RangeError);
  });
});

describe('keys at run time', () => {
  test('configure({ keys }) replaces the accepted keys', async () => {
    emulator.configure({ keys: ['rotated'] });
    expect((await get(products())).status).toBe(403);
    expect((await send(products(), { headers: { 'x-api-key': 'rotated' } })).status).toBe(200);
    emulator.configure({ keys: ['partspec-demo-key'] });
    expect((await get(products())).status).toBe(200);
  });
});
