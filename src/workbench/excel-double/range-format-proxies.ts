import type { DoubleContext } from './context';
import { type ConditionalFormatModel } from './model';
import { forEachInput, type RangeHandle } from './client-object';

/* The proxies of a range's format: font, fill, widths and conditional formats. */

class FontProxy {
  constructor(
    private readonly ctx: DoubleContext,
    private readonly range: RangeHandle,
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
    private readonly range: RangeHandle,
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

export class RangeFormatProxy {
  constructor(
    private readonly ctx: DoubleContext,
    private readonly range: RangeHandle,
  ) {}
  get font(): FontProxy {
    return new FontProxy(this.ctx, this.range);
  }
  get fill(): FillProxy {
    return new FillProxy(this.ctx, this.range);
  }
  set horizontalAlignment(v: string) {
    this.each('format.horizontalAlignment', v, { horizontalAlignment: v });
  }
  set verticalAlignment(v: string) {
    this.each('format.verticalAlignment', v, { verticalAlignment: v });
  }
  set wrapText(v: boolean) {
    this.each('format.wrapText', v, { wrapText: v });
  }
  private each(m: string, a: unknown, style: { horizontalAlignment?: string; verticalAlignment?: string; wrapText?: boolean }): void {
    this.ctx.queue({ o: this.range._id, m, a }, () => {
      const { sheet, block } = this.range.at();
      forEachInput(block, undefined, (r, c) => this.ctx.model.setStyle(sheet, r, c, style));
    });
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

export class ConditionalFormatCollectionProxy {
  constructor(
    private readonly ctx: DoubleContext,
    private readonly range: RangeHandle,
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
