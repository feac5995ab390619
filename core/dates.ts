/**
 * Calendar dates as the normalized product record carries them (`YYYY-MM-DD`), and their Excel
 * serial numbers. Dates are calendar days without a time zone, so all arithmetic is in UTC.
 */

const DATE_RE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:$|[T ])/;

/** Milliseconds of 1899-12-30, Excel's day zero in the 1900 date system (the 1900 leap-year bug lies before every real date). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** The calendar day of `YYYY-MM-DD` (also `/` or `.` separated, or a date-time) as UTC midnight; undefined if it is no date. */
export function parseCalendarDate(text: string): Date | undefined {
  const m = DATE_RE.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return date;
}

/** The calendar day a local `Date` falls on, as UTC midnight, so "today" compares with record dates. */
export function toCalendarDay(date: Date): Date {
  return new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
}

/** Excel's serial number of a calendar day (1900 date system): 2024-01-01 → 45292. */
export function toExcelSerial(day: Date): number {
  return Math.round((day.getTime() - EXCEL_EPOCH_MS) / DAY_MS);
}

/** The calendar day of an Excel serial number (the inverse of toExcelSerial). */
export function fromExcelSerial(serial: number): Date {
  return new Date(EXCEL_EPOCH_MS + Math.round(serial) * DAY_MS);
}

/** The same calendar day `months` months later (clamped to the month's end: Jan 31 + 1 → Feb 28/29). */
export function addMonths(day: Date, months: number): Date {
  const y = day.getUTCFullYear();
  const m = day.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(day.getUTCDate(), last)));
}
