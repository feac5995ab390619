import { formatPlainDecimal, formatQuantity, parseDisplayUnit, parseQuantity, toDisplayUnit } from '../../api/units';

describe('parseQuantity', () => {
  test.each<[string, string | undefined, number]>([
    ['100n', 'F', 1e-7],
    ['4.7uF', 'F', 0.0000047],
    ['4.7 µF', 'F', 0.0000047],
    ['4.7μF', 'F', 0.0000047],
    ['1.6mm', 'm', 0.0016],
    ['10mΩ', 'Ω', 0.01],
    ['10 mOhm', 'Ω', 0.01],
    ['1E-07', 'F', 1e-7],
    ['1m', 'm', 1],
    ['1m', 'F', 0.001],
    ['2.2k', 'Ω', 2200],
    ['100MHz', 'Hz', 1e8],
    ['85°C', '°C', 85],
    ['-55', '°C', -55],
    ['0.5 mm', 'm', 0.0005],
    ['.5', undefined, 0.5],
  ])('%s (%s) = %d', (text, unit, value) => {
    expect(parseQuantity(text, unit as 'F')).toEqual({ ok: true, value });
  });

  test.each([
    ['abc', 'F', /not a number/],
    ['1.2.3', 'F', /not a number/],
    ['4.7uH', 'F', /is in H, not F/],
    ['3 parsecs', 'm', /unknown unit/],
    ['125K', '°C', /must be in °C, without a prefix/],
  ])('%s is rejected', (text, unit, message) => {
    const r = parseQuantity(text, unit as 'F');
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toMatch(message);
  });
});

describe('display units', () => {
  test.each<[string, string, number, number]>([
    ['pF', 'F', 1e-10, 100],
    ['nF', 'F', 1e-7, 100],
    ['uF', 'F', 4.7e-6, 4.7],
    ['µF', 'F', 4.7e-6, 4.7],
    ['nH', 'H', 2.2e-8, 22],
    ['uH', 'H', 1e-5, 10],
    ['mm', 'm', 0.0016, 1.6],
    ['mOhm', 'Ω', 0.015, 15],
    ['mΩ', 'Ω', 0.015, 15],
    ['MHz', 'Hz', 1.5e8, 150],
    ['mA', 'A', 0.3, 300],
    ['inch', 'm', 0.0254, 1],
  ])('%s measures %s', (label, unit, si, shown) => {
    const u = parseDisplayUnit(label)!;
    expect(u.unit).toBe(unit);
    expect(toDisplayUnit(si, u)).toBe(shown);
  });

  test('unknown units are undefined', () => {
    expect(parseDisplayUnit('furlong')).toBeUndefined();
    expect(parseDisplayUnit('')).toBeUndefined();
  });
});

describe('formatPlainDecimal never writes an exponent', () => {
  test.each<[number, string]>([
    [1e-7, '0.0000001'],
    [4.7e-6, '0.0000047'],
    [-2.2e-12, '-0.0000000000022'],
    [1e21, '1000000000000000000000'],
    [123.456, '123.456'],
    [0, '0'],
  ])('%d → %s', (n, s) => {
    expect(formatPlainDecimal(n)).toBe(s);
  });
  test('non-finite numbers are refused', () => {
    expect(() => formatPlainDecimal(Infinity)).toThrow(RangeError);
  });
});

test('formatQuantity writes engineering prefixes', () => {
  expect(formatQuantity(1e-7, 'F')).toBe('100 nF');
  expect(formatQuantity(0.0016, 'm')).toBe('1.6 mm');
  expect(formatQuantity(1.5e8, 'Hz')).toBe('150 MHz');
  expect(formatQuantity(125, '°C')).toBe('125 °C');
});
