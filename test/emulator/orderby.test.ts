import { type CatalogProduct } from '../../emulator';
import { byCodeUnits, partno, partnosOf, productsOf, search, searchError } from '../../testkit/emulator-http';
import { useEmulator } from '../support/use-emulator';

const emulator = useEmulator();

const lead = (): CatalogProduct[] => emulator.catalog.byGroup.Lead.filter((p) => (p.values.Partno as string).startsWith('MLS'));
const cap = (p: CatalogProduct): number => p.values['Specs.Capacitance'] as number;

describe('$orderby', () => {
  test('default order is Partno ascending in code-unit order', async () => {
    const body = await search(emulator.url, { filter: "startswith(Partno,'MLS')" });
    expect(partnosOf(body)).toEqual(lead().map(partno).sort(byCodeUnits));
  });

  test('Capacitance asc, ties broken by Partno ascending', async () => {
    const body = await search(emulator.url, { filter: "Category eq 'ceramicCapacitorsLead' and startswith(Partno,'MLS')", orderby: 'Capacitance asc' });
    const expected = [...lead()].sort((a, b) => cap(a) - cap(b) || byCodeUnits(partno(a), partno(b))).map(partno);
    expect(partnosOf(body)).toEqual(expected);
  });

  test('Capacitance desc then RatedVoltage asc, then Partno', async () => {
    const body = await search(emulator.url, {
      filter: "Category eq 'ceramicCapacitorsLead' and startswith(Partno,'MLS')",
      orderby: 'Capacitance desc,RatedVoltage asc',
    });
    const volts = (p: CatalogProduct) => p.values['Specs.RatedVoltage'] as number;
    const expected = [...lead()].sort((a, b) => cap(b) - cap(a) || volts(a) - volts(b) || byCodeUnits(partno(a), partno(b))).map(partno);
    expect(partnosOf(body)).toEqual(expected);
  });

  test('ordering decides which 2000 are returned', async () => {
    const body = await search(emulator.url, { filter: "Category eq 'ceramicCapacitorsSMD'", orderby: 'Capacitance desc' });
    expect(body.HasMoreHits).toBe(true);
    const caps = productsOf(body).map((p) => (p.Specs as Record<string, number>).Capacitance);
    const largest = Math.max(...emulator.catalog.byGroup.SMD.map(cap));
    expect(caps[0]).toBe(largest);
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
  });

  test('Status orders by the text in the language', async () => {
    const body = await search(emulator.url, { filter: "startswith(Partno,'MLH')", orderby: 'Status desc', lang: 'en' });
    const statuses = productsOf(body).map((p) => String(p.Status));
    expect(statuses).toEqual([...statuses].sort(byCodeUnits).reverse());
  });

  test.each([
    ['Capacitance up', /Order direction 'up' for Capacitance must be asc or desc/],
    ['Capacitence asc', /Cannot order by 'Capacitence'.*did you mean 'Capacitance'/],
    ['Capacitance asc desc', /must be '<Field> asc' or '<Field> desc'/],
    ['Partno asc,Partno desc', /Partno appears twice/],
    ['Capacitance asc', /Capacitance at character 1 needs a Category condition/],
  ])('%s → 400', async (orderby, message) => {
    const res = await searchError(emulator.url, { orderby });
    expect(res.status).toBe(400);
    expect(res.message).toMatch(message);
  });

  test('a field not usable with the filter category → 400', async () => {
    const res = await searchError(emulator.url, { filter: "Category eq 'inductors'", orderby: 'Capacitance asc' });
    expect(res.status).toBe(400);
    expect(res.message).toMatch(/not usable with category inductors/);
  });
});
