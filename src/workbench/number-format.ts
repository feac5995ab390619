/**
 * The text a grid cell shows for a value and its number format: the formats PartSpec writes
 * (`General`, `0`, `@`, `yyyy-mm-dd`) and the few common ones a person may type.
 */
import type { Scalar } from './excel-double';

/** Excel's General format: up to 11 characters, else scientific notation (`1E-07`). */
export function formatGeneral(value: number): string {
  if (value === 0) return '0';
  const plain = String(Number(value.toPrecision(10)));
  if (!/e/i.test(plain) && plain.replace('-', '').length <= 11) return plain;
  const [mantissa, exponent] = value.toExponential(5).split('e');
  const m = mantissa.replace(/\.?0+$/, '');
  const e = Number(exponent);
  return `${m}E${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
}

function serialToDate(serial: number): string {
  const d = new Date(Date.UTC(1899, 11, 30) + Math.round(serial) * 86_400_000);
  return d.toISOString().slice(0, 10);
}

function fixed(value: number, decimals: number, grouped: boolean): string {
  return grouped
    ? value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    : value.toFixed(decimals);
}

/** The displayed text of a value under a number format. */
export function formatValue(value: Scalar, numberFormat: string): string {
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  const format = numberFormat || 'General';
  if (format === '@' || /^general$/i.test(format)) return formatGeneral(value);
  if (/^y{2,4}-m{1,2}-d{1,2}$/i.test(format)) return serialToDate(value);
  const m = /^(#,##)?0(?:\.(0+))?(%)?$/.exec(format);
  if (m) {
    const decimals = m[2]?.length ?? 0;
    return m[3] ? `${fixed(value * 100, decimals, !!m[1])}%` : fixed(value, decimals, !!m[1]);
  }
  return formatGeneral(value);
}
