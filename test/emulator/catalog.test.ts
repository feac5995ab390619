import {
  ALLOWED_VALUES,
  VALUE_FIELDS,
  fieldsOfGroup,
  type Group,
  type ListFieldName,
} from '../../api';
import {
  HOSTILE_PARTNOS,
  HOSTILE_STRINGS,
  PARTNO_PATTERN,
  REFERENCE_DATE,
  generateCatalog,
  type Catalog,
  type CatalogProduct,
} from '../../emulator';
import { byCodeUnits, partno, search } from '../../testkit/emulator-http';
import { useEmulator } from '../support/use-emulator';

const emulator = useEmulator();
let catalog: Catalog;
let otherSeed: Catalog;

beforeAll(() => {
  catalog = emulator.catalog;
});

const count = (products: readonly CatalogProduct[], test: (p: CatalogProduct) => boolean): number => products.filter(test).length;

describe('catalog size and order', () => {
  test('has at least 40,000 SMD, 5,000 leaded and 10,000 inductor part numbers', () => {
    expect(catalog.byGroup.SMD.length).toBeGreaterThanOrEqual(40_000);
    expect(catalog.byGroup.Lead.length).toBeGreaterThanOrEqual(5_000);
    expect(catalog.byGroup.Ind.length).toBeGreaterThanOrEqual(10_000);
    expect(catalog.products.length).toBe(catalog.byGroup.SMD.length + catalog.byGroup.Lead.length + catalog.byGroup.Ind.length);
  });

  test('Partnos are unique and every list is in code-unit order', () => {
    expect(catalog.byPartno.size).toBe(catalog.products.length);
    const all = catalog.products.map(partno);
    expect(all).toEqual([...all].sort(byCodeUnits));
    for (const g of ['SMD', 'Lead', 'Ind'] as const) {
      const list = catalog.byGroup[g].map(partno);
      expect(list).toEqual([...list].sort(byCodeUnits));
    }
  });

  test('is deterministic for a seed and differs for another seed', () => {
    const again = generateCatalog(catalog.seed);
    expect(again.products.map(partno)).toEqual(catalog.products.map(partno));
    const sample = [0, 1234, 40_000, again.products.length - 1].map((i) => again.products[i].values);
    expect(sample).toEqual([0, 1234, 40_000, again.products.length - 1].map((i) => catalog.products[i].values));
    otherSeed = generateCatalog(catalog.seed + 1);
    expect(otherSeed.products.map(partno)).not.toEqual(catalog.products.map(partno));
  });
});

describe('part numbers and package variants', () => {
  test('every Partno follows the grammar and ends in one package letter after PartnoWithoutPackageCode', () => {
    const bad = catalog.products.map(partno).filter((pn) => !PARTNO_PATTERN.test(pn) || catalog.byPartno.get(pn)?.values.PartnoWithoutPackageCode !== pn.slice(0, -1));
    expect(bad).toEqual([]);
  });

  test('every base part exists in 2 or 3 package variants with different PackageType', () => {
    const variants = new Map<string, CatalogProduct[]>();
    for (const p of catalog.products) {
      const base = p.values.PartnoWithoutPackageCode as string;
      variants.set(base, [...(variants.get(base) ?? []), p]);
    }
    const sizes = new Set<number>();
    const bad: string[] = [];
    for (const [base, list] of variants) {
      sizes.add(list.length);
      const distinct = new Set(list.map((p) => p.values.PackageType)).size === list.length;
      if (!distinct || !list.every((p) => typeof p.values.MinOrderQuantity === 'number')) bad.push(base);
    }
    expect([...sizes].sort()).toEqual([2, 3]);
    expect(bad).toEqual([]);
    const types = new Set(catalog.products.map((p) => p.values.PackageType));
    for (const t of ['Paper tape 180mm reel', 'Plastic tape 330mm reel', 'Bulk']) expect(types).toContain(t);
  });
});

describe('values', () => {
  test('at least 2,500 SMD parts share 100 nF', () => {
    expect(count(catalog.byGroup.SMD, (p) => p.values['Specs.Capacitance'] === 1e-7)).toBeGreaterThanOrEqual(2500);
  });

  test('capacitances follow E-series values across many decades', () => {
    const E24 = new Set([1.0, 1.1, 1.2, 1.3, 1.5, 1.6, 1.8, 2.0, 2.2, 2.4, 2.7, 3.0, 3.3, 3.6, 3.9, 4.3, 4.7, 5.1, 5.6, 6.2, 6.8, 7.5, 8.2, 9.1]);
    const decades = new Set<number>();
    const offSeries: number[] = [];
    for (const p of catalog.byGroup.SMD) {
      const c = p.values['Specs.Capacitance'] as number;
      const exp = Math.floor(Math.log10(c) + 1e-9);
      decades.add(exp);
      if (!E24.has(Number((c / 10 ** exp).toPrecision(2)))) offSeries.push(c);
    }
    expect(offSeries).toEqual([]);
    expect(decades.size).toBeGreaterThanOrEqual(8);
  });

  test('size codes come with matching Length/Width/Thickness in metres', () => {
    const of = (mm: string) => catalog.byGroup.SMD.filter((p) => p.values['Specs.SizecodeMm'] === mm);
    const dims = (mm: string) => new Set(of(mm).map((p) => [p.values['Specs.SizecodeInch'], p.values['Specs.Length'], p.values['Specs.Width']].join(' ')));
    expect(dims('1608')).toEqual(new Set(['0603 0.0016 0.0008']));
    expect(dims('1005')).toEqual(new Set(['0402 0.001 0.0005']));
    expect(of('1608').filter((p) => (p.values['Specs.Thickness'] as number) > (p.values['Specs.ThicknessMax'] as number))).toEqual([]);
    expect(of('2012').length).toBeGreaterThan(1000);
  });

  test('tolerances, voltage classes and temperature standards cover the spec', () => {
    const tolerances = new Set(catalog.products.map((p) => p.values['Specs.ToleranceCapacitance']));
    for (const t of ['±10%', '±5%', '±0.1pF', '±20%', '±0.25pF']) expect(tolerances).toContain(t);
    const classes = new Set(catalog.products.map((p) => p.values['Specs.RatedVoltageClass']));
    expect(classes).toEqual(new Set(['AC', 'DC', undefined]));
    const standards = new Set(catalog.products.map((p) => p.values['Specs.TemperatureCharacteristicsCompliedStandard']));
    expect(standards).toEqual(new Set(['JIS', 'EIA', 'Maker', undefined]));
    const characteristics = new Set(catalog.products.map((p) => p.values['Specs.TemperatureCharacteristics']));
    for (const c of ['X7R', 'C0G', 'B', 'X5R']) expect(characteristics).toContain(c);
  });

  test('inductors carry inductance, tolerance, currents, Rdc, SRF, Q and test frequency', () => {
    const ind = catalog.byGroup.Ind;
    const has = (key: string) => count(ind, (p) => p.values[key] !== undefined);
    for (const key of ['Specs.Inductance', 'Specs.InductanceTolerance', 'Specs.RatedCurrent', 'Specs.RdcMax', 'Specs.SrfMin', 'DcResistanceCenterValues', 'Brand', 'Construction', 'TargetCircuitCategory']) {
      expect(has(key)).toBe(ind.length);
    }
    expect(has('Specs.RatedCurrentItemp')).toBeGreaterThan(1000);
    expect(has('Specs.RatedCurrentIsat')).toBeGreaterThan(1000);
    expect(has('Specs.QMin')).toBeGreaterThan(1000);
    expect(has('Specs.QTestFrequency')).toBe(has('Specs.QMin'));
    expect(new Set(ind.map((p) => p.values.Brand))).toEqual(new Set(['Maker', 'Maker Power Solutions']));
  });

  test('every stored field belongs to its group and list values are allowed English values', () => {
    const listOf = new Map(VALUE_FIELDS.filter((f) => f.values).map((f) => [f.key, f.values as ListFieldName]));
    const allowed = new Map([...listOf].map(([key, list]) => [key, new Set((ALLOWED_VALUES[list] as readonly { en: string }[]).map((v) => v.en))]));
    const bad: string[] = [];
    for (const group of ['SMD', 'Lead', 'Ind'] as Group[]) {
      const keys = new Set(fieldsOfGroup(group).map((f) => f.key));
      for (const p of catalog.byGroup[group]) {
        for (const [key, value] of Object.entries(p.values)) {
          if (!keys.has(key)) bad.push(`${group} ${key}`);
          const values = allowed.get(key);
          if (values) for (const v of Array.isArray(value) ? value : [value]) if (!values.has(String(v))) bad.push(`${key} ${String(v)}`);
        }
      }
    }
    expect([...new Set(bad)]).toEqual([]);
  });
});

describe('lifecycle', () => {
  test('all five statuses occur, most parts are In Production', () => {
    const statuses = catalog.products.map((p) => p.values.Status);
    for (const s of ALLOWED_VALUES.Status.map((v) => v.en)) expect(statuses).toContain(s);
    expect(statuses.filter((s) => s === 'In Production').length / statuses.length).toBeGreaterThan(0.7);
  });

  test('ending parts carry dates, some within the next 12 months and some past', () => {
    const ending = catalog.products.filter((p) => p.values.Status === 'To be discontinued' || p.values.Status === 'Discontinued');
    const date = /^\d{4}-\d{2}-\d{2}$/;
    expect(ending.filter((p) => !date.test(String(p.values.LastBuyDate)) || !date.test(String(p.values.ProductionEndDate)))).toEqual([]);
    const inAYear = new Date(Date.parse(REFERENCE_DATE) + 365 * 86_400_000).toISOString().slice(0, 10);
    expect(ending.some((p) => (p.values.LastBuyDate as string) > REFERENCE_DATE && (p.values.LastBuyDate as string) <= inAYear)).toBe(true);
    expect(ending.some((p) => (p.values.ProductionEndDate as string) < REFERENCE_DATE)).toBe(true);
    expect(catalog.products.filter((p) => p.values.Status === 'In Production').every((p) => p.values.LastBuyDate === undefined)).toBe(true);
  });

  test('AlternativePartno points at real in-production parts of the same group', () => {
    const withAlternatives = catalog.products.filter((p) => p.values.AlternativePartno !== undefined);
    expect(withAlternatives.length).toBeGreaterThan(500);
    const bad = withAlternatives.filter((p) =>
      (p.values.AlternativePartno as string[]).some((alt) => {
        const target = catalog.byPartno.get(alt);
        return target?.group !== p.group || target.values.Status !== 'In Production';
      }),
    );
    expect(bad).toEqual([]);
  });

  test('NewProduct is true on some parts and false on most', () => {
    const fresh = count(catalog.products, (p) => p.values.NewProduct === true);
    expect(fresh).toBeGreaterThan(100);
    expect(fresh).toBeLessThan(catalog.products.length / 5);
  });
});

describe('hostile parts', () => {
  test('at least two in each group, in the catalog for every seed', () => {
    for (const pn of HOSTILE_PARTNOS) {
      expect(catalog.byPartno.has(pn)).toBe(true);
      expect(otherSeed.byPartno.get(pn)?.values).toEqual(catalog.byPartno.get(pn)?.values);
    }
    for (const g of ['SMD', 'Lead', 'Ind'] as const) {
      expect(HOSTILE_PARTNOS.filter((pn) => catalog.byPartno.get(pn)?.group === g).length).toBeGreaterThanOrEqual(2);
    }
  });

  test('carry every kind of hostile string, and are served unchanged', async () => {
    const texts = HOSTILE_PARTNOS.flatMap((pn) => {
      const v = catalog.byPartno.get(pn)!.values;
      return [v.ProductName, v.Notices, v.FeatureText].filter((t): t is string => typeof t === 'string');
    });
    for (const s of Object.values(HOSTILE_STRINGS)) expect(texts).toContain(s);
    for (const start of ['=', '+', '-', '@']) expect(texts.some((t) => t.startsWith(start))).toBe(true);
    expect(texts.some((t) => t.length >= 5000)).toBe(true);

    const body = await search(emulator.url, { filter: `Partno eq '${HOSTILE_PARTNOS.join('|')}'` });
    const served = Object.values(body.Data).flatMap((g) => g.Products);
    expect(served.map((p) => p.Partno).sort()).toEqual([...HOSTILE_PARTNOS].sort());
    const hyperlink = served.find((p) => p.Partno === 'MCS18R71H104KZ9D');
    expect(hyperlink?.ProductName).toBe(HOSTILE_STRINGS.hyperlink);
    expect(served.find((p) => p.Partno === 'MPM25PMT01R0MZ9K')?.FeatureText).toBe(HOSTILE_STRINGS.script);
  });
});
