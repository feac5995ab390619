import { HorizontalBarChart, HorizontalBarChartWithAxis, VerticalBarChart, type ChartProps } from '@fluentui/react-charts';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { SummaryLabels } from '../../../core/report/labels';
import { PAST_QUARTER, STATUS_BUCKETS, type BomSummary, type StatusBucket } from '../../../core/report/types';
import { useUi } from '../ui-context';

/** Bar colours of the lifecycle buckets: production green, ending amber to red, the rest grey. */
const BUCKET_COLOURS: Readonly<Record<StatusBucket, string>> = {
  'In Production': '#107C10',
  'Under Development': '#0078D4',
  NRND: '#CA5010',
  'To be discontinued': '#D83B01',
  Discontinued: '#A4262C',
  'Several statuses': '#8764B8',
  'Unknown status': '#986F0B',
  'Not found': '#C50F1F',
  'Other maker': '#8A8886',
  'No part number': '#605E5C',
  'Not fitted': '#B3B0AD',
  Blank: '#D2D0CE',
};

/** Room left of the status bars for their labels (the longest bucket words, at the pane's width). */
const STATUS_LABEL_MARGIN = 128;

const COMPLIANCE_COLOURS = { yes: '#107C10', no: '#A4262C', unknown: '#8A8886' } as const;
const ANSWERS = ['yes', 'no', 'unknown'] as const;

const useStyles = makeStyles({
  chart: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS, minWidth: 0 },
});

/** One chart with its heading; the heading is the chart's accessible name too. */
function ChartBlock(props: { title: string; testId: string; children: JSX.Element }): JSX.Element {
  const styles = useStyles();
  return (
    <figure className={styles.chart} data-testid={props.testId} aria-label={props.title} style={{ margin: 0 }}>
      <Text as="h3" weight="semibold">
        {props.title}
      </Text>
      {props.children}
    </figure>
  );
}

/** BOM rows by lifecycle status, the buckets with rows only. */
export function StatusChart({ summary, labels }: { summary: BomSummary; labels: SummaryLabels }): JSX.Element {
  const { uiLang } = useUi();
  const data = STATUS_BUCKETS.filter((b) => summary.byStatus[b].rows > 0).map((bucket) => ({
    x: summary.byStatus[bucket].rows,
    y: labels.buckets[bucket],
    legend: labels.buckets[bucket],
    color: BUCKET_COLOURS[bucket],
    barLabel: summary.byStatus[bucket].rows.toLocaleString(uiLang),
  }));
  return (
    <ChartBlock title={labels.statusChart} testId="health-chart-status">
      <HorizontalBarChartWithAxis
        data={data}
        height={Math.max(110, 26 * data.length + 50)}
        hideLegend
        culture={uiLang}
        barHeight={16}
        showYAxisLables
        showYAxisLablesTooltip
        margins={{ left: STATUS_LABEL_MARGIN, right: 24 }}
        yAxisCategoryOrder={[...data].reverse().map((d) => d.y)}
        noOfCharsToTruncate={20}
      />
    </ChartBlock>
  );
}

/** Parts whose last buy or production end falls in each quarter from now, the ones already past first (the core's timeline). */
export function TimelineChart({ summary, labels }: { summary: BomSummary; labels: SummaryLabels }): JSX.Element {
  const { uiLang } = useUi();
  const points = summary.timeline.map((q) => (q.quarter === PAST_QUARTER ? { x: labels.horizons.past, y: q.parts, color: '#A4262C' } : { x: q.quarter, y: q.parts, color: '#CA5010' }));
  return (
    <ChartBlock title={labels.timelineChart} testId="health-chart-timeline">
      {points.length === 0 ? (
        <Text>{labels.nothing}</Text>
      ) : (
        <VerticalBarChart data={points.map((p) => ({ ...p, legend: labels.parts, barLabel: p.y.toLocaleString(uiLang) }))} height={170} hideLegend culture={uiLang} barWidth={20} wrapXAxisLables />
      )}
    </ChartBlock>
  );
}

/** `REACH: 5 Yes / 18`: a flag's bar title with its count of Yes (the compliance table's) over the parts found. */
function complianceTitle(coverage: BomSummary['compliance'][number], labels: SummaryLabels, locale: string): string {
  const total = coverage.yes + coverage.no + coverage.unknown;
  return `${labels.flags[coverage.flag]}: ${coverage.yes.toLocaleString(locale)} ${labels.yes} / ${total.toLocaleString(locale)}`;
}

/**
 * Found parts that comply, do not, or are unknown, one stacked bar per flag, with one legend for
 * all the bars. Each bar's title carries its own count of Yes, as the compliance table writes it:
 * the chart's own figure beside a title is the bar's total (the same for every flag), which read
 * as REACH's count of Yes.
 */
export function ComplianceChart({ summary, labels }: { summary: BomSummary; labels: SummaryLabels }): JSX.Element {
  const { uiLang } = useUi();
  const shown = summary.compliance.filter((c) => c.flag !== 'AecQ200Support' || summary.automotive);
  const data: ChartProps[] = shown.map((c) => ({
    chartTitle: complianceTitle(c, labels, uiLang),
    chartData: ANSWERS.map((answer) => ({
      legend: labels[answer],
      horizontalBarChartdata: { x: c[answer], total: c.yes + c.no + c.unknown },
      color: COMPLIANCE_COLOURS[answer],
    })),
  }));
  return (
    <ChartBlock title={labels.complianceChart} testId="health-chart-compliance">
      {data.length === 0 || shown.every((c) => c.yes + c.no + c.unknown === 0) ? (
        <Text>{labels.nothing}</Text>
      ) : (
        // The chart's own legend lists each answer once per flag: one legend names each answer once.
        <HorizontalBarChart data={data} chartDataMode="hidden" legendProps={{ legends: ANSWERS.map((answer) => ({ title: labels[answer], color: COMPLIANCE_COLOURS[answer] })) }} />
      )}
    </ChartBlock>
  );
}
