import type { ProductRecord } from '../../api/product';

/** One capacitor record whose texts look like formulas and links like scripts: what the writers must neutralise. */
export const CAP: ProductRecord = {
  group: 'SMD',
  partno: 'GRM155R71C104KA88D',
  values: {
    Partno: 'GRM155R71C104KA88D',
    Status: 'NRND',
    'Specs.Capacitance': 1e-7,
    'Specs.CapacitanceText': '=1+1',
    Notices: '+SUM(A1)',
    ProductName: '@cmd',
    RecommendedApplication: '-2+3',
    ProductDetailUrl: 'https://example.test/p/1',
    'MediaFileUrls.Appearance': 'javascript:alert(1)',
    LastBuyDate: '2030-01-31',
    'ComplianceInfo.Rohs': true,
    AlternativePartno: ['ALT1', 'ALT2'],
  },
};
