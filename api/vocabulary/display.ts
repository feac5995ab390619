import type { FieldDef, SiUnit } from './fields';

/**
 * How each numeric field reads on a datasheet. Engineers read `100 pF`, `4.7 nF`, `10 µF`, never
 * `1E-10` F, so sheets and files show numbers in these units rather than the API's SI.
 *
 * A display is a ladder of units, smallest first, each exactly 1000 times the one before
 * (`pF`, `nF`, `µF`): values are stored in the first unit and a spreadsheet number format picks
 * the step per cell with Excel's thousands scaling. A ladder of one unit is a fixed unit, where
 * one unit reads better for the whole column (lengths in mm, temperatures in °C, voltages in V).
 */
export const DATASHEET_UNITS: Readonly<Record<SiUnit, readonly string[]>> = {
  F: ['pF', 'nF', 'µF'],
  H: ['nH', 'µH', 'mH'],
  'Ω': ['mΩ', 'Ω'],
  A: ['mA', 'A'],
  Hz: ['kHz', 'MHz', 'GHz'],
  m: ['mm'],
  g: ['mg', 'g'],
  '°C': ['°C'],
  V: ['V'],
};

/**
 * Units a person may choose instead of the datasheet display, per SI unit, for the unit pickers:
 * the ladder's units and the SI unit itself (so a sheet can hold SI values when a model wants them).
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

/**
 * The datasheet ladder of a numeric field (stored unit first), or undefined for a field without a
 * unit. Every field of API v2.2 reads well with its unit's ladder; a field that does not gets its
 * own entry here, by key, rather than a change to the default.
 */
export function datasheetUnitsOf(field: FieldDef): readonly string[] | undefined {
  return field.unit ? DATASHEET_UNITS[field.unit] : undefined;
}

/** The units a picker offers for a field, or an empty list for a field without a unit. */
export function unitChoicesOf(field: FieldDef): readonly string[] {
  return field.unit ? UNIT_CHOICES[field.unit] : [];
}
