import { Button, Field, Input, Select } from '@fluentui/react-components';
import { useEffect, useId, useState } from 'react';
import { isLang, type Lang } from '../../../api/vocabulary';
import { checkBaseUrl, type Preferences, type UiLanguage } from '../../settings/settings';
import type { ConnectionResult } from '../../../api/client/client-types';
import { describeConnectionFailure } from '../describe-error';
import type { TaskpaneServices } from '../adapter/services';
import { useUi } from '../ui-context';
import { useTask } from '../use-task';
import { ErrorMessage, InfoMessage, LanguageOptions, useSectionStyles } from './common';

export interface SettingsSectionProps {
  services: TaskpaneServices;
  preferences: Preferences;
}

const MAX_TTL_HOURS = 24 * 30;

/** Why a TTL text cannot be saved, or undefined. */
function ttlProblem(text: string): boolean {
  const hours = Number(text);
  return text.trim() === '' || !Number.isFinite(hours) || hours < 0 || hours > MAX_TTL_HOURS;
}

/** Settings: the key (masked), the service address, languages and the cache. */
export function SettingsSection({ services, preferences }: SettingsSectionProps): JSX.Element {
  const styles = useSectionStyles();
  const { t, busy } = useUi();
  const ids = useId();
  const [apiKey, setApiKey] = useState('');
  const [hasKey, setHasKey] = useState(false);
  const [reveal, setReveal] = useState(false);
  const [baseUrl, setBaseUrl] = useState(preferences.baseUrl);
  const [lang, setLang] = useState<Lang>(preferences.lang);
  const [ttl, setTtl] = useState(String(preferences.cacheTtlHours));
  const [uiLanguage, setUiLanguage] = useState<UiLanguage>(preferences.uiLanguage);
  const [notice, setNotice] = useState<string>();
  const [connection, setConnection] = useState<ConnectionResult>();
  const [touched, setTouched] = useState(false);
  const task = useTask();

  useEffect(() => {
    let live = true;
    void services.settings.getApiKey().then((key) => {
      if (!live) return;
      setApiKey(key ?? '');
      setHasKey(!!key);
    });
    return () => {
      live = false;
    };
  }, [services]);

  const baseUrlProblem = checkBaseUrl(baseUrl);
  const ttlInvalid = ttlProblem(ttl);
  const invalid = !!baseUrlProblem || ttlInvalid;
  const showBaseUrlProblem = !!baseUrlProblem && (touched || baseUrl !== preferences.baseUrl);

  async function save(): Promise<boolean> {
    setTouched(true);
    setNotice(undefined);
    setConnection(undefined);
    if (invalid) return false;
    const done = await task.run(async () => {
      await services.settings.setApiKey(apiKey);
      await services.settings.save({ baseUrl: baseUrl.trim(), lang, cacheTtlHours: Number(ttl), uiLanguage });
      setHasKey(apiKey.trim() !== '');
      return true;
    });
    return done === true;
  }

  async function onSave(): Promise<void> {
    if (await save()) setNotice(t('saved'));
  }

  async function onTest(): Promise<void> {
    if (!(await save())) return;
    const report = await task.run((signal) => services.testConnection(signal));
    if (report) setConnection(report);
  }

  async function onClearCache(): Promise<void> {
    setNotice(undefined);
    const done = await task.run(async () => {
      await services.clearCache();
      return true;
    });
    if (done) setNotice(t('cacheCleared'));
  }

  const keyToggle = (
    <Button
      appearance="transparent"
      size="small"
      onClick={() => setReveal((r) => !r)}
      aria-pressed={reveal}
      aria-controls={`${ids}-key`}
      data-testid="settings-api-key-reveal"
    >
      {reveal ? t('apiKeyHide') : t('apiKeyShow')}
    </Button>
  );

  return (
    <form
      className={styles.section}
      onSubmit={(e) => {
        e.preventDefault();
        void onSave();
      }}
      noValidate
    >
      <Field label={t('apiKey')} hint={`${t('apiKeyHint')} ${hasKey ? t('apiKeyStored') : t('apiKeyMissing')}`}>
        <Input
          id={`${ids}-key`}
          type={reveal ? 'text' : 'password'}
          value={apiKey}
          onChange={(_, d) => setApiKey(d.value)}
          autoComplete="off"
          spellCheck={false}
          contentAfter={keyToggle}
          data-testid="settings-api-key"
        />
      </Field>
      <Field label={t('baseUrl')} validationState={showBaseUrlProblem ? 'error' : 'none'} validationMessage={showBaseUrlProblem ? baseUrlProblem : undefined}>
        <Input type="url" value={baseUrl} onChange={(_, d) => setBaseUrl(d.value)} spellCheck={false} data-testid="settings-base-url" />
      </Field>
      <Field label={t('dataLanguage')} hint={t('dataLanguageHint')}>
        <Select value={lang} onChange={(_, d) => isLang(d.value) && setLang(d.value)} data-testid="settings-data-lang">
          <LanguageOptions />
        </Select>
      </Field>
      <Field label={t('uiLanguage')}>
        <Select
          value={uiLanguage}
          onChange={(_, d) => setUiLanguage(d.value === 'auto' || isLang(d.value) ? d.value : 'auto')}
          data-testid="settings-ui-lang"
        >
          <option value="auto">{t('uiLanguageAuto')}</option>
          <LanguageOptions />
        </Select>
      </Field>
      <div className={styles.inline}>
        <Field
          className={styles.grow}
          label={t('cacheTtl')}
          validationMessage={ttlInvalid ? t('cacheTtlInvalid') : undefined}
        >
          <Input type="number" min={0} max={MAX_TTL_HOURS} value={ttl} onChange={(_, d) => setTtl(d.value)} data-testid="settings-cache-ttl" />
        </Field>
        <Button onClick={() => void onClearCache()} disabled={busy} data-testid="settings-clear-cache">
          {t('clearCache')}
        </Button>
      </div>
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={busy} data-testid="settings-save">
          {t('save')}
        </Button>
        <Button onClick={() => void onTest()} disabled={busy} data-testid="settings-test-connection">
          {task.running ? t('testing') : t('testConnection')}
        </Button>
      </div>
      {touched && invalid ? <ErrorMessage testId="settings-invalid" message={t('fixBeforeSaving')} /> : null}
      <ErrorMessage testId="settings-error" message={task.error} />
      {notice ? <InfoMessage testId="settings-notice">{notice}</InfoMessage> : null}
      {connection ? <ConnectionResultView report={connection} /> : null}
    </form>
  );
}

/** The client's answer to Settings → Test connection: the status and the spec's meaning of it, then what to do. */
function ConnectionResultView({ report }: { report: ConnectionResult }): JSX.Element {
  const { t, uiLang } = useUi();
  if (report.ok) {
    return <InfoMessage testId="settings-connection">{t('connectionOk', { status: 200 })}</InfoMessage>;
  }
  return <ErrorMessage testId="settings-connection" message={describeConnectionFailure(report, t, uiLang)} />;
}
