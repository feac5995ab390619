/**
 * Limits that hold behind a proxy: with --trust-proxy as hops or addresses, the client's address is
 * the one the trusted proxy saw, so a client rotating the X-Forwarded-For values it writes itself
 * stays one address for every per-address limit (here the refused-credential limit, on the relay
 * and on /mcp). "Trust everything" is not offered.
 */
import { randomBytes } from 'node:crypto';
import { parseServeArgs } from '../../server/cli-args';
import { startRemoteWorld } from '../mcp/support';
import { isUsageError } from '../../node/errors';
import { startRelayWorld, type RelayWorld } from './support';

let world: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const PRODUCTS = "/v2/products?$filter=Partno%20eq%20'GRM'&lang=en";
const guess = (): string => `pst_${randomBytes(16).toString('base64url')}`;
const written = (): string => `${1 + (randomBytes(1)[0] % 223)}.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const LIMITS = { failedCredentials: { points: 5, seconds: 600 } };

/** Eight wrong tokens, each with a fresh client-written address left of what the proxy appends. */
async function rotate(from: string, appended: string | undefined, send: (headers: Record<string, string>, remoteAddress: string) => Promise<number>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 8; i += 1) {
    const forwarded = appended ? `${written()}, ${written()}, ${appended}` : `${written()}, ${written()}`;
    statuses.push(await send({ 'x-forwarded-for': forwarded }, from));
  }
  return statuses;
}

const relayGet = (w: Pick<RelayWorld, 'server'>) => async (headers: Record<string, string>, remoteAddress: string): Promise<number> =>
  (await w.server.app.inject({ method: 'GET', url: PRODUCTS, remoteAddress, headers: { ...headers, 'x-api-key': guess() } })).statusCode;

test('--trust-proxy 1 (one nginx on this host): rotating client-written X-Forwarded-For values does not escape the per-address limit', async () => {
  const w = await startRelayWorld({ server: { trustProxy: 1, abuseLimits: LIMITS } });
  world = w;
  // nginx appends the address it saw ($proxy_add_x_forwarded_for) to whatever the client wrote.
  expect(await rotate('127.0.0.1', '203.0.113.7', relayGet(w))).toEqual([403, 403, 403, 403, 403, 429, 429, 429]);
  // Another client behind the same proxy is its own address.
  expect(await relayGet(w)({ 'x-forwarded-for': '203.0.113.8' }, '127.0.0.1')).toBe(403);
});

test('--trust-proxy ADDRESSES: only the proxy at those addresses is believed; a client that reaches the server directly is its socket address', async () => {
  const w = await startRelayWorld({ server: { trustProxy: ['127.0.0.1', '10.0.0.0/8'], abuseLimits: LIMITS } });
  world = w;
  expect(await rotate('198.51.100.9', undefined, relayGet(w))).toEqual([403, 403, 403, 403, 403, 429, 429, 429]);
  expect(await rotate('10.1.2.3', '203.0.113.7', relayGet(w))).toEqual([403, 403, 403, 403, 403, 429, 429, 429]);
  expect(await relayGet(w)({ 'x-forwarded-for': '203.0.113.8' }, '127.0.0.1')).toBe(403);
});

test('behind --trust-proxy 1, token guesses on /mcp with rotating X-Forwarded-For are counted against the address the proxy saw', async () => {
  const w = await startRemoteWorld({ server: { trustProxy: 1, abuseLimits: LIMITS } });
  world = w;
  const post = async (headers: Record<string, string>, remoteAddress: string): Promise<number> =>
    (
      await w.server.app.inject({
        method: 'POST',
        url: '/mcp',
        remoteAddress,
        headers: { ...headers, host: new URL(w.url).host, 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${guess()}` },
        payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      })
    ).statusCode;
  expect(await rotate('127.0.0.1', '203.0.113.7', post)).toEqual([403, 403, 403, 403, 403, 429, 429, 429]);
});

test('--trust-proxy takes hops or addresses, never "everything"', () => {
  const parse = (value: string) => {
    const parsed = parseServeArgs(['--trust-proxy', value], {});
    return parsed.help ? undefined : parsed.args.trustProxy;
  };
  expect(parse('1')).toBe(1);
  expect(parse('127.0.0.1')).toEqual(['127.0.0.1']);
  expect(parse('10.0.0.0/8, ::1, 192.168.1.5')).toEqual(['10.0.0.0/8', '::1', '192.168.1.5']);
  for (const value of ['true', '0', '11', 'loopback', '10.0.0.0/33', '10.0.0.1/8/2', '']) {
    let refusal: unknown;
    try {
      parse(value);
    } catch (error) {
      refusal = error;
    }
    expect({ value, usage: isUsageError(refusal) }).toEqual({ value, usage: true });
    expect((refusal as Error).message).toMatch(/--trust-proxy/);
  }
  expect(() => parseServeArgs(['--trust-proxy'], {})).toThrow();
});
