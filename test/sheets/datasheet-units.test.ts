/**
 * Units in the core: every numeric column is written in one unit, the one its header names (the
 * field's column unit, or the unit chosen), and every cell is a plain number in it, so a header
 * never says pF over a cell that reads nF. The cells are rendered with numfmt, an implementation of
 * Excel's number formats that PartSpec's writers do not use.
 */
import { format as renderExcel } from 'numfmt';
import { parseDisplayUnit } from '../../api/units';
import { COLUMN_UNITS, UNIT_CHOICES, VALUE_FIELDS, columnUnitOf, getField } from '../../api/vocabulary';
import type { ProductRecord } from '../../api/product';
import { buildImportColumns, type ColumnSpec } from '../../core/cells/columns';
import { buildProductRows } from '../../core/cells/rows';

/** A product with the given SI values. */
function product(values: Record<string, unknown>): ProductRecord {
  return { group: 'SMD', partno: 'P1', values: { Partno: 'P1', ...values } } as ProductRecord;
}

/** What a person sees in the one cell of `column` for a product with this SI value. */
function seen(column: ColumnSpec, si: number): { stored: number; text: string } {
  const [row] = buildProductRows([product({ [column.id]: si })], [column]);
  const stored = row[0] as number;
  return { stored, text: renderExcel(column.numberFormat, stored) };
}

const columnOf = (field: string, unit?: string): ColumnSpec => buildImportColumns([unit ? { field, unit } : field]).find((c) => c.field?.name === field)!;

/** The unit a header names in its brackets (`Capacitance (nF)` → nF). */
const headerUnit = (header: string): string | undefined => /\(([^()]*)\)$/.exec(header)?.[1];

describe('one unit per column, the one its header names', () => {
  test.each<[string, number, string, number]>([
    ['Capacitance', 5.1e-13, 'Capacitance (nF)', 0.00051],
    ['Capacitance', 1e-10, 'Capacitance (nF)', 0.1],
    ['Capacitance', 4.7e-9, 'Capacitance (nF)', 4.7],
    ['Capacitance', 1e-7, 'Capacitance (nF)', 100],
    ['Capacitance', 2.2e-5, 'Capacitance (nF)', 22000],
    ['Inductance', 1e-8, 'Inductance (µH)', 0.01],
    ['Inductance', 2.2e-6, 'Inductance (µH)', 2.2],
    ['RdcMax', 0.045, 'Max. DC resistance (mΩ)', 45],
    ['RdcMax', 2.5, 'Max. DC resistance (mΩ)', 2500],
    ['RatedCurrent', 0.13, 'Rated current (A)', 0.13],
    ['SrfMin', 2.9e9, 'Min. self-resonant frequency (MHz)', 2900],
    ['QTestFrequency', 1e5, 'Q test frequency (MHz)', 0.1],
    ['ReferenceMass', 0.0013, 'Mass (mg)', 1.3],
    ['Length', 0.0016, 'Length (mm)', 1.6],
    ['MaxOperatingTemperature', 125, 'Max. operating temperature (°C)', 125],
    ['RatedVoltage', 50, 'Rated voltage (V)', 50],
  ])('%s %p: the header is %s and the cell holds %p, shown as that number', (field, si, header, stored) => {
    const column = columnOf(field);
    expect(column.header).toBe(header);
    expect('ladder' in column).toBe(false);
    expect(seen(column, si)).toEqual({ stored, text: String(stored) });
  });

  test('every numeric field: the header names a unit of its quantity, and every cell times that unit is the API value', () => {
    const numeric = VALUE_FIELDS.filter((f) => f.unit);
    expect(numeric.length).toBeGreaterThan(15);
    for (const field of numeric) {
      const column = columnOf(field.name);
      const unit = parseDisplayUnit(headerUnit(column.header)!)!;
      expect(unit.unit).toBe(field.unit);
      expect(unit.label).toBe(columnUnitOf(field));
      for (const si of [1.5e-12, 4.7e-9, 2.2e-6, 0.0016, 0.13, 2.5, 125, 2.9e9]) {
        const { stored, text } = seen(column, si);
        expect(Math.abs(stored * unit.factor - si)).toBeLessThanOrEqual(Math.abs(si) * 1e-12);
        expect(Number(text)).toBeCloseTo(stored, 9);
      }
      for (const choice of UNIT_CHOICES[field.unit!]) expect(parseDisplayUnit(choice)?.unit).toBe(field.unit);
    }
    expect(Object.keys(COLUMN_UNITS).sort()).toEqual(Object.keys(UNIT_CHOICES).sort());
  });

  test('a chosen unit gives plain numbers in it, named by the header', () => {
    const nano = columnOf('Capacitance', 'pF');
    expect(nano).toMatchObject({ header: 'Capacitance (pF)', numberFormat: 'General' });
    expect(seen(nano, 4.7e-9)).toEqual({ stored: 4700, text: '4700' });
    const si = columnOf('Capacitance', 'F');
    expect(si.header).toBe('Capacitance (F)');
    expect(seen(si, 1e-10).stored).toBe(1e-10);
  });

  test('the field table feeds it: Capacitance is a Double in F', () => {
    expect(getField('Specs.Capacitance')).toMatchObject({ type: 'Double', unit: 'F' });
  });
});

describe('forgiving unit names', () => {
  test.each<[string, string, number]>([
    ['uF', 'µF', 1e-6],
    ['µF', 'µF', 1e-6],
    ['μF', 'µF', 1e-6],
    ['UF', 'µF', 1e-6],
    ['pf', 'pF', 1e-12],
    ['nh', 'nH', 1e-9],
    ['ohm', 'Ω', 1],
    ['Ω', 'Ω', 1],
    ['Ω', 'Ω', 1],
    ['mohm', 'mΩ', 1e-3],
    ['KOHM', 'kΩ', 1e3],
    ['mhz', 'MHz', 1e6],
    ['MHz', 'MHz', 1e6],
    ['ghz', 'GHz', 1e9],
    ['khz', 'kHz', 1e3],
    ['ma', 'mA', 1e-3],
    ['m Ω', 'mΩ', 1e-3],
    ['degC', '°C', 1],
  ])('%s is %s', (text, label, factor) => {
    expect(parseDisplayUnit(text)).toMatchObject({ label, factor });
  });

  test('case still decides where it means something: mΩ is not MΩ', () => {
    expect(parseDisplayUnit('MΩ')?.factor).toBe(1e6);
    expect(parseDisplayUnit('mΩ')?.factor).toBe(1e-3);
    expect(parseDisplayUnit('furlong')).toBeUndefined();
  });
});
