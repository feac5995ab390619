import { cellText, wellFormedText } from '../core/cells/cell-text';
import type { CellKind, CellValue } from '../core/cells/cell-values';
import { fromExcelSerial } from '../core/dates';
import type { ColumnSpec } from '../core/cells/columns';

/** How a typed cell is written: the core's cell kind and number format of its column, and its unit and datasheet view for a numeric field. */
export type CellType = Pick<ColumnSpec, 'kind' | 'numberFormat' | 'unit' | 'datasheet'>;

/** Number formats every reader knows by their built-in id; a workbook gives any other an id from 164 up. */
export const BUILTIN_NUMBER_FORMATS: Readonly<Record<string, number>> = { General: 0, '0': 1, '0.00': 2, '#,##0': 3, '#,##0.00': 4, '0%': 9, '0.00%': 10, '@': 49 };

/** `YYYY-MM-DD` of an Excel serial day number (the core writes dates as serials). */
function isoDateOfSerial(serial: number): string {
  return fromExcelSerial(serial).toISOString().slice(0, 10);
}

/** Plain text of a typed cell (CSV, terminal): dates as `YYYY-MM-DD`, Booleans as TRUE/FALSE. */
export function plainText(value: CellValue | undefined, kind: CellKind): string {
  if (value === undefined || value === '') return '';
  if (typeof value === 'number') return kind === 'date' ? isoDateOfSerial(value) : String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return value;
}

/** The value of a typed cell for JSON output: dates as `YYYY-MM-DD`, empty as null. */
export function jsonValue(value: CellValue | undefined, kind: CellKind): string | number | boolean | null {
  if (value === undefined || value === '') return null;
  if (typeof value === 'number' && kind === 'date') return isoDateOfSerial(value);
  return value;
}

/** Characters that make a spreadsheet program read a CSV cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CSV-injection defence: text that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets
 * a leading apostrophe, so a spreadsheet program opening the file shows it as text instead of
 * running it as a formula. Numbers written as numbers are not text and are left alone.
 */
export function neutralizeCsvText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A typed cell as it goes into a CSV file: plain text, neutralized when it is text. */
export function csvCell(value: CellValue | undefined, kind: CellKind): string {
  const text = plainText(value, kind);
  // Cut to what a spreadsheet program's cell holds, before the apostrophe that keeps it text.
  // A lone surrogate from the service becomes U+FFFD: a UTF-8 file's writer would otherwise take it for one of the file's own stray bytes.
  return typeof value === 'string' ? neutralizeCsvText(wellFormedText(cellText(text))) : text;
}
