/**
 * Datasheet units in the core: every numeric field has a display, values are stored in its
 * smallest unit, and the formats PartSpec writes read like a datasheet. The formats are rendered
 * with numfmt, an implementation of Excel's number formats that PartSpec's writers do not use,
 * and compared with what an engineer reads on a datasheet, written out by hand.
 */
import { format as renderExcel, isValidFormat } from 'numfmt';
import { parseDisplayUnit, type DisplayUnit } from '../../api/units';
import { DATASHEET_UNITS, UNIT_CHOICES, VALUE_FIELDS, datasheetUnitsOf, getField } from '../../api/vocabulary';
import type { ProductRecord } from '../../api/product';
import { buildImportColumns, type ColumnSpec } from '../../core/cells/columns';
import { buildProductRows } from '../../core/cells/rows';
import { cellNumberFormat, ladderFormat } from '../../core/cells/number-formats';
import { columnCellFormats, ladderText } from '../../core/cells/number-formats';

/** A product with the given SI values. */
function product(values: Record<string, unknown>): ProductRecord {
  return { group: 'SMD', partno: 'P1', values: { Partno: 'P1', ...values } } as ProductRecord;
}

/** What a person sees in the one cell of `column` for a product with this SI value. */
function seen(column: ColumnSpec, si: number): { stored: number; text: string } {
  const [row] = buildProductRows([product({ [column.id]: si })], [column]);
  const stored = row[0] as number;
  return { stored, text: renderExcel(cellNumberFormat(column, stored), stored) };
}

/** pF per unit, written out for the reading check. */
const PREFIX: Record<string, number> = { pF: 1, nF: 1e3, 'µF': 1e6 };

const columnOf = (field: string, unit?: string): ColumnSpec => buildImportColumns([unit ? { field, unit } : field]).find((c) => c.field?.name === field)!;

describe('the datasheet display of each numeric field', () => {
  test.each<[string, number, number, string]>([
    ['Capacitance', 5.1e-13, 0.51, '0.51 pF'],
    ['Capacitance', 1e-10, 100, '100 pF'],
    ['Capacitance', 1e-9, 1000, '1 nF'],
    ['Capacitance', 4.7e-9, 4700, '4.7 nF'],
    ['Capacitance', 2.2e-8, 22000, '22 nF'],
    ['Capacitance', 1e-7, 100000, '100 nF'],
    ['Capacitance', 4.7e-6, 4700000, '4.7 µF'],
    ['Capacitance', 1e-5, 10000000, '10 µF'],
    ['Capacitance', 1e-4, 100000000, '100 µF'],
    ['Inductance', 1e-8, 10, '10 nH'],
    ['Inductance', 2.2e-6, 2200, '2.2 µH'],
    ['Inductance', 1.5e-3, 1500000, '1.5 mH'],
    ['RdcMax', 0.045, 45, '45 mΩ'],
    ['RdcMax', 2.5, 2500, '2.5 Ω'],
    ['RatedCurrent', 0.13, 130, '130 mA'],
    ['RatedCurrent', 2, 2000, '2 A'],
    ['SrfMin', 2.9e9, 2900000, '2.9 GHz'],
    ['SrfMin', 2.4e8, 240000, '240 MHz'],
    ['QTestFrequency', 1e5, 100, '100 kHz'],
    ['ReferenceMass', 0.0013, 1.3, '1.3 mg'],
    ['ReferenceMass', 2.5, 2500, '2.5 g'],
  ])('%s %p is stored as %p and reads %s', (field, si, stored, text) => {
    const column = columnOf(field);
    expect(seen(column, si)).toEqual({ stored, text });
  });

  test.each<[string, string, number, number]>([
    ['Length', 'Length (mm)', 0.0016, 1.6],
    ['Thickness', 'Thickness (mm)', 0.0008, 0.8],
    ['MaxOperatingTemperature', 'MaxOperatingTemperature (°C)', 125, 125],
    ['RatedVoltage', 'RatedVoltage (V)', 50, 50],
  ])('%s reads in one fixed unit: %s', (field, header, si, stored) => {
    const column = columnOf(field);
    expect(column.header).toBe(header);
    expect(column.ladder).toBeUndefined();
    expect(seen(column, si)).toEqual({ stored, text: String(stored) });
  });

  test('headers name the stored unit, so formulas and CSV readers know what the numbers are', () => {
    expect(['Capacitance', 'Inductance', 'RdcMax', 'RatedCurrent', 'SrfMin', 'ReferenceMass'].map((f) => columnOf(f).header)).toEqual([
      'Capacitance (pF)',
      'Inductance (nH)',
      'RdcMax (mΩ)',
      'RatedCurrent (mA)',
      'SrfMin (kHz)',
      'ReferenceMass (mg)',
    ]);
  });

  test('a whole number never shows Excel\'s trailing point, and a fraction keeps its digits', () => {
    const column = columnOf('Capacitance');
    for (let exponent = -13; exponent <= -4; exponent++) {
      for (const mantissa of [1, 1.5, 2.2, 3.3, 4.7, 6.8, 8.2]) {
        const si = mantissa * 10 ** exponent;
        const { text } = seen(column, si);
        expect(text).toMatch(/^\d+(\.\d{1,3})? (pF|nF|µF)$/);
        const [number, unit] = text.split(' ');
        expect(Number(number) * PREFIX[unit]).toBeCloseTo(si / 1e-12, 6);
      }
    }
  });

  test('every numeric field has a display: units that parse, measure the field, and step by 1000', () => {
    const numeric = VALUE_FIELDS.filter((f) => f.unit);
    expect(numeric.length).toBeGreaterThan(15);
    for (const field of numeric) {
      const ladder = datasheetUnitsOf(field)!;
      expect(ladder.length).toBeGreaterThanOrEqual(1);
      expect(ladder.length).toBeLessThanOrEqual(3);
      const units = ladder.map((label) => parseDisplayUnit(label) as DisplayUnit);
      units.forEach((u) => expect(u.unit).toBe(field.unit));
      units.slice(1).forEach((u, i) => expect(u.factor / units[i].factor).toBeCloseTo(1000, 9));
      for (const whole of [true, false]) if (ladder.length > 1) expect(isValidFormat(ladderFormat(ladder, whole))).toBe(true);
      for (const choice of UNIT_CHOICES[field.unit!]) expect(parseDisplayUnit(choice)?.unit).toBe(field.unit);
    }
    expect(Object.keys(DATASHEET_UNITS).sort()).toEqual(Object.keys(UNIT_CHOICES).sort());
  });

  test('the column format is the one the issue describes, and a chosen unit gives plain numbers', () => {
    expect(columnOf('Capacitance').numberFormat).toBe('[>=1000000]0.###,," µF";[>=1000]0.###," nF";0.###" pF"');
    const nano = columnOf('Capacitance', 'nF');
    expect(nano).toMatchObject({ header: 'Capacitance (nF)', numberFormat: 'General' });
    expect(nano.ladder).toBeUndefined();
    expect(seen(nano, 4.7e-9)).toEqual({ stored: 4.7, text: '4.7' });
    const si = columnOf('Capacitance', 'F');
    expect(si.header).toBe('Capacitance (F)');
    expect(seen(si, 1e-10).stored).toBe(1e-10);
  });

  test('a column of mixed magnitudes gets one format per cell; text and empty cells keep the column format', () => {
    const column = columnOf('Capacitance');
    const rows = [[100], [4700], [10000000], [''], [22000]];
    const formats = columnCellFormats(rows, 0, column);
    expect(formats.map(([f], i) => (rows[i][0] === '' ? f : renderExcel(f, rows[i][0])))).toEqual(['100 pF', '4.7 nF', '10 µF', column.numberFormat, '22 nF']);
    expect(columnCellFormats(rows, 0, column, 1, 2)).toEqual(formats.slice(1, 3));
  });

  test('printed text (terminal tables) matches what the cell format shows', () => {
    for (const field of ['Capacitance', 'Inductance', 'RdcMax', 'SrfMin']) {
      const column = columnOf(field);
      for (const stored of [0.1, 0.51, 1, 22, 100, 999, 1000, 1500, 4700, 22000, 999999, 1e6, 1.25e6, 1e7, 3.3e8, 1234.5678]) {
        expect(ladderText(stored, column.ladder!)).toBe(renderExcel(cellNumberFormat(column, stored), stored));
      }
    }
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
