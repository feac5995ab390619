import { formatQuantity } from '../../../api/units';
import { readValue, type ProductRecord } from '../../../api/product';
import { fieldLabel, getField, type Lang } from '../../../api/vocabulary';

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

/**
 * A column label for people: the field's display name in the pane's language (`Rated voltage`,
 * `定格電圧`), the one the sheet's header will carry; the API's name is the label's tooltip.
 * Numbers carry their own unit (the preview writes `4.7 nF`; the unit picker beside a chosen
 * column says what the sheet will hold).
 */
export function columnLabel(key: string, lang: Lang = 'en'): string {
  const field = getField(key);
  return field ? fieldLabel(field, lang) : key;
}
