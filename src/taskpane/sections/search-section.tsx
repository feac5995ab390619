import { Button, Field, Select, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { CATEGORY_IDS, MAX_PRODUCTS_PER_CALL, isCategoryId, type CategoryId } from '../../../api/vocabulary';
import type { Preferences } from '../../settings/settings';
import { createEmptyRow, formatRows, parseRawFilter, rowsToFilter, translateRows, validateRow, type BuilderContext, type ConditionRow } from '../builder/conditions';
import { keepColumnsFor, presetFields } from '../builder/presets';
import { measureUrl } from '../builder/url-meter';
import { orderRowsToItems, validateOrder, type OrderRow } from '../builder/order';
import { toFieldChoices } from '../../settings/field-units';
import type { SearchResult } from '../../../api/client/client-types';
import type { ImportProgress, ImportSummary, TaskpaneServices } from '../adapter/services';
import { useUi } from '../ui-context';
import { useTask, type Task } from '../use-task';
import { ColumnPicker, type ColumnSelection } from './column-picker';
import { ErrorMessage, InfoMessage, NeedsExcelNote, TaskProgress, CategoryOptions, useSectionStyles } from './common';
import { ConditionRowEditor } from './condition-row-editor';
import { OrderEditor } from './order-editor';
import { PreviewTable } from './preview-table';

const useStyles = makeStyles({
  meter: { fontVariantNumeric: 'tabular-nums' },
  meterOver: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  raw: { fontFamily: tokens.fontFamilyMonospace },
});

const DEFAULT_CATEGORY: CategoryId = 'ceramicCapacitorsSMD';

export interface SearchSectionProps {
  services: TaskpaneServices;
  preferences: Preferences;
}

/** Search & import: category, condition rows ↔ raw $filter, order, columns, URL meter, preview, import. */
export function SearchSection({ services, preferences }: SearchSectionProps): JSX.Element {
  const styles = useStyles();
  const section = useSectionStyles();
  const { t, busy, inExcel, uiLang } = useUi();
  const lang = preferences.lang;
  const [category, setCategory] = useState<CategoryId | undefined>(DEFAULT_CATEGORY);
  const [rows, setRows] = useState<ConditionRow[]>([]);
  const [rawText, setRawText] = useState('');
  const [rawError, setRawError] = useState<string>();
  const [orderRows, setOrderRows] = useState<OrderRow[]>([]);
  const [columns, setColumns] = useState<ColumnSelection>({ preset: 'keySpecs', keys: presetFields('keySpecs', DEFAULT_CATEGORY) });
  const [preview, setPreview] = useState<Pick<SearchResult, 'products' | 'hasMoreHits'> & { columns: string[] }>();
  const [summary, setSummary] = useState<ImportSummary>();
  const [showProblems, setShowProblems] = useState(false);
  const previewTask = useTask();
  const importTask = useTask<ImportProgress>();
  const previousLang = useRef(lang);

  const context: BuilderContext = { category, lang };

  useEffect(() => {
    const from = previousLang.current;
    previousLang.current = lang;
    if (from === lang) return;
    // Only a change of data language rewrites the rows (list values into the new language).
    const translated = translateRows(rows, from, lang);
    setRows(translated);
    setRawText(formatRows(translated, { category, lang }));
    setRawError(undefined);
  }, [lang, rows, category]);

  function updateRows(next: ConditionRow[]): void {
    setRows(next);
    setRawText(formatRows(next, context));
    setRawError(undefined);
  }

  function applyRawText(text: string, ctx: BuilderContext): void {
    setRawText(text);
    const result = parseRawFilter(text, ctx);
    if (!result.ok) {
      setRawError(result.message);
      return;
    }
    setRawError(undefined);
    setRows(result.rows);
    if (result.category && result.category !== ctx.category) changeCategory(result.category, false);
  }

  function changeCategory(next: CategoryId | undefined, rewriteText = true): void {
    setCategory(next);
    setColumns((current) =>
      current.preset === 'custom'
        ? { preset: 'custom', keys: keepColumnsFor(current.keys, next), units: current.units }
        : { preset: current.preset, keys: presetFields(current.preset, next), units: current.units },
    );
    if (!rewriteText) return;
    if (rawError) applyRawText(rawText, { category: next, lang });
    else setRawText(formatRows(rows, { category: next, lang }));
  }

  const filter = rowsToFilter(rows, context);
  const orderby = orderRowsToItems(orderRows);
  const rowProblems = rows.map((r) => validateRow(r, context));
  const orderProblem = validateOrder(orderRows, category);
  const meter = measureUrl({ baseUrl: preferences.baseUrl, category, filter, orderby, lang });
  const blocked = !!rawError || rowProblems.some(Boolean) || !!orderProblem || meter.over;
  const request = { category, filter, orderby, lang };

  async function onPreview(): Promise<void> {
    setShowProblems(true);
    if (blocked) return;
    setSummary(undefined);
    const keys = columns.keys;
    const result = await previewTask.run((signal) => services.search(request, signal));
    if (result) setPreview({ ...result, columns: keys });
  }

  async function onImport(): Promise<void> {
    setShowProblems(true);
    if (blocked || columns.keys.length === 0) return;
    setSummary(undefined);
    const result = await importTask.run((signal, onProgress) => services.importProducts({ ...request, fields: toFieldChoices(columns.keys, columns.units), labels: uiLang }, onProgress, signal));
    if (result) setSummary(result);
  }

  const running = previewTask.running || importTask.running;

  return (
    <div className={section.section}>
      <Field label={t('category')}>
        <Select
          value={category ?? ''}
          disabled={busy}
          onChange={(_, d) => changeCategory(isCategoryId(d.value) ? d.value : undefined)}
          data-testid="search-category"
        >
          <option value="">{t('anyCategory')}</option>
          <CategoryOptions ids={CATEGORY_IDS} />
        </Select>
      </Field>

      <fieldset className={section.group} data-testid="search-conditions">
        <legend className={section.legend}>{t('conditions')}</legend>
        {rows.map((row, i) => (
          <ConditionRowEditor
            key={row.id}
            row={row}
            index={i}
            context={context}
            disabled={busy}
            showIncomplete={showProblems}
            onChange={(next) => updateRows(rows.map((r) => (r.id === row.id ? next : r)))}
            onRemove={() => updateRows(rows.filter((r) => r.id !== row.id))}
          />
        ))}
        <div className={section.actions}>
          <Button size="small" disabled={busy} onClick={() => updateRows([...rows, createEmptyRow()])} data-testid="search-add-condition">
            {t('addCondition')}
          </Button>
        </div>
      </fieldset>

      <Field label={t('rawFilter')} hint={rawError ? undefined : t('rawFilterHint')} validationMessage={rawError} validationState={rawError ? 'error' : 'none'}>
        <Textarea
          className={styles.raw}
          value={rawText}
          disabled={busy}
          resize="vertical"
          spellCheck={false}
          onChange={(_, d) => applyRawText(d.value, context)}
          data-testid="search-raw-filter"
        />
      </Field>

      <OrderEditor category={category} rows={orderRows} onChange={setOrderRows} disabled={busy} />

      <ColumnPicker category={category} selection={columns} onChange={setColumns} disabled={busy} testId="search-columns" legend={t('columns')} />

      <div aria-live="polite">
        <Text className={meter.over ? styles.meterOver : styles.meter} data-testid="search-url-meter" data-bytes={meter.bytes} data-over={meter.over}>
          {t('urlMeter', { bytes: meter.bytes, budget: meter.budget })}
        </Text>
        {meter.over ? <ErrorMessage testId="search-url-over" message={t('urlMeterOver')} /> : null}
      </div>

      {showProblems && blocked && !meter.over ? <ErrorMessage testId="search-blocked" message={t('fixFilter')} /> : null}
      {showProblems && columns.keys.length === 0 ? <ErrorMessage testId="search-no-columns" message={t('chooseColumns')} /> : null}

      <div className={section.actions}>
        <Button onClick={() => void onPreview()} disabled={busy} data-testid="search-preview-button">
          {t('preview')}
        </Button>
        <Button appearance="primary" onClick={() => void onImport()} disabled={busy || !inExcel} data-testid="search-import-button">
          {t('importToSheet')}
        </Button>
      </div>
      <NeedsExcelNote size={200} />

      <ImportProgressView task={importTask} testId="search-import-progress" />
      {previewTask.running ? <TaskProgress testId="search-preview-progress" label={t('loading')} onCancel={previewTask.cancel} /> : null}

      <ErrorMessage testId="search-error" message={previewTask.error ?? importTask.error} />
      {summary ? <ImportSummaryView summary={summary} /> : null}
      {preview && !running ? <PreviewTable products={preview.products} columns={preview.columns} hasMoreHits={preview.hasMoreHits} /> : null}
    </div>
  );
}

/** An import under way: requests and products so far, with Cancel. */
export function ImportProgressView({ task, testId }: { task: Task<ImportProgress>; testId: string }): JSX.Element | null {
  const { t } = useUi();
  if (!task.running) return null;
  const progress = task.progress;
  return (
    <TaskProgress
      testId={testId}
      label={t('importing')}
      detail={progress ? progressDetail(progress, t) : undefined}
      onCancel={task.cancel}
    />
  );
}

/** Requests and products of a search; products and megabytes of a category file as it streams in. */
function progressDetail(progress: ImportProgress, t: ReturnType<typeof useUi>['t']): string {
  if (progress.bytes === undefined) return t('importProgress', { requests: progress.requests, products: progress.products });
  return t('importProgressFile', { products: progress.products, megabytes: (progress.bytes / (1024 * 1024)).toFixed(1) });
}

/** What an import did, including the harvest past 2000. */
export function ImportSummaryView({ summary, testId = 'search-import-summary' }: { summary: ImportSummary; testId?: string }): JSX.Element {
  const { t } = useUi();
  if (summary.products === 0) return <InfoMessage testId={testId} intent="info">{t('importEmpty')}</InfoMessage>;
  return (
    <InfoMessage testId={testId}>
      {t(summary.fromFile ? 'importDoneFile' : summary.requests === 1 ? 'importDoneOne' : 'importDone', {
        products: summary.products,
        sheet: summary.sheetName,
        requests: summary.requests,
      })}
      {summary.harvested && !summary.fromFile ? ` ${t('importHarvest', { cap: MAX_PRODUCTS_PER_CALL, requests: summary.requests })}` : ''}
    </InfoMessage>
  );
}
