import { spec } from '../../src/functions/functions';
import { createFunctionsRuntime, getFunctionsRuntime, setFunctionsRuntime } from '../../src/functions/runtime';
import { errorOf, settledRequests, startFunctionsHarness, type FunctionsHarness } from '../../testkit/functions-harness';
import { startEmulator } from '../../emulator';

const CAP = 'MCS18R71H104KZ9D';
const IND = 'MPM25PMT01R0MZ9K';

let h: FunctionsHarness;
beforeEach(async () => {
  h = await startFunctionsHarness();
});
afterEach(() => h.close());

describe('the functions runtime', () => {
  test('one client serves every call while Settings stay the same', async () => {
    await spec([[CAP]], [['Status']]);
    await spec([[IND]], [['Status']]);
    expect(h.clients).toHaveLength(1);
  });

  test('a new data language in Settings builds a new client that uses it', async () => {
    expect(await spec([[CAP]], [['Status']])).toEqual([['In Production']]);
    await h.settings.save({ lang: 'zh' });
    expect(await spec([[CAP]], [['Status']])).toEqual([['目前生产']]);
    expect(h.clients).toHaveLength(2);
  });

  test('a new base URL or cache lifetime builds a new client', async () => {
    await spec([[CAP]], [['Status']]);
    const other = await startEmulator({ port: 0 });
    try {
      await h.settings.save({ baseUrl: other.url });
      await spec([[IND]], [['Status']]);
      expect(await settledRequests(other)).toHaveLength(1);
      expect(h.clients).toHaveLength(2);
      await h.settings.save({ cacheTtlHours: 1 });
      await spec([[IND]], [['Status']]);
      expect(h.clients).toHaveLength(3);
    } finally {
      await other.close();
    }
  });

  test('the key is read when a request is sent, so a changed key applies without a new client', async () => {
    await spec([[CAP]], [['Status']]);
    await h.settings.setApiKey('a-wrong-key');
    expect((await errorOf(spec([[IND]], [['Status']]))).message).toMatch(/^API key rejected \(403/);
    expect(h.clients).toHaveLength(1);
  });

  test('clearCache makes the next recalculation ask again', async () => {
    await spec([[CAP]], [['Status']]);
    await h.runtime.clearCache();
    h.emulator.resetLog();
    await spec([[CAP]], [['Status']]);
    expect(await settledRequests(h.emulator)).toHaveLength(1);
  });

  test('setFunctionsRuntime replaces the runtime, and undefined restores a default one', () => {
    const custom = createFunctionsRuntime({ settings: h.settings });
    setFunctionsRuntime(custom);
    expect(getFunctionsRuntime()).toBe(custom);
    setFunctionsRuntime(undefined);
    expect(getFunctionsRuntime()).not.toBe(custom);
  });
});
