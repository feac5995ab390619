import type { ProductRecord } from '../../api/product';
import { toCellValue, type CellValue } from './cell-values';
import type { ColumnSpec } from './columns';

/** A hyperlink to set on one cell of a block of rows (0-based inside the block). */
export interface HyperlinkCell {
  row: number;
  column: number;
  address: string;
}

/** Only these schemes become clickable; anything else (`javascript:`, `file:`) stays plain text. */
const LINK_SCHEME = /^https?:\/\//i;

/** True when a text may become a hyperlink. */
export function isLinkable(text: unknown): text is string {
  return typeof text === 'string' && LINK_SCHEME.test(text.trim()) && !/[\s"<>]/.test(text.trim());
}

/** One product as a row of cell values in column order; an absent value is an empty cell (''). */
export function buildProductRow(product: ProductRecord, columns: readonly ColumnSpec[]): CellValue[] {
  return columns.map((c) => (c.field ? toCellValue(product, c.field, c.unit) ?? '' : ''));
}

/** The rows of an import. */
export function buildProductRows(products: readonly ProductRecord[], columns: readonly ColumnSpec[]): CellValue[][] {
  return products.map((p) => buildProductRow(p, columns));
}

/** The cells of `rows` that get a hyperlink: URL columns holding an http(s) address. */
export function hyperlinkCells(rows: readonly CellValue[][], columns: readonly ColumnSpec[], firstRow = 0, rowCount = rows.length - firstRow): HyperlinkCell[] {
  const urlColumns = columns.flatMap((c, i) => (c.kind === 'url' ? [i] : []));
  const out: HyperlinkCell[] = [];
  for (let r = firstRow; r < firstRow + rowCount; r++) {
    for (const c of urlColumns) {
      const v = rows[r][c];
      if (isLinkable(v)) out.push({ row: r - firstRow, column: c, address: v.trim() });
    }
  }
  return out;
}

/** Width of a column in points for about `chars` characters of Calibri 11. */
export function pointsForChars(chars: number): number {
  return Math.round(chars * 6.5 + 10);
}

/**
 * Width in points of a PartSpec column an enrichment adds beside a BOM: its header's width, at
 * least 60 and at most 300 points; the Changes column is wide, for its 'Field old → new' lists.
 * The add-in and the workbook patcher size new columns with it.
 */
export function enrichmentColumnWidth(spec: Pick<ColumnSpec, 'header' | 'special'>): number {
  return spec.special === 'changes' ? 380 : Math.min(300, Math.max(60, spec.header.length * 6.5 + 10));
}

/**
 * Sensible column widths in points, from the header and a sample of the rows (autofit over tens
 * of thousands of rows is slow in Excel): at least 6 and at most 50 characters wide.
 */
export function columnWidths(columns: readonly ColumnSpec[], rows: readonly CellValue[][], sample = 200): number[] {
  return columns.map((c, i) => {
    let chars = c.header.length + 2;
    for (let r = 0; r < Math.min(sample, rows.length); r++) {
      const v = rows[r][i];
      const len = c.kind === 'date' ? 10 : typeof v === 'number' ? Math.min(String(v).length, 12) : String(v).length;
      chars = Math.max(chars, len + 1);
    }
    return pointsForChars(Math.min(50, Math.max(6, chars)));
  });
}
