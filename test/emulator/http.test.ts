import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URL_BUDGET_BYTES } from '../../api';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../emulator';
import { get, send } from '../../testkit/emulator-http';

let emulator: RunningEmulator;
const logFile = join(mkdtempSync(join(tmpdir(), 'partspec-emulator-')), 'requests.jsonl');

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, keys: [DEMO_KEY, 'second-key'], logRequests: logFile });
});
afterAll(() => emulator.close());

describe('health, keys and unknown resources', () => {
  test('GET /healthz answers 200 without a key', async () => {
    const res = await send(`${emulator.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  test('missing or unknown key → 403 with a JSON message; every configured key works', async () => {
    const url = `${emulator.url}/v2/products?$filter=NewProduct%20eq%20true`;
    const missing = await send(url);
    expect(missing.status).toBe(403);
    expect(missing.json()).toEqual({ message: 'Missing API key: send it in the x-api-key header.' });
    const wrong = await send(url, { headers: { 'x-api-key': 'not-a-key' } });
    expect(wrong.status).toBe(403);
    expect((wrong.json() as { message: string }).message).toMatch(/not valid/);
    expect((await send(url, { headers: { 'x-api-key': 'second-key' } })).status).toBe(200);
  });

  test('the key is never accepted from the query string', async () => {
    const res = await send(`${emulator.url}/v2/products?x-api-key=${DEMO_KEY}`);
    expect(res.status).toBe(403);
  });

  test.each([
    ['GET', '/v2/product'],
    ['GET', '/v3/products'],
    ['GET', '/'],
    ['POST', '/v2/products'],
    ['DELETE', '/v2/products'],
    ['PUT', '/v2/products/getproductdatadownloadurl'],
  ])('%s %s → 403 with a JSON message', async (method, path) => {
    const res = await send(`${emulator.url}${path}`, { method, headers: { 'x-api-key': DEMO_KEY, 'content-type': 'application/json' } });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect((res.json() as { message: string }).message).toMatch(/No API method/);
  });
});

describe('URL length', () => {
  const urlOf = (bytes: number): string => {
    const base = `${emulator.url}/v2/products?$filter=`;
    const head = 'Partno%20eq%20%27';
    return `${base}${head}${'A'.repeat(bytes - base.length - head.length - 3)}%27`;
  };

  test(`a URL of exactly ${URL_BUDGET_BYTES} bytes is answered; one byte more → 414 with a message`, async () => {
    const ok = await get(urlOf(URL_BUDGET_BYTES));
    expect(ok.status).toBe(200);
    const tooLong = await get(urlOf(URL_BUDGET_BYTES + 1));
    expect(tooLong.status).toBe(414);
    expect((tooLong.json() as { message: string }).message).toMatch(/2083 bytes long; the limit is 2082 bytes/);
    const huge = await get(urlOf(40_000));
    expect(huge.status).toBe(414);
  });
});

describe('CORS', () => {
  test('the preflight is answered for any origin, allowing x-api-key', async () => {
    const res = await send(`${emulator.url}/v2/products?$filter=x`, {
      method: 'OPTIONS',
      headers: { origin: 'https://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-api-key');
    expect(String(res.headers['access-control-allow-methods'])).toContain('GET');
  });

  test('answers, errors included, carry the CORS headers and expose Retry-After', async () => {
    for (const headers of [{ 'x-api-key': DEMO_KEY }, {}] as Record<string, string>[]) {
      const res = await send(`${emulator.url}/v2/products?$filter=NewProduct%20eq%20true`, { headers: { ...headers, origin: 'https://example.org' } });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(String(res.headers['access-control-expose-headers'])).toContain('Retry-After');
    }
  });
});

describe('request log', () => {
  test('records method, URL, its byte length with the host, status and products; not /healthz or preflights', async () => {
    emulator.resetLog();
    const path = '/v2/products?$filter=Partno%20eq%20%27MCS18R71H104KZ9D%7CMCS18R71H104KZ9J%27';
    await get(`${emulator.url}${path}`);
    await send(`${emulator.url}/healthz`);
    await send(`${emulator.url}/v2/products`, { method: 'OPTIONS', headers: { origin: 'https://a.example', 'access-control-request-method': 'GET' } });
    await send(`${emulator.url}/v2/products`);
    expect(emulator.requests).toHaveLength(2);
    const [first, second] = emulator.requests;
    expect(first).toMatchObject({ method: 'GET', url: path, status: 200, products: 2 });
    expect(first.urlBytes).toBe(Buffer.byteLength(`${emulator.url}${path}`));
    expect(new Date(first.time).toISOString()).toBe(first.time);
    expect(second).toMatchObject({ status: 403, products: 0 });
  });

  test('the log file gets one JSON line per request, /healthz and preflights included', async () => {
    await send(`${emulator.url}/healthz?from=log-test`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = readFileSync(logFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { url: string; method: string });
    expect(lines.some((l) => l.url === '/healthz?from=log-test')).toBe(true);
    expect(lines.some((l) => l.method === 'OPTIONS')).toBe(true);
    expect(lines.every((l) => typeof l.url === 'string')).toBe(true);
  });
});
