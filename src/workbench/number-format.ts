/**
 * The text a grid cell shows for a value and its number format, as Excel shows it: sections,
 * conditions (`[>=1000]`), thousands scaling (`0.###," nF"`), literal text, dates, percentages.
 * People judge PartSpec's sheets in the workbench first, so it renders formats with numfmt, a
 * complete implementation of Excel's format language, rather than a subset of our own.
 */
import { format as formatNumber } from 'numfmt';
import type { Scalar } from './excel-double';

/** Excel's General format: up to 11 characters, else scientific notation (`1E-07`). */
export function formatGeneral(value: number): string {
  return formatNumber('General', value);
}

/** The displayed text of a value under a number format; a format Excel would refuse shows General. */
export function formatValue(value: Scalar, numberFormat: string): string {
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  const pattern = numberFormat && numberFormat !== '@' ? numberFormat : 'General';
  try {
    return formatNumber(pattern, value, { throws: true });
  } catch {
    return formatGeneral(value);
  }
}
