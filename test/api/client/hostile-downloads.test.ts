/**
 * A downloaded category file is data with the same bounds as every other answer: JSON nested
 * deeper than MAX_JSON_DEPTH is refused in one sentence (no stack overflow, nothing yielded), and
 * a key the file echoes is redacted before the caller reads a product. Real HTTP, a stand-in
 * service sending files built here.
 */
import { createClient, DownloadFormatError, MAX_JSON_DEPTH, parseDownloadedFile } from '../../../api';
import { startRecordingUpstream, type RecordingUpstream } from '../../server/support';

const KEY = 'maker-key-5d2e8b0a41';
let upstream: RecordingUpstream;

beforeEach(async () => {
  upstream = await startRecordingUpstream();
});
afterEach(async () => {
  await upstream.close();
});

const client = () => createClient({ baseUrl: upstream.url, apiKey: KEY, cache: false, retry: { limit: 1, initialDelay: 10, jitter: false } });
const file = (products: unknown[]): string => JSON.stringify({ HasMoreHits: false, Data: { Inductors: { Products: products } } });

test.each([
  ['20,000 levels deep inside a product', file([{ Partno: 'LQM1', Specs: 'DEEP' }]).replace('"DEEP"', `${'['.repeat(20_000)}${']'.repeat(20_000)}`)],
  ['20,000 levels deep above the products', `{"HasMoreHits":false,"Data":{"Inductors":{"Junk":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)},"Products":[]}}}`],
  ['one level past the bound', file([{ Partno: 'LQM1', Specs: 'DEEP' }]).replace('"DEEP"', `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)],
])('a download nested %s is refused in one sentence naming the bound', async (_, body) => {
  upstream.respond = () => ({ status: 200, body, headers: { 'content-type': 'application/json' } });
  const yielded: unknown[] = [];
  const failure = await (async () => {
    for await (const batch of client().streamCategory('/files/inductors.json')) yielded.push(...batch);
  })().then(() => undefined, (error: unknown) => error);
  expect(failure).toBeInstanceOf(DownloadFormatError);
  expect(String((failure as Error).message)).toContain(`deeper than ${MAX_JSON_DEPTH} levels`);
  expect(yielded).toEqual([]);
});

test('a file nested as deep as a product needs still reads, brackets inside strings do not count', async () => {
  const nested = `${'['.repeat(40)}1${']'.repeat(40)}`;
  const body = file([{ Partno: 'LQM1', FeatureText: '[[[[{{{{'.repeat(200), Extra: 'X' }]).replace('"X"', nested);
  const products = await parseDownloadedFile(new TextEncoder().encode(body));
  expect(products.map((p) => p.partno)).toEqual(['LQM1']);
});

test.each([
  ['JSON', 'application/json', (text: string) => file([{ Partno: 'LQM1', FeatureText: text }, { Partno: 'LQM2', FeatureText: 'plain' }])],
  ['CSV', 'text/csv', (text: string) => `Partno,FeatureText\r\nLQM1,"${text}"\r\nLQM2,plain\r\n`],
])('a key echoed in a downloaded %s file is redacted in every product before the caller reads it', async (_, type, make) => {
  upstream.respond = () => ({ status: 200, body: make(`your key is ${KEY}!`), headers: { 'content-type': type } });
  const products = await client().downloadCategory('/files/inductors', { category: 'inductors' });
  expect(products.map((p) => p.partno)).toEqual(['LQM1', 'LQM2']);
  expect(JSON.stringify(products)).not.toContain(KEY);
  expect(String(products[0].values.FeatureText)).toBe('your key is [REDACTED]!');
  expect(products[1].values.FeatureText).toBe('plain');
});
