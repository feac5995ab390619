import { Link, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles } from '@fluentui/react-components';
import type { Lang } from '../../../api/vocabulary';
import { checkRows } from '../../../core/report/check-rows';
import { formatDay, type SummaryLabels } from '../../../core/report/labels';
import { rulesLabel } from '../../../core/rules/check-words';
import { insteadWords } from '../../../core/report/sheet-layout';
import type { AtRiskPart, BomSummary, Instead } from '../../../core/report/types';
import { visibleText } from '../../../core/visible-text';
import { useUi } from '../ui-context';
import { useSectionStyles } from './common';

/** Tables sized by their content, so a part number keeps its column whole instead of breaking mid-string. */
const useListStyles = makeStyles({
  table: { tableLayout: 'auto' },
  partNumber: { whiteSpace: 'nowrap' },
});


/** Candidates shown per part; the sheet and the report list them all. */
const INSTEAD_SHOWN = 3;

/** A part's candidates, one per line, the first few only. */
function InsteadCell({ instead, labels }: { instead: readonly Instead[]; labels: SummaryLabels }): JSX.Element {
  const section = useSectionStyles();
  const { t } = useUi();
  if (instead.length === 0) return <Text>{labels.nothing}</Text>;
  return (
    <div className={section.stack}>
      {instead.slice(0, INSTEAD_SHOWN).map((i) => (
        <Text key={i.partno} size={200}>
          {visibleText(insteadWords(i, labels))}
        </Text>
      ))}
      {instead.length > INSTEAD_SHOWN ? (
        <Text size={200} className={section.muted}>
          {t('healthMore', { n: instead.length - INSTEAD_SHOWN })}
        </Text>
      ) : null}
    </div>
  );
}

/** The parts at Risk or EOL; clicking one selects its first BOM row. Every API string is rendered as text. */
export function AtRiskList(props: { summary: BomSummary; labels: SummaryLabels; onSelect: (part: AtRiskPart) => void; disabled: boolean }): JSX.Element {
  const section = useSectionStyles();
  const list = useListStyles();
  const { t } = useUi();
  const { labels } = props;
  return (
    <section className={section.group} data-testid="health-at-risk" aria-label={labels.atRisk}>
      <Text as="h3" weight="semibold">
        {labels.atRisk}
      </Text>
      {props.summary.atRisk.length === 0 ? (
        <Text data-testid="health-at-risk-none">{labels.nothing}</Text>
      ) : (
        <Table size="extra-small" aria-label={labels.atRisk} className={list.table}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>
                {labels.partNumber} · {labels.risk}
              </TableHeaderCell>
              <TableHeaderCell>{labels.instead}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {props.summary.atRisk.map((part) => (
              <TableRow key={part.partNumber} data-testid="health-at-risk-row">
                <TableCell>
                  <Link
                    as="button"
                    disabled={props.disabled}
                    onClick={() => props.onSelect(part)}
                    title={t('healthSelectRow', { row: part.sheetRows[0] ?? 1 })}
                    className={list.partNumber}
                    data-testid="health-at-risk-part"
                  >
                    {visibleText(part.partNumber)}
                  </Link>
                  {part.designators.length > 0 ? <Text className={section.muted}> {visibleText(part.designators.join(', '))}</Text> : null}
                  {/* The risk under the part, so the pane's width is left to the two columns. */}
                  <div>
                    {props.labels.levels[part.risk]}
                    {part.reason ? <Text className={section.muted}> {visibleText(part.reason)}</Text> : null}
                  </div>
                </TableCell>
                <TableCell>
                  <InsteadCell instead={part.instead} labels={labels} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

/** Parts ending within 24 months, earliest first, with the last-time-buy quantity for the builds asked. */
export function EndingList(props: { summary: BomSummary; labels: SummaryLabels }): JSX.Element | null {
  const section = useSectionStyles();
  const list = useListStyles();
  const { uiLang } = useUi();
  const { summary, labels } = props;
  if (summary.ending.length === 0) return null;
  return (
    <section className={section.group} data-testid="health-ending" aria-label={labels.ending}>
      <Text as="h3" weight="semibold">
        {labels.ending}
      </Text>
      {summary.builds !== undefined ? <Text className={section.muted}>{labels.lastTimeBuy(summary.builds)}</Text> : null}
      <Table size="extra-small" aria-label={labels.ending} className={list.table}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{labels.partNumber}</TableHeaderCell>
            <TableHeaderCell>{labels.date}</TableHeaderCell>
            <TableHeaderCell>{labels.perBoard}</TableHeaderCell>
            <TableHeaderCell>{labels.lastTimeBuy(undefined)}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {summary.ending.map((part) => (
            <TableRow key={part.partNumber} data-testid="health-ending-row">
              <TableCell className={list.partNumber}>{visibleText(part.partNumber)}</TableCell>
              <TableCell>
                {formatDay(part.date, uiLang)} <Text className={section.muted}>{labels.horizons[part.horizon]}</Text>
              </TableCell>
              <TableCell>{part.quantityPerBoard.toLocaleString(uiLang)}</TableCell>
              <TableCell data-testid="health-ending-ltb">{part.tooLate ? labels.tooLate : part.lastTimeBuy !== undefined ? part.lastTimeBuy.toLocaleString(uiLang) : ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

/** The part numbers not found, each with its BOM row. */
export function NotFoundList(props: { summary: BomSummary; labels: SummaryLabels }): JSX.Element | null {
  const section = useSectionStyles();
  const list = useListStyles();
  const { summary, labels } = props;
  if (summary.notFound.length === 0) return null;
  return (
    <section className={section.group} data-testid="health-not-found" aria-label={labels.notFound}>
      <Text as="h3" weight="semibold">
        {labels.notFound}
      </Text>
      <Table size="extra-small" aria-label={labels.notFound} className={list.table}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{labels.partNumber}</TableHeaderCell>
            <TableHeaderCell>{labels.bomRows}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {summary.notFound.map((part) => (
            <TableRow key={`${part.sheetRow}:${part.partNumber}`} data-testid="health-not-found-row">
              <TableCell className={list.partNumber}>{visibleText(part.partNumber)}</TableCell>
              <TableCell>{part.sheetRow}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

/**
 * What the team's rules say of the BOM, as the summary sheet's checks table says it: lines with
 * the same checks in one row with their rows, the worst level first in the title. Every text is
 * React text.
 */
export function ChecksList(props: { summary: BomSummary; labels: SummaryLabels; lang: Lang }): JSX.Element | null {
  const section = useSectionStyles();
  const list = useListStyles();
  const { summary, labels, lang } = props;
  const checks = summary.checks;
  if (!checks || checks.lines.length === 0) return null;
  const title = labels.checks(rulesLabel(checks.rules, lang), labels.checkLevels[checks.level]);
  return (
    <section className={section.group} data-testid="health-checks" aria-label={title}>
      <Text as="h3" weight="semibold">
        {title}
      </Text>
      <Table size="extra-small" aria-label={title} className={list.table}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{labels.partNumber}</TableHeaderCell>
            <TableHeaderCell>{labels.bomRows}</TableHeaderCell>
            <TableHeaderCell>{labels.level}</TableHeaderCell>
            <TableHeaderCell>{labels.checksFound}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {checkRows(checks, labels, lang).map((row) => (
            <TableRow key={`${row.firstRow}:${row.said}`} data-testid="health-checks-row">
              <TableCell className={list.partNumber}>{visibleText(row.part)}</TableCell>
              <TableCell>{row.rows}</TableCell>
              <TableCell>{labels.checkLevels[row.level]}</TableCell>
              <TableCell>{visibleText(row.said)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
