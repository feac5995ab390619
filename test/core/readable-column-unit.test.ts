/**
 * The one unit a spilled column reads in (PART.QUERY cannot format cells): the step of the field's
 * datasheet ladder that puts the median of the column's values between 1 and 999.
 */
import { getField } from '../../api/vocabulary';
import { readableColumnUnit } from '../../core/cells/datasheet';

const field = (key: string) => getField(key)!;
const unitOf = (key: string, values: number[]): string | undefined => readableColumnUnit(field(key), values)?.label;

test.each<[string, number[], string]>([
  ['Specs.Capacitance', [10e-6, 4.7e-6, 22e-6], 'µF'],
  ['Specs.Capacitance', [100e-12, 47e-12, 220e-12], 'pF'],
  ['Specs.Capacitance', [4.7e-9, 100e-9, 1e-9], 'nF'],
  // 1 µF is 1000 nF, so it reads as 1 in µF; 999 pF stays pF.
  ['Specs.Capacitance', [1e-6], 'µF'],
  ['Specs.Capacitance', [999e-12], 'pF'],
  // Below the ladder's first step it is the first, above its last the last.
  ['Specs.Capacitance', [0.5e-12, 0.2e-12], 'pF'],
  ['Specs.Capacitance', [2.2e-3], 'µF'],
  ['Specs.Inductance', [100e-9, 47e-9, 2.2e-6], 'nH'],
  ['Specs.Inductance', [2.2e-6, 10e-6, 1e-6], 'µH'],
  ['Specs.Inductance', [1.5e-3], 'mH'],
])('%s over %j reads in %s', (key, values, unit) => {
  expect(unitOf(key, values)).toBe(unit);
});

test('the median decides: a few large values do not move a column of small ones', () => {
  expect(unitOf('Specs.Capacitance', [100e-12, 220e-12, 470e-12, 10e-6, 22e-6])).toBe('pF');
  // The lower of the two middle values for an even count.
  expect(unitOf('Specs.Capacitance', [100e-12, 220e-12, 10e-6, 22e-6])).toBe('pF');
});

test('zeros, empties and non-numbers leave the field its column unit; a field without a unit has none', () => {
  expect(unitOf('Specs.Capacitance', [])).toBe('nF');
  expect(unitOf('Specs.Capacitance', [0, 0, Number.NaN])).toBe('nF');
  expect(unitOf('Specs.Capacitance', [0, 0, 10e-6])).toBe('µF');
  expect(unitOf('Specs.Inductance', [])).toBe('µH');
  expect(readableColumnUnit(field('Partno'), [1, 2])).toBeUndefined();
});

test('a ladder of one unit is that unit, and the unit converts the values it was chosen for', () => {
  expect(unitOf('Specs.RatedVoltage', [6.3, 50, 1000, 2000])).toBe('V');
  const unit = readableColumnUnit(field('Specs.Capacitance'), [10e-6])!;
  expect(10e-6 / unit.factor).toBeCloseTo(10, 9);
});
