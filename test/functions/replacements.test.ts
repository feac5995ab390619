import type { CatalogProduct } from '../../emulator';
import type { Lang } from '../../api/vocabulary';
import { replacements } from '../../src/functions/functions';
import { errorOf, settledRequests, startFunctionsHarness, type FunctionsHarness } from '../../testkit/functions-harness';

const ENDING = new Set(['NRND', 'To be discontinued', 'Discontinued']);
const partnoOf = (p: CatalogProduct): string => p.values.Partno as string;

/** In Production inductors of the same inductance and size, rated for as much current with no more Rdc. */
function inductorDropIns(h: FunctionsHarness, original: CatalogProduct): string[] {
  const o = original.values;
  return h.emulator.catalog.byGroup.Ind.filter((p) => {
    const v = p.values;
    const atLeast = (k: string): boolean => o[k] === undefined || (v[k] !== undefined && (v[k] as number) >= (o[k] as number));
    const atMost = (k: string): boolean => o[k] === undefined || (v[k] !== undefined && (v[k] as number) <= (o[k] as number));
    return v.Status === 'In Production' && v['Specs.Inductance'] === o['Specs.Inductance'] && v['Specs.SizecodeMm'] === o['Specs.SizecodeMm'] && atLeast('Specs.RatedCurrentItemp') && atMost('Specs.RdcMax');
  }).map(partnoOf);
}

const IN_PRODUCTION: Record<Lang, string> = { en: 'In Production', ja: '生産中', zh: '目前生产' };

describe.each(['en', 'ja', 'zh'] as const)('PART.REPLACEMENTS (%s)', (lang) => {
  let h: FunctionsHarness;
  beforeAll(async () => {
    h = await startFunctionsHarness({ lang });
  });
  afterAll(() => h.close());

  test('spills a header and the drop-in candidates in the Settings language, the same set a scan of the catalog finds', async () => {
    const original = h.emulator.catalog.byGroup.Ind.find((p) => ENDING.has(p.values.Status as string) && inductorDropIns(h, p).length >= 2)!;
    const expected = inductorDropIns(h, original);
    const table = await replacements(partnoOf(original), 100);
    expect(table[0]).toEqual(['Partno', 'Status', 'Inductance', 'SizecodeMm', 'RatedCurrentItemp', 'RdcMax', 'InductanceTolerance', 'AecQ200Support', 'Thickness', 'PackageType', 'Maker alternative', 'Differs in']);
    expect(table.slice(1).map((r) => r[0]).sort()).toEqual(expected.sort());
    for (const row of table.slice(1)) {
      expect(row[1]).toBe(IN_PRODUCTION[lang]);
      expect(row[3]).toBe(original.values['Specs.SizecodeMm']);
    }
    const alternatives = (original.values.AlternativePartno as string[] | undefined) ?? [];
    const marked = table.slice(1).filter((r) => r[10] === 'yes').map((r) => r[0]);
    expect(marked.sort()).toEqual(expected.filter((p) => alternatives.includes(p)).sort());
    expect(table.slice(1, 1 + marked.length).every((r) => r[10] === 'yes')).toBe(true);
  });

  test('a column of formulas for parts of one parameter group costs one search; max and strict are checked', async () => {
    const original = h.emulator.catalog.byGroup.SMD.find((p) => ENDING.has(p.values.Status as string) && !!p.values.AlternativePartno)!;
    const o = original.values;
    const siblings = h.emulator.catalog.byGroup.SMD.filter(
      (p) =>
        ENDING.has(p.values.Status as string) &&
        ['Specs.Capacitance', 'Specs.SizecodeMm', 'Specs.TemperatureCharacteristics', 'Specs.RatedVoltageClass'].every((k) => p.values[k] === o[k]),
    ).map(partnoOf);
    await settledRequests(h.emulator);
    h.emulator.resetLog();
    const results = await Promise.all(siblings.map((p) => replacements(p, 2).catch((e: unknown) => e)));
    const requests = (await settledRequests(h.emulator)).filter((r) => r.url.includes('/v2/products?'));
    // The group's search names its rules (value, size, characteristic); a near-miss search asks by value alone.
    const groupSearches = requests.filter((r) => r.url.includes('Capacitance%20eq') && r.url.includes('SizecodeMm%20eq'));
    expect(siblings.length).toBeGreaterThan(1);
    // One lookup for every cell, one search for the group; a near-miss search only if some cell has no candidate.
    expect(groupSearches).toHaveLength(1);
    const lookups = requests.filter((r) => r.url.includes('Partno%20eq'));
    expect(lookups).toHaveLength(1);
    expect(requests.length - lookups.length - groupSearches.length).toBeLessThanOrEqual(1);
    for (const r of results) if (Array.isArray(r)) expect(r.length).toBeLessThanOrEqual(3);

    expect(await errorOf(replacements(partnoOf(original), 0))).toEqual({ code: '#VALUE!', message: expect.stringContaining('max must be a whole number') });
    expect(await errorOf(replacements(partnoOf(original), 5, 'maybe' as unknown as boolean))).toEqual({ code: '#VALUE!', message: expect.stringContaining('strict must be TRUE or FALSE') });
    expect(await errorOf(replacements('NOTAPART-9999'))).toEqual({ code: '#N/A', message: 'Part not found: NOTAPART-9999' });
  });

  test('no candidate is #N/A naming the closest near-miss and what differs', async () => {
    const original = h.emulator.catalog.byGroup.Ind.find((p) => ENDING.has(p.values.Status as string) && inductorDropIns(h, p).length === 0)!;
    const error = await errorOf(replacements(partnoOf(original)));
    expect(error.code).toBe('#N/A');
    expect(error.message).toMatch(new RegExp(`^No drop-in replacement In Production for ${partnoOf(original)}`));
  });
});
