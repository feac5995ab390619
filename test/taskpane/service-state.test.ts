import { DEMO_KEY } from '../../emulator';
import type { ServiceCondition } from '../../api';
import { createMemoryStorage } from '../../src/settings/storage';
import { createSessionProvider } from '../../src/settings/session';
import { createSettingsStore } from '../../src/settings/settings';
import { createTaskpaneServices } from '../../src/taskpane/adapter/taskpane-services';
import { MESSAGES } from '../../src/taskpane/i18n';
import { useEmulator } from '../support/use-emulator';

const emulator = useEmulator();

/** Resolves once the emulator has answered `count` requests with 500. */
async function failures(count: number): Promise<void> {
  while (emulator.requests.filter((r) => r.status === 500).length < count) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** The pane's services over Settings that point at the emulator, with quick retries. */
async function paneServices() {
  const settings = createSettingsStore(createMemoryStorage());
  await settings.save({ baseUrl: emulator.url });
  await settings.setApiKey(DEMO_KEY);
  const session = createSessionProvider({ settings, clientOptions: { cache: false, retry: { initialDelay: 5, backoffLimit: 20 } } });
  return createTaskpaneServices({ settings, session });
}

describe("the taskpane hears how the service behaves, for its progress text", () => {
  test('failing while 500s are retried, ok once answers come; nothing after unsubscribing', async () => {
    const services = await paneServices();
    const heard: ServiceCondition[] = [];
    const stop = services.watchService((condition) => heard.push(condition));
    emulator.configure({ failRate: 1 });
    // One product's answer: quick however busy the machine, so the answer that comes is never 'slow'.
    const partno = emulator.catalog.byGroup.Ind[0].values.Partno as string;
    const request = { category: 'inductors' as const, filter: { conditions: [{ type: 'string' as const, field: 'Partno', op: 'eq' as const, values: [partno] }] }, orderby: [], lang: 'en' as const };
    const pending = services.search(request);
    // Let two attempts fail, then let the service recover: the same search succeeds.
    await failures(2);
    emulator.configure({ failRate: 0 });
    await expect(pending).resolves.toMatchObject({ products: [expect.objectContaining({ partno })] });
    expect(heard).toEqual(['failing', 'ok']);
    stop();
    emulator.configure({ failRate: 1 });
    const again = services.search(request);
    await failures(3);
    emulator.configure({ failRate: 0 });
    await again;
    expect(heard).toEqual(['failing', 'ok']);
  });

  test('every language has the three sentences', () => {
    for (const messages of Object.values(MESSAGES)) {
      for (const key of ['serviceLimiting', 'serviceFailing', 'serviceSlow'] as const) expect(messages[key]).toMatch(/\S/);
    }
  });
});
