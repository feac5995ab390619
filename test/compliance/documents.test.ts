/**
 * Fetching a compliance pack's documents over real HTTP from hostile servers: every rule is kept
 * (https only but to this machine, no credentials, redirects only within the link's site, size and
 * count bounds), each refusal is one sentence, and the other documents are still fetched, once each.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentLink } from '../../core/compliance/pack';
import { fetchDocuments, refuseDocumentUrl, type DocumentLimits } from '../../node/compliance/documents';

const PDF = Buffer.from('%PDF-1.4\n% a small document\n%%EOF\n');
const LIMITS: DocumentLimits = { maxBytes: 64 * 1024, maxCount: 50, maxRedirects: 3 };

let maker: Server;
let elsewhere: Server;
let makerUrl: string;
let elsewhereUrl: string;
const hits: string[] = [];
const headers: IncomingHttpHeaders[] = [];
let elsewhereHits = 0;
let folder: string;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  maker = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    hits.push(path);
    headers.push(request.headers);
    if (path === '/ok.pdf' || path === '/moved-here.pdf') return response.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
    if (path === '/declared-big.pdf') return response.writeHead(200, { 'content-length': String(LIMITS.maxBytes + 1) }).end();
    if (path === '/streamed-big.pdf') {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      const chunk = Buffer.alloc(16 * 1024, 0x41);
      for (let i = 0; i < 8; i++) response.write(chunk);
      return response.end();
    }
    if (path === '/moved.pdf') return response.writeHead(302, { location: '/moved-here.pdf' }).end();
    if (path === '/away.pdf') return response.writeHead(302, { location: `${elsewhereUrl}/bait.pdf` }).end();
    if (path.startsWith('/loop')) return response.writeHead(302, { location: `/loop${path.length}` }).end();
    return response.writeHead(404).end();
  });
  elsewhere = createServer((_request, response) => {
    elsewhereHits++;
    response.writeHead(200).end(PDF);
  });
  makerUrl = await listen(maker);
  elsewhereUrl = (await listen(elsewhere)).replace('127.0.0.1', 'localhost');
  folder = mkdtempSync(join(tmpdir(), 'partspec-documents-'));
});

afterAll(async () => {
  await new Promise((resolve) => maker.close(resolve));
  await new Promise((resolve) => elsewhere.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

const link = (url: string): DocumentLink => ({ kind: 'rohsCertificate', url, partnos: ['GRM155R71C104KA88D'] });

test.each([
  ['http://maker.example/rohs.pdf', 'it is not https (only a local emulator may use http)'],
  ['ftp://maker.example/rohs.pdf', 'its scheme ftp: is not https'],
  ['javascript:alert(1)', 'its scheme javascript: is not https'],
  ['https://user:secret@maker.example/rohs.pdf', 'it carries a user name or password'],
  ['not a link', 'it is not a web address'],
])('%s is refused before anything is sent: %s', (url, why) => {
  expect(refuseDocumentUrl(url)).toBe(why);
});

test('https anywhere and http to this machine may be fetched', () => {
  expect(refuseDocumentUrl('https://maker.example/rohs.pdf')).toBeUndefined();
  expect(refuseDocumentUrl('http://127.0.0.1:4010/media/a.pdf')).toBeUndefined();
  expect(refuseDocumentUrl('http://localhost:4010/media/a.pdf')).toBeUndefined();
});

test('hostile links are refused in a sentence each, the good ones fetched once, hashed and written', async () => {
  const refused: string[] = [];
  const urls = ['/ok.pdf', '/declared-big.pdf', '/streamed-big.pdf', '/moved.pdf', '/away.pdf', '/loop', '/missing.pdf', '/ok.pdf'].map((p) => `${makerUrl}${p}`);
  const out = await fetchDocuments([...urls.map(link), link('http://maker.example/plain.pdf')], folder, LIMITS, (s) => refused.push(s));

  // The second /ok.pdf is the same address: fetched once, listed once.
  expect(out.map((d) => d.url)).toEqual([...urls.slice(0, 7), 'http://maker.example/plain.pdf']);
  expect(hits.filter((h) => h === '/ok.pdf')).toHaveLength(1);
  expect(hits.filter((h) => h === '/moved-here.pdf')).toHaveLength(1);
  const byPath = (p: string) => out.find((d) => d.url === `${makerUrl}${p}`)!;
  for (const good of [byPath('/ok.pdf'), byPath('/moved.pdf')]) {
    expect(good.refused).toBeUndefined();
    expect(good.bytes).toBe(PDF.length);
    expect(good.sha256).toBe(createHash('sha256').update(PDF).digest('hex'));
    expect(readFileSync(join(folder, good.file!.replace(/^documents\//, '')))).toEqual(PDF);
  }
  expect(byPath('/declared-big.pdf').refused).toBe(`it is ${LIMITS.maxBytes + 1} bytes, over the limit of ${LIMITS.maxBytes}`);
  expect(byPath('/streamed-big.pdf').refused).toBe(`it is over the limit of ${LIMITS.maxBytes} bytes`);
  expect(byPath('/away.pdf').refused).toBe(`it redirects to another site (${elsewhereUrl})`);
  expect(byPath('/loop').refused).toBe(`it redirects more than ${LIMITS.maxRedirects} times`);
  expect(byPath('/missing.pdf').refused).toBe('it answered 404');
  expect(elsewhereHits).toBe(0);
  expect(refused).toHaveLength(6);
  for (const sentence of refused) expect(sentence).toMatch(/^Document \S+ was not fetched: .+\.$/);
  // Only the two good documents are on disk: nothing of a refused one is left.
  expect(readdirSync(folder)).toHaveLength(2);
  // No credentials of any kind went with a request.
  for (const h of headers) expect(Object.keys(h).filter((k) => /authorization|cookie|api-key/i.test(k))).toEqual([]);
});

test('past the count limit, links are refused and nothing more is fetched', async () => {
  const before = hits.length;
  const two = mkdtempSync(join(folder, 'count-'));
  const out = await fetchDocuments(['/ok.pdf?1', '/ok.pdf?2', '/ok.pdf?3'].map((p) => link(`${makerUrl}${p}`)), two, { ...LIMITS, maxCount: 2 });
  expect(out.map((d) => d.refused)).toEqual([undefined, undefined, 'the pack already holds 2 documents']);
  expect(hits.length - before).toBe(2);
  expect(existsSync(two)).toBe(true);
});
