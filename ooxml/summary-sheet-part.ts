import { cellAddress, sheetAddress } from '../core/address';
import { rowLinesOf, SUMMARY_ROW_POINTS, type SummarySheet } from '../core/report/sheet-layout';
import type { PaperSize } from '../core/report/sheet-print';
import { NS, XML_HEAD } from './namespaces';
import { escapeXml } from './xml-text';

/*
 * The worksheet part of the PartSpec Summary sheet, written whole from the core's layout. Text is
 * written as inline strings (never a formula, and the shared strings stay as they were), bold
 * titles and the blue, underlined link text as runs of rich text, links to the BOM rows as
 * hyperlinks to a location in the workbook (no relationship), and the charts through one drawing.
 * Three cell formats come from the workbook's styles part, all top-aligned: right-aligned (numbers
 * and the headers over them), wrapped (long text) and plain. It prints one page wide, landscape, with the layout's page breaks.
 */

/** The cellXfs indexes of the formats the sheet uses, all aligned to the top of a row. */
export interface SummaryStyles {
  /** Numbers and the headers over them. */
  right: number;
  /** Long text. */
  wrap: number;
  /** Any other text of a table. */
  top: number;
}

/** Height of one line of text, in points (the sheet's default row height). */
const ROW_HEIGHT = SUMMARY_ROW_POINTS;

/** SpreadsheetML's paperSize codes (ECMA-376 §18.3.1.63): 1 is Letter, 9 is A4. */
const PAPER_SIZES: Readonly<Record<PaperSize, number>> = { Letter: 1, A4: 9 };

/** Excel's colour for hyperlink text. */
const LINK_COLOUR = 'FF0563C1';

type Cell = string | number | undefined;

function inlineText(text: string, run: 'plain' | 'bold' | 'link'): string {
  const t = `<t xml:space="preserve">${escapeXml(text)}</t>`;
  if (run === 'plain') return `<is>${t}</is>`;
  const properties = run === 'bold' ? '<b/>' : `<color rgb="${LINK_COLOUR}"/><u/>`;
  return `<is><r><rPr>${properties}</rPr>${t}</r></is>`;
}

function cellXml(value: Cell, row: number, column: number, run: 'plain' | 'bold' | 'link', style: number | undefined): string {
  const ref = cellAddress(row, column);
  const s = style === undefined ? '' : ` s="${style}"`;
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : '';
  if (value === undefined || value === '') return '';
  return `<c r="${ref}"${s} t="inlineStr">${inlineText(value, run)}</c>`;
}

function widthOf(cells: readonly (readonly Cell[])[]): number {
  let width = 1;
  for (const row of cells) if (row.length > width) width = row.length;
  return width;
}

/**
 * The worksheet XML of a summary layout. `bomSheet` is the sheet the links point at;
 * `drawingId` the relationship id of the sheet's drawing, when it has charts.
 */
export function summarySheetXml(layout: SummarySheet, bomSheet: string, drawingId?: string, styles?: SummaryStyles): string {
  const bold = new Set(layout.boldRows);
  const linked = new Map(layout.links.map((l) => [`${l.row}:${l.column}`, l]));
  const right = new Set(layout.rightAligned.map((c) => `${c.row}:${c.column}`));
  const wrap = new Set(layout.wrapColumns);
  const styleOf = (row: readonly Cell[], r: number, c: number): number | undefined => {
    if (!styles) return undefined;
    if (right.has(`${r}:${c}`) || typeof row[c] === 'number') return styles.right;
    if (row.length < 2) return undefined;
    return wrap.has(c) ? styles.wrap : styles.top;
  };
  const width = widthOf(layout.cells);
  const rows: string[] = [];
  layout.cells.forEach((row, r) => {
    const cells = row.map((value, c) => cellXml(value, r, c, bold.has(r) ? 'bold' : linked.has(`${r}:${c}`) ? 'link' : 'plain', styleOf(row, r, c))).join('');
    // A row with wrapped text is made as tall as its lines: not every reader sizes rows on opening.
    const lines = rowLinesOf(layout, r);
    const height = lines > 1 ? ` ht="${lines * ROW_HEIGHT}" customHeight="1"` : '';
    if (cells !== '') rows.push(`<row r="${r + 1}"${height}>${cells}</row>`);
  });
  // The core gives widths in characters of the default font, the unit a col element holds.
  const cols = layout.columnWidths.map((chars, c) => `<col min="${c + 1}" max="${c + 1}" width="${chars}" customWidth="1"/>`).join('');
  const links = layout.links
    .map((l) => `<hyperlink ref="${cellAddress(l.row, l.column)}" location="${escapeXml(sheetAddress(bomSheet, cellAddress(l.bomRow, 0)))}" display="${escapeXml(String(layout.cells[l.row]?.[l.column] ?? ''))}"/>`)
    .join('');
  const lastRow = Math.max(1, layout.cells.length);
  const breaks = layout.print.pageBreaks.filter((r) => r > 0 && r < lastRow);
  const rowBreaks = breaks.length === 0 ? '' : `<rowBreaks count="${breaks.length}" manualBreakCount="${breaks.length}">${breaks.map((r) => `<brk id="${r}" max="16383" man="1"/>`).join('')}</rowBreaks>`;
  return [
    XML_HEAD,
    `<worksheet xmlns="${NS.main}" xmlns:r="${NS.relationships}">`,
    `<dimension ref="A1:${cellAddress(lastRow - 1, width - 1)}"/>`,
    '<sheetViews><sheetView workbookViewId="0"/></sheetViews>',
    `<sheetFormatPr defaultRowHeight="${ROW_HEIGHT}"/>`,
    cols === '' ? '' : `<cols>${cols}</cols>`,
    `<sheetData>${rows.join('')}</sheetData>`,
    links === '' ? '' : `<hyperlinks>${links}</hyperlinks>`,
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>',
    `<pageSetup paperSize="${PAPER_SIZES[layout.print.paper]}" orientation="${layout.print.orientation}" scale="${layout.print.scale}"/>`,
    rowBreaks,
    drawingId === undefined ? '' : `<drawing r:id="${escapeXml(drawingId)}"/>`,
    '</worksheet>',
  ].join('');
}
