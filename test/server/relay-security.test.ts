/**
 * The relay as an attacker sees it: it forwards the two API methods with validated parameters to
 * the one upstream it was given, and nothing else; tokens and the maker key stay where they belong.
 */
import { connect } from 'node:net';
import { DEMO_KEY } from '../../emulator';
import { buildServer } from '../../server/app';
import { createMemoryState } from '../../server/state/memory';
import { createTokenFileStore } from '../../server/tokens/token-file';
import { jumpingClock } from '../support/clock';
import { PRODUCTS, captureStream, get, startRecordingUpstream, startRelayWorld, type RelayWorld } from './support';

let world: RelayWorld;

beforeAll(async () => {
  world = await startRelayWorld();
});

afterAll(async () => {
  await world?.close();
});

/** Sends raw bytes and returns the raw answer (for request lines fetch would never send). */
function rawRequest(baseUrl: string, text: string): Promise<string> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    setTimeout(() => socket.destroy(), 3000).unref();
  });
}

test('a personal token gets the upstream answer; the maker key, a wrong token and no token get 403 and cost nothing upstream', async () => {
  const direct = await get(`${world.emulator.url}${PRODUCTS}`, DEMO_KEY);
  const relayed = await get(`${world.url}${PRODUCTS}`, world.token);
  expect(relayed.status).toBe(200);
  expect(relayed.json()).toEqual(direct.json());

  world.emulator.resetLog();
  const refused = [await get(`${world.url}${PRODUCTS}`, DEMO_KEY), await get(`${world.url}${PRODUCTS}`, 'pst_not-a-token'), await get(`${world.url}${PRODUCTS}`)];
  expect(refused.map((r) => r.status)).toEqual([403, 403, 403]);
  expect((refused[0].json() as { message: string }).message).toMatch(/does not accept the maker's API key/);
  expect((refused[1].json() as { message: string }).message).toMatch(/not valid or was revoked/);
  expect((refused[2].json() as { message: string }).message).toMatch(/Missing token/);
  expect(world.upstreamCount()).toBe(0);
});

test('a revoked token is refused within seconds, without a restart', async () => {
  // The server's own answer, asked in process (`inject`); its clock is moved past the tokens
  // file's one-second recheck instead of waited for.
  const clock = jumpingClock();
  const state = createMemoryState({ tokensFile: world.tokensFile, now: clock.now });
  const server = await buildServer({ upstream: world.emulator.url, apiKey: DEMO_KEY, state, logger: false, now: clock.now });
  const status = async (key: string): Promise<number> => (await server.app.inject({ method: 'GET', url: PRODUCTS, headers: { 'x-api-key': key } })).statusCode;
  try {
    const store = createTokenFileStore(world.tokensFile);
    const bob = await store.add('bob');
    expect(await status(bob)).toBe(200);
    expect(await store.revoke('bob')).toBe(true);
    clock.advance(1000);
    expect(await status(bob)).toBe(403);
    expect(await status(world.token)).toBe(200);
  } finally {
    await server.close();
  }
});

test('a bad filter, order or category is answered 400 with the add-in’s sentence and sends nothing upstream', async () => {
  world.emulator.resetLog();
  const cases: [string, RegExp][] = [
    ['/v2/products?$filter=Capacitence%20eq%201', /Unknown filter field 'Capacitence'.*did you mean 'Capacitance'/],
    ["/v2/products?$filter=Category%20eq%20'inductors'%20and%20Capacitance%20ge%201", /Capacitance/],
    ['/v2/products?$orderby=Nothing%20asc', /Nothing/],
    ['/v2/products/getproductdatadownloadurl?category=ceramicCapacitors', /'ceramicCapacitors' has no download; use ceramicCapacitorsSMD, ceramicCapacitorsLead, inductors/],
    ['/v2/products/getproductdatadownloadurl', /missing category has no download/],
    ['/v2/products?$top=5', /'\$top' is not a query parameter/],
    ['/v2/products?url=http%3A%2F%2Fevil.example%2F', /'url' is not a query parameter/],
    ['/v2/products?lang=en&lang=ja', /given twice/],
    ['/v2/products?$filter=%E0%A4', /percent-encoded/],
  ];
  for (const [path, message] of cases) {
    const answer = await get(`${world.url}${path}`, world.token);
    expect([path, answer.status]).toEqual([path, 400]);
    expect((answer.json() as { message: string }).message).toMatch(message);
  }
  expect(world.upstreamCount()).toBe(0);
});

test('no other path, method, traversal or absolute URL is forwarded', async () => {
  world.emulator.resetLog();
  const paths = [
    '/healthz',
    '/v2',
    '/v2/other',
    '/v2/products/extra',
    '/v2/products%2fgetproductdatadownloadurl',
    '//evil.example/v2/products',
    '/download/..%2f..%2fetc%2fpasswd',
    '/download/',
    '/media/x',
  ];
  for (const path of paths) {
    const answer = await get(`${world.url}${path}`, world.token);
    expect([path, answer.status]).toEqual([path, answer.status >= 400 && answer.status < 500 ? answer.status : 'not 4xx']);
  }
  const post = await fetch(`${world.url}${PRODUCTS}`, { method: 'POST', headers: { 'x-api-key': world.token }, body: 'x' });
  expect(post.status).toBe(404);
  const head = await fetch(`${world.url}${PRODUCTS}`, { method: 'HEAD', headers: { 'x-api-key': world.token } });
  expect(head.status).toBe(404);
  const absolute = await rawRequest(world.url, `GET http://evil.example/v2/other HTTP/1.1\r\nHost: evil.example\r\nx-api-key: ${world.token}\r\nConnection: close\r\n\r\n`);
  expect(absolute).toMatch(/^HTTP\/1\.1 4\d\d/);
  for (const path of ['/v2/products/../products', '/v2/./products', '/v2/products/%2e%2e/products', '/v2/%2e/products', '/v2/products/..%2f..%2fv2/products', '/download/../v2/products']) {
    const raw = await rawRequest(world.url, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: ${world.token}\r\nConnection: close\r\n\r\n`);
    expect([path, raw.slice(0, 12)]).toEqual([path, raw.slice(0, 12).match(/^HTTP\/1\.1 4\d\d$/) ? raw.slice(0, 12) : 'not 4xx']);
  }
  const connectLine = await rawRequest(world.url, `CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\nConnection: close\r\n\r\n`);
  // Node closes a CONNECT it has no handler for: no tunnel is ever opened.
  expect(connectLine).not.toMatch(/^HTTP\/1\.1 [23]/);
  expect(world.upstreamCount()).toBe(0);
});

test('an absolute-form request line still reaches only the configured upstream', async () => {
  world.emulator.resetLog();
  const answer = await rawRequest(
    world.url,
    `GET http://evil.example${PRODUCTS} HTTP/1.1\r\nHost: evil.example\r\nx-api-key: ${world.token}\r\nConnection: close\r\n\r\n`,
  );
  expect(answer).toMatch(/^HTTP\/1\.1 (200|404)/);
  expect(world.emulator.requests.every((r) => r.url.startsWith('/v2/products?'))).toBe(true);
});

test('the upstream receives only the relay’s own headers, whatever the client sends', async () => {
  const upstream = await startRecordingUpstream();
  const state = createMemoryState({ tokensFile: world.tokensFile });
  const server = await buildServer({ upstream: upstream.url, apiKey: 'maker-secret-key-123', state, logger: false, trustProxy: 1 });
  const url = await server.listen(0, '127.0.0.1');
  try {
    const smuggled = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-for': '10.0.0.1',
      'x-forwarded-proto': 'https',
      cookie: 'session=1',
      authorization: 'Bearer stolen',
      connection: 'x-api-key',
      'x-original-url': '/admin',
      'x-http-method-override': 'DELETE',
      'accept-encoding': 'gzip',
    };
    const answer = await rawRequest(
      url,
      `GET ${PRODUCTS} HTTP/1.1\r\n${Object.entries(smuggled).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\nx-api-key: ${world.token}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(upstream.received).toHaveLength(1);
    const seen = upstream.received[0];
    expect(Object.keys(seen.headers).sort()).toEqual(['accept', 'connection', 'host', 'user-agent', 'x-api-key']);
    expect(seen.headers['x-api-key']).toBe('maker-secret-key-123');
    expect(seen.headers.host).toBe(new URL(upstream.url).host);
    expect(seen.url.startsWith('/v2/products?')).toBe(true);
  } finally {
    await server.close();
    await upstream.close();
  }
});

test('download links point at the public URL, never at a Host or X-Forwarded-Host the client sent, and carry no secret', async () => {
  const upstream = await startRecordingUpstream();
  upstream.respond = (u) =>
    u.startsWith('/v2/')
      ? { status: 200, body: JSON.stringify({ Language: 'en', Category: 'inductors', ProductDataDownloadUrl: `${upstream.url}/files/inductors.json?sig=abc` }) }
      : { status: 200, body: '{"Data":{}}' };
  const server = await buildServer({
    upstream: upstream.url,
    apiKey: 'maker-secret-key-123',
    state: createMemoryState({ tokensFile: world.tokensFile }),
    logger: false,
    trustProxy: 1,
    publicUrl: 'https://partspec.example.com/',
  });
  const url = await server.listen(0, '127.0.0.1');
  try {
    const answer = await get(`${url}/v2/products/getproductdatadownloadurl?category=inductors`, world.token, { 'x-forwarded-host': 'evil.example' });
    const link = (answer.json() as { ProductDataDownloadUrl: string }).ProductDataDownloadUrl;
    expect(link.startsWith('https://partspec.example.com/download/')).toBe(true);
    const decoded = Buffer.from(link.split('/download/')[1].split('.')[0], 'base64url').toString();
    for (const secret of ['maker-secret-key-123', world.token]) {
      expect(link).not.toContain(secret);
      expect(decoded).not.toContain(secret);
    }
  } finally {
    await server.close();
    await upstream.close();
  }
});

test('a tampered or expired download link is refused with 403', async () => {
  let now = Date.now();
  const state = createMemoryState({ tokensFile: world.tokensFile });
  const server = await buildServer({ upstream: world.emulator.url, apiKey: DEMO_KEY, state, logger: false, now: () => now });
  const url = await server.listen(0, '127.0.0.1');
  try {
    const answer = await get(`${url}/v2/products/getproductdatadownloadurl?category=ceramicCapacitorsLead`, world.token);
    const link = (answer.json() as { ProductDataDownloadUrl: string }).ProductDataDownloadUrl;
    const good = await fetch(link);
    expect(good.status).toBe(200);
    await good.arrayBuffer();
    const [payload, sig] = link.split('/download/')[1].split('.');
    const forged = Buffer.from(JSON.stringify({ u: 'http://127.0.0.1:1/secret', x: now + 1e9 })).toString('base64url');
    const tampered = [`${url}/download/${forged}.${sig}`, `${url}/download/${payload}.${sig.slice(0, -2)}AA`, `${url}/download/${payload}`];
    for (const bad of tampered) {
      const refused = await get(bad);
      expect(refused.status).toBe(403);
      expect((refused.json() as { message: string }).message).toMatch(/download link/);
    }
    now += 8 * 24 * 60 * 60 * 1000;
    const expired = await get(link);
    expect(expired.status).toBe(403);
    expect((expired.json() as { message: string }).message).toMatch(/expired/);
  } finally {
    await server.close();
  }
});

test('no CORS: preflights and answers carry no Access-Control-* header', async () => {
  const preflight = await fetch(`${world.url}${PRODUCTS}`, {
    method: 'OPTIONS',
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
  });
  const answer = await fetch(`${world.url}${PRODUCTS}`, { headers: { origin: 'https://evil.example', 'x-api-key': world.token } });
  await answer.arrayBuffer();
  for (const response of [preflight, answer]) {
    expect([...response.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
  }
  expect(preflight.status).toBe(404);
});

test('an upstream error that echoes the key reaches the user without it; neither log nor answer holds a secret', async () => {
  const upstream = await startRecordingUpstream();
  upstream.respond = () => ({ status: 400, body: '{"message":"bad request for key maker-secret-key-123"}' });
  const log = captureStream();
  const server = await buildServer({
    upstream: upstream.url,
    apiKey: 'maker-secret-key-123',
    state: createMemoryState({ tokensFile: world.tokensFile }),
    logger: { level: 'trace', stream: log.stream },
  });
  const url = await server.listen(0, '127.0.0.1');
  try {
    const answer = await get(`${url}${PRODUCTS}`, world.token);
    expect(answer.status).toBe(400);
    expect(answer.text).not.toContain('maker-secret-key-123');
    expect(answer.text).toContain('[REDACTED]');
    await get(`${url}${PRODUCTS}`, 'maker-secret-key-123');
    const link = await get(`${url}/v2/products/getproductdatadownloadurl?category=inductors`, world.token);
    expect(link.status).toBe(400);
  } finally {
    await server.close();
    await upstream.close();
  }
  const text = log.text();
  expect(text).toContain('"url":"/v2/products');
  for (const secret of ['maker-secret-key-123', world.token]) expect(text).not.toContain(secret);
  for (const secret of [DEMO_KEY, world.token]) expect(world.log()).not.toContain(secret);
});

test('each token has its own request limit, answered 429 with a sentence', async () => {
  const limited = await startRelayWorld({ server: { userRate: { max: 3, windowMs: 60_000 } } });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(`${limited.url}${PRODUCTS}`, limited.token)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await get(`${limited.url}${PRODUCTS}`, limited.token);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.text).toMatch(/Too many requests from this user/);
    const carol = await createTokenFileStore(limited.tokensFile).add('carol');
    expect((await get(`${limited.url}${PRODUCTS}`, carol)).status).toBe(200);
  } finally {
    await limited.close();
  }
});
