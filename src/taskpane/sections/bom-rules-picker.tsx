import { Button, Checkbox, Text } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import type { BomRulesChoice } from '../../sheets/bom-rules';
import { describeError } from '../describe-error';
import type { TaskpaneServices } from '../adapter/services';
import { useUi } from '../ui-context';
import { ErrorMessage } from './common';

export interface BomRulesPickerProps {
  services: TaskpaneServices;
  checks: boolean;
  onChecks: (checks: boolean) => void;
}

/**
 * Enrich's `PartSpec: Checks` column and the rules it judges by: the shipped rules, or a team's
 * rules file the user picks, read and checked by the core and remembered in the workbook.
 */
export function BomRulesPicker({ services, checks, onChecks }: BomRulesPickerProps): JSX.Element {
  const { t, busy, inExcel, uiLang } = useUi();
  const [choice, setChoice] = useState<BomRulesChoice>();
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!inExcel) return;
    let live = true;
    services.bomRules().then((c) => live && setChoice(c), () => undefined);
    return () => {
      live = false;
    };
  }, [services, inExcel]);

  async function onFile(file: File | undefined): Promise<void> {
    if (!file) return;
    setError(undefined);
    try {
      setChoice(await services.chooseBomRules(await file.text(), file.name));
    } catch (e) {
      setError(describeError(e, t, uiLang));
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  return (
    <>
      <Checkbox label={t('addChecks')} checked={checks} disabled={busy} onChange={(_, d) => onChecks(d.checked === true)} data-testid="enrich-checks" />
      {checks ? (
        <div>
          <Text size={200} data-testid="enrich-rules">
            {choice ? t('rulesInUse', { name: choice.name, rules: choice.rules, waivers: choice.waivers }) : t('rulesShipped')}
          </Text>{' '}
          <Button size="small" disabled={busy || !inExcel} onClick={() => input.current?.click()} data-testid="enrich-choose-rules">
            {t('chooseRules')}
          </Button>
          <input ref={input} type="file" accept=".json,application/json" hidden onChange={(e) => void onFile(e.target.files?.[0])} data-testid="enrich-rules-file" />
          <ErrorMessage testId="enrich-rules-error" message={error} />
        </div>
      ) : null}
    </>
  );
}
