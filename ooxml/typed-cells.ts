import type { CellValue } from '../core/cells/cell-values';
import { NUMBER_FORMATS } from '../core/cells/columns';
import { isLinkable } from '../core/cells/rows';
import { cellText } from '../core/cells/cell-text';
import { workbookCellOf } from '../core/cells/datasheet';
import type { CellType } from './cells';

/*
 * What an xlsx cell holds for one typed value, decided once for the patcher (workbook-patch.ts)
 * and the writer of new workbooks (xlsx-stream-writer.ts). Text is always text with the text format, so `=1+1` from
 * the service stays the text `=1+1`; numbers are numbers with their column's format (a datasheet
 * column's per-cell format), dates serial days with the date format, web addresses hyperlinks.
 */

export type TypedCell =
  | { type: 'number'; value: number; numFmt: string }
  | { type: 'date'; value: number; numFmt: string }
  | { type: 'boolean'; value: boolean; numFmt: string }
  | { type: 'text'; value: string; numFmt: string; link?: string };

/** The cell a typed value becomes; undefined for an empty cell. */
export function typedCellOf(value: CellValue | undefined, type: CellType): TypedCell | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'number') {
    if (type.kind === 'date') return { type: 'date', value, numFmt: NUMBER_FORMATS.date };
    // Datasheet columns: each cell in its own unit (100 pF, 4.7 nF, 10 µF), as the add-in writes it.
    const cell = workbookCellOf(type, value);
    return { type: 'number', value: cell.value as number, numFmt: cell.numberFormat === NUMBER_FORMATS.text ? NUMBER_FORMATS.general : cell.numberFormat };
  }
  if (typeof value === 'boolean') return { type: 'boolean', value, numFmt: NUMBER_FORMATS.general };
  // Excel's limit for a cell: longer text from the service is cut (a link over it is not a link).
  const text = cellText(value);
  if (type.kind === 'url' && text === value && isLinkable(value)) return { type: 'text', value, numFmt: NUMBER_FORMATS.text, link: value.trim() };
  return { type: 'text', value: text, numFmt: NUMBER_FORMATS.text };
}

/** The type of a value on a 'PartSpec query' sheet: numbers as numbers, anything else as text. */
export function aboutCellType(value: string | number): CellType {
  return typeof value === 'number' ? { kind: 'number', numberFormat: NUMBER_FORMATS.general } : { kind: 'text', numberFormat: NUMBER_FORMATS.text };
}

/** Width in characters of a column the core sized in points. */
export function charsOfPoints(points: number): number {
  return Math.max(6, Math.round((points - 10) / 6.5));
}
