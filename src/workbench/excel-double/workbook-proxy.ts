import type { DoubleContext } from './context';
import { DoubleError } from './model';
import { RangeProxy } from './range-proxy';
import { WorksheetCollectionProxy } from './sheet-proxies';
import { TableCollectionProxy } from './table-proxies';

/* The proxy of Excel.Workbook (the root the add-in's code starts from) and its application. */

class ApplicationProxy {
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

  /** Workbook.name is the one property the add-in loads; the double always has it. */
  load(_properties?: string): void {}

  get name(): string {
    return this.ctx.model.name;
  }

  getSelectedRange(): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const sel = this.ctx.model.selection;
      if (!sel) throw new DoubleError('ItemNotFound', 'Nothing is selected.');
      return { sheet: this.ctx.model.sheet(sel.sheetId), block: sel.block };
    });
  }
}
