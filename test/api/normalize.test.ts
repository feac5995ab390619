import { normalizeProductsResponse, normalizeValue, getField, toIsoDate, type FieldDef } from '../../api';

const field = (key: string): FieldDef => getField(key)!;

describe('normalizeValue follows the field type', () => {
  test.each<[string, unknown, unknown]>([
    ['Specs.Capacitance', 1e-7, 1e-7],
    ['Specs.Capacitance', '1e-7', 1e-7],
    ['Specs.Capacitance', ' 0.0000001 ', 1e-7],
    ['Specs.Capacitance', 'n/a', undefined],
    ['MinOrderQuantity', '4000', 4000],
    ['NewProduct', 'true', true],
    ['NewProduct', 'FALSE', false],
    ['NewProduct', false, false],
    ['ComplianceInfo.Rohs', 'yes', undefined],
    ['LastBuyDate', '2026/03/31', '2026-03-31'],
    ['LastBuyDate', '2026-03-31T00:00:00Z', '2026-03-31'],
    ['LastBuyDate', '20260331', '2026-03-31'],
    ['ProductionEndDate', '2027.1.5', '2027-01-05'],
    ['AlternativePartno', 'MCS18R71H104KA1D', ['MCS18R71H104KA1D']],
    ['AlternativePartno', ['A', null, 'B'], ['A', 'B']],
    ['Application', 'Consumer equipment,HDD', 'Consumer equipment,HDD'],
    ['Application', ['Consumer equipment', 'HDD'], 'Consumer equipment,HDD'],
    ['Status', null, undefined],
    ['Specs.CapacitanceText', 100, '100'],
  ])('%s: %p → %p', (key, raw, expected) => {
    expect(normalizeValue(field(key), raw)).toEqual(expected);
  });

  test('dates that cannot be read are kept as sent', () => {
    expect(toIsoDate('soon')).toBeUndefined();
    expect(normalizeValue(field('LastBuyDate'), 'end of 2026')).toBe('end of 2026');
  });
});

describe('normalizeProductsResponse accepts the nesting variants', () => {
  const product = {
    Partno: 'MCS18R71H104KA1D',
    PartnoWithoutPackageCode: 'MCS18R71H104KA1',
    Status: 'In Production',
    Specs: { Capacitance: 1e-7, CapacitanceText: '100nF' },
    ComplianceInfo: { Rohs: true },
  };
  const expected = {
    group: 'SMD',
    partno: 'MCS18R71H104KA1D',
    values: {
      Manufacturer: 'Maker',
      Lv1Category: 'Capacitors',
      Partno: 'MCS18R71H104KA1D',
      PartnoWithoutPackageCode: 'MCS18R71H104KA1',
      Status: 'In Production',
      'Specs.Capacitance': 1e-7,
      'Specs.CapacitanceText': '100nF',
      'ComplianceInfo.Rohs': true,
    },
  };

  test('grouping fields on each product (the default)', () => {
    const body = { HasMoreHits: true, Data: { CeramicCapacitorsSMD: { Products: [{ ...product, Manufacturer: 'Maker', Lv1Category: 'Capacitors' }] } } };
    expect(normalizeProductsResponse(body)).toEqual({ hasMoreHits: true, products: [expected] });
  });

  test('grouping fields on the group object; the product wins where it has its own', () => {
    const body = {
      HasMoreHits: 'false',
      Data: { CeramicCapacitorsSMD: { Manufacturer: 'Maker', Lv1Category: 'Other', Products: [{ ...product, Lv1Category: 'Capacitors' }] } },
    };
    expect(normalizeProductsResponse(body)).toEqual({ hasMoreHits: false, products: [expected] });
  });

  test('nulls, numbers as strings, flattened Specs', () => {
    const body = {
      Data: {
        CeramicCapacitorsSMD: {
          Manufacturer: 'Maker',
          Lv1Category: 'Capacitors',
          Products: [
            {
              ...product,
              Notices: null,
              LastBuyDate: null,
              Specs: { Capacitance: '1e-7', RatedVoltage: null },
              CapacitanceText: '100nF',
              ComplianceInfo: { Rohs: 'true', Reach: null },
            },
          ],
        },
      },
    };
    expect(normalizeProductsResponse(body).products).toEqual([expected]);
  });

  test('empty Data, missing Data, products without a part number, fields of other groups', () => {
    expect(normalizeProductsResponse({ HasMoreHits: false, Data: {} })).toEqual({ hasMoreHits: false, products: [] });
    expect(normalizeProductsResponse(null)).toEqual({ hasMoreHits: false, products: [] });
    const body = { Data: { Inductors: { Products: [{ Status: 'NRND' }, { Partno: 'MLG15', Specs: { Capacitance: 1, Inductance: 1e-9 } }] } } };
    expect(normalizeProductsResponse(body).products).toEqual([
      { group: 'Ind', partno: 'MLG15', values: { Partno: 'MLG15', 'Specs.Inductance': 1e-9 } },
    ]);
  });
});
