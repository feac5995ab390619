import type { Block } from './a1';
import type { DoubleContext } from './context';
import { ClientObject, LocatedObject, type RangeHandle } from './client-object';
import { DoubleError, type SheetModel } from './model';

/* The proxies of Excel.ChartCollection and Excel.Chart, as far as the summary sheet uses them:
 * a chart made from a range by columns, named, titled, placed between two cells, its series
 * renamed, found again by name and deleted. */

/** One series: its name and the cells of its values. */
export interface ChartSeriesModel {
  name: string;
  values: Block;
}

/** A chart as a person would see it on the sheet. */
export interface ChartModel {
  id: string;
  sheetId: string;
  name: string;
  /** Excel.ChartType, e.g. `BarClustered`. */
  type: string;
  title: string;
  legendVisible: boolean;
  /** The category labels: the first column of the source range. */
  categories: Block;
  series: ChartSeriesModel[];
  /** Top-left and bottom-right cells it stands between. */
  from: { row: number; column: number };
  to: { row: number; column: number };
}

/** The charts of every sheet, kept beside the workbook model. */
const chartsOf = new WeakMap<object, ChartModel[]>();

export function workbookCharts(model: object): ChartModel[] {
  let list = chartsOf.get(model);
  if (!list) chartsOf.set(model, (list = []));
  return list;
}

function removeChart(model: object, chart: ChartModel): void {
  const list = workbookCharts(model);
  list.splice(list.indexOf(chart), 1);
}

const NOT_MODELLED = (what: string): DoubleError => new DoubleError('InvalidArgument', `The workbook double does not model ${what}.`);

class ChartProxy extends LocatedObject<ChartModel> {
  /** `loaded`: a chart read as an item of its collection, its default properties loaded with it. */
  constructor(ctx: DoubleContext, locate: () => ChartModel | undefined, loaded?: ChartModel) {
    super(ctx, 'Chart', locate, 'The chart does not exist.');
    if (loaded) for (const name of this.defaultProperties()) this.loadOne(name);
  }

  protected override defaultProperties(): string[] {
    return ['name', 'id', 'chartType'];
  }

  protected read(name: string): unknown {
    const c = this.item();
    if (name === 'name') return c.name;
    if (name === 'id') return c.id;
    if (name === 'chartType') return c.type;
    throw NOT_MODELLED(`Chart.${name}`);
  }

  get name(): string {
    return this.get_('name') as string;
  }
  set name(v: string) {
    this.set_('name', v, () => void (this.item().name = v));
  }
  get chartType(): string {
    return this.get_('chartType') as string;
  }
  get title(): { text: string } {
    const set = (v: string): void => this.call('title.text', [v], () => void (this.item().title = v));
    return {
      get text(): string {
        throw NOT_MODELLED('reading Chart.title.text');
      },
      set text(v: string) {
        set(v);
      },
    };
  }
  get legend(): { visible: boolean; position: string } {
    const set = (v: boolean): void => this.call('legend.visible', [v], () => void (this.item().legendVisible = v));
    let position = 'Right';
    return {
      get visible(): boolean {
        throw NOT_MODELLED('reading Chart.legend.visible');
      },
      set visible(v: boolean) {
        set(v);
      },
      get position(): string {
        return position;
      },
      set position(v: string) {
        position = v;
      },
    };
  }
  get series(): { getItemAt(index: number): { name: string } } {
    return {
      getItemAt: (index: number) => {
        const set = (v: string): void =>
          this.call('series.name', [index, v], () => {
            const s = this.item().series[index];
            if (!s) throw new DoubleError('InvalidArgument', `The chart has no series ${index}.`);
            s.name = v;
          });
        return {
          get name(): string {
            throw NOT_MODELLED('reading ChartSeries.name');
          },
          set name(v: string) {
            set(v);
          },
        };
      },
    };
  }
  setPosition(startCell: RangeHandle, endCell: RangeHandle): void {
    this.call('setPosition', [startCell._id, endCell._id], () => {
      const from = startCell.at().block;
      const to = endCell.at().block;
      Object.assign(this.item(), { from: { row: from.row, column: from.column }, to: { row: to.row + to.rowCount - 1, column: to.column + to.columnCount - 1 } });
    });
  }
  delete(): void {
    this.call('delete', [], () => removeChart(this.model, this.item()));
  }
}

export class ChartCollectionProxy extends ClientObject {
  constructor(
    ctx: DoubleContext,
    private readonly sheet: () => SheetModel,
  ) {
    super(ctx, 'ChartCollection');
  }

  private list(): ChartModel[] {
    const id = this.sheet().id;
    return workbookCharts(this.model).filter((c) => c.sheetId === id);
  }

  protected read(name: string): unknown {
    if (name === 'count') return this.list().length;
    if (name.startsWith('items')) return this.list().map((c) => new ChartProxy(this.ctx, () => workbookCharts(this.model).find((x) => x === c), c));
    throw NOT_MODELLED(`ChartCollection.${name}`);
  }

  get count(): number {
    return this.get_('count') as number;
  }
  get items(): ChartProxy[] {
    return this.get_('items') as ChartProxy[];
  }

  /** A chart of `source` by columns: the first column holds the categories, each other column a series. */
  add(type: string, source: RangeHandle, seriesBy: string = 'Auto'): ChartProxy {
    let created: ChartModel | undefined;
    this.call('add', [type, source._id, seriesBy], () => {
      if (seriesBy !== 'Columns' && seriesBy !== 'Auto') throw NOT_MODELLED(`charts by ${seriesBy}`);
      const { sheet, block } = source.at();
      if (sheet.id !== this.sheet().id) throw new DoubleError('InvalidArgument', 'The source range is on another worksheet.');
      if (block.columnCount < 2) throw new DoubleError('InvalidArgument', 'A chart needs a column of categories and at least one column of values.');
      const column = (c: number): Block => ({ row: block.row, column: c, rowCount: block.rowCount, columnCount: 1 });
      created = {
        id: this.ctx.objectId('chart-model'),
        sheetId: sheet.id,
        name: `Chart ${workbookCharts(this.model).length + 1}`,
        type,
        title: '',
        legendVisible: true,
        categories: column(block.column),
        series: Array.from({ length: block.columnCount - 1 }, (_, i) => ({ name: `Series${i + 1}`, values: column(block.column + 1 + i) })),
        from: { row: 0, column: 0 },
        to: { row: 14, column: 7 },
      };
      workbookCharts(this.model).push(created);
    });
    return new ChartProxy(this.ctx, () => created);
  }
  getItem(name: string): ChartProxy {
    return new ChartProxy(this.ctx, () => this.list().find((c) => c.name === name));
  }
  getItemOrNullObject(name: string): ChartProxy {
    return this.getItem(name);
  }
}
