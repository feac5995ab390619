import type { Lang } from '../../api/vocabulary';
import { formatDay, formatMoment, summaryLabels, type SummaryLabels } from './labels';
import { SUMMARY_SHEET_NAME } from '../names';
import { STATUS_BUCKETS, type BomSummary, type Instead } from './types';

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
  /** The BOM sheet's 0-based row. */
  bomRow: number;
}

/** The whole summary sheet: cells, bold header rows, widths, charts and links, computed once. */
export interface SummarySheet {
  name: string;
  cells: (string | number | undefined)[][];
  /** Rows written in bold (section titles and table headers). */
  boldRows: readonly number[];
  /** Width of each column, in characters. */
  columnWidths: readonly number[];
  charts: readonly SummaryChart[];
  links: readonly SummaryLink[];
}

const TABLE_COLUMNS = 8;
/** Charts stand right of the tables, from this column. */
const CHART_COLUMN = TABLE_COLUMNS + 1;
const CHART_WIDTH = 8;
const CHART_HEIGHT = 15;

function insteadText(instead: readonly Instead[], labels: SummaryLabels): string {
  if (instead.length === 0) return labels.nothing;
  return instead
    .map((c) => `${c.partno} (${[c.dropIn ? labels.dropIn : labels.notDropIn, ...(c.makerAlternative ? [labels.makerAlternative] : [])].join(', ')})`)
    .join('; ');
}

/** Narrowest and widest table column, in characters; longer text is cut off at the sheet's edge of the cell. */
const MIN_WIDTH = 8;
const MAX_WIDTH = 36;

/**
 * Widths that fit each table column's longest text (titles, the rows of one cell, are left to run
 * over), between MIN_WIDTH and MAX_WIDTH; East Asian characters count twice.
 */
function columnWidthsOf(cells: readonly (readonly (string | number | undefined)[])[]): number[] {
  const widths: number[] = Array.from({ length: TABLE_COLUMNS }, () => MIN_WIDTH);
  for (const row of cells) {
    if (row.length < 2) continue;
    row.forEach((value, column) => {
      if (value === undefined || column >= TABLE_COLUMNS) return;
      let width = 1;
      for (const ch of String(value)) width += ch.codePointAt(0)! >= 0x2e80 ? 2 : 1;
      widths[column] = Math.min(MAX_WIDTH, Math.max(widths[column], width));
    });
  }
  return widths;
}

/**
 * Lays the summary out as one sheet: a title, then tables for status, the end-of-life timeline,
 * compliance, parts ending, parts at risk and changes, with three charts over the first three
 * tables. `bomSheet` names the sheet the links point at. The same layout is written by the add-in
 * through Office.js and by `partspec report` through the package patcher.
 */
export function layoutSummarySheet(summary: BomSummary, lang: Lang): SummarySheet {
  const labels = summaryLabels(lang);
  const cells: (string | number | undefined)[][] = [];
  const boldRows: number[] = [];
  const links: SummaryLink[] = [];
  const charts: SummaryChart[] = [];
  const push = (row: (string | number | undefined)[], bold = false): number => {
    if (bold) boldRows.push(cells.length);
    cells.push(row);
    return cells.length - 1;
  };
  const table = (title: string, header: string[], rows: (string | number | undefined)[][]): { first: number; count: number } => {
    push([], false);
    push([title], true);
    push(header, true);
    const first = cells.length;
    for (const row of rows) push(row);
    if (rows.length === 0) push([labels.nothing]);
    return { first, count: rows.length };
  };
  // Each chart starts beside its table, but never over the chart above it.
  let chartFree = 0;
  const chartAt = (first: number, count: number, chart: Omit<SummaryChart, 'categories' | 'series' | 'anchor'>, series: { name: string; column: number }[]): void => {
    if (count === 0) return;
    const top = Math.max(0, first - 2, chartFree);
    chartFree = top + CHART_HEIGHT + 1;
    charts.push({
      ...chart,
      categories: { row: first, column: 0, rows: count, columns: 1 },
      series: series.map((s) => ({ name: s.name, values: { row: first, column: s.column, rows: count, columns: 1 } })),
      anchor: { row: top, column: CHART_COLUMN, rows: CHART_HEIGHT, columns: CHART_WIDTH },
    });
  };

  push([labels.title], true);
  const meta = [labels.asOf(formatDay(summary.asOf, lang)), ...(summary.fetchedAt ? [labels.fetched(formatMoment(summary.fetchedAt, lang))] : [])].join(' · ');
  push([meta]);
  if (summary.synthetic) push([labels.synthetic], true);

  const status = table(labels.statusChart, [labels.status, labels.rows, labels.quantity], STATUS_BUCKETS.map((b) => [labels.buckets[b], summary.byStatus[b].rows, summary.byStatus[b].quantity]));
  chartAt(status.first, status.count, { name: 'PartSpecStatus', kind: 'bar', title: labels.statusChart }, [{ name: labels.rows, column: 1 }]);

  const timeline = table(labels.timelineChart, [labels.quarter, labels.parts, labels.quantity], summary.timeline.map((q) => [q.quarter, q.parts, q.quantity]));
  chartAt(timeline.first, timeline.count, { name: 'PartSpecTimeline', kind: 'column', title: labels.timelineChart }, [{ name: labels.parts, column: 1 }]);

  const flags = summary.compliance.filter((c) => c.flag !== 'AecQ200Support' || summary.automotive);
  const compliance = table(labels.compliance, [labels.flag, labels.yes, labels.no, labels.unknown], flags.map((c) => [labels.flags[c.flag], c.yes, c.no, c.unknown]));
  chartAt(compliance.first, compliance.count, { name: 'PartSpecCompliance', kind: 'stackedBar', title: labels.complianceChart }, [
    { name: labels.yes, column: 1 },
    { name: labels.no, column: 2 },
    { name: labels.unknown, column: 3 },
  ]);

  const ending = table(
    labels.ending,
    [labels.partNumber, labels.bomRows, labels.designators, labels.perBoard, labels.date, labels.dateField, labels.horizon, labels.lastTimeBuy(summary.builds)],
    summary.ending.map((e) => [e.partNumber, e.rows.map((r) => r + 1).join(', '), e.designators.join(' '), e.quantityPerBoard, e.date, labels.dateFields[e.dateField], labels.horizons[e.horizon], e.lastTimeBuy]),
  );
  summary.ending.forEach((e, i) => links.push({ row: ending.first + i, column: 1, bomRow: e.rows[0] }));

  const risky = table(
    labels.atRisk,
    [labels.partNumber, labels.bomRows, labels.risk, labels.reason, labels.instead],
    summary.atRisk.map((p) => [p.partNumber, p.rows.map((r) => r + 1).join(', '), p.risk, p.reason, insteadText(p.instead, labels)]),
  );
  summary.atRisk.forEach((p, i) => links.push({ row: risky.first + i, column: 1, bomRow: p.rows[0] }));

  const failing = summary.compliance.filter((c) => c.flag !== 'AecQ200Support' || summary.automotive).flatMap((c) => c.failing.map((f) => [f.partNumber, f.rows.map((r) => r + 1).join(', '), labels.flags[c.flag], f.value === 'no' ? labels.no : labels.unknown]));
  table(`${labels.compliance}: ${labels.no} / ${labels.unknown}`, [labels.partNumber, labels.bomRows, labels.flag, labels.compliance], failing);

  const changed = table(labels.changed, [labels.partNumber, labels.bomRows, labels.changes], summary.changed.map((c) => [c.partNumber, c.row + 1, c.changes]));
  summary.changed.forEach((c, i) => links.push({ row: changed.first + i, column: 1, bomRow: c.row }));

  return { name: SUMMARY_SHEET_NAME, cells, boldRows, columnWidths: columnWidthsOf(cells), charts, links };
}
