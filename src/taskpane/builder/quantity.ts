import { formatPlainDecimal, formatQuantity, parseQuantity, type QuantityResult } from '../../../api/units';
import { getField, type FilterFieldDef, type SiUnit } from '../../../api/vocabulary';

/** The SI unit a numeric filter field is measured in (from the response field it filters). */
export function unitOfFilterField(field: FilterFieldDef): SiUnit | undefined {
  return getField(field.responseKey)?.unit;
}

/** Parses what the user typed for a numeric field: SI prefixes and the field's unit are accepted (`100n`, `4.7 µF`, `1.6mm`). */
export function parseNumberText(text: string, field: FilterFieldDef): QuantityResult {
  return parseQuantity(text, unitOfFilterField(field));
}

/**
 * Writes a number from a filter back into a row the way a person would type it (`100 nF`),
 * falling back to the plain decimal when the short form would not read back as the same number.
 */
export function numberToText(value: number, field: FilterFieldDef): string {
  const unit = unitOfFilterField(field);
  if (unit) {
    const short = formatQuantity(value, unit);
    const back = parseQuantity(short, unit);
    if (back.ok && back.value === value) return short;
  }
  return formatPlainDecimal(value);
}

export type QuantityPreview =
  | { ok: true; value: number; display: string; plain: string }
  | { ok: false; message: string };

/** The live preview under a number input: `100 nF` and the decimal sent (`0.0000001`). */
export function previewQuantity(text: string, field: FilterFieldDef): QuantityPreview | undefined {
  if (text.trim() === '') return undefined;
  const parsed = parseNumberText(text, field);
  if (!parsed.ok) return parsed;
  const unit = unitOfFilterField(field);
  const plain = formatPlainDecimal(parsed.value);
  return { ok: true, value: parsed.value, display: formatQuantity(parsed.value, unit ?? ''), plain: unit ? `${plain} ${unit}` : plain };
}
