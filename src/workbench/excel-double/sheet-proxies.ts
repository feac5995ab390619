import { parseRef } from './a1';
import type { DoubleContext } from './context';
import { DoubleError, type SheetModel, type WorkbookEvent } from './model';
import { ClientObject, LocatedObject } from './client-object';
import { RangeProxy } from './range-proxy';
import { TableCollectionProxy } from './table-proxies';
import { ChartCollectionProxy } from './chart-proxies';

/* The proxies of Excel.Worksheet and the workbook's worksheet collection. */

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
          this.model.select(sheet, areas[0], areas);
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
    this.call('activate', [], () => this.model.activate(this.sheet()));
  }
  delete(): void {
    this.call('delete', [], () => this.model.deleteSheet(this.sheet()));
  }
  get tables(): TableCollectionProxy {
    return new TableCollectionProxy(this.ctx, () => this.sheet());
  }
  get charts(): ChartCollectionProxy {
    return new ChartCollectionProxy(this.ctx, () => this.sheet());
  }
  /** Worksheet.pageLayout: the orientation, the paper size and the zoom (fit to pages) are kept on the sheet's model. */
  get pageLayout(): { orientation: string; paperSize: string; zoom: Record<string, number> } {
    const q = (m: string, a: unknown, f: (s: SheetModel) => void): void => this.ctx.queue({ o: this._id, m, a }, () => f(this.sheet()));
    return {
      set orientation(v: string) {
        q('pageLayout.orientation', v, (s) => void (s.pageLayout = { ...s.pageLayout, orientation: v }));
      },
      get orientation(): string {
        return '';
      },
      set paperSize(v: string) {
        q('pageLayout.paperSize', v, (s) => void (s.pageLayout = { ...s.pageLayout, paperSize: v }));
      },
      get paperSize(): string {
        return '';
      },
      set zoom(v: Record<string, number>) {
        q('pageLayout.zoom', v, (s) => void (s.pageLayout = { ...s.pageLayout, zoom: v }));
      },
      get zoom(): Record<string, number> {
        return {};
      },
    };
  }
  /** Worksheet.horizontalPageBreaks: a break above a range's first row, and all removed. */
  get horizontalPageBreaks(): { add(range: RangeProxy | string): void; removePageBreaks(): void } {
    const q = (m: string, a: unknown, f: (s: SheetModel) => void): void => this.ctx.queue({ o: this._id, m, a }, () => f(this.sheet()));
    return {
      add: (range) => q('horizontalPageBreaks.add', typeof range === 'string' ? range : range._id, (s) => void (s.pageBreaks = [...(s.pageBreaks ?? []), typeof range === 'string' ? parseRef(range).block.row : range.at().block.row])),
      removePageBreaks: () => q('horizontalPageBreaks.removePageBreaks', [], (s) => void (s.pageBreaks = [])),
    };
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

/** Excel's EventHandlers: add() takes effect at the next sync, and so does its result's remove(). */
class EventHandlersProxy<T extends WorkbookEvent> {
  constructor(
    private readonly ctx: DoubleContext,
    private readonly type: T['type'],
  ) {}

  add(handler: (args: T) => Promise<unknown>): { remove(): void; context: { sync(): Promise<void> } } {
    let stop: (() => void) | undefined;
    this.ctx.queue({ o: 'WorksheetCollection', m: `on.${this.type}.add` }, () => {
      stop = this.ctx.model.listen((event) => {
        if (event.type === this.type) void handler(event as T);
      });
    });
    return { remove: () => this.ctx.queue({ o: 'WorksheetCollection', m: `on.${this.type}.remove` }, () => stop?.()), context: { sync: () => this.ctx.sync() } };
  }
}

export class WorksheetCollectionProxy extends ClientObject {
  private itemsList: WorksheetProxy[] = [];
  /** Raised when the user (or PartSpec) switches to another sheet. */
  readonly onActivated: EventHandlersProxy<Extract<WorkbookEvent, { type: 'WorksheetActivated' }>>;
  /** Raised when the selection of any sheet changes. */
  readonly onSelectionChanged: EventHandlersProxy<Extract<WorkbookEvent, { type: 'WorksheetSelectionChanged' }>>;

  constructor(ctx: DoubleContext) {
    super(ctx, 'WorksheetCollection');
    this.onActivated = new EventHandlersProxy(ctx, 'WorksheetActivated');
    this.onSelectionChanged = new EventHandlersProxy(ctx, 'WorksheetSelectionChanged');
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
