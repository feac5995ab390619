import type { Lang } from '../../api/vocabulary';
import { formatDay, formatMoment, summaryLabels, type SummaryLabels } from './labels';
import { SUMMARY_SHEET_NAME, summarySheetName } from '../names';
import { visibleValue } from '../visible-text';
import { rulesLabel } from '../rules/check-words';
import { checkRows } from './check-rows';
import { paperOf, planPrint, readableWidthChars, type PaperSize, type SummaryPrint } from './sheet-print';
import { PAST_QUARTER, STATUS_BUCKETS, type BomSummary, type Instead } from './types';

export { SUMMARY_SHEET_NAME } from '../names';

/** A block of cells on the summary sheet: 0-based, inclusive. */
export interface SheetBlock {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** The summary sheet's charts by their stable names, so a re-run finds and replaces the ones it made, also those a new layout leaves out. */
export const SUMMARY_CHART_NAMES = ['PartSpecStatus', 'PartSpecTimeline', 'PartSpecCompliance'] as const;

/** One native chart of the summary sheet, as data: each shell renders it with its own chart API. */
export interface SummaryChart {
  /** Stable name (`PartSpecStatus`). */
  name: (typeof SUMMARY_CHART_NAMES)[number];
  kind: 'bar' | 'column' | 'stackedBar';
  title: string;
  /** Category labels: one column of the sheet. */
  categories: SheetBlock;
  /** Each series: its name and its values, one column of the sheet each. */
  series: readonly { name: string; values: SheetBlock }[];
  /** Where the chart sits: top-left cell and size in cells. */
  anchor: SheetBlock;
}

/** A cell that links to the BOM row it names. */
export interface SummaryLink {
  row: number;
  column: number;
  /** The BOM sheet's 0-based row (the summary's sheetRow less one), for the writers' cell addresses. */
  bomRow: number;
}

/** A cell of the sheet, 0-based. */
export interface SheetCell {
  row: number;
  column: number;
}

/** The default row height, in points (a wrapped row is as many times as tall as its lines). */
export const SUMMARY_ROW_POINTS = 15;

/** The whole summary sheet: cells, bold header rows, widths, charts and links, computed once. */
export interface SummarySheet {
  name: string;
  cells: (string | number | undefined)[][];
  /** Rows written in bold (section titles and table headers). */
  boldRows: readonly number[];
  /** Header cells over columns of numbers: aligned right, as the numbers under them are. */
  rightAligned: readonly SheetCell[];
  /** Columns whose long text wraps inside the column's width instead of running under the next cell. */
  wrapColumns: readonly number[];
  /** Width of each column, in characters of the default font. */
  columnWidths: readonly number[];
  charts: readonly SummaryChart[];
  links: readonly SummaryLink[];
  print: SummaryPrint;
}

/** What the sheet is laid out for beyond its language. */
export interface SummarySheetOptions {
  /** The user's locale (`en-US`, `ja-JP`, `en_GB.UTF-8`), which chooses the paper: Letter where it is the norm, else A4. */
  locale?: string;
}

const TABLE_COLUMNS = 9;
/** The charts stand right of the first three tables (of at most 4 columns), from this column. */
const CHART_COLUMN = 4;
const CHART_WIDTH = 5;
/** Rows a chart takes; its table's section is made at least this tall, so no chart covers the next table. */
const CHART_HEIGHT = 14;

/** Every candidate in words (the taskpane shows the first few and points here for the rest). */
function insteadText(instead: readonly Instead[], labels: SummaryLabels): string {
  if (instead.length === 0) return labels.nothing;
  return instead
    .map((c) => insteadWords(c, labels))
    .join('; ');
}

/**
 * One candidate in words, the same in the sheet, the terminal, the HTML page and the pane:
 * `X (drop-in, maker's alternative)`, or `X (not drop-in: tolerance ±5% vs ±2%)` naming what differs.
 */
export function insteadWords(c: Instead, labels: SummaryLabels): string {
  const verdict = c.dropIn || c.differs.length === 0 ? (c.dropIn ? labels.dropIn : labels.notDropIn) : `${labels.notDropIn}: ${c.differs.join(', ')}`;
  return `${c.partno} (${[verdict, ...(c.makerAlternative ? [labels.makerAlternative] : [])].join(', ')})`;
}

/** Narrowest table column, and the width past which a column's text wraps, in characters. */
const MIN_WIDTH = 8;
const WRAP_WIDTH = 40;
/** Narrowest a column of long text is made to keep the sheet one page wide in readable print. */
const NARROW_WRAP_WIDTH = 10;

/** The widest word of a text, in characters of the bold font: East Asian text wraps between any two characters. */
function widestWord(value: string | number): number {
  const words = String(value).split(/\s+|(?<=[\u2e80-\uffff])|(?=[\u2e80-\uffff])/u).filter((w) => w !== '');
  return Math.max(0, ...words.map((w) => textWidth(w, true)));
}

/**
 * The width a text takes, in characters of the default font: East Asian characters count twice,
 * bold text a tenth more, and two characters of room either side of the text.
 */
export function textWidth(value: string | number, bold: boolean): number {
  let width = 0;
  for (const ch of typeof value === 'number' ? value.toLocaleString('en-US') : value) width += ch.codePointAt(0)! >= 0x2e80 ? 2 : 1;
  return Math.ceil(width * (bold ? 1.1 : 1)) + 2;
}

/**
 * Widths that fit each table column's longest text (titles, the rows of one cell, are left to run
 * over), at least MIN_WIDTH and at least its headers (which never wrap); a column whose data is
 * longer than WRAP_WIDTH (designators, reasons, replacements) is that wide and its data wraps.
 * The first column (part numbers, buckets) never wraps.
 */
function columnWidthsOf(cells: readonly (readonly (string | number | undefined)[])[], bold: ReadonlySet<number>, paper: PaperSize): { widths: number[]; wrap: number[] } {
  const headers: number[] = Array.from({ length: TABLE_COLUMNS }, () => MIN_WIDTH);
  const headerWords: number[] = Array.from({ length: TABLE_COLUMNS }, () => 0);
  const data: number[] = Array.from({ length: TABLE_COLUMNS }, () => 0);
  cells.forEach((row, r) => {
    if (row.length < 2) return;
    row.forEach((value, column) => {
      if (value === undefined || column >= TABLE_COLUMNS) return;
      if (bold.has(r)) {
        headers[column] = Math.max(headers[column], textWidth(value, true));
        headerWords[column] = Math.max(headerWords[column], widestWord(value));
      }
      else data[column] = Math.max(data[column], textWidth(value, false));
    });
  });
  const wrap = data.flatMap((w, c) => (c > 0 && w > Math.max(WRAP_WIDTH, headers[c]) ? [c] : []));
  const widths = headers.map((h, c) => Math.max(h, wrap.includes(c) ? WRAP_WIDTH : data[c]));
  // Wider than a readable page: the widest column after the first wraps narrower (its header too, never inside a word), a character at a time.
  const budget = readableWidthChars(paper, TABLE_COLUMNS);
  const floor = (c: number): number => Math.max(headerWords[c], NARROW_WRAP_WIDTH);
  let total = widths.reduce((sum, w) => sum + w, 0);
  while (total > budget) {
    const c = widths.reduce((widest, w, i) => (i > 0 && w > floor(i) && (widest < 0 || w > widths[widest]) ? i : widest), -1);
    if (c < 0) break;
    widths[c]--;
    total--;
    if (!wrap.includes(c)) wrap.push(c);
  }
  return { widths, wrap: wrap.sort((a, b) => a - b) };
}

/** Lines a cell's text takes in its column: more than one only in a wrapping column; `bold` for a table's header. */
function linesOf(layout: Pick<SummarySheet, 'wrapColumns' | 'columnWidths'>, value: string | number | undefined, column: number, bold = false): number {
  if (value === undefined || !layout.wrapColumns.includes(column)) return 1;
  // A width counts the widest digit; text runs about a tenth narrower, less what a line loses at a word's end.
  return Math.max(1, Math.ceil((textWidth(value, bold) - 2) / Math.max(1, layout.columnWidths[column] - 2)));
}

/** Lines of a row: a table's row (its header too) as many as its tallest wrapped cell, a title's one. */
export function rowLinesOf(layout: Pick<SummarySheet, 'cells' | 'wrapColumns' | 'columnWidths' | 'boldRows'>, r: number): number {
  const row = layout.cells[r];
  const bold = layout.boldRows.includes(r);
  return row.length > 1 ? Math.max(...row.map((value, c) => linesOf(layout, value, c, bold))) : 1;
}

/**
 * Lays the summary out as one sheet: a title, then tables for status, the end-of-life timeline,
 * compliance, parts ending, parts at risk and changes, with three charts over the first three
 * tables. `bomSheet` names the sheet the links point at. The same layout is written by the add-in
 * through Office.js and by `partspec report` through the package patcher.
 */
export function layoutSummarySheet(summary: BomSummary, lang: Lang, options: SummarySheetOptions = {}): SummarySheet {
  const labels = summaryLabels(lang);
  const cells: (string | number | undefined)[][] = [];
  const boldRows: number[] = [];
  const rightAligned: SheetCell[] = [];
  const links: SummaryLink[] = [];
  const charts: SummaryChart[] = [];
  const push = (row: (string | number | undefined)[], bold = false): number => {
    if (bold) boldRows.push(cells.length);
    // Part numbers, reasons and names from the service or the BOM show every character they hold.
    cells.push(row.map(visibleValue));
    return cells.length - 1;
  };
  const table = (title: string, header: string[], rows: (string | number | undefined)[][]): { first: number; count: number } => {
    push([], false);
    push([title], true);
    const headerRow = push(header, true);
    header.forEach((_, column) => {
      if (rows.some((row) => typeof row[column] === 'number')) rightAligned.push({ row: headerRow, column });
    });
    const first = cells.length;
    for (const row of rows) push(row);
    if (rows.length === 0) push([labels.nothing]);
    return { first, count: rows.length };
  };
  // Each chart stands beside its table, whose section is made as tall as the chart, so a chart never covers the next table.
  const chartAt = (first: number, count: number, chart: Omit<SummaryChart, 'categories' | 'series' | 'anchor'>, series: { name: string; column: number }[]): void => {
    if (count === 0) return;
    const top = first - 2;
    while (cells.length < top + CHART_HEIGHT) push([]);
    charts.push({
      ...chart,
      categories: { row: first, column: 0, rows: count, columns: 1 },
      series: series.map((s) => ({ name: s.name, values: { row: first, column: s.column, rows: count, columns: 1 } })),
      anchor: { row: top, column: CHART_COLUMN, rows: CHART_HEIGHT, columns: CHART_WIDTH },
    });
  };

  push([labels.title], true);
  if (summary.source) push([labels.bom(summary.source.file, summary.source.sheet)]);
  const meta = [labels.asOf(formatDay(summary.asOf, lang)), ...(summary.fetchedAt ? [labels.fetched(formatMoment(summary.fetchedAt, lang))] : [])].join(' · ');
  push([meta]);
  if (summary.synthetic) push([labels.synthetic], true);

  // Each table with its chart is one section: a page break may come before it, never inside it.
  const sections: number[] = [];
  sections.push(cells.length);
  const status = table(labels.statusChart, [labels.status, labels.rows, labels.quantity], STATUS_BUCKETS.map((b) => [labels.buckets[b], summary.byStatus[b].rows, summary.byStatus[b].quantity]));
  chartAt(status.first, status.count, { name: 'PartSpecStatus', kind: 'bar', title: labels.statusChart }, [{ name: labels.rows, column: 1 }]);

  sections.push(cells.length);
  const timeline = table(labels.timelineChart, [labels.quarter, labels.parts, labels.quantity], summary.timeline.map((q) => [q.quarter === PAST_QUARTER ? labels.horizons.past : q.quarter, q.parts, q.quantity]));
  chartAt(timeline.first, timeline.count, { name: 'PartSpecTimeline', kind: 'column', title: labels.timelineChart }, [{ name: labels.parts, column: 1 }]);

  const flags = summary.compliance.filter((c) => c.flag !== 'AecQ200Support' || summary.automotive);
  sections.push(cells.length);
  const compliance = table(labels.compliance, [labels.flag, labels.yes, labels.no, labels.unknown], flags.map((c) => [labels.flags[c.flag], c.yes, c.no, c.unknown]));
  chartAt(compliance.first, compliance.count, { name: 'PartSpecCompliance', kind: 'stackedBar', title: labels.complianceChart }, [
    { name: labels.yes, column: 1 },
    { name: labels.no, column: 2 },
    { name: labels.unknown, column: 3 },
  ]);
  // The tables of parts start a page of their own, so no chart is split between two pages.
  const listsRow = cells.length;

  const notLookedUp = table(
    labels.notLookedUp,
    [labels.line, labels.bomRows, labels.perBoard, labels.why],
    summary.notLookedUp.map((l) => [l.text, String(l.sheetRow), l.quantity, labels.buckets[l.kind === 'otherMaker' ? 'Other maker' : 'No part number']]),
  );
  summary.notLookedUp.forEach((l, i) => links.push({ row: notLookedUp.first + i, column: 1, bomRow: l.sheetRow - 1 }));

  const notFound = table(labels.notFound, [labels.partNumber, labels.bomRows], summary.notFound.map((n) => [n.partNumber, String(n.sheetRow)]));
  summary.notFound.forEach((n, i) => links.push({ row: notFound.first + i, column: 1, bomRow: n.sheetRow - 1 }));

  // The builds and the rounding are said in the title: a header as long would widen the column.
  const ending = table(
    summary.builds === undefined ? labels.ending : `${labels.ending} · ${labels.lastTimeBuy(summary.builds)}`,
    [labels.partNumber, labels.bomRows, labels.perBoard, labels.date, labels.dateField, labels.horizon, labels.minOrder, labels.lastTimeBuy(undefined), labels.designators],
    summary.ending.map((e) => [e.partNumber, e.sheetRows.join(', '), e.quantityPerBoard, e.date, labels.dateFields[e.dateField], labels.horizons[e.horizon], e.minOrderQuantity, e.tooLate ? labels.tooLate : e.lastTimeBuy, e.designators.join(' ')]),
  );
  summary.ending.forEach((e, i) => links.push({ row: ending.first + i, column: 1, bomRow: e.sheetRows[0] - 1 }));

  const risky = table(
    labels.atRisk,
    [labels.partNumber, labels.bomRows, labels.risk, labels.reason, labels.instead],
    summary.atRisk.map((p) => [p.partNumber, p.sheetRows.join(', '), labels.levels[p.risk], p.reason, insteadText(p.instead, labels)]),
  );
  summary.atRisk.forEach((p, i) => links.push({ row: risky.first + i, column: 1, bomRow: p.sheetRows[0] - 1 }));

  const failing = summary.compliance.filter((c) => c.flag !== 'AecQ200Support' || summary.automotive).flatMap((c) => c.failing.map((f) => [f.partNumber, f.sheetRows.join(', '), labels.flags[c.flag], f.value === 'no' ? labels.no : labels.unknown]));
  table(`${labels.compliance}: ${labels.no} / ${labels.unknown}`, [labels.partNumber, labels.bomRows, labels.flag, labels.compliance], failing);

  const changed = table(labels.changed, [labels.partNumber, labels.bomRows, labels.changes], summary.changed.map((c) => [c.partNumber, c.sheetRow, c.changes]));
  summary.changed.forEach((c, i) => links.push({ row: changed.first + i, column: 1, bomRow: c.sheetRow - 1 }));

  // The team's rules come last, so the tables before them stand where they always did.
  if (summary.checks) {
    const { checks } = summary;
    const grouped = checkRows(checks, labels, lang);
    const judged = table(
      labels.checks(rulesLabel(checks.rules, lang), labels.checkLevels[checks.level]),
      [labels.partNumber, labels.bomRows, labels.level, labels.checksFound],
      grouped.map((g) => [g.part, g.rows, labels.checkLevels[g.level], g.said]),
    );
    grouped.forEach((g, i) => links.push({ row: judged.first + i, column: 1, bomRow: g.firstRow - 1 }));
  }

  const paper = paperOf(options.locale);
  const { widths, wrap } = columnWidthsOf(cells, new Set(boldRows), paper);
  const sheet = { cells, boldRows, wrapColumns: wrap, columnWidths: widths };
  return {
    name: summary.source ? summarySheetName(summary.source.sheet) : SUMMARY_SHEET_NAME,
    ...sheet,
    rightAligned,
    charts,
    links,
    print: planPrint({ paper, columnWidths: widths, rowPoints: sheet.cells.map((_, r) => rowLinesOf(sheet, r) * SUMMARY_ROW_POINTS), sections, listsRow }),
  };
}
