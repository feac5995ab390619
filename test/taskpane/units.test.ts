/** The unit picker's choices and the field choices they become (recorded with an import for Refresh). */
import { datasheetLabelOf, toFieldChoices, unitOptionsOf } from '../../src/settings/field-units';

test('numeric fields offer their units; others none', () => {
  expect(unitOptionsOf('Specs.Capacitance')).toEqual(['pF', 'nF', 'µF', 'F']);
  expect(unitOptionsOf('Specs.RdcMax')).toEqual(['mΩ', 'Ω', 'kΩ']);
  expect(unitOptionsOf('Specs.Length')).toContain('mm');
  expect(unitOptionsOf('Status')).toEqual([]);
  expect(unitOptionsOf('MinOrderQuantity')).toEqual([]);
  expect(unitOptionsOf('Nope')).toEqual([]);
});

test('the default is described by the datasheet units a workbook cell shows its value in', () => {
  expect(datasheetLabelOf('Specs.Capacitance')).toBe('pF, nF, µF');
  expect(datasheetLabelOf('Specs.SrfMin')).toBe('kHz, MHz, GHz');
  expect(datasheetLabelOf('Specs.Length')).toBe('mm');
});

test('picked units travel with their keys; the datasheet default is the plain key; stale picks are dropped', () => {
  expect(toFieldChoices(['Partno', 'Specs.Capacitance', 'Specs.Inductance', 'Status'], { 'Specs.Capacitance': 'nF', Status: 'nF', 'Specs.Length': 'mm' })).toEqual([
    'Partno',
    { field: 'Specs.Capacitance', unit: 'nF' },
    'Specs.Inductance',
    'Status',
  ]);
  expect(toFieldChoices(['Specs.Capacitance'])).toEqual(['Specs.Capacitance']);
});
