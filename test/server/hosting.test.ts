/**
 * The add-in as the server hosts it: the manifest generated for the public URL (every address at
 * it, none at the dev server), pages that carry the server's own address, security headers, and a
 * static folder nobody can walk out of.
 */
import { connect } from 'node:net';
import path from 'node:path';
import { DEMO_KEY } from '../../emulator';
import { buildServer, type PartSpecServer } from '../../server/app';
import { createMemoryState } from '../../server/state/memory';
import { ensureWorkbenchBuild } from '../e2e/support/build';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { checkManifestXml } = require('../../scripts/manifest-check.js') as {
  checkManifestXml(xml: string, options: { baseUrl?: string; root?: string }): { problems: string[] };
};

const PUBLIC_URL = 'https://partspec.example.com/';
let server: PartSpecServer;
let url: string;

beforeAll(async () => {
  const siteDir = await ensureWorkbenchBuild();
  server = await buildServer({
    upstream: 'http://127.0.0.1:9',
    passThrough: true,
    state: createMemoryState(),
    siteDir,
    publicUrl: PUBLIC_URL,
    logger: false,
  });
  url = await server.listen(0, '127.0.0.1');
}, 240_000);

afterAll(async () => {
  await server?.close();
});

test('manifest.xml points every address at the public URL and passes the structural checks', async () => {
  const response = await fetch(`${url}/manifest.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
  const xml = await response.text();
  expect(xml).not.toContain('localhost:3000');
  expect(xml).not.toContain('<!--');
  const addresses = [...xml.matchAll(/(?:DefaultValue|Value)="(https?:\/\/[^"]+)"/g)].map((m) => m[1]);
  expect(addresses.length).toBeGreaterThan(10);
  for (const address of addresses.filter((a) => !a.includes('schemas.microsoft.com'))) expect(address.startsWith(PUBLIC_URL)).toBe(true);
  expect(checkManifestXml(xml, { baseUrl: PUBLIC_URL, root: path.resolve(__dirname, '../..') }).problems).toEqual([]);
});

test('manifest.json (the unified manifest) points every address and its valid domain at the public URL', async () => {
  const response = await fetch(`${url}/manifest.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const text = await response.text();
  expect(text).not.toContain('localhost:3000');
  const manifest = JSON.parse(text) as { validDomains?: string[]; developer: { websiteUrl: string } };
  expect(manifest.validDomains).toContain('partspec.example.com');
  expect(manifest.developer.websiteUrl).toBe(`${PUBLIC_URL}support.html`);
  const addresses = [...text.matchAll(/"(https?:\/\/[^"]+)"/g)].map((m) => m[1]).filter((a) => !a.includes('schema') && !a.includes('developer.microsoft.com'));
  expect(addresses.length).toBeGreaterThan(10);
  for (const address of addresses) expect(address.startsWith(PUBLIC_URL)).toBe(true);
});

test('the pages name the server as their API address; they carry a CSP and no framing ban', async () => {
  const response = await fetch(`${url}/taskpane.html`);
  const html = await response.text();
  expect(html).toContain('<meta name="partspec-api-base-url" content="https://partspec.example.com" />');
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain('frame-ancestors');
  expect(response.headers.get('x-frame-options')).toBeNull();
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const root = await fetch(`${url}/`, { redirect: 'manual' });
  expect(root.status).toBe(302);
  expect(root.headers.get('location')).toBe('/taskpane.html');
});

test('scripts and the functions metadata are served; Excel may read the metadata and icons from its own origin', async () => {
  const script = await fetch(`${url}/taskpane.js`);
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toMatch(/javascript/);
  expect(script.headers.get('access-control-allow-origin')).toBeNull();
  const metadata = await fetch(`${url}/functions.json`);
  expect(((await metadata.json()) as { functions: unknown[] }).functions.length).toBeGreaterThan(5);
  expect(metadata.headers.get('access-control-allow-origin')).toBe('*');
  const icon = await fetch(`${url}/assets/icon-32.png`);
  expect(icon.status).toBe(200);
});

test('nothing outside the build can be read', async () => {
  const raw = (line: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1', () => socket.write(`GET ${line} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  for (const attempt of ['/../package.json', '/..%2fpackage.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json', '/.build-complete', '/%2e%2e%2f%2e%2e%2fetc%2fpasswd']) {
    const answer = await raw(attempt);
    expect([attempt, answer.slice(0, 12)]).toEqual([attempt, answer.slice(0, 12).match(/^HTTP\/1\.1 4\d\d$/) ? answer.slice(0, 12) : 'not 4xx']);
    expect(answer).not.toContain('"name": "partspec"');
    expect(answer).not.toContain(DEMO_KEY);
  }
});
