import type { SheetBlock } from '../core/report/sheet-layout';
import { CHART_NAMESPACES, NS, XML_HEAD } from './namespaces';
import { escapeXml } from './xml-text';

/*
 * The drawing part of a worksheet that holds charts: one anchored graphic frame per chart, each
 * pointing at its chart part through the drawing's relationships.
 */

/** One chart placed on the sheet. */
export interface DrawnChart {
  /** The chart's name, as Excel shows it in the selection pane (`PartSpecStatus`). */
  name: string;
  /** Relationship id of the chart part in the drawing's .rels. */
  relationshipId: string;
  /** The cells it covers: from the top-left cell to the bottom-right one, both 0-based. */
  anchor: SheetBlock;
}

function marker(tag: 'from' | 'to', row: number, column: number): string {
  return `<xdr:${tag}><xdr:col>${column}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:${tag}>`;
}

function anchorXml(chart: DrawnChart, id: number): string {
  const { anchor } = chart;
  return [
    '<xdr:twoCellAnchor editAs="oneCell">',
    marker('from', anchor.row, anchor.column),
    marker('to', anchor.row + anchor.rows, anchor.column + anchor.columns),
    '<xdr:graphicFrame macro="">',
    `<xdr:nvGraphicFramePr><xdr:cNvPr id="${id}" name="${escapeXml(chart.name)}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>`,
    '<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm>',
    `<a:graphic><a:graphicData uri="${CHART_NAMESPACES.chart}"><c:chart xmlns:c="${CHART_NAMESPACES.chart}" r:id="${escapeXml(chart.relationshipId)}"/></a:graphicData></a:graphic>`,
    '</xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>',
  ].join('');
}

/** The drawing part placing `charts` on their sheet. */
export function drawingPartXml(charts: readonly DrawnChart[]): string {
  return [
    XML_HEAD,
    `<xdr:wsDr xmlns:xdr="${CHART_NAMESPACES.spreadsheetDrawing}" xmlns:a="${CHART_NAMESPACES.drawing}" xmlns:r="${NS.relationships}">`,
    // Shape ids start at 2, as Excel numbers them (1 is the drawing itself).
    ...charts.map((chart, i) => anchorXml(chart, i + 2)),
    '</xdr:wsDr>',
  ].join('');
}
