import { cellKindOf, toCellValue } from '../../core/cells/cell-values';
import { fromExcelSerial, toExcelSerial } from '../../core/dates';
import { getField } from '../../api/vocabulary';
import type { ProductRecord } from '../../api/product';
import { ValidationError } from '../../api/errors/validation-error';

const P: ProductRecord = {
  group: 'SMD',
  partno: 'GRM155R71C104KA88D',
  values: {
    Partno: 'GRM155R71C104KA88D',
    'Specs.Capacitance': 1e-7,
    'Specs.CapacitanceText': '0.1µF',
    'Specs.Length': 0.001,
    'ComplianceInfo.Rohs': true,
    LastBuyDate: '2024-01-01',
    ProductionEndDate: 'to be announced',
    AlternativePartno: ['A1', 'B2'],
    Application: 'Consumer equipment,Industrial Equipment',
    ProductDetailUrl: 'https://example.test/p/GRM155',
    Notices: '=HYPERLINK("x")',
    MinOrderQuantity: 10000,
  },
};

describe('toCellValue', () => {
  test.each<[string, string | undefined, unknown]>([
    ['Specs.Capacitance', undefined, 1e-7],
    ['Specs.Capacitance', 'nF', 100],
    ['Specs.Capacitance', 'uF', 0.1],
    ['Specs.Capacitance', 'pF', 100000],
    ['Specs.Length', 'mm', 1],
    ['Specs.CapacitanceText', undefined, '0.1µF'],
    ['ComplianceInfo.Rohs', undefined, true],
    ['LastBuyDate', undefined, 45292],
    ['ProductionEndDate', undefined, 'to be announced'],
    ['AlternativePartno', undefined, 'A1, B2'],
    ['Application', undefined, 'Consumer equipment, Industrial Equipment'],
    ['ProductDetailUrl', undefined, 'https://example.test/p/GRM155'],
    ['Notices', undefined, '=HYPERLINK("x")'],
    ['MinOrderQuantity', undefined, 10000],
    ['Specs.RatedVoltage', undefined, undefined],
  ])('%s in %s → %p', (key, unit, expected) => {
    expect(toCellValue(P, key, unit)).toEqual(expected);
  });

  test('a unit of another quantity, an unknown unit or a unit on a unitless field is a ValidationError', () => {
    expect(() => toCellValue(P, 'Specs.Capacitance', 'nH')).toThrow(ValidationError);
    expect(() => toCellValue(P, 'Specs.Capacitance', 'furlong')).toThrow(/not a unit/);
    expect(() => toCellValue(P, 'Status', 'nF')).toThrow(/has no unit/);
    expect(() => toCellValue(P, 'NoSuchField')).toThrow(/not a product field/);
  });

  test('Excel serial numbers round-trip', () => {
    const day = new Date(Date.UTC(2031, 1, 28));
    expect(fromExcelSerial(toExcelSerial(day)).toISOString()).toBe(day.toISOString());
    expect(toExcelSerial(new Date(Date.UTC(1900, 2, 1)))).toBe(61);
  });

  test('cell kinds come from the vocabulary', () => {
    expect(cellKindOf(getField('Specs.Capacitance')!)).toBe('number');
    expect(cellKindOf(getField('LastBuyDate')!)).toBe('date');
    expect(cellKindOf(getField('ProductionEndDate')!)).toBe('date');
    expect(cellKindOf(getField('MediaFileUrls.Appearance')!)).toBe('url');
    expect(cellKindOf(getField('Mounting')!)).toBe('list');
    expect(cellKindOf(getField('Status')!)).toBe('text');
  });
});
