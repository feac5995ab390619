import { getField, type FieldDef } from '../../api/vocabulary';
import { parseDisplayUnit, roundNoise, toDisplayUnit, type DisplayUnit } from '../../api/units';
import { readValue, type ProductRecord } from '../../api/product';
import { ValidationError } from '../../api/errors/validation-error';
import { parseCalendarDate, toExcelSerial } from '../dates';

/** What a worksheet cell holds: Excel's own scalar types (dates are serial numbers). */
export type CellValue = string | number | boolean;

/**
 * How a field's cells are typed and formatted:
 * number (Double/Integer, converted to the display unit), boolean, date (Excel serial with a date
 * format), url (text shown as a hyperlink), list (items joined with ", "), text (everything else).
 */
export type CellKind = 'number' | 'boolean' | 'date' | 'url' | 'list' | 'text';

/** Separator of the items of a list field in one cell. */
export const LIST_SEPARATOR = ', ';

/** The cell kind of a field. */
export function cellKindOf(field: FieldDef): CellKind {
  if (field.url) return 'url';
  if (field.type === 'Double' || field.type === 'Integer') return 'number';
  if (field.type === 'Boolean') return 'boolean';
  if (field.type === 'Date' || field.dateLike) return 'date';
  if (field.type === 'List[String]' || field.commaSeparated) return 'list';
  return 'text';
}


/**
 * The display unit a user asked for, checked against the field: undefined when none was asked
 * (the value stays in SI). Throws a ValidationError (`badUnit`) when the unit is unknown, the
 * field has no unit, or the unit measures something else (`nH` for a capacitance).
 */
export function resolveDisplayUnit(field: FieldDef, unit: string | DisplayUnit | undefined): DisplayUnit | undefined {
  if (unit === undefined || (typeof unit === 'string' && unit.trim() === '')) return undefined;
  const parsed = typeof unit === 'string' ? parseDisplayUnit(unit) : unit;
  const label = typeof unit === 'string' ? unit : unit.label;
  if (!parsed) throw new ValidationError('badUnit', `'${label}' is not a unit PartSpec knows (try nF, µH, mm, mΩ, MHz).`, { token: label, field: field.name });
  if (!field.unit) throw new ValidationError('badUnit', `${field.name} has no unit, so '${label}' cannot apply.`, { token: label, field: field.name });
  if (parsed.unit !== field.unit) {
    throw new ValidationError('badUnit', `${field.name} is measured in ${field.unit}; '${label}' measures ${parsed.unit}.`, { token: label, field: field.name });
  }
  return parsed;
}

function resolveFieldKey(fieldKey: string | FieldDef): FieldDef {
  if (typeof fieldKey !== 'string') return fieldKey;
  const field = getField(fieldKey);
  if (!field) throw new ValidationError('unknownField', `'${fieldKey}' is not a product field.`, { token: fieldKey });
  return field;
}

/**
 * The typed value of one field of a product for a worksheet cell, or undefined when the product has
 * no value for it (callers show an empty cell, `=PART.SPEC` shows #N/A):
 * numbers converted to `displayUnit` (SI when omitted), Booleans as Booleans, dates as Excel serial
 * numbers (an unparseable date stays text), lists joined with ", ", everything else as text.
 * Text is returned exactly as the API sent it; keeping it text in the sheet is the writer's job.
 */
export function toCellValue(product: ProductRecord, fieldKey: string | FieldDef, displayUnit?: string | DisplayUnit): CellValue | undefined {
  const field = resolveFieldKey(fieldKey);
  const unit = resolveDisplayUnit(field, displayUnit);
  const raw = readValue(product, field.key);
  if (raw === undefined) return undefined;
  const kind = cellKindOf(field);
  switch (kind) {
    case 'number': {
      if (typeof raw !== 'number') return Array.isArray(raw) ? raw.join(LIST_SEPARATOR) : String(raw);
      return unit ? toDisplayUnit(raw, unit) : roundNoise(raw);
    }
    case 'boolean':
      return typeof raw === 'boolean' ? raw : String(raw);
    case 'date': {
      const text = Array.isArray(raw) ? raw.join(LIST_SEPARATOR) : String(raw);
      if (text.trim() === '') return undefined;
      const day = parseCalendarDate(text);
      return day ? toExcelSerial(day) : text;
    }
    case 'list': {
      const items = Array.isArray(raw) ? raw : field.commaSeparated ? String(raw).split(',') : [String(raw)];
      const joined = items.map((s) => s.trim()).filter((s) => s !== '').join(LIST_SEPARATOR);
      return joined === '' ? undefined : joined;
    }
    default:
      return Array.isArray(raw) ? raw.join(LIST_SEPARATOR) : String(raw);
  }
}
