import { visibleText } from '../../../core/visible-text';
import { Button, Checkbox, Text } from '@fluentui/react-components';
import { useState } from 'react';
import type { AppliedReplacement, RowReplacements, TaskpaneServices } from '../adapter/services';
import { useUi } from '../ui-context';
import { useTask } from '../use-task';
import { ErrorMessage, InfoMessage, useSectionStyles } from './common';

/**
 * Under the enrichment summary: the drop-in replacements of the BOM row the selection is on, each
 * with a button that writes it into the row (a value; the original kept in `PartSpec: Replaced
 * part`). Every string from the API is rendered as text.
 */
export function ReplacementsPanel({ services, onEverywhere }: { services: TaskpaneServices; onEverywhere?: (parts: { oldPart: string; newPart: string }) => void }): JSX.Element {
  const section = useSectionStyles();
  const { t, busy, inExcel } = useUi();
  const [strict, setStrict] = useState(false);
  const [listed, setListed] = useState<RowReplacements>();
  const [applied, setApplied] = useState<AppliedReplacement & { partno: string }>();
  const listTask = useTask();
  const applyTask = useTask();

  async function onList(): Promise<void> {
    setApplied(undefined);
    const result = await listTask.run((signal) => services.listReplacements(strict, signal));
    setListed(result);
  }

  async function onUse(partno: string): Promise<void> {
    if (!listed) return;
    const result = await applyTask.run(() => services.applyReplacement(listed.row, partno));
    if (!result) return;
    setApplied({ ...result, partno });
    setListed(undefined);
  }

  // When no candidate is a drop-in: the closest part and what differs (phrases in the enrichment's language); the pane says the sentence in its own.
  const closest = listed && listed.answer.candidates.length === 0 ? listed.answer.nearMiss : undefined;

  return (
    <div className={section.group} data-testid="replacements">
      <div className={section.actions}>
        <Button onClick={() => void onList()} disabled={busy || !inExcel} data-testid="replacements-list">
          {t('listReplacements')}
        </Button>
        <Checkbox label={t('strictReplacements')} checked={strict} disabled={busy} onChange={(_, d) => setStrict(d.checked === true)} data-testid="replacements-strict" />
      </div>
      <ErrorMessage testId="replacements-error" message={listTask.error ?? applyTask.error} />
      {applied ? (
        <InfoMessage testId="replacements-applied" intent="success">
          {t('replacementWritten', { partno: applied.partno, address: applied.address, original: applied.original, note: applied.noteAddress })}
        </InfoMessage>
      ) : null}
      {applied && onEverywhere ? (
        <div className={section.actions}>
          <Button size="small" onClick={() => onEverywhere({ oldPart: applied.original, newPart: applied.partno })} disabled={busy} data-testid="replacements-everywhere">
            {t('replaceEverywhereToo', { partno: visibleText(applied.original) })}
          </Button>
        </div>
      ) : null}
      {listed ? (
        <>
          <Text data-testid="replacements-title">{t('replacementsFor', { partno: listed.row.input, row: listed.row.row + 1, shown: listed.answer.candidates.length, total: listed.answer.total })}</Text>
          {closest ? (
            <Text data-testid="replacements-message">
              {t('replacementsClosest', {
                partno: visibleText(listed.row.input),
                closest: visibleText(closest.product.partno),
                differs: closest.differs.length > 0 ? visibleText(closest.differs.join('; ')) : t('differsInStatus'),
              })}
            </Text>
          ) : listed.answer.message ? (
            <Text data-testid="replacements-message">{visibleText(listed.answer.message)}</Text>
          ) : null}
          {listed.answer.candidates.length > 0 ? (
            <ol aria-label={t('listReplacements')} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
              {listed.answer.candidates.map(({ product: { partno }, makerAlternative, differs }) => (
                <li key={partno} data-testid="replacements-row" style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
                  <div style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Text weight={makerAlternative ? 'semibold' : 'regular'}>{visibleText(partno)}</Text>
                    {makerAlternative ? <Text size={200}> ({t('makerAlternative')})</Text> : null}
                    <br />
                    <Text size={200} className={section.muted}>
                      {differs.length > 0 ? `${t('differsIn')}: ${visibleText(differs.join('; '))}` : ''}
                    </Text>
                  </div>
                  <Button size="small" onClick={() => void onUse(partno)} disabled={busy} data-testid="replacements-use">
                    {t('useReplacement')}
                  </Button>
                </li>
              ))}
            </ol>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
