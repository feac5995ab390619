import { cellAddress } from '../core/address';
import type { SheetBlock, SummaryChart } from '../core/report/sheet-layout';
import { CHART_NAMESPACES, NS, XML_HEAD } from './namespaces';
import { escapeXml } from './xml-text';

/*
 * A native chart part (DrawingML's c:chartSpace) for one chart of the summary sheet. Each series
 * refers to the sheet's cells and carries a cache of their values, so Excel and LibreOffice draw
 * the chart on opening without recalculating, and a user who edits the cells sees it follow.
 */

/** The cells a chart reads, as the sheet holds them. */
export type ChartCells = readonly (readonly (string | number | undefined)[])[];

/** Ids of the two axes every bar chart of ours has. */
const CATEGORY_AXIS = 500100;
const VALUE_AXIS = 500200;

/** `'PartSpec Summary'!$A$5:$A$14`: an absolute reference to a block of one column. */
function absoluteRef(sheet: string, block: SheetBlock): string {
  const absolute = (row: number): string => cellAddress(row, block.column).replace(/^([A-Z]+)(\d+)$/, '$$$1$$$2');
  const first = absolute(block.row);
  const range = block.rows <= 1 ? first : `${first}:${absolute(block.row + block.rows - 1)}`;
  return `'${sheet.replace(/'/g, "''")}'!${range}`;
}

function cellOf(cells: ChartCells, row: number, column: number): string | number | undefined {
  return cells[row]?.[column];
}

function stringCache(values: readonly string[]): string {
  const points = values.map((v, i) => `<c:pt idx="${i}"><c:v>${escapeXml(v)}</c:v></c:pt>`).join('');
  return `<c:strCache><c:ptCount val="${values.length}"/>${points}</c:strCache>`;
}

function numberCache(values: readonly (number | undefined)[]): string {
  const points = values.map((v, i) => (typeof v === 'number' && Number.isFinite(v) ? `<c:pt idx="${i}"><c:v>${v}</c:v></c:pt>` : '')).join('');
  return `<c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="${values.length}"/>${points}</c:numCache>`;
}

function columnValues(cells: ChartCells, block: SheetBlock): (string | number | undefined)[] {
  return Array.from({ length: block.rows }, (_, i) => cellOf(cells, block.row + i, block.column));
}

/** Rich text of a title: one paragraph, one run. */
function richText(text: string, size: number, bold: boolean): string {
  return `<c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="${size}" b="${bold ? 1 : 0}"/></a:pPr><a:r><a:rPr lang="en-US" sz="${size}" b="${bold ? 1 : 0}"/><a:t>${escapeXml(text)}</a:t></a:r></a:p></c:rich></c:tx>`;
}

/** Fill colours of the series, in order: a palette that reads on white and prints in grey. */
const SERIES_COLOURS = ['2F6EBA', 'C0504D', '9BA3AE', 'E3A21A'];

function seriesXml(chart: Omit<SummaryChart, 'name'>, sheet: string, cells: ChartCells, index: number): string {
  const series = chart.series[index];
  // The series' name is the table's header cell, just above its values.
  const nameBlock: SheetBlock = { row: series.values.row - 1, column: series.values.column, rows: 1, columns: 1 };
  const categories = columnValues(cells, chart.categories).map((v) => (v === undefined ? '' : String(v)));
  const values = columnValues(cells, series.values).map((v) => (typeof v === 'number' ? v : undefined));
  const colour = SERIES_COLOURS[index % SERIES_COLOURS.length];
  return [
    `<c:ser><c:idx val="${index}"/><c:order val="${index}"/>`,
    `<c:tx><c:strRef><c:f>${escapeXml(absoluteRef(sheet, nameBlock))}</c:f>${stringCache([series.name])}</c:strRef></c:tx>`,
    `<c:spPr><a:solidFill><a:srgbClr val="${colour}"/></a:solidFill></c:spPr>`,
    '<c:invertIfNegative val="0"/>',
    `<c:cat><c:strRef><c:f>${escapeXml(absoluteRef(sheet, chart.categories))}</c:f>${stringCache(categories)}</c:strRef></c:cat>`,
    `<c:val><c:numRef><c:f>${escapeXml(absoluteRef(sheet, series.values))}</c:f>${numberCache(values)}</c:numRef></c:val>`,
    '</c:ser>',
  ].join('');
}

function axesXml(horizontal: boolean): string {
  // A horizontal bar chart lists its first category at the top (maxMin), as the table does.
  const categoryAxis = [
    `<c:catAx><c:axId val="${CATEGORY_AXIS}"/><c:scaling><c:orientation val="${horizontal ? 'maxMin' : 'minMax'}"/></c:scaling>`,
    `<c:delete val="0"/><c:axPos val="${horizontal ? 'l' : 'b'}"/><c:numFmt formatCode="General" sourceLinked="0"/>`,
    '<c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>',
    `<c:crossAx val="${VALUE_AXIS}"/><c:crosses val="autoZero"/><c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>`,
  ].join('');
  const valueAxis = [
    `<c:valAx><c:axId val="${VALUE_AXIS}"/><c:scaling><c:orientation val="minMax"/></c:scaling>`,
    `<c:delete val="0"/><c:axPos val="${horizontal ? 'b' : 'l'}"/><c:majorGridlines/><c:numFmt formatCode="0" sourceLinked="0"/>`,
    '<c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>',
    `<c:crossAx val="${CATEGORY_AXIS}"/><c:crosses val="${horizontal ? 'max' : 'autoZero'}"/><c:crossBetween val="between"/></c:valAx>`,
  ].join('');
  return categoryAxis + valueAxis;
}

/**
 * The chart part of one summary chart: a clustered bar (`bar`), clustered column (`column`) or
 * stacked bar (`stackedBar`) chart over the blocks of `sheet` the layout names, with a legend
 * when there is more than one series. `cells` are the sheet's cells, for the caches.
 */
export function chartPartXml(chart: Omit<SummaryChart, 'name'>, sheet: string, cells: ChartCells): string {
  const horizontal = chart.kind !== 'column';
  const stacked = chart.kind === 'stackedBar';
  const series = chart.series.map((_, i) => seriesXml(chart, sheet, cells, i)).join('');
  const legend = chart.series.length > 1 ? '<c:legend><c:legendPos val="b"/><c:overlay val="0"/></c:legend>' : '';
  return [
    XML_HEAD,
    `<c:chartSpace xmlns:c="${CHART_NAMESPACES.chart}" xmlns:a="${CHART_NAMESPACES.drawing}" xmlns:r="${NS.relationships}">`,
    '<c:roundedCorners val="0"/>',
    `<c:chart><c:title>${richText(chart.title, 1200, true)}<c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/>`,
    '<c:plotArea><c:layout/>',
    `<c:barChart><c:barDir val="${horizontal ? 'bar' : 'col'}"/><c:grouping val="${stacked ? 'stacked' : 'clustered'}"/><c:varyColors val="0"/>`,
    series,
    `<c:gapWidth val="60"/>${stacked ? '<c:overlap val="100"/>' : ''}<c:axId val="${CATEGORY_AXIS}"/><c:axId val="${VALUE_AXIS}"/></c:barChart>`,
    axesXml(horizontal),
    '</c:plotArea>',
    legend,
    '<c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart>',
    '</c:chartSpace>',
  ].join('');
}
