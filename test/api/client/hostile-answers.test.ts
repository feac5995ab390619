/**
 * What the service sends is data with bounds: a deeply nested answer is refused in one sentence
 * (no stack overflow, no retry), a key the service echoes is redacted before anything reads the
 * answer, and only http(s) download links are printed or followed. A downloaded category file is
 * held to the same bounds as it streams: too deep is one sentence, an echoed key is redacted in
 * every product. Real HTTP, a stand-in service.
 */
import { AnswerTooDeepError, createClient, DownloadFormatError, isApiError, MAX_JSON_DEPTH, NOT_A_WEB_LINK_SENTENCE, parseDownloadedFile, TOO_DEEP_SENTENCE } from '../../../api';
import { startRecordingUpstream, type RecordingUpstream } from '../../server/support';

const KEY = 'maker-key-7f3a9c1e5b';
let upstream: RecordingUpstream;

beforeEach(async () => {
  upstream = await startRecordingUpstream();
});
afterEach(async () => {
  await upstream.close();
});

const client = () => createClient({ baseUrl: upstream.url, apiKey: KEY, cache: false, retry: { limit: 3, initialDelay: 10, jitter: false } });
const product = (fields: Record<string, unknown>): string => JSON.stringify({ HasMoreHits: false, Data: { Inductors: { Products: [{ Partno: 'GRM1', ...fields }] } } });

test('an answer nested 20,000 levels deep is refused in one sentence, once, without a stack overflow', async () => {
  const deep = `{"HasMoreHits":false,"Data":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
  upstream.respond = () => ({ status: 200, body: deep });
  const failure = await client()
    .search({ filter: "Partno eq 'GRM1'" })
    .then(() => undefined, (error: unknown) => error);
  expect(failure).toBeInstanceOf(AnswerTooDeepError);
  expect(isApiError(failure) && failure.userMessage).toBe(TOO_DEEP_SENTENCE);
  expect(TOO_DEEP_SENTENCE).toContain(String(MAX_JSON_DEPTH));
  expect(upstream.received).toHaveLength(1);
  // Brackets inside strings do not count; an ordinary answer still reads.
  upstream.respond = () => ({ status: 200, body: product({ FeatureText: '[[[[{{{{'.repeat(100) }) });
  await expect(client().search({ filter: "Partno eq 'GRM1'" })).resolves.toMatchObject({ products: [{ partno: 'GRM1' }] });
});

test('a key echoed in an ordinary answer, plain, inside a longer string or \\u-escaped, is redacted before the caller reads it', async () => {
  const escaped = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
  for (const body of [product({ FeatureText: KEY }), product({ FeatureText: `your key is ${KEY}!` }), product({ FeatureText: 'x' }).replace('"x"', `"${escaped}"`)]) {
    upstream.respond = () => ({ status: 200, body });
    const result = await client().search({ filter: "Partno eq 'GRM1'" });
    expect(result.products[0].partno).toBe('GRM1');
    expect(JSON.stringify(result)).not.toContain(KEY);
    expect(String(result.products[0].values.FeatureText)).toContain('[REDACTED]');
  }
});

test('a download link that is not http(s) is neither returned nor followed', async () => {
  for (const link of ['javascript:alert(1)', 'java\tscript:alert(1)', ' JAVASCRIPT:alert(1)', 'file:///etc/passwd', 'data:text/html,x']) {
    upstream.respond = () => ({ status: 200, body: JSON.stringify({ Language: 'en', Category: 'inductors', ProductDataDownloadUrl: link }) });
    const failure = await client()
      .getDownloadUrl('inductors', 'en')
      .then(() => undefined, (error: unknown) => error);
    expect(isApiError(failure) && failure.userMessage).toBe(NOT_A_WEB_LINK_SENTENCE);
  }
  const before = upstream.received.length;
  await expect(client().downloadCategory('javascript:alert(1)')).rejects.toMatchObject({ userMessage: NOT_A_WEB_LINK_SENTENCE });
  expect(upstream.received.length).toBe(before);
  upstream.respond = () => ({ status: 200, body: JSON.stringify({ Language: 'en', Category: 'inductors', ProductDataDownloadUrl: '/files/inductors.json' }) });
  await expect(client().getDownloadUrl('inductors', 'en')).resolves.toMatchObject({ url: '/files/inductors.json' });
});

test('partspec url and partspec download refuse a javascript: link in one sentence and print nothing', async () => {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { runCliInProcess } = await import('../../cli/in-process');
  const home = mkdtempSync(join(tmpdir(), 'partspec-url-scheme-'));
  try {
    upstream.respond = () => ({ status: 200, body: JSON.stringify({ Language: 'en', Category: 'inductors', ProductDataDownloadUrl: 'javascript:alert(document.cookie)' }) });
    for (const command of [['url'], ['download', '--out', join(home, 'out.xlsx')]]) {
      const run = await runCliInProcess([...command, '--category', 'inductors', '--base-url', upstream.url, '--no-cache'], { home, env: { PARTSPEC_API_KEY: KEY } });
      expect(run.code).not.toBe(0);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(NOT_A_WEB_LINK_SENTENCE);
      expect(run.stderr).not.toContain('javascript:');
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('an answer that does not echo the key is passed on byte for byte, \\u escapes included', async () => {
  const { redactJsonText } = await import('../../../api');
  const text = '{"Name":"\\u30bb\\u30e9\\u30df\\u30c3\\u30af","Note":"\\u003Cb\\u003E","Value":1.0}';
  expect(redactJsonText(text, [KEY])).toBe(text);
  const mixed = `{"Note":"${KEY.slice(0, 5)}\\u${KEY.charCodeAt(5).toString(16).padStart(4, '0').toUpperCase()}${KEY.slice(6)}"}`;
  expect(redactJsonText(mixed, [KEY])).toBe('{"Note":"[REDACTED]"}');
});

const file = (products: unknown[]): string => JSON.stringify({ HasMoreHits: false, Data: { Inductors: { Products: products } } });
const downloads = () => createClient({ baseUrl: upstream.url, apiKey: KEY, cache: false, retry: { limit: 1, initialDelay: 10, jitter: false } });

test.each([
  ['20,000 levels deep inside a product', file([{ Partno: 'LQM1', Specs: 'DEEP' }]).replace('"DEEP"', `${'['.repeat(20_000)}${']'.repeat(20_000)}`)],
  ['20,000 levels deep above the products', `{"HasMoreHits":false,"Data":{"Inductors":{"Junk":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)},"Products":[]}}}`],
  ['one level past the bound', file([{ Partno: 'LQM1', Specs: 'DEEP' }]).replace('"DEEP"', `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)],
])('a download nested %s is refused in one sentence naming the bound', async (_, body) => {
  upstream.respond = () => ({ status: 200, body, headers: { 'content-type': 'application/json' } });
  const yielded: unknown[] = [];
  const failure = await (async () => {
    for await (const batch of downloads().streamCategory('/files/inductors.json')) yielded.push(...batch);
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
  const products = await downloads().downloadCategory('/files/inductors', { category: 'inductors' });
  expect(products.map((p) => p.partno)).toEqual(['LQM1', 'LQM2']);
  expect(JSON.stringify(products)).not.toContain(KEY);
  expect(String(products[0].values.FeatureText)).toBe('your key is [REDACTED]!');
  expect(products[1].values.FeatureText).toBe('plain');
});
