import { formatQuantity } from '../../api/units';
import { readValue, type ProductRecord } from '../../api/product';
import { getField } from '../../api/vocabulary';

/** How a preview cell reads: numbers with an engineering prefix and unit, lists joined, Booleans as TRUE/FALSE. */
export function previewCellText(product: ProductRecord, key: string): string {
  const value = readValue(product, key);
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    const unit = getField(key)?.unit;
    return unit ? formatQuantity(value, unit) : String(value);
  }
  return value;
}

/** A column header for people: the field's name and its SI unit (`Capacitance (F)`). */
export function columnLabel(key: string): string {
  const field = getField(key);
  if (!field) return key;
  return field.unit ? `${field.name} (${field.unit})` : field.name;
}
