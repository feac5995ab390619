/** How one grid cell looks: number format, table styling, direct formatting and conditional highlights. */
import type { CSSProperties } from 'react';
import type { Block } from './excel-double/a1';
import type { CellModel, WorkbookModel } from './excel-double';
import type { SheetModel, TableModel } from './excel-double/model';
import { formatValue } from './number-format';
import { ruleMatches } from './excel-double/rule-match';

export { ruleMatches };

/** Excel's default table style (Medium 2): blue header, banded rows. */
const TABLE_HEADER: CSSProperties = { background: '#4472C4', color: '#FFFFFF', fontWeight: 600 };
const TABLE_BAND: CSSProperties = { background: '#D9E1F2' };
const ERROR_TEXT = /^#(?:N\/A|VALUE!|NAME\?|REF!|NUM!|DIV\/0!|NULL!|SPILL!|BUSY!|CALC!)$/;

const within = (b: Block, row: number, column: number): boolean =>
  row >= b.row && row < b.row + b.rowCount && column >= b.column && column < b.column + b.columnCount;

/** Links the grid may open: web and mail addresses only, never `javascript:` from hostile data. */
function safeHref(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    const url = new URL(address);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export interface CellLook {
  text: string;
  style: CSSProperties;
  isError: boolean;
  href?: string;
  /** Fill of the conditional format that matched, if any (for tests and screenshots). */
  highlight?: string;
}

/** Everything the grid needs to draw one cell. */
export function lookOf(model: WorkbookModel, sheet: SheetModel, tables: TableModel[], row: number, column: number): CellLook {
  const cell: CellModel | undefined = model.cell(sheet, row, column);
  const text = cell ? formatValue(cell.value, cell.numberFormat) : '';
  const style: CSSProperties = {};
  const isError = typeof cell?.value === 'string' && ERROR_TEXT.test(cell.value);
  if (typeof cell?.value === 'number') style.textAlign = 'right';
  if (typeof cell?.value === 'boolean' || isError) style.textAlign = 'center';
  const table = tables.find((t) => t.sheetId === sheet.id && within(t.block, row, column));
  if (table) {
    if (row === table.block.row) Object.assign(style, TABLE_HEADER);
    else if ((row - table.block.row) % 2 === 1) Object.assign(style, TABLE_BAND);
  }
  if (cell?.fill) style.background = cell.fill;
  if (cell?.fontColor) style.color = cell.fontColor;
  if (cell?.bold) style.fontWeight = 600;
  let highlight: string | undefined;
  for (const cf of sheet.conditionalFormats) {
    if (!within(cf.block, row, column) || !ruleMatches(cf, text)) continue;
    if (cf.fill) style.background = highlight = cf.fill;
    if (cf.fontColor) style.color = cf.fontColor;
    break;
  }
  const href = safeHref(cell?.hyperlink?.address);
  if (href) {
    style.color = '#0563C1';
    style.textDecoration = 'underline';
  }
  return { text, style, isError, href, highlight };
}
