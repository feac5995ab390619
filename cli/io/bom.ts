import { basename, extname } from 'node:path';
import ExcelJS from 'exceljs';
import { NUMBER_FORMATS } from '../../src/sheets/core/columns';
import { UsageError } from '../errors';
import { neutralizeCsvText, type CellType } from './cells';
import type { BomDocument, ColumnWrite } from './bom-document';
import { formatCsv, readCsv } from './csv';
import { CsvBom } from './csv-bom';
import { formatOfBom, formatOfFile, writeFileSafely } from './files';
import type { WrittenCells } from './package-compare';
import { checkWorkbookTarget, openWorkbookFile, saveWorkbookFile, type WorkbookFile } from './workbook-file';
import { charsOfPoints, plainCellValue, setChangeFill, setColumnHighlights, setTypedCell, sheetValues } from './xlsx';

export type { BomDocument, ColumnWrite } from './bom-document';

const TEXT: CellType = { kind: 'text', numberFormat: NUMBER_FORMATS.text };

/** Text of a workbook cell for a CSV file (dates as ISO, Booleans TRUE/FALSE, text neutralized). */
function csvTextOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace(/\.000Z$/, 'Z');
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(value);
  return neutralizeCsvText(String(value));
}

function width(header: string): number {
  return charsOfPoints(Math.min(300, Math.max(60, header.length * 6.5 + 10)));
}

/** An xlsx BOM: the workbook stays loaded and only the written cells change. */
class XlsxBom implements BomDocument {
  private readonly workbook: ExcelJS.Workbook;
  private written: WrittenCells | undefined;

  constructor(private readonly source: WorkbookFile) {
    this.workbook = source.workbook;
  }

  get sheetNames(): string[] {
    return this.workbook.worksheets.map((w) => w.name);
  }

  private sheet(name: string): ExcelJS.Worksheet {
    const sheet = this.workbook.getWorksheet(name);
    if (!sheet) throw new UsageError(`The workbook has no sheet '${name}'; it has ${this.sheetNames.map((n) => `'${n}'`).join(', ')}.`, { showUsage: false });
    return sheet;
  }

  values(name: string): unknown[][] {
    return sheetValues(this.sheet(name));
  }

  writeColumn(name: string, write: ColumnWrite): void {
    const sheet = this.sheet(name);
    const last = write.firstRow + write.cells.length - 1;
    const w = this.written?.sheetName === name ? this.written : { sheetName: name, columns: [], firstRow: write.headerRow, lastRow: last };
    this.written = { sheetName: name, columns: [...w.columns, write.column], firstRow: Math.min(w.firstRow, write.headerRow), lastRow: Math.max(w.lastRow, last) };
    const header = sheet.getCell(write.headerRow + 1, write.column + 1);
    setTypedCell(header, write.spec.header, TEXT);
    if (!write.existing) {
      header.font = { ...(header.font ?? {}), bold: true };
      sheet.getColumn(write.column + 1).width = width(write.spec.header);
    }
    write.cells.forEach((value, i) => setTypedCell(sheet.getCell(write.firstRow + i + 1, write.column + 1), value, write.spec));
    setColumnHighlights(sheet, write.column, write.firstRow, write.firstRow + write.cells.length - 1, write.highlight ?? []);
    if (write.changed) write.changed.forEach((on, i) => setChangeFill(sheet.getCell(write.firstRow + i + 1, write.column + 1), on));
  }

  async checkTarget(file: string): Promise<void> {
    await checkWorkbookTarget(this.source, file);
  }

  async save(file: string, sheetName: string): Promise<readonly string[]> {
    if (formatOfFile(file, '--out') === 'xlsx') return (await saveWorkbookFile(this.source, file, this.written)).map((l) => l.what);
    const sheet = this.sheet(sheetName);
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, n) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, c) => {
        cells[c - 1] = csvTextOf(plainCellValue(cell.value));
      });
      rows[n - 1] = Array.from(cells, (c) => c ?? '');
    });
    await writeFileSafely(file, formatCsv(Array.from(rows, (r) => r ?? [])));
    // A CSV file holds one sheet's values: everything else of the workbook is named.
    const others = this.sheetNames.filter((n) => n !== sheetName).map((n) => `'${n}'`);
    const lost = others.length === 0 ? [] : [`${others.length === 1 ? 'the sheet' : 'the sheets'} ${others.join(', ')}`];
    return [...lost, `the formats and formulas of sheet '${sheetName}' (a CSV file holds values only)`, ...this.source.unkept.map((l) => l.what)];
  }
}

/**
 * Opens a BOM for enrichment by its extension; `note` hears what the reader had to guess (a text
 * file that is not UTF-8, read as Windows-1252).
 */
export async function openBom(file: string, note: (message: string) => void = () => undefined): Promise<BomDocument> {
  if (formatOfBom(file) === 'xlsx') return new XlsxBom(await openWorkbookFile(file));
  const table = await readCsv(file);
  if (table.fellBack) note(`${file} is not UTF-8 text: read as Windows-1252 (the usual encoding of older Windows tools); written back the same way.`);
  return new CsvBom(table, basename(file, extname(file)), note);
}
