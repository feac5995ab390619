import * as echarts from 'echarts';
import type { SummaryChart, SummarySheet } from '../../core/report/sheet-layout';
import { chartData } from './sections';

/*
 * The summary's three charts as SVG, drawn by Apache ECharts' server-side renderer: no browser,
 * no script in the page. The chart kinds, titles, categories and series come from the core's
 * layout, the same ones the workbook's native charts are made of.
 */

/** Series colours, the same as the workbook's charts. */
const COLOURS = ['#2F6EBA', '#C0504D', '#9BA3AE', '#E3A21A'];

const CHART_WIDTH = 640;
/** Height per category of a horizontal bar chart, and the least height of any chart. */
const BAR_ROW = 26;
const MIN_HEIGHT = 220;

/** The ECharts option of one summary chart. */
function optionOf(chart: Omit<SummaryChart, 'name'>, cells: SummarySheet['cells']): echarts.EChartsOption {
  const { categories, series } = chartData(chart, cells);
  const horizontal = chart.kind !== 'column';
  const categoryAxis = { type: 'category' as const, data: categories, inverse: horizontal, axisLabel: { interval: 0 } };
  const valueAxis = { type: 'value' as const, minInterval: 1 };
  return {
    animation: false,
    color: COLOURS,
    textStyle: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif' },
    title: { text: chart.title, left: 'center', textStyle: { fontSize: 14 } },
    legend: series.length > 1 ? { bottom: 0 } : { show: false },
    grid: { left: 28, right: 32, top: 56, bottom: series.length > 1 ? 36 : 8, containLabel: true },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: series.map((s) => ({
      type: 'bar' as const,
      name: s.name,
      data: s.values,
      stack: chart.kind === 'stackedBar' ? 'total' : undefined,
      barMaxWidth: 48,
      label: { show: chart.kind !== 'stackedBar', position: horizontal ? ('right' as const) : ('top' as const) },
    })),
  };
}

/** One chart as an SVG document (its text escaped by the renderer). */
export function renderChartSvg(chart: Omit<SummaryChart, 'name'>, cells: SummarySheet['cells']): string {
  const horizontal = chart.kind !== 'column';
  const height = Math.max(MIN_HEIGHT, horizontal ? 70 + chart.categories.rows * BAR_ROW : MIN_HEIGHT + 40);
  const rendered = echarts.init(null, null, { renderer: 'svg', ssr: true, width: CHART_WIDTH, height });
  try {
    rendered.setOption(optionOf(chart, cells));
    return rendered.renderToSVGString();
  } finally {
    rendered.dispose();
  }
}
