/*
 * What one cell may hold: Excel refuses a cell of more than 32,767 characters (an import into
 * Excel fails on such a value, a workbook with one is repaired). Every writer of cells (the
 * add-in's, the command line's xlsx and CSV) cuts text here, by the one rule.
 */

/** Excel's limit for a cell's text, in UTF-16 code units (what Excel counts). */
export const MAX_CELL_TEXT = 32_767;

/**
 * The note for a run that cut cells: "2 cells held more than 32,767 characters: cut to 32,767
 * (Excel's limit)." In Japanese or Chinese for a run in that language (--lang).
 */
export function describeCutCells(count: number, lang: 'en' | 'ja' | 'zh' = 'en'): string {
  const max = MAX_CELL_TEXT.toLocaleString('en-US');
  const n = count.toLocaleString('en-US');
  if (lang === 'ja') return `${n} 個のセルが ${max} 文字を超えていたため、${max} 文字（Excel のセルの上限）で切り詰めました。`;
  if (lang === 'zh') return `${n} 个单元格超过 ${max} 个字符，已截断为 ${max} 个字符（Excel 单元格的上限）。`;
  return `${count === 1 ? 'One cell' : `${n} cells`} held more than ${max} characters: cut to ${max} (Excel’s limit for a cell).`;
}

/** Text a cell can hold: cut to MAX_CELL_TEXT, never between the two halves of a character. */
export function cellText(text: string): string {
  if (text.length <= MAX_CELL_TEXT) return text;
  const end = MAX_CELL_TEXT;
  const code = text.charCodeAt(end - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? end - 1 : end);
}

/** A cell's value as a cell can hold it: text cut by `cellText`, anything else as it is. */
export function cellValueText<T>(value: T): T | string {
  return typeof value === 'string' ? cellText(value) : value;
}

/** True when `cellText` would cut the text. */
function isOverCellText(text: string): boolean {
  return text.length > MAX_CELL_TEXT;
}

/** A surrogate without its other half (U+D800–U+DFFF alone), which no UTF-8 or UTF-16 file can hold. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text with each lone surrogate replaced by U+FFFD, as an encoder of well-formed text would. */
export function wellFormedText(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** How many of these values are text longer than a cell holds (cut when written, and noted). */
export function countOverCellText(values: readonly unknown[]): number {
  let count = 0;
  for (const value of values) if (typeof value === 'string' && isOverCellText(value)) count++;
  return count;
}
