import { MAX_PRODUCTS_PER_CALL, parseFilter } from '../../api';
import { DEMO_KEY, type CatalogProduct } from '../../emulator';
import { byCodeUnits, get, partno, partnosOf, search, searchError } from '../../testkit/emulator-http';
import { useEmulator } from '../support/use-emulator';

const emulator = useEmulator();

const v = (p: CatalogProduct, key: string): unknown => p.values[key];
const num = (p: CatalogProduct, key: string): number => (typeof p.values[key] === 'number' ? (p.values[key] as number) : NaN);
const str = (p: CatalogProduct, key: string): string => (typeof p.values[key] === 'string' ? (p.values[key] as string) : '');
const list = (p: CatalogProduct, key: string): string[] => {
  const value = p.values[key];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
};
const isCc = (p: CatalogProduct): boolean => p.group !== 'Ind';

/** Asserts that a filter returns exactly what the predicate selects from the catalog (top 2000, HasMoreHits). */
async function expectMatches(filter: string, predicate: (p: CatalogProduct) => boolean, atLeast = 1): Promise<void> {
  const expected = emulator.catalog.products.filter(predicate).map(partno);
  expect(expected.length).toBeGreaterThanOrEqual(atLeast);
  const body = await search(emulator.url, { filter });
  expect(body.HasMoreHits).toBe(expected.length > MAX_PRODUCTS_PER_CALL);
  expect(partnosOf(body).sort(byCodeUnits)).toEqual(expected.slice(0, MAX_PRODUCTS_PER_CALL));
}

describe('string shapes', () => {
  test("startswith(F,'v') and several values with |", async () => {
    await expectMatches("startswith(Partno,'MCS18R7')", (p) => str(p, 'Partno').startsWith('MCS18R7'));
    await expectMatches("startswith(Partno,'MLG15|MLR25R7')", (p) => ['MLG15', 'MLR25R7'].some((s) => str(p, 'Partno').startsWith(s)));
  });

  test("contains(F,'v') is case-sensitive, and with several values", async () => {
    await expectMatches("contains(Partno,'R71H104')", (p) => str(p, 'Partno').includes('R71H104'));
    await expectMatches("contains(PackageType,'330mm|Ammo')", (p) => ['330mm', 'Ammo'].some((s) => str(p, 'PackageType').includes(s)));
    const lower = await search(emulator.url, { filter: "contains(PackageType,'paper')" });
    expect(lower).toEqual({ HasMoreHits: false, Data: {} });
  });

  test("F eq 'v' is exact, and accepts several values", async () => {
    const some = emulator.catalog.byGroup.Ind.slice(0, 3).map(partno);
    await expectMatches(`Partno eq '${some.join('|')}'`, (p) => some.includes(partno(p)), 3);
    await expectMatches("PackageType eq 'Bulk'", (p) => str(p, 'PackageType') === 'Bulk');
    const partial = await search(emulator.url, { filter: `Partno eq '${some[0].slice(0, -1)}'` });
    expect(partial.Data).toEqual({});
  });

  test('string literals double their quotes', async () => {
    const body = await search(emulator.url, { filter: "Partno eq 'O''NEIL|MCS18R71H104KZ9D'" });
    expect(partnosOf(body)).toEqual(['MCS18R71H104KZ9D']);
  });
});

describe('encodings named by the spec: %C2%B1, %25, %7C', () => {
  test('tolerance filters written with the encodings by hand', async () => {
    const filter = "Category%20eq%20'ceramicCapacitors'%20and%20ToleranceCapacitance%20eq%20'%C2%B10.1pF%7C%C2%B15%25'";
    const res = await get(`${emulator.url}/v2/products?$filter=${filter}`);
    expect(res.status).toBe(200);
    const expected = emulator.catalog.products.filter((p) => isCc(p) && ['±0.1pF', '±5%'].includes(str(p, 'Specs.ToleranceCapacitance')));
    const body = res.json() as Parameters<typeof partnosOf>[0];
    expect(body.HasMoreHits).toBe(expected.length > MAX_PRODUCTS_PER_CALL);
    const tolerances = new Set(Object.values(body.Data).flatMap((g) => g.Products.map((p) => (p.Specs as Record<string, string>).ToleranceCapacitance)));
    expect(tolerances).toEqual(new Set(['±0.1pF', '±5%']));
  });

  test("contains(F,'%') finds percentage tolerances only", async () => {
    await expectMatches(
      "Category eq 'ceramicCapacitorsLead' and contains(ToleranceCapacitance,'%')",
      (p) => p.group === 'Lead' && str(p, 'Specs.ToleranceCapacitance').includes('%'),
    );
    await expectMatches(
      "Category eq 'inductors' and InductanceTolerance eq '±0.1nH|±0.2nH'",
      (p) => p.group === 'Ind' && ['±0.1nH', '±0.2nH'].includes(str(p, 'Specs.InductanceTolerance')),
    );
  });
});

describe('Double comparisons', () => {
  const cat = "Category eq 'ceramicCapacitorsLead'";
  const lead = (p: CatalogProduct) => p.group === 'Lead';
  test.each([
    ['eq', (c: number) => c === 1e-9],
    ['ge', (c: number) => c >= 1e-9],
    ['le', (c: number) => c <= 1e-9],
    ['gt', (c: number) => c > 1e-9],
    ['lt', (c: number) => c < 1e-9],
  ])('Capacitance %s 0.000000001', async (op, test) => {
    await expectMatches(`${cat} and Capacitance ${op} 0.000000001`, (p) => lead(p) && test(num(p, 'Specs.Capacitance')));
  });

  test('a range with ge and le; exponent and plain decimals mean the same', async () => {
    const inRange = (p: CatalogProduct) => lead(p) && num(p, 'Specs.Capacitance') >= 1e-8 && num(p, 'Specs.Capacitance') <= 1e-7;
    await expectMatches(`${cat} and Capacitance ge 0.00000001 and Capacitance le 0.0000001`, inRange);
    await expectMatches(`${cat} and Capacitance ge 1E-08 and Capacitance le 1e-7`, inRange);
  });

  test('filter names that differ from response names: Rdc is Specs.RdcMax, Srf is Specs.SrfMin', async () => {
    await expectMatches("Category eq 'inductors' and Rdc le 0.05", (p) => p.group === 'Ind' && num(p, 'Specs.RdcMax') <= 0.05);
    await expectMatches("Category eq 'inductors' and Srf ge 5000000000", (p) => p.group === 'Ind' && num(p, 'Specs.SrfMin') >= 5e9);
  });

  test('lengths in metres; Thickness usable with ceramicCapacitors', async () => {
    await expectMatches("Category eq 'ceramicCapacitors' and Thickness ge 0.0025", (p) => isCc(p) && num(p, 'Specs.Thickness') >= 0.0025);
    await expectMatches("Category eq 'ceramicCapacitorsSMD' and Length eq 0.0016 and Width eq 0.0008 and RatedVoltage ge 100", (p) =>
      p.group === 'SMD' && num(p, 'Specs.Length') === 0.0016 && num(p, 'Specs.Width') === 0.0008 && num(p, 'Specs.RatedVoltage') >= 100,
    );
  });
});

describe('Boolean and several conditions', () => {
  test('Boolean eq true / false', async () => {
    await expectMatches("Category eq 'ceramicCapacitorsLead' and AecQ200Support eq true", (p) => p.group === 'Lead' && v(p, 'ComplianceInfo.AecQ200Support') === true);
    await expectMatches("NewProduct eq true and Rohs eq true", (p) => v(p, 'NewProduct') === true && v(p, 'ComplianceInfo.Rohs') === true);
    await expectMatches("Category eq 'ceramicCapacitorsLead' and Rohs eq false", (p) => p.group === 'Lead' && v(p, 'ComplianceInfo.Rohs') === false);
  });

  test('several conditions on one field are all applied', async () => {
    await expectMatches("startswith(Partno,'MC') and startswith(Partno,'MCS18') and contains(Partno,'104')", (p) =>
      str(p, 'Partno').startsWith('MCS18') && str(p, 'Partno').includes('104'),
    );
    const none = await search(emulator.url, { filter: "Category eq 'inductors' and Inductance ge 0.00001 and Inductance lt 0.00001" });
    expect(none).toEqual({ HasMoreHits: false, Data: {} });
  });
});

describe('list-valued fields', () => {
  test('exact match against any of the product values; Application by its comma-separated parts', async () => {
    await expectMatches("Status eq 'NRND|Discontinued'", (p) => ['NRND', 'Discontinued'].includes(str(p, 'Status')));
    await expectMatches("Category eq 'ceramicCapacitors' and Mounting eq 'Bonding'", (p) => isCc(p) && list(p, 'Mounting').includes('Bonding'));
    await expectMatches("Application eq 'HDD|Double feed detection'", (p) => list(p, 'Application').some((a) => a === 'HDD' || a === 'Double feed detection'));
    await expectMatches("Category eq 'inductors' and Construction eq '2 coils in 1 unit'", (p) => list(p, 'Construction').includes('2 coils in 1 unit'));
    await expectMatches("Category eq 'ceramicCapacitorsSMD' and SmdType eq 'LW reversed' and Benefits eq 'Low inductance'", (p) =>
      str(p, 'Specs.SmdType') === 'LW reversed' && list(p, 'Benefits').includes('Low inductance'),
    );
    await expectMatches("Category eq 'ceramicCapacitors' and RatedVoltageClass eq 'AC'", (p) => isCc(p) && str(p, 'Specs.RatedVoltageClass') === 'AC');
    await expectMatches("Category eq 'ceramicCapacitorsSMD' and TemperatureCharacteristicsCompliedStandard eq 'Maker'", (p) =>
      p.group === 'SMD' && str(p, 'Specs.TemperatureCharacteristicsCompliedStandard') === 'Maker',
    );
    await expectMatches("Category eq 'inductors' and TargetCircuitCategory eq 'High frequency circuits' and Brand eq 'Maker'", (p) =>
      p.group === 'Ind' && str(p, 'TargetCircuitCategory') === 'High frequency circuits' && str(p, 'Brand') === 'Maker',
    );
  });

  test('accept exact match only and allowed values only (400 naming the field or value)', async () => {
    const starts = await searchError(emulator.url, { filter: "startswith(Status,'In')" });
    expect(starts.status).toBe(400);
    expect(starts.message).toMatch(/Status accepts exact match only/);
    const contains = await searchError(emulator.url, { filter: "Category eq 'ceramicCapacitors' and contains(Mounting,'Reflow')" });
    expect(contains.status).toBe(400);
    expect(contains.message).toMatch(/Mounting/);
    const partial = await searchError(emulator.url, { filter: "Status eq 'In Prod'" });
    expect(partial.status).toBe(400);
    expect(partial.message).toMatch(/'In Prod' is not an allowed value of Status/);
  });
});

describe('per-category applicability', () => {
  test.each([
    ['Capacitance ge 0.000001', /Capacitance at character 1 needs a Category condition/],
    ["Category eq 'inductors' and Capacitance ge 0.000001", /Capacitance at character 29 is not usable with category inductors/],
    ["Category eq 'ceramicCapacitors' and Length ge 0.001", /Length .* not usable with category ceramicCapacitors/],
    ["Category eq 'ceramicCapacitorsLead' and SmdType eq 'Two-terminal'", /SmdType .* not usable with category ceramicCapacitorsLead/],
    ["Category eq 'ceramicCapacitorsSMD' and OuterDiameter ge 0.001", /OuterDiameter/],
    ["Category eq 'ceramicCapacitors' and Construction eq 'Film type'", /Construction/],
    ["Category eq 'ceramicCapacitorsSMD' and Rdc le 1", /Rdc/],
  ])('%s → 400', async (filter, message) => {
    const res = await searchError(emulator.url, { filter });
    expect(res.status).toBe(400);
    expect(res.message).toMatch(message);
  });
});

describe('malformed filters: 400 naming the token and its position', () => {
  test.each([
    ["Partno eq 'A' or Partno eq 'B'", /'or' at character 15/],
    ["Partno eq 'A", /Unbalanced quote/],
    ['Partno eq A', /Unexpected 'A' at character 11/],
    ["Partnoo eq 'A'", /Unknown filter field 'Partnoo' at character 1 — did you mean 'Partno'/],
    ["RdcMax le 1 and Category eq 'inductors'", /filter on 'Rdc' instead/],
    ["Category eq 'ceramicCapacitorsLead' and Capacitance ge 1.2.3", /Malformed number/],
    ["Category eq 'capacitors'", /'capacitors' is not a category ID/],
    ['Capacitance ge', /ends too early/],
    ["NewProduct eq 'true'", /NewProduct/],
  ])('%s', async (filter, message) => {
    const res = await searchError(emulator.url, { filter });
    expect(res.status).toBe(400);
    expect(res.message).toMatch(message);
  });

  test('bad percent-encoding and repeated parameters are 400 too', async () => {
    const bad = await get(`${emulator.url}/v2/products?$filter=Partno%20eq%20'%FF'`);
    expect(bad.status).toBe(400);
    expect((bad.json() as { message: string }).message).toMatch(/percent-encoded/);
    const twice = await get(`${emulator.url}/v2/products?$filter=NewProduct%20eq%20true&$filter=NewProduct%20eq%20false`);
    expect(twice.status).toBe(400);
    expect((twice.json() as { message: string }).message).toMatch(/\$filter is given 2 times/);
  });

  test('property: random filter text is 400 exactly when the shared parser refuses it, never 500', async () => {
    const pieces = [
      'Partno', 'Category', 'Capacitance', 'Status', 'eq', 'ge', 'lt', 'and', 'or', 'not', 'startswith(', 'contains(', '(', ')', ',',
      "'", "''", "'MCS18'", "'ceramicCapacitors'", '0.0000001', '1e-7', '-1', 'true', 'false', ' ', '  ', '|', '%', '±', '#', '&',
      '?', '\u202e', '漢字', '😀', '\\', '"', '\t', 'null', 'NaN', 'Infinity', '1e400', '..', '.5', '+',
    ];
    let seed = 12345;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let refused = 0;
    for (let i = 0; i < 200; i++) {
      const text = Array.from({ length: 1 + rand(9) }, () => pieces[rand(pieces.length)]).join(rand(2) ? ' ' : '');
      let valid = true;
      try {
        parseFilter(text, { syntax: 'wire' });
      } catch {
        valid = false;
      }
      const res = await get(`${emulator.url}/v2/products?$filter=${encodeURIComponent(text)}`, { 'x-api-key': DEMO_KEY });
      if (!valid) refused++;
      expect({ text, status: res.status }).toEqual({ text, status: valid ? 200 : 400 });
      expect(typeof (res.json() as { message?: string }).message === 'string').toBe(!valid);
    }
    expect(refused).toBeGreaterThan(150);
  });
});
