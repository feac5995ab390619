import { Button, Checkbox, Field, Input, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { formatDay, summaryLabels } from '../../../core/report/labels';
import { MAX_BUILDS, parseBuilds } from '../../../core/report/quantities';
import type { AtRiskPart } from '../../../core/report/types';
import type { Preferences } from '../../settings/settings';
import type { BomHealth, FoundBom, TaskpaneServices } from '../adapter/services';
import { useBomAroundSelection } from '../use-bom-around-selection';
import { useUi } from '../ui-context';
import { useTask } from '../use-task';
import { ErrorMessage, InfoMessage, TaskProgress, useSectionStyles } from './common';
import { ComplianceChart, StatusChart, TimelineChart } from './health-charts';
import { AtRiskList, ChecksList, EndingList, NotFoundList } from './health-lists';
import { PartsInUseAction } from './parts-in-use';

export interface HealthSectionProps {
  services: TaskpaneServices;
  preferences: Preferences;
}

/**
 * BOM health: the whole BOM around the selection at a glance (the core's summary), with the same
 * three charts as the PartSpec Summary sheet, the parts ending and the parts at risk; clicking a
 * part at risk selects its row. Show computes the figures only; Write also creates or updates the
 * summary sheet with its native charts.
 */
export function HealthSection({ services, preferences }: HealthSectionProps): JSX.Element {
  const section = useSectionStyles();
  const { t, uiLang, busy, inExcel } = useUi();
  const [buildsText, setBuildsText] = useState('');
  const [automotive, setAutomotive] = useState(false);
  const [health, setHealth] = useState<BomHealth>();
  const [selected, setSelected] = useState<string>();
  // The BOM the buttons will summarise, named before the press and after every sheet or selection change (as Enrich BOM does).
  const [around, setAround] = useState<FoundBom>();
  useBomAroundSelection(services, setAround);
  const target = around?.columns.find((c) => c.id === around.detected);
  const task = useTask();
  const selectTask = useTask();
  const builds = parseBuilds(buildsText);
  const labels = summaryLabels(uiLang);

  async function onRun(writeSheet: boolean): Promise<void> {
    if (builds === 'invalid') return;
    const summarize = services.summarizeBom.bind(services);
    setSelected(undefined);
    const result = await task.run((signal) =>
      summarize({ builds, automotive: automotive || undefined, lang: preferences.lang, labels: uiLang, writeSheet }, signal),
    );
    if (result) setHealth(result);
  }

  async function onSelect(part: AtRiskPart): Promise<void> {
    const sheetRow = part.sheetRows[0];
    if (!health || sheetRow === undefined) return;
    const row = sheetRow - 1;
    const select = services.selectBomRow.bind(services);
    const done = await selectTask.run(async () => {
      await select(health.bomSheet, row);
      return true;
    });
    if (done) setSelected(t('healthSelected', { part: part.partNumber, row: sheetRow, sheet: health.bomSheet }));
  }

  const summary = health?.summary;
  return (
    <div className={section.section}>
      {!inExcel ? <Text className={section.muted}>{t('needsExcel')}</Text> : null}
      <Text>{t('healthIntro')}</Text>
      {inExcel ? (
        target && around ? (
          <InfoMessage testId="health-target" intent="info">
            {t('healthTarget', { sheet: around.sheetName, column: target.letter, header: target.header, rows: around.rows })}
          </InfoMessage>
        ) : (
          <Text className={section.muted} data-testid="health-target">
            {t('noPartColumn')}
          </Text>
        )
      ) : null}
      <Field
        label={t('healthBuilds')}
        hint={t('healthBuildsHint')}
        validationState={builds === 'invalid' ? 'error' : 'none'}
        validationMessage={builds === 'invalid' ? t('healthBuildsInvalid', { max: MAX_BUILDS }) : undefined}
      >
        <Input value={buildsText} inputMode="numeric" onChange={(_, d) => setBuildsText(d.value)} disabled={busy} data-testid="health-builds" />
      </Field>
      <Checkbox label={t('healthAutomotive')} checked={automotive} disabled={busy} onChange={(_, d) => setAutomotive(d.checked === true)} data-testid="health-automotive" />
      <div className={section.actions}>
        <Button appearance="primary" onClick={() => void onRun(false)} disabled={busy || !inExcel || builds === 'invalid'} data-testid="health-show">
          {t('healthShow')}
        </Button>
        <Button onClick={() => void onRun(true)} disabled={busy || !inExcel || builds === 'invalid'} data-testid="health-write">
          {t('healthWrite')}
        </Button>
      </div>
      {task.running ? <TaskProgress testId="health-progress" label={t('healthWorking')} onCancel={task.cancel} /> : null}
      <ErrorMessage testId="health-error" message={task.error ?? selectTask.error} />
      <PartsInUseAction services={services} preferences={preferences} builds={builds === 'invalid' ? undefined : builds} invalid={builds === 'invalid'} />
      {health?.summarySheet ? <InfoMessage testId="health-written">{t('healthWritten', { sheet: health.summarySheet })}</InfoMessage> : null}
      {selected ? (
        <InfoMessage testId="health-selected" intent="info">
          {selected}
        </InfoMessage>
      ) : null}
      {summary ? (
        <div className={section.section} data-testid="health-view">
          <Text weight="semibold" data-testid="health-headline">
            {t('healthHeadline', { rows: summary.rows, placed: summary.placed, atRisk: summary.atRisk.length, ending: summary.ending.length })}
          </Text>
          <Text className={section.muted} data-testid="health-as-of">
            {[...(summary.source ? [labels.bom(summary.source.file, summary.source.sheet)] : []), labels.asOf(formatDay(summary.asOf, uiLang)), ...(summary.synthetic ? [labels.synthetic] : [])].join(' · ')}
          </Text>
          <StatusChart summary={summary} labels={labels} />
          <TimelineChart summary={summary} labels={labels} />
          <ComplianceChart summary={summary} labels={labels} />
          <NotFoundList summary={summary} labels={labels} />
          <EndingList summary={summary} labels={labels} />
          <AtRiskList summary={summary} labels={labels} onSelect={(part) => void onSelect(part)} disabled={busy} />
          <ChecksList summary={summary} labels={labels} lang={uiLang} />
        </div>
      ) : null}
    </div>
  );
}
