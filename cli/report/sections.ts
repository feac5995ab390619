import type { SummaryChart, SummarySheet } from '../../core/report/sheet-layout';

/*
 * The summary sheet's layout read back as titled tables, so the terminal text and the HTML page
 * show exactly the cells (and charts) the PartSpec Summary sheet holds: no figure is computed
 * here, only regrouped.
 */

export type SummaryCell = string | number | undefined;

/** One table of the layout: its title row, header row and data rows, with the chart drawn from it. */
export interface SummarySection {
  title: string;
  header: readonly string[];
  rows: readonly (readonly SummaryCell[])[];
  chart?: SummaryChart;
}

/** The layout as a title, the lines under it (date, source) and its tables in order. */
export interface SummaryDocument {
  title: string;
  lines: readonly string[];
  sections: readonly SummarySection[];
}

const isEmpty = (row: readonly SummaryCell[] | undefined): boolean => !row || row.every((c) => c === undefined || c === '');

/**
 * Splits the layout at its blank rows: each table is a bold title row, a bold header row and the
 * rows up to the next blank row; the rows before the first table are the title and its lines.
 */
export function sectionsOf(layout: SummarySheet): SummaryDocument {
  const bold = new Set(layout.boldRows);
  const { cells } = layout;
  const firstBlank = cells.findIndex((row, r) => r > 0 && isEmpty(row));
  const head = cells.slice(0, firstBlank < 0 ? cells.length : firstBlank);
  const sections: SummarySection[] = [];
  let r = firstBlank < 0 ? cells.length : firstBlank;
  while (r < cells.length) {
    if (isEmpty(cells[r])) {
      r++;
      continue;
    }
    const titleRow = r;
    const headerRow = bold.has(r + 1) ? r + 1 : undefined;
    r = (headerRow ?? titleRow) + 1;
    const first = r;
    while (r < cells.length && !isEmpty(cells[r])) r++;
    sections.push({
      title: String(cells[titleRow][0] ?? ''),
      header: headerRow === undefined ? [] : cells[headerRow].map((c) => String(c ?? '')),
      rows: cells.slice(first, r),
      chart: layout.charts.find((c) => c.categories.row === first),
    });
  }
  return { title: String(head[0]?.[0] ?? layout.name), lines: head.slice(1).map((row) => row.filter((c) => c !== undefined).join(' ')), sections };
}

/** The categories and each series' values of a chart, read from the layout's cells. */
export function chartData(chart: Omit<SummaryChart, 'name'>, cells: SummarySheet['cells']): { categories: string[]; series: { name: string; values: number[] }[] } {
  const column = (block: SummaryChart['categories']): SummaryCell[] => Array.from({ length: block.rows }, (_, i) => cells[block.row + i]?.[block.column]);
  return {
    categories: column(chart.categories).map((c) => String(c ?? '')),
    series: chart.series.map((s) => ({ name: s.name, values: column(s.values).map((v) => (typeof v === 'number' ? v : 0)) })),
  };
}
