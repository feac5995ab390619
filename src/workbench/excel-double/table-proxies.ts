import { parseRef, type Block } from './a1';
import type { DoubleContext } from './context';
import { DoubleError, type SheetModel, type TableModel } from './model';
import { ClientObject, LocatedObject, type Located } from './client-object';
import { RangeProxy } from './range-proxy';

/* The proxies of Excel.Table, its columns and the workbook's table collection. */

class TableProxy extends LocatedObject<TableModel> {
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
  get worksheet(): object {
    return this.ctx.options.makeWorksheet(this.ctx, () => this.model.sheet(this.table().sheetId));
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
