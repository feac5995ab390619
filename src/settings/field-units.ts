import { datasheetUnitsOf, getField, unitChoicesOf } from '../../api/vocabulary';
import type { FieldChoice } from '../../core/cells/columns';

/** The unit chosen per field key; a field not in it reads like a datasheet (the default). */
export type UnitChoices = Readonly<Record<string, string>>;

/** The units a picker offers for a field key: empty for a field without a unit. */
export function unitOptionsOf(key: string): readonly string[] {
  const field = getField(key);
  return field && (field.type === 'Double' || field.type === 'Integer') ? unitChoicesOf(field) : [];
}

/** How the default is described for a field: its datasheet units, each cell in its own (`pF, nF, µF`), or nothing for a field without a unit. */
export function datasheetLabelOf(key: string): string {
  const field = getField(key);
  return (field && datasheetUnitsOf(field)?.join(', ')) ?? '';
}

/**
 * The field choices of an import or enrichment: each key, with its unit where one was picked and
 * is still offered for the field. Plain keys read like a datasheet, so an import recorded with
 * them keeps following the datasheet display on Refresh; a picked unit is recorded with the query.
 */
export function toFieldChoices(keys: readonly string[], units: UnitChoices = {}): FieldChoice[] {
  return keys.map((key) => {
    const unit = units[key];
    return unit && unitOptionsOf(key).includes(unit) ? { field: key, unit } : key;
  });
}
