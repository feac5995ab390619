import { Button, Text } from '@fluentui/react-components';
import { useState } from 'react';
import type { Preferences } from '../../settings/settings';
import type { PartsInUse, TaskpaneServices } from '../adapter/services';
import { useUi } from '../ui-context';
import { useTask } from '../use-task';
import { ErrorMessage, InfoMessage, TaskProgress, useSectionStyles } from './common';

export interface PartsInUseActionProps {
  services: TaskpaneServices;
  preferences: Preferences;
  /** The builds typed in BOM health, for every BOM sheet; absent: one build each. */
  builds?: number;
  /** The builds typed are not a number: nothing is run. */
  invalid: boolean;
}

/**
 * Parts in use across sheets: every BOM sheet of the workbook (not only the one around the
 * selection) in one view, the same lines `partspec portfolio` gives for files, written to the
 * sheet PartSpec Parts in use; says how many parts and sheets it covered.
 */
export function PartsInUseAction({ services, preferences, builds, invalid }: PartsInUseActionProps): JSX.Element {
  const section = useSectionStyles();
  const { t, busy, inExcel, uiLang } = useUi();
  const [done, setDone] = useState<PartsInUse>();
  const task = useTask();

  async function onRun(): Promise<void> {
    const partsInUse = services.partsInUse.bind(services);
    setDone(undefined);
    const result = await task.run((signal) => partsInUse({ ...(builds === undefined ? {} : { builds }), lang: preferences.lang, labels: uiLang }, signal));
    if (result) setDone(result);
  }

  return (
    <div className={section.stack}>
      <Text className={section.muted}>{t('healthPartsInUseHint')}</Text>
      <div className={section.actions}>
        <Button onClick={() => void onRun()} disabled={busy || !inExcel || invalid} data-testid="health-parts-in-use">
          {t('healthPartsInUse')}
        </Button>
      </div>
      {task.running ? <TaskProgress testId="health-parts-in-use-progress" label={t('healthPartsInUseWorking')} onCancel={task.cancel} /> : null}
      <ErrorMessage testId="health-parts-in-use-error" message={task.error} />
      {done ? (
        <InfoMessage testId="health-parts-in-use-done">
          {t('healthPartsInUseDone', { sheet: done.sheetName, parts: done.portfolio.parts.length, sheets: done.portfolio.boms.length })}
        </InfoMessage>
      ) : null}
    </div>
  );
}
