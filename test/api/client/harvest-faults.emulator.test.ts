/**
 * Soaks of the harvest (the `slow` project: test/support/jest/projects.js): a whole category read
 * through a failing, connection-dropping and rate-limiting emulator comes out the same as read
 * through a clean one. test/api/client/harvest.emulator.test.ts holds the harvest's rules.
 */
import { DEMO_KEY } from '../../../emulator';
import { createClient } from '../../../api';
import { expectEqualJson } from '../../support/equal-json';
import { logSettled, PATIENT_RETRY, useSettledEmulator } from './emulator-support';

const live = useSettledEmulator({ failRate: 0, dropRate: 0, rateLimit: undefined });

const client = (extra: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ baseUrl: live.emulator.url, apiKey: DEMO_KEY, cache: false, ...extra });

describe('harvest under faults', () => {
  test('identical results under failRate 0.2 and dropRate 0.1 (whole SMD category)', async () => {
    const clean = (await client().harvest({ category: 'ceramicCapacitorsSMD' })).products;
    live.emulator.configure({ failRate: 0.2, dropRate: 0.1 });
    const c = client({ retry: PATIENT_RETRY });
    const faulty = await c.harvest({ category: 'ceramicCapacitorsSMD' });
    await logSettled(live.emulator);
    expectEqualJson(faulty.products, clean);
    // GETs only: a reachability probe (HEAD) after repeated dropped connections is not a retry.
    expect(live.emulator.requests.filter((r) => r.method === 'GET' && (r.status === 500 || r.status === 0)).length).toBe(c.stats().retries);
    expect(c.stats().retries).toBeGreaterThan(0);
  }, 180_000);

  test('identical results under a tight rate limit: retried with Retry-After, or paced by the client limiter', async () => {
    const query = { category: 'ceramicCapacitorsLead' as const };
    const clean = (await client().harvest(query)).products;
    live.emulator.configure({ rateLimit: { max: 2, windowSeconds: 1 } });
    const limited = await client({ retry: PATIENT_RETRY }).harvest(query);
    await logSettled(live.emulator);
    expectEqualJson(limited.products, clean);
    // The client learns the pace from the rate headers and 429s: few requests are refused.
    const refused = live.emulator.requests.filter((r) => r.status === 429).length;
    expect(refused).toBeLessThan(live.emulator.requests.filter((r) => r.status === 200).length);

    live.emulator.configure({ rateLimit: { max: 2, windowSeconds: 1 } });
    live.emulator.resetLog();
    const paced = await client({ retry: PATIENT_RETRY, rateLimit: { requests: 2, perMs: 1100 } }).harvest(query);
    await logSettled(live.emulator);
    expectEqualJson(paced.products, clean);
    expect(live.emulator.requests.filter((r) => r.status === 429)).toHaveLength(0);
  }, 180_000);

});
