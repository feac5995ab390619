import { spec, risk, query, downloadUrl } from '../../src/functions/functions';
import { describeError } from '../../testkit/custom-functions-shim';
import { settleWithin } from '../../testkit/settle';
import { errorOf, settledRequests, startFunctionsHarness, type FunctionsHarness } from '../../testkit/functions-harness';

const CAP = 'MCS18R71H104KZ9D';
const IND = 'MPM25PMT01R0MZ9K';

describe('failures become #N/A with their meaning, and no cell stays pending', () => {
  let h: FunctionsHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  test('no API key', async () => {
    h = await startFunctionsHarness({ key: null });
    expect(await errorOf(spec([[CAP]], [['Status']]))).toEqual({ code: '#N/A', message: 'No API key — open PartSpec ▸ Settings' });
    expect(await errorOf(downloadUrl('inductors'))).toEqual({ code: '#N/A', message: 'No API key — open PartSpec ▸ Settings' });
    expect(await settledRequests(h.emulator)).toHaveLength(0);
  });

  test('a key set later in Settings is used at once', async () => {
    h = await startFunctionsHarness({ key: null });
    await errorOf(spec([[CAP]], [['Status']]));
    await h.settings.setApiKey('partspec-demo-key');
    expect(await spec([[CAP]], [['Status']])).toEqual([['In Production']]);
  });

  test('a wrong key (403)', async () => {
    h = await startFunctionsHarness({ key: 'not-the-key' });
    expect(await errorOf(spec([[CAP]], [['Status']]))).toEqual({
      code: '#N/A',
      message: 'API key rejected (403: a problem with the specified API key, the API method or the resource) — check it in PartSpec ▸ Settings',
    });
    expect((await settledRequests(h.emulator)).map((r) => r.status)).toEqual([403]);
  });

  test('rate limit exhausted (429)', async () => {
    h = await startFunctionsHarness({ emulator: { rateLimit: { max: 1, windowSeconds: 60 } } });
    await spec([[CAP]], [['Status']]);
    // The 429 says the window reopens in a minute, past the retry budget: the cell answers at once
    // instead of sending a request the service has already said it will refuse.
    expect(await errorOf(spec([[IND]], [['Status']]))).toEqual({
      code: '#N/A',
      message:
        'Rate limit exceeded (429: the request count limit was exceeded and the call is blocked by the rate limiter); still refused after 1 attempt — wait a minute, then recalculate',
    });
    expect((await settledRequests(h.emulator)).map((r) => r.status)).toEqual([200, 429]);
  });

  test('server errors (failRate 1)', async () => {
    h = await startFunctionsHarness({ emulator: { failRate: 1 } });
    expect(await errorOf(spec([[CAP]], [['Status']]))).toEqual({
      code: '#N/A',
      message: 'Server error (500: a problem on the server side); still failing after 2 attempts — try again later',
    });
    expect(await errorOf(query('inductors'))).toEqual({
      code: '#N/A',
      message: 'Server error (500: a problem on the server side); still failing after 2 attempts — try again later',
    });
  });

  test('the service unreachable', async () => {
    h = await startFunctionsHarness();
    await h.emulator.close();
    expect(await errorOf(spec([[CAP]], [['Status']]))).toEqual({
      code: '#N/A',
      message: `${h.emulator.url} cannot be reached. Check the network connection and the service address in Settings.`,
    });
    h = undefined;
  });

  test('a failed batch rejects every waiting cell, and every promise settles', async () => {
    h = await startFunctionsHarness({ emulator: { failRate: 1 } });
    const parts = h.emulator.catalog.products.slice(0, 300).map((p) => p.values.Partno as string);
    const calls = parts.flatMap((p) => [spec([[p]], [['Status']]), spec([[p]], [['Length']], [['mm']]), risk([[p]])]);
    const grid = spec(parts.map((p) => [p]), [['Status', 'Rohs']]);
    const settled = await settleWithin<unknown>([...calls, grid], 10_000);
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
    const messages = new Set(settled.map((s) => describeError((s as PromiseRejectedResult).reason)?.message));
    expect([...messages]).toEqual(['Server error (500: a problem on the server side); still failing after 2 attempts — try again later']);
  });

  test('after the service recovers, the same cells get values (failures are not cached)', async () => {
    h = await startFunctionsHarness({ emulator: { failRate: 1 } });
    await errorOf(spec([[CAP]], [['Status']]));
    h.emulator.configure({ failRate: 0 });
    expect(await spec([[CAP]], [['Status']])).toEqual([['In Production']]);
  });
});
