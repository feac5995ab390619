import type { FieldDef, SiUnit } from './fields';

/**
 * The unit each numeric field's column is written in when no other is chosen: every cell of the
 * column holds a plain number in this unit and the header names it (`Capacitance (nF)` over 100,
 * 4.7, 0.1 and 10000), so what a header says is what its cells are, in a workbook as in CSV. One
 * unit per column reads best for the maker's range of each quantity (capacitors from pF to tens of
 * µF in nF, inductors in µH, DC resistance in mΩ, frequencies in MHz).
 */
export const COLUMN_UNITS: Readonly<Record<SiUnit, string>> = {
  F: 'nF',
  H: 'µH',
  'Ω': 'mΩ',
  A: 'A',
  Hz: 'MHz',
  m: 'mm',
  g: 'mg',
  '°C': '°C',
  V: 'V',
};

/**
 * How each numeric field reads on a datasheet, in a workbook's cells: the units of its ladder,
 * smallest first, each 1000 times the one before (`pF`, `nF`, `µF`). A workbook cell holds the
 * number in the first unit and its number format shows it in the step that fits (100 pF, 4.7 nF,
 * 10 µF), so it stays a number to sort and sum; its header names no unit. A ladder of one unit is
 * a fixed unit (lengths in mm, voltages in V). Excel takes at most two conditions: three units.
 * CSV and text keep COLUMN_UNITS, one unit named in the header.
 */
export const DATASHEET_UNITS: Readonly<Record<SiUnit, readonly string[]>> = {
  F: ['pF', 'nF', 'µF'],
  H: ['nH', 'µH', 'mH'],
  'Ω': ['mΩ', 'Ω', 'kΩ'],
  A: ['mA', 'A'],
  Hz: ['kHz', 'MHz', 'GHz'],
  m: ['mm'],
  g: ['mg', 'g'],
  '°C': ['°C'],
  V: ['V'],
};

/**
 * Units a person may choose instead of the column unit, per SI unit, for the unit pickers:
 * the column unit, its neighbours and the SI unit itself (so a sheet can hold SI values when a model wants them).
 */
export const UNIT_CHOICES: Readonly<Record<SiUnit, readonly string[]>> = {
  F: ['pF', 'nF', 'µF', 'F'],
  H: ['nH', 'µH', 'mH', 'H'],
  'Ω': ['mΩ', 'Ω', 'kΩ'],
  A: ['µA', 'mA', 'A'],
  Hz: ['kHz', 'MHz', 'GHz', 'Hz'],
  m: ['µm', 'mm', 'm', 'in'],
  g: ['mg', 'g'],
  '°C': ['°C'],
  V: ['V', 'kV'],
};

/** The unit a numeric field's column is written in when none is chosen, or undefined for a field without a unit. */
export function columnUnitOf(field: FieldDef): string | undefined {
  return field.unit ? COLUMN_UNITS[field.unit] : undefined;
}

/** A numeric field's datasheet ladder (DATASHEET_UNITS), or undefined for a field without a unit. */
export function datasheetUnitsOf(field: FieldDef): readonly string[] | undefined {
  return field.unit ? DATASHEET_UNITS[field.unit] : undefined;
}

/** The units a picker offers for a field, or an empty list for a field without a unit. */
export function unitChoicesOf(field: FieldDef): readonly string[] {
  return field.unit ? UNIT_CHOICES[field.unit] : [];
}
