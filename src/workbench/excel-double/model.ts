import { blockText, contains, intersects, LAST_COLUMN, LAST_ROW, type Block } from './a1';
import { DoubleError, DEFAULT_FORMAT, type CellModel, type FormulaEvaluator, type SheetModel, type TableModel } from './model-types';

export * from './model-types';

const key = (row: number, column: number): number => row * (LAST_COLUMN + 1) + column;

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A sheet's selection; `areas` when it has several (a multi-area selection made by PartSpec). */
export interface SelectionModel {
  sheetId: string;
  block: Block;
  areas?: Block[];
}

/** What Excel's worksheets.onActivated and onSelectionChanged tell their handlers. */
export type WorkbookEvent = { type: 'WorksheetActivated'; worksheetId: string } | { type: 'WorksheetSelectionChanged'; worksheetId: string; address: string };

const A1_BLOCK: Block = { row: 0, column: 0, rowCount: 1, columnCount: 1 };

/** The workbook's state: what a person would see in Excel. */
export class WorkbookModel {
  /** The workbook's file name, as Workbook.name gives it. */
  name = 'Book1.xlsx';
  sheets: SheetModel[] = [];
  tables: TableModel[] = [];
  settings = new Map<string, unknown>();
  /** The active sheet's selection. Change it with select() or activate(), which tell the handlers. */
  selection: SelectionModel | undefined;
  activeSheetId: string | undefined;
  /** Each sheet's last selection: like Excel, switching back to a sheet finds its own. */
  private readonly selections = new Map<string, SelectionModel>();
  private readonly handlers = new Set<(event: WorkbookEvent) => void>();
  calculations: string[] = [];
  evaluate: FormulaEvaluator = () => '';
  private nextId = 1;

  newId(prefix: string): string {
    return `${prefix}${this.nextId++}`;
  }

  addSheet(name?: string): SheetModel {
    let n = this.sheets.length + 1;
    while (!name && this.findSheet(`Sheet${n}`)) n++;
    const finalName = name ?? `Sheet${n}`;
    checkSheetName(finalName);
    if (this.findSheet(finalName)) throw new DoubleError('ItemAlreadyExists', `A sheet named '${finalName}' already exists.`);
    const sheet: SheetModel = { id: this.newId('{sheet-'), name: finalName, cells: new Map(), columnWidths: new Map(), frozenRows: 0, frozenColumns: 0, conditionalFormats: [] };
    this.sheets.push(sheet);
    if (!this.activeSheetId) this.activeSheetId = sheet.id;
    // Like Excel, a workbook always has a selection: A1 of its first sheet.
    this.selection ??= { sheetId: sheet.id, block: A1_BLOCK };
    return sheet;
  }

  /** Selects a block (or several areas) of a sheet, making it the active sheet, as a click in Excel does. */
  select(sheet: SheetModel, block: Block, areas?: Block[]): void {
    const activated = this.activeSheetId !== sheet.id;
    if (activated && this.selection) this.selections.set(this.selection.sheetId, this.selection);
    this.activeSheetId = sheet.id;
    this.selection = { sheetId: sheet.id, block, ...(areas ? { areas } : {}) };
    if (activated) this.emit({ type: 'WorksheetActivated', worksheetId: sheet.id });
    this.emit({ type: 'WorksheetSelectionChanged', worksheetId: sheet.id, address: blockText(block) });
  }

  /** Makes a sheet the active one with its own last selection (A1 at first), as a click on its tab does. */
  activate(sheet: SheetModel): void {
    if (this.activeSheetId === sheet.id) return;
    if (this.selection) this.selections.set(this.selection.sheetId, this.selection);
    this.activeSheetId = sheet.id;
    this.selection = this.selections.get(sheet.id) ?? { sheetId: sheet.id, block: A1_BLOCK };
    this.emit({ type: 'WorksheetActivated', worksheetId: sheet.id });
  }

  /** Registers an event handler (worksheets.onActivated / onSelectionChanged); returns its removal. */
  listen(handler: (event: WorkbookEvent) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Excel raises events after the change, never inside the call that made it. */
  private emit(event: WorkbookEvent): void {
    for (const handler of [...this.handlers]) setTimeout(() => handler(event), 0);
  }

  findSheet(nameOrId: string): SheetModel | undefined {
    const lower = nameOrId.toLowerCase();
    return this.sheets.find((s) => s.id === nameOrId || s.name.toLowerCase() === lower);
  }

  sheet(nameOrId: string): SheetModel {
    const s = this.findSheet(nameOrId);
    if (!s) throw new DoubleError('ItemNotFound', `The worksheet '${nameOrId}' does not exist.`);
    return s;
  }

  renameSheet(sheet: SheetModel, name: string): void {
    checkSheetName(name);
    const other = this.findSheet(name);
    if (other && other !== sheet) throw new DoubleError('ItemAlreadyExists', `A sheet named '${name}' already exists.`);
    sheet.name = name;
  }

  deleteSheet(sheet: SheetModel): void {
    this.sheets = this.sheets.filter((s) => s !== sheet);
    this.tables = this.tables.filter((t) => t.sheetId !== sheet.id);
    this.selections.delete(sheet.id);
    if (this.activeSheetId === sheet.id) {
      const next = this.sheets[0];
      this.activeSheetId = undefined;
      this.selection = undefined;
      if (next) this.activate(next);
    }
  }

  cell(sheet: SheetModel, row: number, column: number): CellModel | undefined {
    return sheet.cells.get(key(row, column));
  }

  private ensure(sheet: SheetModel, row: number, column: number): CellModel {
    const k = key(row, column);
    let c = sheet.cells.get(k);
    if (!c) {
      c = { value: '', numberFormat: DEFAULT_FORMAT };
      sheet.cells.set(k, c);
    }
    return c;
  }

  /**
   * Writes what a person would type (Range.values): a string that starts with `=` (or `+`, `-`,
   * `@` and is not a number) becomes a formula unless the cell is formatted as text (`@`); numeric
   * strings and TRUE/FALSE become numbers and Booleans, as Excel does.
   */
  writeValue(sheet: SheetModel, row: number, column: number, input: unknown): void {
    const c = this.ensure(sheet, row, column);
    c.formula = undefined;
    if (input === null || input === undefined || input === '') {
      c.value = '';
      return;
    }
    if (typeof input === 'number') {
      if (!Number.isFinite(input)) throw new DoubleError('InvalidArgument', 'A cell cannot hold NaN or Infinity.');
      c.value = input;
      return;
    }
    if (typeof input === 'boolean') {
      c.value = input;
      return;
    }
    if (typeof input !== 'string') throw new DoubleError('InvalidArgument', `A cell cannot hold ${typeof input}.`);
    if (input.length > 32767) throw new DoubleError('InvalidArgument', 'A cell holds at most 32,767 characters.');
    if (c.numberFormat === '@') {
      c.value = input;
      return;
    }
    if (input.startsWith('=') && input.length > 1) {
      c.formula = input;
      c.value = this.evaluate(input, { sheet: sheet.name, row, column });
      return;
    }
    if (NUMERIC.test(input.trim())) {
      c.value = Number(input.trim());
      return;
    }
    if (/^(true|false)$/i.test(input.trim())) {
      c.value = input.trim().toLowerCase() === 'true';
      return;
    }
    if (/^[+\-@]./.test(input)) {
      c.formula = input.startsWith('@') ? `=${input.slice(1)}` : `=${input}`;
      c.value = this.evaluate(c.formula, { sheet: sheet.name, row, column });
      return;
    }
    c.value = input;
  }

  setFormat(sheet: SheetModel, row: number, column: number, format: string): void {
    this.ensure(sheet, row, column).numberFormat = format;
  }

  setStyle(sheet: SheetModel, row: number, column: number, style: Partial<Pick<CellModel, 'bold' | 'fontColor' | 'fill' | 'hyperlink' | 'horizontalAlignment' | 'verticalAlignment' | 'wrapText'>>): void {
    Object.assign(this.ensure(sheet, row, column), style);
  }

  clear(sheet: SheetModel, block: Block, applyTo: string): void {
    for (const [k, c] of [...sheet.cells]) {
      const row = Math.floor(k / (LAST_COLUMN + 1));
      const column = k % (LAST_COLUMN + 1);
      if (!contains(block, row, column)) continue;
      if (applyTo === 'All') sheet.cells.delete(k);
      else if (applyTo === 'Contents') {
        c.value = '';
        c.formula = undefined;
      } else if (applyTo === 'Formats') {
        c.numberFormat = DEFAULT_FORMAT;
        c.bold = c.fontColor = c.fill = undefined;
      } else if (applyTo === 'Hyperlinks') c.hyperlink = undefined;
    }
    if (applyTo === 'All' || applyTo === 'Formats') {
      sheet.conditionalFormats = sheet.conditionalFormats.filter((cf) => !intersects(cf.block, block));
    }
  }

  /** Cells with content (valuesOnly) or with content or formatting, as one bounding block. */
  usedBlock(sheet: SheetModel, valuesOnly: boolean): Block | undefined {
    let top = Infinity;
    let left = Infinity;
    let bottom = -1;
    let right = -1;
    for (const [k, c] of sheet.cells) {
      const used = c.value !== '' || c.formula !== undefined || (!valuesOnly && (c.numberFormat !== DEFAULT_FORMAT || c.bold || c.fill || c.fontColor || c.hyperlink));
      if (!used) continue;
      const row = Math.floor(k / (LAST_COLUMN + 1));
      const column = k % (LAST_COLUMN + 1);
      top = Math.min(top, row);
      left = Math.min(left, column);
      bottom = Math.max(bottom, row);
      right = Math.max(right, column);
    }
    for (const t of this.tables.filter((t) => t.sheetId === sheet.id)) {
      top = Math.min(top, t.block.row);
      left = Math.min(left, t.block.column);
      bottom = Math.max(bottom, t.block.row + t.block.rowCount - 1);
      right = Math.max(right, t.block.column + t.block.columnCount - 1);
    }
    if (bottom < 0) return undefined;
    return { row: top, column: left, rowCount: bottom - top + 1, columnCount: right - left + 1 };
  }

  addTable(sheet: SheetModel, block: Block, hasHeaders: boolean): TableModel {
    if (!hasHeaders) throw new DoubleError('InvalidArgument', 'The workbook double creates tables from ranges with a header row only.');
    if (this.tables.some((t) => t.sheetId === sheet.id && intersects(t.block, block))) {
      throw new DoubleError('InvalidOperation', 'A table cannot overlap another table.');
    }
    const rows = Math.max(block.rowCount, 2);
    const table: TableModel = { id: this.newId('{table-'), name: this.freeTableName(), sheetId: sheet.id, block: { ...block, rowCount: rows } };
    this.fixHeaders(sheet, table);
    this.tables.push(table);
    return table;
  }

  freeTableName(): string {
    let n = 1;
    while (this.findTable(`Table${n}`)) n++;
    return `Table${n}`;
  }

  findTable(nameOrId: string): TableModel | undefined {
    const lower = nameOrId.toLowerCase();
    return this.tables.find((t) => t.id === nameOrId || t.name.toLowerCase() === lower);
  }

  renameTable(table: TableModel, name: string): void {
    if (!/^[\p{L}_\\][\p{L}\p{N}_.]*$/u.test(name) || /^[A-Za-z]{1,3}\d+$/.test(name) || /^[Rr]\d*[Cc]\d*$/.test(name)) {
      throw new DoubleError('InvalidArgument', `'${name}' is not a valid table name.`);
    }
    const other = this.findTable(name);
    if (other && other !== table) throw new DoubleError('ItemAlreadyExists', `A table named '${name}' already exists.`);
    if (this.findSheet(name)) throw new DoubleError('InvalidArgument', `A table cannot be named like the sheet '${name}'.`);
    table.name = name;
  }

  /** Table headers are unique, non-empty text (Excel renames `Column1`, `Name2`). */
  fixHeaders(sheet: SheetModel, table: TableModel): void {
    const seen = new Set<string>();
    for (let i = 0; i < table.block.columnCount; i++) {
      const c = this.cell(sheet, table.block.row, table.block.column + i);
      let text = c && c.value !== '' ? String(c.value) : `Column${i + 1}`;
      const base = text;
      for (let n = 2; seen.has(text.toLowerCase()); n++) text = `${base}${n}`;
      seen.add(text.toLowerCase());
      const cell = this.ensure(sheet, table.block.row, table.block.column + i);
      cell.value = text;
      cell.formula = undefined;
    }
  }

  /** Adds a column at the right end of a table: the cells to its right within the table's rows move one column right. */
  appendTableColumn(table: TableModel): number {
    const sheet = this.sheet(table.sheetId);
    const column = table.block.column + table.block.columnCount;
    if (column > LAST_COLUMN) throw new DoubleError('InvalidOperation', 'The sheet has no more columns.');
    const moved: [number, CellModel][] = [];
    for (const [k, c] of [...sheet.cells]) {
      const row = Math.floor(k / (LAST_COLUMN + 1));
      const col = k % (LAST_COLUMN + 1);
      if (row >= table.block.row && row < table.block.row + table.block.rowCount && col >= column) {
        sheet.cells.delete(k);
        moved.push([key(row, col + 1), c]);
      }
    }
    for (const [k, c] of moved) sheet.cells.set(k, c);
    table.block = { ...table.block, columnCount: table.block.columnCount + 1 };
    return column;
  }

  deleteTable(table: TableModel, keepCells: boolean): void {
    if (!keepCells) this.clear(this.sheet(table.sheetId), table.block, 'All');
    this.tables = this.tables.filter((t) => t !== table);
  }

  /** The text Excel would display. */
  displayText(c: CellModel | undefined): string {
    if (!c) return '';
    const v = c.value;
    if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
    if (typeof v === 'string') return v;
    if (/y{2,4}/i.test(c.numberFormat)) return serialToIso(v);
    if (c.numberFormat === '0') return String(Math.round(v));
    return String(v);
  }
}

function serialToIso(serial: number): string {
  const d = new Date(Date.UTC(1899, 11, 30) + Math.round(serial) * 86_400_000);
  return d.toISOString().slice(0, 10);
}

function checkSheetName(name: string): void {
  if (name.length === 0 || name.length > 31 || /[[\]:*?/\\]/.test(name) || /^'|'$/.test(name) || name.toLowerCase() === 'history') {
    throw new DoubleError('InvalidArgument', `'${name}' is not a valid worksheet name.`);
  }
}

export { LAST_ROW };
