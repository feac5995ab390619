import { CHANGE_FILL } from '../../core/enrich/changes';
import ExcelJS from 'exceljs';
import type { CellValue } from '../../core/cells/cell-values';
import { columnLetters, parseAddress } from '../../core/address';
import { NUMBER_FORMATS, type ColumnSpec } from '../../core/cells/columns';
import type { HighlightRule } from '../../core/enrich/highlight';
import { columnWidths } from '../../core/cells/rows';
import { dateOfSerial, type CellType } from '../../ooxml/cells';
import { writeFileSafely } from './files';
import { charsOfPoints, typedCellOf } from '../../ooxml/typed-cells';

/*
 * xlsx files through ExcelJS. Text is always written as a string value (never a formula object),
 * with the text number format, so `=1+1` from the service stays the text `=1+1`; numbers are
 * numbers with their column's format, dates real dates, web addresses hyperlinks.
 */

const LINK_FONT: Partial<ExcelJS.Font> = { color: { argb: 'FF0563C1' }, underline: true };

/** ARGB of a `#RRGGBB` colour. */
function argb(hex: string): string {
  return `FF${hex.replace('#', '').toUpperCase()}`;
}

/** Writes one typed value (from the core's toCellValue / buildEnrichmentRows) into a cell, as typedCellOf decides. */
export function setTypedCell(cell: ExcelJS.Cell, value: CellValue | undefined, type: CellType): void {
  const typed = typedCellOf(value, type);
  if (!typed) {
    cell.value = null;
    return;
  }
  cell.numFmt = typed.numFmt;
  if (typed.type === 'date') cell.value = dateOfSerial(typed.value);
  else if (typed.type === 'text' && typed.link !== undefined) {
    cell.value = { text: typed.value, hyperlink: typed.link };
    cell.font = { ...(cell.font ?? {}), ...LINK_FONT };
  } else cell.value = typed.value;
}

/** Saves a workbook through a temporary file. */
export async function saveWorkbook(workbook: ExcelJS.Workbook, file: string): Promise<void> {
  await writeFileSafely(file, (temp) => workbook.xlsx.writeFile(temp));
}

/**
 * Highlights cells whose text equals a rule's text (risk levels, problem matches), replacing any
 * highlight an earlier run put on the same column so re-runs never stack them.
 */
export function setColumnHighlights(sheet: ExcelJS.Worksheet, column: number, firstRow: number, lastRow: number, rules: readonly HighlightRule[]): void {
  sheet.removeConditionalFormatting((cf: ExcelJS.ConditionalFormattingOptions) => {
    try {
      const block = parseAddress(cf.ref);
      return !(block.column === column && block.columnCount === 1);
    } catch {
      return true;
    }
  });
  if (rules.length === 0 || lastRow < firstRow) return;
  const letters = columnLetters(column);
  sheet.addConditionalFormatting({
    ref: `${letters}${firstRow + 1}:${letters}${lastRow + 1}`,
    rules: rules.map((rule, i) => ({
      type: 'cellIs',
      operator: 'equal',
      formulae: [`"${rule.text.replace(/"/g, '""')}"`],
      priority: i + 1,
      style: { fill: { type: 'pattern', pattern: 'solid', bgColor: { argb: argb(rule.fill) } }, font: { color: { argb: argb(rule.font) } } },
    })),
  });
}

export interface XlsxTableOptions {
  sheetName: string;
  /** Label/value lines for a second sheet that says where the data came from (never the key). */
  about?: readonly (readonly [string, string | number])[];
}

/**
 * Sets column widths from `sample` and writes and commits the bold header row of a streamed
 * sheet (a streamed sheet cannot go back to its column definitions once rows are committed).
 */
export function writeHeaderRow(sheet: ExcelJS.Worksheet, columns: readonly ColumnSpec[], sample: readonly CellValue[][]): void {
  columnWidths(columns, sample as CellValue[][]).forEach((points, i) => {
    sheet.getColumn(i + 1).width = charsOfPoints(points);
  });
  const header = sheet.getRow(1);
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.value = c.header;
    cell.font = { bold: true };
  });
  header.commit();
}

/**
 * Writes a product table as a new workbook, streamed so large results stay light on memory: a
 * bold, frozen header row with a filter, typed columns, hyperlinks, widths from the core.
 */
export async function writeXlsxTable(file: string, columns: readonly ColumnSpec[], rows: readonly CellValue[][], options: XlsxTableOptions): Promise<void> {
  await writeFileSafely(file, async (temp) => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: temp, useStyles: true, useSharedStrings: true });
    const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    writeHeaderRow(sheet, columns, rows);
    rows.forEach((values, r) => {
      const row = sheet.getRow(r + 2);
      columns.forEach((c, i) => setTypedCell(row.getCell(i + 1), values[i], c));
      row.commit();
    });
    if (columns.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    sheet.commit();
    if (options.about) {
      const about = workbook.addWorksheet('PartSpec query');
      about.getColumn(1).width = 18;
      about.getColumn(2).width = 60;
      options.about.forEach(([label, value], i) => {
        const row = about.getRow(i + 1);
        row.getCell(1).value = label;
        row.getCell(1).font = { bold: true };
        setTypedCell(row.getCell(2), value, typeof value === 'number' ? { kind: 'number', numberFormat: NUMBER_FORMATS.general } : { kind: 'text', numberFormat: NUMBER_FORMATS.text });
        row.commit();
      });
      about.commit();
    }
    await workbook.commit();
  });
}

/** Fills a changed cell, or removes the fill of one that no longer is (a style of its own, never one shared with other cells). */
export function setChangeFill(cell: ExcelJS.Cell, changed: boolean): void {
  const { fill: _old, ...rest } = cell.style ?? {};
  cell.style = changed ? { ...rest, fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${CHANGE_FILL.slice(1)}` } } } : rest;
}

