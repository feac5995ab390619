import { parseCliArgs, UsageError } from '../../emulator/cli-args';
import { ageCatalog, catalogFor, DEFAULT_SEED, generateCatalog, REFERENCE_DATE, startEmulator, type Catalog, type CatalogProduct, type RunningEmulator } from '../../emulator';
import { LAST_BUY_WINDOW_DAYS } from '../../emulator/catalog';
import { addDays } from '../../emulator/catalog/numbers';
import { partno, productsOf, search } from '../../testkit/emulator-http';

const LATE = '2027-09-30';
const MID = '2027-01-15';
const RANK: Record<string, number> = { 'Under Development': 0, 'In Production': 1, NRND: 2, 'To be discontinued': 3, Discontinued: 4 };

let base: Catalog;
let mid: Catalog;
let late: Catalog;

beforeAll(() => {
  base = catalogFor(DEFAULT_SEED);
  // ageCatalog(base, date), kept by catalogFor: the emulator started --as-of LATE below answers from this one.
  mid = catalogFor(DEFAULT_SEED, MID);
  late = catalogFor(DEFAULT_SEED, LATE);
});

/** The positions at which two catalogs' products differ in their values (the same object is the same values). */
const differences = (a: Catalog, b: Catalog): number[] =>
  a.products.flatMap((p, i) => (p.values === b.products[i].values || JSON.stringify(p.values) === JSON.stringify(b.products[i].values) ? [] : [i]));

/** Pairs of (reference, aged) products with the same Partno. */
function pairs(aged: Catalog): [CatalogProduct, CatalogProduct][] {
  return aged.products.flatMap((p) => {
    const before = base.byPartno.get(partno(p));
    return before ? [[before, p] as [CatalogProduct, CatalogProduct]] : [];
  });
}

describe('ageCatalog', () => {
  test('on the reference date the catalog is the one generated', () => {
    const same = ageCatalog(base, REFERENCE_DATE);
    expect(same.products.length).toBe(base.products.length);
    expect(differences(same, base)).toEqual([]);
  });

  test('the same seed and date give the same catalog; the catalog given is not changed', () => {
    const before = JSON.stringify(base.products.slice(0, 500).map((p) => p.values));
    const again = ageCatalog(generateCatalog(DEFAULT_SEED), LATE);
    expect(again.products).toHaveLength(late.products.length);
    expect(differences(again, late)).toEqual([]);
    expect(JSON.stringify(base.products.slice(0, 500).map((p) => p.values))).toBe(before);
  });

  test('ended parts are Discontinued, ending parts are To be discontinued within their last-buy window', () => {
    const moved = pairs(late).filter(([b, a]) => b.values.Status !== a.values.Status);
    expect(moved.length).toBeGreaterThan(1000);
    for (const [b, a] of moved) {
      const now = a.values;
      if (now.Status === 'Discontinued') expect(String(now.ProductionEndDate) < LATE).toBe(true);
      if (now.Status === 'To be discontinued') {
        expect(addDays(String(now.LastBuyDate), -LAST_BUY_WINDOW_DAYS) <= LATE).toBe(true);
        expect(String(now.ProductionEndDate) >= LATE).toBe(true);
        expect(now.Notices).toBe(`Production will end. Last buy date: ${now.LastBuyDate}.`);
      }
      // Lifecycles only move forward.
      expect(RANK[now.Status as string]).toBeGreaterThan(RANK[b.values.Status as string]);
    }
    const kinds = new Set(moved.map(([b, a]) => `${b.values.Status}->${a.values.Status}`));
    expect([...kinds]).toEqual(expect.arrayContaining(['In Production->NRND', 'NRND->To be discontinued', 'To be discontinued->Discontinued']));
  });

  test('In Production parts that become NRND get last-buy and production-end dates and lose NewProduct', () => {
    const nrnd = pairs(mid).filter(([b, a]) => b.values.Status === 'In Production' && a.values.Status === 'NRND');
    expect(nrnd.length).toBeGreaterThan(50);
    for (const [, a] of nrnd) {
      expect(String(a.values.LastBuyDate)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(String(a.values.ProductionEndDate) > String(a.values.LastBuyDate)).toBe(true);
      expect(a.values.NewProduct).toBe(false);
    }
  });

  test('nothing but lifecycle fields changes on parts that exist already', () => {
    const lifecycle = new Set(['Status', 'NewProduct', 'LastBuyDate', 'ProductionEndDate', 'Notices']);
    for (const [b, a] of pairs(late)) {
      for (const key of new Set([...Object.keys(b.values), ...Object.keys(a.values)])) {
        if (!lifecycle.has(key) && a.values[key] !== b.values[key]) throw new Error(`${partno(a)}: ${key} changed`);
      }
    }
  });

  test('new package forms appear flagged NewProduct, more of them later', () => {
    const fresh = (c: Catalog): CatalogProduct[] => c.products.filter((p) => !base.byPartno.has(partno(p)));
    expect(fresh(mid).length).toBeGreaterThan(10);
    expect(fresh(late).length).toBeGreaterThan(fresh(mid).length);
    for (const p of fresh(late)) {
      expect(p.values.NewProduct).toBe(true);
      expect(p.values.Status).toBe('In Production');
      expect(partno(p).startsWith(String(p.values.PartnoWithoutPackageCode))).toBe(true);
    }
    expect(fresh(mid).every((p) => late.byPartno.has(partno(p)))).toBe(true);
    const sorted = late.products.map(partno);
    expect(sorted).toEqual([...sorted].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(late.byGroup.SMD.length + late.byGroup.Lead.length + late.byGroup.Ind.length).toBe(late.products.length);
  });

  test.each([['2027-02-30'], ['27-01-01'], ['2026-09-30']])('refuses %s', (date) => {
    expect(() => ageCatalog(base, date)).toThrow(RangeError);
  });
});

describe('--as-of', () => {
  test('is read as a date', () => {
    expect(parseCliArgs(['--as-of', '2027-06-30'])).toEqual({ help: false, options: { asOf: '2027-06-30' } });
  });

  test.each([
    [['--as-of', '2027-6-30'], /--as-of needs a date written YYYY-MM-DD/],
    [['--as-of', '2027-02-29'], /--as-of needs a date written YYYY-MM-DD/],
    [['--as-of', '2026-01-01'], new RegExp(`on or after ${REFERENCE_DATE}`)],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });

  describe('over HTTP', () => {
    let today: RunningEmulator;
    let later: RunningEmulator;
    beforeAll(async () => {
      today = await startEmulator({ port: 0 });
      later = await startEmulator({ port: 0, asOf: LATE });
    });
    afterAll(async () => {
      await today.close();
      await later.close();
    });

    test('the same parts answer with their status on each date', async () => {
      const moved = pairs(late).filter(([b, a]) => b.values.Status !== a.values.Status && a.group === 'SMD').slice(0, 20);
      const filter = `Partno eq '${moved.map(([b]) => partno(b)).join('|')}'`;
      const before = productsOf(await search(today.url, { filter }));
      const after = productsOf(await search(later.url, { filter }));
      const statusOf = (list: Record<string, unknown>[]): Record<string, unknown> => Object.fromEntries(list.map((p) => [p.Partno, p.Status]));
      expect(statusOf(before)).toEqual(Object.fromEntries(moved.map(([b]) => [partno(b), b.values.Status])));
      expect(statusOf(after)).toEqual(Object.fromEntries(moved.map(([, a]) => [partno(a), a.values.Status])));
      expect(later.catalog.asOf).toBe(LATE);
      expect(today.catalog.asOf).toBeUndefined();
    });
  });
});
