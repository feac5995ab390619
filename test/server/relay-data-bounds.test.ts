/**
 * The relay treats what the service sends as data with bounds: a deeply nested answer gets a
 * 502 sentence (not a stack overflow), a key the service echoes never reaches a user, the cache or
 * the log, and a download link that is not http(s) is never signed.
 */
import { TOO_DEEP_SENTENCE, NOT_A_WEB_LINK_SENTENCE } from '../../api';
import { DEMO_KEY } from '../../emulator';
import { get, PRODUCTS, startRecordingUpstream, startRelayWorld, type RecordingUpstream, type RelayWorld } from './support';

let upstream: RecordingUpstream;
let world: RelayWorld | undefined;
beforeEach(async () => {
  upstream = await startRecordingUpstream();
});
afterEach(async () => {
  await world?.close();
  world = undefined;
  await upstream.close();
});

const answerWith = (text: string): string => JSON.stringify({ HasMoreHits: false, Data: { Inductors: { Products: [{ Partno: 'GRM', FeatureText: text }] } } });

test('an answer nested 20,000 levels deep: 502 with its sentence, nothing cached, no stack in the log', async () => {
  world = await startRelayWorld({ server: { upstream: upstream.url } });
  upstream.respond = () => ({ status: 200, body: `{"Data":${'['.repeat(20_000)}${']'.repeat(20_000)}}` });
  const answer = await get(`${world.url}${PRODUCTS}`, world.token);
  expect(answer.status).toBe(502);
  expect(answer.json()).toEqual({ message: TOO_DEEP_SENTENCE });
  expect(upstream.received).toHaveLength(1);
  upstream.respond = () => ({ status: 200, body: answerWith('fine') });
  expect((await get(`${world.url}${PRODUCTS}`, world.token)).status).toBe(200);
  expect(world.log()).not.toContain('Maximum call stack');
  expect(world.log()).not.toMatch(/"level":50/);
});

test("team mode: the server's key echoed in a normal answer is redacted before users, the cache and the log", async () => {
  world = await startRelayWorld({ server: { upstream: upstream.url } });
  upstream.respond = () => ({ status: 200, body: answerWith(`echo ${DEMO_KEY} echo`) });
  for (let i = 0; i < 2; i += 1) {
    const answer = await get(`${world.url}${PRODUCTS}`, world.token);
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain(DEMO_KEY);
    expect(answer.text).toContain('[REDACTED]');
  }
  expect(upstream.received).toHaveLength(1);
  expect(world.log()).not.toContain(DEMO_KEY);
});

test("pass-through: a caller's key echoed by the service never reaches another caller through the cache", async () => {
  world = await startRelayWorld({ server: { upstream: upstream.url, passThrough: true } });
  const alice = 'alice-key-0123456789';
  const bob = 'bob-key-9876543210';
  upstream.respond = () => ({ status: 200, body: answerWith(`for alice-key-0123456789`) });
  expect((await get(`${world.url}${PRODUCTS}`, alice)).text).not.toContain(alice);
  upstream.respond = () => ({ status: 200, body: answerWith('for bob') });
  await get(`${world.url}${PRODUCTS}`, bob);
  const again = await get(`${world.url}${PRODUCTS}`, bob);
  expect(again.text).not.toContain(alice);
});

test('a download link that is not http(s) is never signed: 502 with its sentence', async () => {
  world = await startRelayWorld({ server: { upstream: upstream.url } });
  upstream.respond = () => ({ status: 200, body: JSON.stringify({ Language: 'en', Category: 'inductors', ProductDataDownloadUrl: 'javascript:alert(1)' }) });
  const answer = await get(`${world.url}/v2/products/getproductdatadownloadurl?category=inductors&lang=en`, world.token);
  expect(answer.status).toBe(502);
  expect(answer.json()).toEqual({ message: NOT_A_WEB_LINK_SENTENCE });
});
