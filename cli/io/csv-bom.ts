import ExcelJS from 'exceljs';
import { extname } from 'node:path';
import { NUMBER_FORMATS } from '../../core/cells/columns';
import type { HighlightRule } from '../../core/enrich/highlight';
import { uniqueSheetName } from '../../core/names';
import type { BomDocument, ColumnWrite } from '../../core/enrich/document';
import type { CellType } from '../../ooxml/cells';
import { NEW_CSV_LAYOUT, csvGridCell, formatCsvText, type CsvTable, type GridCell } from './csv';
import { checkOutputKind, formatOfFile, writeFileSafely } from './files';
import { encodeTextTable, unencodable, type TextLayout } from './text-encoding';
import { saveWorkbook, setChangeFill, setColumnHighlights, setTypedCell } from './xlsx';

const TEXT: CellType = { kind: 'text', numberFormat: NUMBER_FORMATS.text };

/** A text BOM (CSV, TSV, TXT): a grid of the file's text, plus the typed cells PartSpec adds. */
export class CsvBom implements BomDocument {
  private readonly grid: GridCell[][];
  private readonly highlights: { column: number; firstRow: number; lastRow: number; rules: readonly HighlightRule[] }[] = [];
  /** Changed cells (0-based row, column), filled when saved as xlsx. */
  private readonly changed: [number, number][] = [];

  constructor(
    private readonly source: CsvTable,
    private readonly name: string,
    private readonly note: (message: string) => void = () => undefined,
  ) {
    this.grid = source.rows;
  }

  get sheetNames(): string[] {
    return [this.name];
  }

  values(): unknown[][] {
    return this.grid.map((row) => Array.from(row, (c) => (c === undefined || c === '' ? undefined : typeof c === 'string' ? c : c.value)));
  }

  writeColumn(_name: string, write: ColumnWrite): void {
    const set = (row: number, cell: GridCell): void => {
      while (this.grid.length <= row) this.grid.push([]);
      const r = this.grid[row];
      while (r.length < write.column) r.push('');
      r[write.column] = cell;
    };
    set(write.headerRow, { value: write.spec.header, type: TEXT });
    write.cells.forEach((value, i) => set(write.firstRow + i, { value, type: write.spec }));
    if (write.highlight?.length) this.highlights.push({ column: write.column, firstRow: write.firstRow, lastRow: write.firstRow + write.cells.length - 1, rules: write.highlight });
    write.changed?.forEach((on, i) => on && this.changed.push([write.firstRow + i, write.column]));
  }

  async checkTarget(file: string): Promise<void> {
    // A CSV file holds nothing but its cells, and every one of them is written back; it becomes
    // a .xlsx workbook or a text table, never a macro-enabled workbook or a template.
    checkOutputKind('', file);
  }

  async save(file: string): Promise<readonly string[]> {
    if (formatOfFile(file, '--out', { bom: true }) === 'csv') {
      const width = Math.max(0, ...this.grid.map((r) => r.length));
      const rows = this.grid.map((r) => Array.from({ length: width }, (_, i) => csvGridCell(r[i])));
      // Written back the way the BOM came: its encoding, byte-order mark, delimiter, line ends and quoting.
      const delimiter = extname(file).toLowerCase() === '.tsv' ? '\t' : this.source.delimiter;
      const text = formatCsvText(rows, delimiter, { layout: this.source.layout, quoteAll: this.source.quoteAll });
      let layout: TextLayout = this.source.layout;
      if (unencodable(text, layout.encoding)) {
        layout = NEW_CSV_LAYOUT;
        this.note(`${file}: PartSpec's text holds characters Windows-1252 cannot (such as →), so the file is written as UTF-8 with a byte-order mark instead.`);
      }
      await writeFileSafely(file, encodeTextTable(text, layout));
      return [];
    }
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(uniqueSheetName(this.name, []));
    this.grid.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell === undefined || cell === '') return;
        const target = sheet.getCell(r + 1, c + 1);
        // The file's own cells are text: a part number such as 0805 or =X must not change type.
        if (typeof cell === 'string') setTypedCell(target, cell, TEXT);
        else setTypedCell(target, cell.value, cell.type);
      }),
    );
    for (const h of this.highlights) setColumnHighlights(sheet, h.column, h.firstRow, h.lastRow, h.rules);
    for (const [r, c] of this.changed) setChangeFill(sheet.getCell(r + 1, c + 1), true);
    await saveWorkbook(workbook, file);
    return [];
  }
}

