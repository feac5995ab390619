import { fullAddress, type Block } from './a1';
import type { DoubleContext } from './context';
import { DoubleError } from './model';
import { ClientObject, forEachInput, grid, type Located } from './client-object';
import { ConditionalFormatCollectionProxy, RangeFormatProxy } from './range-format-proxies';

/* The proxy of Excel.Range: values, formulas, number formats, hyperlinks and clearing. */

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
  set hyperlink(h: { address?: string; documentReference?: string; textToDisplay?: string; screenTip?: string } | null) {
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

  get worksheet(): object {
    return this.ctx.options.makeWorksheet(this.ctx, () => this.at().sheet);
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
      this.model.select(sheet, block);
    });
  }

  clear(applyTo: 'All' | 'Formats' | 'Contents' | 'Hyperlinks' = 'All'): void {
    this.call('clear', [applyTo], () => {
      const { sheet, block } = this.at();
      this.model.clear(sheet, block, applyTo);
    });
  }
}
