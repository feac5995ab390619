import { MAX_PRODUCTS_PER_CALL, parseFilter } from '../../api';
import { runQuery, type CatalogProduct } from '../../emulator';
import { byCodeUnits, get, partno, partnosOf, productsOf, search, send, type SearchBody } from '../../testkit/emulator-http';
import { useEmulator } from '../support/use-emulator';

const emulator = useEmulator();
/** A second emulator (same catalog) that answers with the nesting variants clients must tolerate. */
const quirky = useEmulator({ quirks: { groupLevelFields: true, numbersAsStrings: true, nullFields: true } });

const expectedPartnos = (test: (p: CatalogProduct) => boolean): string[] =>
  emulator.catalog.products.filter(test).map(partno).sort(byCodeUnits);

describe('GET /v2/products', () => {
  test('without parameters: the first 2000 Partnos of all groups in code-unit order, HasMoreHits true', async () => {
    const body = await search(emulator.url);
    expect(body.HasMoreHits).toBe(true);
    const all = emulator.catalog.products.map(partno);
    // Groups come in fixed order inside Data; the products taken are the top 2000 of one ordering.
    expect(partnosOf(body).sort(byCodeUnits)).toEqual(all.slice(0, MAX_PRODUCTS_PER_CALL));
  });

  test('the response shape: group objects under Data, grouping fields and nested objects on each product', async () => {
    const body = await search(emulator.url, { filter: "Partno eq 'MCS18R71H104KZ9D|MLR25R71H104KZ9A|MPM25PMT01R0MZ9K'" });
    expect(Object.keys(body)).toEqual(['HasMoreHits', 'Data']);
    expect(Object.keys(body.Data)).toEqual(['CeramicCapacitorsSMD', 'CeramicCapacitorsLead', 'Inductors']);
    const [smd, lead, ind] = ['CeramicCapacitorsSMD', 'CeramicCapacitorsLead', 'Inductors'].map((g) => body.Data[g].Products[0]);
    expect(smd).toMatchObject({
      Manufacturer: 'Maker',
      Lv1Category: 'Capacitors',
      Lv2Category: 'Ceramic Capacitors',
      Partno: 'MCS18R71H104KZ9D',
      PartnoWithoutPackageCode: 'MCS18R71H104KZ9',
      Status: 'In Production',
      NewProduct: false,
      Mounting: ['Reflow soldering', 'Flow soldering'],
      ComplianceInfo: { AecQ200Support: false, Rohs: true, Reach: true, LeadFree: true },
      Specs: {
        Capacitance: 1e-7,
        CapacitanceText: '100nF',
        ToleranceCapacitance: '±10%',
        RatedVoltage: 50,
        RatedVoltageClass: 'DC',
        TemperatureCharacteristics: 'X7R',
        SizecodeMm: '1608',
        SizecodeInch: '0603',
        Length: 0.0016,
        Width: 0.0008,
      },
    });
    expect(typeof smd.Application).toBe('string');
    expect(smd.ProductDetailUrl).toBe(`${emulator.url}/media/products/MCS18R71H104KZ9D`);
    expect(Object.keys(smd.MediaFileUrls as object)).toEqual(expect.arrayContaining(['Dimensions', 'SpecificationsSheet', 'StructuralDrawings']));
    // Fields of other groups and fields without a value are left out.
    expect(smd).not.toHaveProperty('Brand');
    expect(smd).not.toHaveProperty('LastBuyDate');
    expect(smd.Specs).not.toHaveProperty('Inductance');
    expect(lead.Specs).toHaveProperty('LeadSpace');
    expect(lead.Specs).not.toHaveProperty('SizecodeMm');
    expect(ind).toMatchObject({ Brand: 'Maker Power Solutions', Construction: ['Wire wound type (Metal)'], Specs: { Inductance: 1e-6, InductanceText: '1µH' } });
    expect(ind).not.toHaveProperty('Mounting');
    expect(ind.MediaFileUrls).not.toHaveProperty('StructuralDrawings');
    const media = await get(String((smd.MediaFileUrls as Record<string, string>).Dimensions));
    expect(media.status).toBe(200);
  });

  test('dates are YYYY-MM-DD and numeric Specs are numbers with a Text companion', async () => {
    const ending = emulator.catalog.byGroup.SMD.find((p) => p.values.Status === 'Discontinued')!;
    const body = await search(emulator.url, { filter: `Partno eq '${partno(ending)}'` });
    const [p] = productsOf(body);
    expect(p.Status).toBe('Discontinued');
    expect(p.LastBuyDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(p.ProductionEndDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const specs = p.Specs as Record<string, unknown>;
    for (const name of ['Capacitance', 'RatedVoltage', 'Length', 'Width', 'Thickness', 'ReferenceMass', 'MaxOperatingTemperature']) {
      expect(typeof specs[name]).toBe('number');
      expect(typeof specs[`${name}Text`]).toBe('string');
    }
  });

  test('Category ceramicCapacitors returns SMD and leaded parts; each single category its own group', async () => {
    const both = await search(emulator.url, { filter: "Category eq 'ceramicCapacitors' and Partno eq 'MCS18R71H104KZ9D|MLR25R71H104KZ9A|MPM25PMT01R0MZ9K'" });
    expect(Object.keys(both.Data)).toEqual(['CeramicCapacitorsSMD', 'CeramicCapacitorsLead']);
    for (const [category, group] of [['ceramicCapacitorsSMD', 'CeramicCapacitorsSMD'], ['ceramicCapacitorsLead', 'CeramicCapacitorsLead'], ['inductors', 'Inductors']]) {
      const body = await search(emulator.url, { filter: `Category eq '${category}'` });
      expect(Object.keys(body.Data)).toEqual([group]);
    }
  });

  test('a search that matches nothing: 200, HasMoreHits false and an empty Data', async () => {
    const body = await search(emulator.url, { filter: "Partno eq 'NOSUCHPART'" });
    expect(body).toEqual({ HasMoreHits: false, Data: {} });
  });

  test('at most 2000, taken from the top; HasMoreHits exactly when more matched', async () => {
    const many = await search(emulator.url, { filter: "Category eq 'ceramicCapacitorsSMD' and Capacitance eq 0.0000001" });
    const expected = expectedPartnos((p) => p.group === 'SMD' && p.values['Specs.Capacitance'] === 1e-7);
    expect(expected.length).toBeGreaterThan(MAX_PRODUCTS_PER_CALL);
    expect(many.HasMoreHits).toBe(true);
    expect(partnosOf(many)).toEqual(expected.slice(0, MAX_PRODUCTS_PER_CALL));

    const exact = expectedPartnos((p) => p.group === 'Lead' && (p.values.Partno as string).startsWith('MLR25R7'));
    const few = await search(emulator.url, { filter: "Category eq 'ceramicCapacitorsLead' and startswith(Partno,'MLR25R7')" });
    expect(exact.length).toBeLessThanOrEqual(MAX_PRODUCTS_PER_CALL);
    expect(few.HasMoreHits).toBe(false);
    expect(partnosOf(few)).toEqual(exact);
  });

  test('exactly the limit matched: all returned and HasMoreHits false; one more: HasMoreHits true', () => {
    const filter = parseFilter("Category eq 'ceramicCapacitorsLead' and startswith(Partno,'MLR25')", { syntax: 'wire' });
    const all = runQuery(emulator.catalog, { filter, orderBy: [], lang: 'en', limit: Infinity });
    const n = all.products.length;
    expect(n).toBeGreaterThan(10);
    const exactly = runQuery(emulator.catalog, { filter, orderBy: [], lang: 'en', limit: n });
    expect(exactly.hasMoreHits).toBe(false);
    expect(exactly.products).toHaveLength(n);
    const cut = runQuery(emulator.catalog, { filter, orderBy: [], lang: 'en', limit: n - 1 });
    expect(cut.hasMoreHits).toBe(true);
    expect(cut.products).toEqual(all.products.slice(0, n - 1));
  });
});

describe('nesting variants of NOTES.md', () => {
  test('groupLevelFields: Manufacturer and Lv*Category on the group object, not on products', async () => {
    const body = await search(quirky.url, { filter: "Partno eq 'MCS18R71H104KZ9D'", lang: 'ja' });
    const group = body.Data.CeramicCapacitorsSMD;
    expect(group).toMatchObject({ Manufacturer: 'Maker', Lv1Category: 'コンデンサ' });
    expect(group.Products[0]).not.toHaveProperty('Manufacturer');
    expect(group.Products[0]).not.toHaveProperty('Lv1Category');
  });

  test('numbersAsStrings: numeric Specs as strings', async () => {
    const body = await search(quirky.url, { filter: "Partno eq 'MCS18R71H104KZ9D'" });
    const specs = body.Data.CeramicCapacitorsSMD.Products[0].Specs as Record<string, unknown>;
    expect(specs.Capacitance).toBe('1e-7');
    expect(specs.RatedVoltage).toBe('50');
    expect(specs.CapacitanceText).toBe('100nF');
  });

  test('nullFields: fields without a value are null instead of left out', async () => {
    const body = await search(quirky.url, { filter: "Partno eq 'MCS18R71H104KZ9D'" });
    const product = body.Data.CeramicCapacitorsSMD.Products[0];
    expect(product.LastBuyDate).toBeNull();
    expect(product.AlternativePartno).toBeNull();
    expect((product.Specs as Record<string, unknown>).RatedCurrent).toBeNull();
    expect(product).not.toHaveProperty('Brand');
  });

  test('the download file uses the same variants', async () => {
    const acquired = await get(`${quirky.url}/v2/products/getproductdatadownloadurl?category=ceramicCapacitorsLead`);
    const link = (acquired.json() as { ProductDataDownloadUrl: string }).ProductDataDownloadUrl;
    const body = (await send(link, { headers: { 'accept-encoding': 'gzip' } })).json() as SearchBody;
    const group = body.Data.CeramicCapacitorsLead;
    expect(group.Manufacturer).toBe('Maker');
    expect(typeof (group.Products[0].Specs as Record<string, unknown>).Capacitance).toBe('string');
  });
});
