/**
 * A harvest resumed after a part number (`startAfter`, what the assistants' search cursor uses),
 * against the emulator over HTTP: it yields exactly what the whole walk yields after that point,
 * across the 2000-product cap, in the calls that part of the walk needs.
 */
import { DEMO_KEY } from '../../../emulator';
import { CATEGORIES, createClient, MAX_PRODUCTS_PER_CALL } from '../../../api';
import { useEmulator } from '../../support/use-emulator';

const emulator = useEmulator();
const client = () => createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false });
const category = 'ceramicCapacitorsSMD';

test('resumed after a part number, the walk goes on from there and costs only the calls after it', async () => {
  const all = CATEGORIES[category].groups.flatMap((g) => emulator.catalog.byGroup[g].map((p) => p.values.Partno as string)).sort();
  expect(all.length).toBeGreaterThan(3 * MAX_PRODUCTS_PER_CALL);
  const point = all[Math.floor(all.length / 3)];
  const after = all.filter((p) => p > point);

  const before = emulator.requests.length;
  const rest = await client().harvest({ category }, { startAfter: point });
  expect(rest.products.map((p) => p.partno)).toEqual(after);
  expect(rest.hasMoreHits).toBe(false);
  // The products up to the point are never asked for: about ⌈rest / 2000⌉ calls, not ⌈all / 2000⌉.
  expect(emulator.requests.length - before).toBe(rest.stats.requests);
  expect(rest.stats.requests).toBeLessThanOrEqual(Math.ceil(after.length / MAX_PRODUCTS_PER_CALL) + 1);
  expect(rest.stats.requests).toBeLessThan(Math.ceil(all.length / MAX_PRODUCTS_PER_CALL));

  // With `max`, in `Partno asc` order too: the next products after the point, across the cap.
  const next = await client().harvest({ category, orderby: 'Partno asc' }, { startAfter: point, max: MAX_PRODUCTS_PER_CALL + 500 });
  expect(next.products.map((p) => p.partno)).toEqual(after.slice(0, MAX_PRODUCTS_PER_CALL + 500));
  expect(next.hasMoreHits).toBe(true);
});

test('a resumed walk is refused for an order other than part numbers', () => {
  expect(() => client().harvestPages({ category, orderby: 'Capacitance desc' }, { startAfter: 'GRM' })).toThrow(RangeError);
});
