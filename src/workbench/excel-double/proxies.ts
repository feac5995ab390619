import { fullAddress, letters, parseRef, type Block } from './a1';
import type { DoubleContext } from './context';
import { DoubleError, type ConditionalFormatModel, type SheetModel, type TableModel, type WorkbookModel } from './model';

/* Proxies of the Excel JavaScript API objects PartSpec uses. Writes and loads are queued and take
 * effect on `context.sync()`, in order; reading a property that was not loaded throws, as in Excel. */

type Located = { sheet: SheetModel; block: Block };

function names(spec: unknown): string[] {
  if (spec === undefined) return [];
  if (typeof spec === 'string') return spec.split(',').map((s) => s.trim()).filter(Boolean);
  if (Array.isArray(spec)) return spec.flatMap(names);
  if (typeof spec === 'object' && spec) {
    const o = spec as { select?: unknown };
    return o.select !== undefined ? names(o.select) : Object.keys(spec);
  }
  return [];
}

abstract class ClientObject {
  protected readonly loaded = new Map<string, unknown>();
  readonly _id: string;

  constructor(
    protected readonly ctx: DoubleContext,
    kind: string,
  ) {
    this._id = ctx.objectId(kind);
  }

  protected get model(): WorkbookModel {
    return this.ctx.model;
  }

  /** The value of a property at apply time. */
  protected abstract read(name: string): unknown;

  /** False for a null object (getItemOrNullObject of a missing item). */
  protected exists(): boolean {
    return true;
  }

  /** Properties `load()` loads when called without arguments. */
  protected defaultProperties(): string[] {
    return [];
  }

  load(spec?: unknown): this {
    const wanted = names(spec);
    const list = wanted.length > 0 ? wanted : this.defaultProperties();
    this.ctx.queue({ o: this._id, m: 'load', a: list }, () => {
      const exists = this.exists();
      this.loaded.set('isNullObject', !exists);
      if (!exists) return;
      for (const name of list) this.loadOne(name);
    });
    return this;
  }

  protected loadOne(name: string): void {
    this.loaded.set(name.split('/')[0], this.read(name));
  }

  protected get_(name: string): unknown {
    if (!this.loaded.has(name)) {
      throw new DoubleError('PropertyNotLoaded', `The property '${name}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()".`);
    }
    return this.loaded.get(name);
  }

  protected set_(name: string, value: unknown, apply: () => void): void {
    this.loaded.set(name, value);
    this.ctx.queue({ o: this._id, m: name, a: value }, apply);
  }

  protected call(method: string, args: unknown[], apply: () => void): void {
    this.ctx.queue({ o: this._id, m: method, a: args }, apply);
  }

  get isNullObject(): boolean {
    return this.get_('isNullObject') as boolean;
  }

  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of this.loaded) if (k !== 'isNullObject') out[k] = v;
    return out;
  }
}

/** Applies a scalar to every cell, or a 2D array of exactly the range's shape. */
function forEachInput(block: Block, input: unknown, each: (row: number, column: number, value: unknown) => void): void {
  if (Array.isArray(input)) {
    if (input.length !== block.rowCount || input.some((r) => !Array.isArray(r) || r.length !== block.columnCount)) {
      throw new DoubleError('InvalidArgument', `The number of rows or columns in the input array doesn't match the size or dimensions of the range (${block.rowCount}×${block.columnCount}).`);
    }
    for (let r = 0; r < block.rowCount; r++) for (let c = 0; c < block.columnCount; c++) each(block.row + r, block.column + c, input[r][c]);
    return;
  }
  for (let r = 0; r < block.rowCount; r++) for (let c = 0; c < block.columnCount; c++) each(block.row + r, block.column + c, input);
}

function grid<T>(block: Block, cell: (row: number, column: number) => T): T[][] {
  return Array.from({ length: block.rowCount }, (_, r) => Array.from({ length: block.columnCount }, (_, c) => cell(block.row + r, block.column + c)));
}

export class RangeProxy extends ClientObject {
  constructor(
    ctx: DoubleContext,
    private readonly locate: () => Located | undefined,
  ) {
    super(ctx, 'Range');
  }

  /** Where the range is, at apply time; throws for a null range. */
  at(): Located {
    const l = this.locate();
    if (!l) throw new DoubleError('InvalidObjectPath', 'The range is a null object.');
    return l;
  }

  protected override exists(): boolean {
    return this.locate() !== undefined;
  }

  protected override defaultProperties(): string[] {
    return ['address', 'values', 'formulas', 'numberFormat', 'text', 'rowIndex', 'columnIndex', 'rowCount', 'columnCount'];
  }

  protected read(name: string): unknown {
    const { sheet, block } = this.at();
    const m = this.model;
    switch (name) {
      case 'address':
      case 'addressLocal':
        return fullAddress(sheet.name, block);
      case 'values':
        return grid(block, (r, c) => m.cell(sheet, r, c)?.value ?? '');
      case 'formulas':
        return grid(block, (r, c) => {
          const cell = m.cell(sheet, r, c);
          return cell?.formula ?? cell?.value ?? '';
        });
      case 'numberFormat':
        return grid(block, (r, c) => m.cell(sheet, r, c)?.numberFormat ?? 'General');
      case 'text':
        return grid(block, (r, c) => m.displayText(m.cell(sheet, r, c)));
      case 'rowIndex':
        return block.row;
      case 'columnIndex':
        return block.column;
      case 'rowCount':
        return block.rowCount;
      case 'columnCount':
        return block.columnCount;
      case 'cellCount':
        return block.rowCount * block.columnCount;
      case 'hyperlink':
        return m.cell(sheet, block.row, block.column)?.hyperlink ?? null;
      default:
        throw new DoubleError('InvalidArgument', `The workbook double does not model Range.${name}.`);
    }
  }

  get address(): string {
    return this.get_('address') as string;
  }
  get values(): unknown[][] {
    return this.get_('values') as unknown[][];
  }
  set values(v: unknown) {
    this.set_('values', v, () => {
      const { sheet, block } = this.at();
      forEachInput(block, v, (r, c, x) => this.model.writeValue(sheet, r, c, x));
    });
  }
  get formulas(): unknown[][] {
    return this.get_('formulas') as unknown[][];
  }
  set formulas(v: unknown) {
    this.set_('formulas', v, () => {
      const { sheet, block } = this.at();
      forEachInput(block, v, (r, c, x) => this.model.writeValue(sheet, r, c, x));
    });
  }
  get numberFormat(): unknown[][] {
    return this.get_('numberFormat') as unknown[][];
  }
  set numberFormat(v: unknown) {
    this.set_('numberFormat', v, () => {
      const { sheet, block } = this.at();
      forEachInput(block, v, (r, c, x) => this.model.setFormat(sheet, r, c, String(x)));
    });
  }
  get text(): string[][] {
    return this.get_('text') as string[][];
  }
  get rowIndex(): number {
    return this.get_('rowIndex') as number;
  }
  get columnIndex(): number {
    return this.get_('columnIndex') as number;
  }
  get rowCount(): number {
    return this.get_('rowCount') as number;
  }
  get columnCount(): number {
    return this.get_('columnCount') as number;
  }
  get cellCount(): number {
    return this.get_('cellCount') as number;
  }
  get hyperlink(): unknown {
    return this.get_('hyperlink');
  }
  set hyperlink(h: { address?: string; textToDisplay?: string; screenTip?: string } | null) {
    this.set_('hyperlink', h, () => {
      const { sheet, block } = this.at();
      forEachInput(block, undefined, (r, c) => {
        this.model.setStyle(sheet, r, c, { hyperlink: h ?? undefined });
        if (h?.textToDisplay !== undefined) {
          const cell = this.model.cell(sheet, r, c)!;
          cell.value = h.textToDisplay;
          cell.formula = undefined;
        }
      });
    });
  }

  get worksheet(): WorksheetProxy {
    return new WorksheetProxy(this.ctx, () => this.at().sheet);
  }

  get format(): RangeFormatProxy {
    return new RangeFormatProxy(this.ctx, this);
  }

  get conditionalFormats(): ConditionalFormatCollectionProxy {
    return new ConditionalFormatCollectionProxy(this.ctx, this);
  }

  private derived(f: (l: Located) => Block): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const l = this.at();
      const b = f(l);
      if (b.row < 0 || b.column < 0 || b.rowCount < 1 || b.columnCount < 1) throw new DoubleError('InvalidArgument', 'The range lies outside the sheet.');
      return { sheet: l.sheet, block: b };
    });
  }

  getCell(row: number, column: number): RangeProxy {
    return this.derived(({ block }) => ({ row: block.row + row, column: block.column + column, rowCount: 1, columnCount: 1 }));
  }
  getRow(row: number): RangeProxy {
    return this.derived(({ block }) => ({ ...block, row: block.row + row, rowCount: 1 }));
  }
  getColumn(column: number): RangeProxy {
    return this.derived(({ block }) => ({ ...block, column: block.column + column, columnCount: 1 }));
  }
  getResizedRange(deltaRows: number, deltaColumns: number): RangeProxy {
    return this.derived(({ block }) => ({ ...block, rowCount: block.rowCount + deltaRows, columnCount: block.columnCount + deltaColumns }));
  }
  getOffsetRange(rowOffset: number, columnOffset: number): RangeProxy {
    return this.derived(({ block }) => ({ ...block, row: block.row + rowOffset, column: block.column + columnOffset }));
  }
  getAbsoluteResizedRange(rows: number, columns: number): RangeProxy {
    return this.derived(({ block }) => ({ ...block, rowCount: rows, columnCount: columns }));
  }

  select(): void {
    this.call('select', [], () => {
      const { sheet, block } = this.at();
      this.model.selection = { sheetId: sheet.id, block };
      this.model.activeSheetId = sheet.id;
    });
  }

  clear(applyTo: 'All' | 'Formats' | 'Contents' | 'Hyperlinks' = 'All'): void {
    this.call('clear', [applyTo], () => {
      const { sheet, block } = this.at();
      this.model.clear(sheet, block, applyTo);
    });
  }
}

class FontProxy {
  constructor(
    private readonly ctx: DoubleContext,
    private readonly range: RangeProxy,
  ) {}
  set bold(v: boolean) {
    this.ctx.queue({ o: this.range._id, m: 'format.font.bold', a: v }, () => this.each({ bold: v }));
  }
  set color(v: string) {
    this.ctx.queue({ o: this.range._id, m: 'format.font.color', a: v }, () => this.each({ fontColor: v }));
  }
  private each(style: { bold?: boolean; fontColor?: string }): void {
    const { sheet, block } = this.range.at();
    forEachInput(block, undefined, (r, c) => this.ctx.model.setStyle(sheet, r, c, style));
  }
}

class FillProxy {
  constructor(
    private readonly ctx: DoubleContext,
    private readonly range: RangeProxy,
  ) {}
  set color(v: string) {
    this.ctx.queue({ o: this.range._id, m: 'format.fill.color', a: v }, () => {
      const { sheet, block } = this.range.at();
      forEachInput(block, undefined, (r, c) => this.ctx.model.setStyle(sheet, r, c, { fill: v }));
    });
  }
  clear(): void {
    this.ctx.queue({ o: this.range._id, m: 'format.fill.clear' }, () => {
      const { sheet, block } = this.range.at();
      forEachInput(block, undefined, (r, c) => this.ctx.model.setStyle(sheet, r, c, { fill: undefined }));
    });
  }
}

class RangeFormatProxy {
  constructor(
    private readonly ctx: DoubleContext,
    private readonly range: RangeProxy,
  ) {}
  get font(): FontProxy {
    return new FontProxy(this.ctx, this.range);
  }
  get fill(): FillProxy {
    return new FillProxy(this.ctx, this.range);
  }
  set columnWidth(points: number) {
    this.ctx.queue({ o: this.range._id, m: 'format.columnWidth', a: points }, () => {
      const { sheet, block } = this.range.at();
      for (let c = 0; c < block.columnCount; c++) sheet.columnWidths.set(block.column + c, points);
    });
  }
  /** Widths from the longest displayed text of each column (about 7 points a character). */
  autofitColumns(): void {
    this.ctx.queue({ o: this.range._id, m: 'format.autofitColumns' }, () => {
      const { sheet, block } = this.range.at();
      for (let c = 0; c < block.columnCount; c++) {
        let chars = 0;
        for (let r = 0; r < block.rowCount; r++) chars = Math.max(chars, this.ctx.model.displayText(this.ctx.model.cell(sheet, block.row + r, block.column + c)).length);
        sheet.columnWidths.set(block.column + c, Math.max(8.43, chars) * 7 + 5);
      }
    });
  }
}

type FormatTarget = { fill: { color: string }; font: { color: string } };

/** One conditional format; its typed sub-objects all edit the same rule. */
class ConditionalFormatProxy {
  readonly textComparison: { rule: unknown; format: FormatTarget };
  readonly cellValue: { rule: unknown; format: FormatTarget };
  readonly custom: { rule: { formula: string }; format: FormatTarget };

  constructor(ctx: DoubleContext, id: string, target: () => ConditionalFormatModel) {
    const setRule = (rule: Record<string, unknown>): void => ctx.queue({ o: id, m: 'rule', a: rule }, () => void (target().rule = rule));
    const format: FormatTarget = {
      fill: {
        set color(v: string) {
          ctx.queue({ o: id, m: 'format.fill.color', a: v }, () => void (target().fill = v));
        },
        get color(): string {
          return '';
        },
      },
      font: {
        set color(v: string) {
          ctx.queue({ o: id, m: 'format.font.color', a: v }, () => void (target().fontColor = v));
        },
        get color(): string {
          return '';
        },
      },
    };
    const typed = () => ({
      set rule(r: unknown) {
        setRule(r as Record<string, unknown>);
      },
      get rule(): unknown {
        return target().rule;
      },
      format,
    });
    this.textComparison = typed();
    this.cellValue = typed();
    this.custom = {
      rule: {
        set formula(f: string) {
          setRule({ formula: f });
        },
        get formula(): string {
          return String(target().rule.formula ?? '');
        },
      },
      format,
    };
  }
}

class ConditionalFormatCollectionProxy {
  constructor(
    private readonly ctx: DoubleContext,
    private readonly range: RangeProxy,
  ) {}
  add(type: string): ConditionalFormatProxy {
    let created: ConditionalFormatModel | undefined;
    const id = this.ctx.objectId('ConditionalFormat');
    this.ctx.queue({ o: this.range._id, m: 'conditionalFormats.add', a: [type] }, () => {
      const { sheet, block } = this.range.at();
      created = { id: sheet.conditionalFormats.length + 1, block, type, rule: {} };
      sheet.conditionalFormats.push(created);
    });
    return new ConditionalFormatProxy(this.ctx, id, () => created!);
  }
  clearAll(): void {
    this.ctx.queue({ o: this.range._id, m: 'conditionalFormats.clearAll' }, () => {
      const { sheet, block } = this.range.at();
      sheet.conditionalFormats = sheet.conditionalFormats.filter((cf) => !(cf.block.row < block.row + block.rowCount && block.row < cf.block.row + cf.block.rowCount && cf.block.column < block.column + block.columnCount && block.column < cf.block.column + cf.block.columnCount));
    });
  }
}

/** A proxy of a named workbook item found at apply time; a missing item is a null object. */
abstract class LocatedObject<T> extends ClientObject {
  constructor(
    ctx: DoubleContext,
    kind: string,
    private readonly locate: () => T | undefined,
    private readonly missing: string,
  ) {
    super(ctx, kind);
  }

  protected item(): T {
    const found = this.locate();
    if (found === undefined) throw new DoubleError('ItemNotFound', this.missing);
    return found;
  }

  protected override exists(): boolean {
    try {
      return this.locate() !== undefined;
    } catch {
      return false;
    }
  }
}

export class WorksheetProxy extends LocatedObject<SheetModel> {
  constructor(ctx: DoubleContext, locate: () => SheetModel | undefined) {
    super(ctx, 'Worksheet', locate, 'The worksheet does not exist.');
  }

  sheet(): SheetModel {
    return this.item();
  }

  protected override defaultProperties(): string[] {
    return ['name', 'id', 'position'];
  }

  protected read(name: string): unknown {
    const s = this.sheet();
    if (name === 'name') return s.name;
    if (name === 'id') return s.id;
    if (name === 'position') return this.model.sheets.indexOf(s);
    throw new DoubleError('InvalidArgument', `The workbook double does not model Worksheet.${name}.`);
  }

  get name(): string {
    return this.get_('name') as string;
  }
  set name(v: string) {
    this.set_('name', v, () => this.model.renameSheet(this.sheet(), v));
  }
  get id(): string {
    return this.get_('id') as string;
  }

  getRange(address?: string): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const sheet = this.sheet();
      if (address === undefined) return { sheet, block: { row: 0, column: 0, rowCount: 1048576, columnCount: 16384 } };
      const { block } = parseRef(address);
      return { sheet, block };
    });
  }
  /** Several areas of the sheet (Excel's RangeAreas, `A2:F2,A5:F7`); PartSpec only selects them. */
  getRanges(address: string): { select(): void } {
    return {
      select: () =>
        this.call('getRanges.select', [address], () => {
          const sheet = this.sheet();
          const areas = address.split(',').map((a) => parseRef(a.trim()).block);
          this.model.selection = { sheetId: sheet.id, block: areas[0], areas };
          this.model.activeSheetId = sheet.id;
        }),
    };
  }
  getRangeByIndexes(row: number, column: number, rowCount: number, columnCount: number): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      if (row < 0 || column < 0 || rowCount < 1 || columnCount < 1) throw new DoubleError('InvalidArgument', 'Invalid range indexes.');
      return { sheet: this.sheet(), block: { row, column, rowCount, columnCount } };
    });
  }
  getCell(row: number, column: number): RangeProxy {
    return this.getRangeByIndexes(row, column, 1, 1);
  }
  getUsedRange(valuesOnly = false): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const sheet = this.sheet();
      return { sheet, block: this.model.usedBlock(sheet, valuesOnly) ?? { row: 0, column: 0, rowCount: 1, columnCount: 1 } };
    });
  }
  getUsedRangeOrNullObject(valuesOnly = false): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const sheet = this.sheet();
      const block = this.model.usedBlock(sheet, valuesOnly);
      return block ? { sheet, block } : undefined;
    });
  }
  activate(): void {
    this.call('activate', [], () => void (this.model.activeSheetId = this.sheet().id));
  }
  delete(): void {
    this.call('delete', [], () => this.model.deleteSheet(this.sheet()));
  }
  get tables(): TableCollectionProxy {
    return new TableCollectionProxy(this.ctx, () => this.sheet());
  }
  get freezePanes(): { freezeRows(n: number): void; freezeColumns(n: number): void; unfreeze(): void } {
    const q = (m: string, a: number[], f: (s: SheetModel) => void): void => this.ctx.queue({ o: this._id, m, a }, () => f(this.sheet()));
    return {
      freezeRows: (n = 1) => q('freezePanes.freezeRows', [n], (s) => void (s.frozenRows = n)),
      freezeColumns: (n = 1) => q('freezePanes.freezeColumns', [n], (s) => void (s.frozenColumns = n)),
      unfreeze: () => q('freezePanes.unfreeze', [], (s) => ((s.frozenRows = 0), (s.frozenColumns = 0))),
    };
  }
}

export class WorksheetCollectionProxy extends ClientObject {
  private itemsList: WorksheetProxy[] = [];

  constructor(ctx: DoubleContext) {
    super(ctx, 'WorksheetCollection');
  }

  protected read(name: string): unknown {
    if (name.startsWith('items')) {
      const sub = name.split('/')[1];
      this.itemsList = this.model.sheets.map((s) => {
        const p = new WorksheetProxy(this.ctx, () => this.model.findSheet(s.id));
        (p as unknown as { loaded: Map<string, unknown> }).loaded.set('name', s.name);
        (p as unknown as { loaded: Map<string, unknown> }).loaded.set('id', s.id);
        void sub;
        return p;
      });
      return this.itemsList;
    }
    if (name === 'count') return this.model.sheets.length;
    throw new DoubleError('InvalidArgument', `The workbook double does not model WorksheetCollection.${name}.`);
  }

  get items(): WorksheetProxy[] {
    return this.get_('items') as WorksheetProxy[];
  }

  add(name?: string): WorksheetProxy {
    let created: SheetModel | undefined;
    this.call('add', [name], () => {
      created = this.model.addSheet(name);
    });
    return new WorksheetProxy(this.ctx, () => created ?? (() => { throw new DoubleError('ItemNotFound', 'The worksheet was not created.'); })());
  }
  getItem(name: string): WorksheetProxy {
    return new WorksheetProxy(this.ctx, () => this.model.sheet(name));
  }
  getItemOrNullObject(name: string): WorksheetProxy {
    return new WorksheetProxy(this.ctx, () => this.model.findSheet(name));
  }
  getActiveWorksheet(): WorksheetProxy {
    return new WorksheetProxy(this.ctx, () => this.model.sheet(this.model.activeSheetId ?? ''));
  }
}

export class TableProxy extends LocatedObject<TableModel> {
  constructor(ctx: DoubleContext, locate: () => TableModel | undefined) {
    super(ctx, 'Table', locate, 'The table does not exist.');
  }

  table(): TableModel {
    return this.item();
  }

  protected override defaultProperties(): string[] {
    return ['name', 'id'];
  }

  protected read(name: string): unknown {
    const t = this.table();
    if (name === 'name') return t.name;
    if (name === 'id') return t.id;
    throw new DoubleError('InvalidArgument', `The workbook double does not model Table.${name}.`);
  }

  get name(): string {
    return this.get_('name') as string;
  }
  set name(v: string) {
    this.set_('name', v, () => this.model.renameTable(this.table(), v));
  }
  get id(): string {
    return this.get_('id') as string;
  }
  get worksheet(): WorksheetProxy {
    return new WorksheetProxy(this.ctx, () => this.model.sheet(this.table().sheetId));
  }

  private part(f: (b: Block) => Block): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const t = this.table();
      return { sheet: this.model.sheet(t.sheetId), block: f(t.block) };
    });
  }
  getRange(): RangeProxy {
    return this.part((b) => b);
  }
  getHeaderRowRange(): RangeProxy {
    return this.part((b) => ({ ...b, rowCount: 1 }));
  }
  getDataBodyRange(): RangeProxy {
    return this.part((b) => ({ ...b, row: b.row + 1, rowCount: b.rowCount - 1 }));
  }
  get columns(): TableColumnCollectionProxy {
    return new TableColumnCollectionProxy(this.ctx, this);
  }
  delete(): void {
    this.call('delete', [], () => this.model.deleteTable(this.table(), false));
  }
  convertToRange(): RangeProxy {
    let block: Located | undefined;
    this.call('convertToRange', [], () => {
      const t = this.table();
      block = { sheet: this.model.sheet(t.sheetId), block: t.block };
      this.model.deleteTable(t, true);
    });
    return new RangeProxy(this.ctx, () => block);
  }
}

class TableColumnCollectionProxy extends ClientObject {
  constructor(
    ctx: DoubleContext,
    private readonly tableProxy: TableProxy,
  ) {
    super(ctx, 'TableColumnCollection');
  }

  protected read(name: string): unknown {
    const t = this.tableProxy.table();
    const sheet = this.model.sheet(t.sheetId);
    const headers = Array.from({ length: t.block.columnCount }, (_, i) => String(this.model.cell(sheet, t.block.row, t.block.column + i)?.value ?? ''));
    if (name === 'count') return headers.length;
    if (name.startsWith('items')) return headers.map((h, index) => ({ name: h, index }));
    throw new DoubleError('InvalidArgument', `The workbook double does not model TableColumnCollection.${name}.`);
  }

  get items(): { name: string; index: number }[] {
    return this.get_('items') as { name: string; index: number }[];
  }
  get count(): number {
    return this.get_('count') as number;
  }

  /** Adds a column at the right end (the only position PartSpec uses); `values` includes the header row. */
  add(index?: number | null, values?: unknown[][] | null, name?: string): void {
    this.call('columns.add', [index ?? null, values ?? null, name ?? null], () => {
      const t = this.tableProxy.table();
      if (index !== undefined && index !== null && index !== t.block.columnCount) {
        throw new DoubleError('InvalidArgument', 'The workbook double adds table columns at the end only.');
      }
      const sheet = this.model.sheet(t.sheetId);
      const column = this.model.appendTableColumn(t);
      if (values) {
        if (values.length !== t.block.rowCount) throw new DoubleError('InvalidArgument', 'The column values must cover the header and every row.');
        values.forEach((row, r) => this.model.writeValue(sheet, t.block.row + r, column, row[0]));
      }
      if (name !== undefined) this.model.writeValue(sheet, t.block.row, column, name);
      this.model.fixHeaders(sheet, t);
    });
  }
}

export class TableCollectionProxy extends ClientObject {
  constructor(
    ctx: DoubleContext,
    private readonly scope?: () => SheetModel,
  ) {
    super(ctx, 'TableCollection');
  }

  private list(): TableModel[] {
    const sheet = this.scope?.();
    return sheet ? this.model.tables.filter((t) => t.sheetId === sheet.id) : this.model.tables;
  }

  protected read(name: string): unknown {
    if (name === 'count') return this.list().length;
    if (name.startsWith('items')) {
      return this.list().map((t) => {
        const p = new TableProxy(this.ctx, () => this.model.findTable(t.id));
        const loaded = (p as unknown as { loaded: Map<string, unknown> }).loaded;
        loaded.set('name', t.name);
        loaded.set('id', t.id);
        return p;
      });
    }
    throw new DoubleError('InvalidArgument', `The workbook double does not model TableCollection.${name}.`);
  }

  get items(): TableProxy[] {
    return this.get_('items') as TableProxy[];
  }
  get count(): number {
    return this.get_('count') as number;
  }

  add(address: string | RangeProxy, hasHeaders: boolean): TableProxy {
    let created: TableModel | undefined;
    this.call('add', [typeof address === 'string' ? address : address._id, hasHeaders], () => {
      let located: Located;
      if (typeof address === 'string') {
        const { sheet, block } = parseRef(address);
        const s = sheet !== undefined ? this.model.sheet(sheet) : (this.scope?.() ?? this.model.sheet(this.model.activeSheetId ?? ''));
        located = { sheet: s, block };
      } else located = address.at();
      created = this.model.addTable(located.sheet, located.block, hasHeaders);
    });
    return new TableProxy(this.ctx, () => created);
  }
  getItem(name: string): TableProxy {
    return new TableProxy(this.ctx, () => {
      const t = this.list().find((x) => x.name.toLowerCase() === name.toLowerCase() || x.id === name);
      if (!t) throw new DoubleError('ItemNotFound', `The table '${name}' does not exist.`);
      return t;
    });
  }
  getItemOrNullObject(name: string): TableProxy {
    return new TableProxy(this.ctx, () => this.list().find((x) => x.name.toLowerCase() === name.toLowerCase() || x.id === name));
  }
}

export class ApplicationProxy {
  constructor(private readonly ctx: DoubleContext) {}
  suspendApiCalculationUntilNextSync(): void {
    this.ctx.suspendCalculation();
  }
  calculate(type: string): void {
    this.ctx.queue({ o: 'Application', m: 'calculate', a: [type] }, () => void this.ctx.model.calculations.push(type));
  }
}

export class WorkbookProxy {
  readonly worksheets: WorksheetCollectionProxy;
  readonly tables: TableCollectionProxy;
  readonly application: ApplicationProxy;

  constructor(private readonly ctx: DoubleContext) {
    this.worksheets = new WorksheetCollectionProxy(ctx);
    this.tables = new TableCollectionProxy(ctx);
    this.application = new ApplicationProxy(ctx);
  }

  getSelectedRange(): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const sel = this.ctx.model.selection;
      if (!sel) throw new DoubleError('ItemNotFound', 'Nothing is selected.');
      return { sheet: this.ctx.model.sheet(sel.sheetId), block: sel.block };
    });
  }
}

export { letters };
