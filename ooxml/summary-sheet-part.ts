import { cellAddress, sheetAddress } from '../core/address';
import type { SummarySheet } from '../core/report/sheet-layout';
import { NS, XML_HEAD } from './namespaces';
import { escapeXml } from './xlsx-stream-writer';

/*
 * The worksheet part of the PartSpec Summary sheet, written whole from the core's layout. It
 * needs nothing from the rest of the workbook: text is written as inline strings (never a
 * formula, and the shared strings stay as they were), bold titles and the blue, underlined link
 * text as runs of rich text (so the styles part stays as it was), links to the BOM rows as
 * hyperlinks to a location in the workbook (no relationship), and the charts through one drawing.
 */

/** Excel's colour for hyperlink text. */
const LINK_COLOUR = 'FF0563C1';

type Cell = string | number | undefined;

function inlineText(text: string, run: 'plain' | 'bold' | 'link'): string {
  const t = `<t xml:space="preserve">${escapeXml(text)}</t>`;
  if (run === 'plain') return `<is>${t}</is>`;
  const properties = run === 'bold' ? '<b/>' : `<color rgb="${LINK_COLOUR}"/><u/>`;
  return `<is><r><rPr>${properties}</rPr>${t}</r></is>`;
}

function cellXml(value: Cell, row: number, column: number, run: 'plain' | 'bold' | 'link'): string {
  const ref = cellAddress(row, column);
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  if (value === undefined || value === '') return '';
  return `<c r="${ref}" t="inlineStr">${inlineText(value, run)}</c>`;
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
export function summarySheetXml(layout: SummarySheet, bomSheet: string, drawingId?: string): string {
  const bold = new Set(layout.boldRows);
  const linked = new Map(layout.links.map((l) => [`${l.row}:${l.column}`, l]));
  const width = widthOf(layout.cells);
  const rows: string[] = [];
  layout.cells.forEach((row, r) => {
    const cells = row.map((value, c) => cellXml(value, r, c, bold.has(r) ? 'bold' : linked.has(`${r}:${c}`) ? 'link' : 'plain')).join('');
    if (cells !== '') rows.push(`<row r="${r + 1}">${cells}</row>`);
  });
  // The core gives widths in characters of the default font, the unit a col element holds.
  const cols = layout.columnWidths.map((chars, c) => `<col min="${c + 1}" max="${c + 1}" width="${chars}" customWidth="1"/>`).join('');
  const links = layout.links
    .map((l) => `<hyperlink ref="${cellAddress(l.row, l.column)}" location="${escapeXml(sheetAddress(bomSheet, cellAddress(l.bomRow, 0)))}" display="${escapeXml(String(layout.cells[l.row]?.[l.column] ?? ''))}"/>`)
    .join('');
  const lastRow = Math.max(1, layout.cells.length);
  return [
    XML_HEAD,
    `<worksheet xmlns="${NS.main}" xmlns:r="${NS.relationships}">`,
    `<dimension ref="A1:${cellAddress(lastRow - 1, width - 1)}"/>`,
    '<sheetViews><sheetView workbookViewId="0"/></sheetViews>',
    '<sheetFormatPr defaultRowHeight="15"/>',
    cols === '' ? '' : `<cols>${cols}</cols>`,
    `<sheetData>${rows.join('')}</sheetData>`,
    links === '' ? '' : `<hyperlinks>${links}</hyperlinks>`,
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>',
    '<pageSetup orientation="landscape"/>',
    drawingId === undefined ? '' : `<drawing r:id="${escapeXml(drawingId)}"/>`,
    '</worksheet>',
  ].join('');
}
