import { Button, Field, Input, Link, Select, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { DOWNLOAD_CATEGORY_IDS, isCategoryId, isLang, type CategoryId, type Lang } from '../../../api/vocabulary';
import type { Preferences } from '../../settings/settings';
import { COLUMN_PRESETS, presetFields, type ColumnPreset } from '../builder/presets';
import { daysLeft, safeHttpUrl } from '../builder/download';
import type { CategoryLink, ImportProgress, ImportSummary, TaskpaneServices } from '../adapter/services';
import { useUi } from '../ui-context';
import { useTask } from '../use-task';
import { ErrorMessage, InfoMessage, NeedsExcelNote, CategoryOptions, LanguageOptions, useSectionStyles } from './common';
import { ImportProgressView, ImportSummaryView } from './search-section';

export interface DownloadSectionProps {
  services: TaskpaneServices;
  preferences: Preferences;
}

/** Download: a category's download link with its expiry, a copy button, and importing the whole file. */
export function DownloadSection({ services, preferences }: DownloadSectionProps): JSX.Element {
  const section = useSectionStyles();
  const { t, busy, inExcel, uiLang } = useUi();
  const [category, setCategory] = useState<CategoryId>(DOWNLOAD_CATEGORY_IDS[0]);
  const [lang, setLang] = useState<Lang>(preferences.lang);
  const [preset, setPreset] = useState<ColumnPreset>('all');
  const [link, setLink] = useState<CategoryLink>();
  const [copied, setCopied] = useState(false);
  const [summary, setSummary] = useState<ImportSummary>();
  const linkTask = useTask();
  const copyTask = useTask();
  const importTask = useTask<ImportProgress>();

  async function onGetLink(): Promise<void> {
    setCopied(false);
    setSummary(undefined);
    const result = await linkTask.run((signal) => services.getDownloadUrl(category, lang, signal));
    setLink(result);
  }

  async function onCopy(): Promise<void> {
    if (!link) return;
    const done = await copyTask.run(async () => {
      await services.copyText(link.url);
      return true;
    });
    setCopied(done === true);
  }

  async function onImport(): Promise<void> {
    if (!link) return;
    setSummary(undefined);
    const fields = presetFields(preset, link.category);
    const result = await importTask.run((signal, onProgress) => services.importCategory(link, fields, onProgress, signal, uiLang));
    if (result) setSummary(result);
  }

  const href = link ? safeHttpUrl(link.url) : undefined;
  const dateText = link?.expiresAt.toLocaleString(uiLang, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className={section.section}>
      <Field label={t('downloadCategory')}>
        <Select value={category} disabled={busy} onChange={(_, d) => isCategoryId(d.value) && setCategory(d.value)} data-testid="download-category">
          <CategoryOptions ids={DOWNLOAD_CATEGORY_IDS} />
        </Select>
      </Field>
      <Field label={t('downloadLang')}>
        <Select value={lang} disabled={busy} onChange={(_, d) => isLang(d.value) && setLang(d.value)} data-testid="download-lang">
          <LanguageOptions />
        </Select>
      </Field>
      <div className={section.actions}>
        <Button appearance="primary" disabled={busy} onClick={() => void onGetLink()} data-testid="download-get-link">
          {linkTask.running ? t('gettingLink') : t('getLink')}
        </Button>
      </div>
      <ErrorMessage testId="download-error" message={linkTask.error ?? copyTask.error ?? importTask.error} />

      {link ? (
        <div className={section.group} data-testid="download-result">
          <Field label={t('downloadLink')}>
            <Input readOnly value={link.url} onFocus={(e) => e.currentTarget.select()} data-testid="download-url" />
          </Field>
          <Text data-testid="download-expiry">{t('linkExpires', { date: dateText ?? '', days: daysLeft(link.expiresAt, new Date()) })}</Text>
          <div className={section.actions}>
            <Button onClick={() => void onCopy()} disabled={busy} data-testid="download-copy">
              {t('copyLink')}
            </Button>
            {href ? (
              <Link href={href} target="_blank" rel="noopener noreferrer" data-testid="download-open">
                {t('downloadLink')}
              </Link>
            ) : null}
            {copied ? (
              <Text role="status" data-testid="download-copied">
                {t('copied')}
              </Text>
            ) : null}
          </div>
          <Field label={t('columns')} hint={t('importCategoryHint')}>
            <Select value={preset} disabled={busy} onChange={(_, d) => setPreset(COLUMN_PRESETS.find((p) => p === d.value) ?? 'all')} data-testid="download-columns">
              {COLUMN_PRESETS.map((p) => (
                <option key={p} value={p}>
                  {t(`preset_${p}`)}
                </option>
              ))}
            </Select>
          </Field>
          <div className={section.actions}>
            <Button disabled={busy || !inExcel} onClick={() => void onImport()} data-testid="download-import">
              {t('importCategory')}
            </Button>
          </div>
          <NeedsExcelNote size={200} />
        </div>
      ) : null}

      <ImportProgressView task={importTask} testId="download-import-progress" />
      {summary ? <ImportSummaryView summary={summary} testId="download-import-summary" /> : null}
      {linkTask.running ? <InfoMessage testId="download-busy" intent="info">{t('gettingLink')}</InfoMessage> : null}
    </div>
  );
}
