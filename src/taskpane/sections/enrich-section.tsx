import {
  Button,
  Checkbox,
  Field,
  Radio,
  RadioGroup,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components';
import { useRef, useState } from 'react';
import type { Preferences } from '../../settings/settings';
import { keepChosenOrder } from '../builder/presets';
import { toFieldChoices } from '../../settings/field-units';
import type { EnrichmentProgress, EnrichmentReport } from '../../../core/enrich/run-enrichment';
import type { LargeChange } from '../../../core/enrich/keep-answers';
import { LOOKUP_STATUSES, type LookupStatus } from '../../../api/client/lookup';
import type { BomColumnInfo } from '../../sheets/bom-tools';
import type { FoundBom, TaskpaneServices } from '../adapter/services';
import { ReplacementsPanel } from './replacements-panel';
import { ReplaceEverywherePanel, type ReplaceEverywhereStart } from './replace-everywhere-panel';
import { SuggestionsPanel, rowSuggestions } from './suggestions-panel';
import { SKIPPED_KINDS, type MessageKey } from '../i18n';
import { useUi } from '../ui-context';
import { useTask } from '../use-task';
import { useBomAroundSelection } from '../use-bom-around-selection';
import { ColumnPicker, type ColumnSelection } from './column-picker';
import { ErrorMessage, InfoMessage, NeedsExcelNote, TaskProgress, useSectionStyles } from './common';
import { AlternatePicker, CandidatePicker } from './part-column-choice';
import { BomRulesPicker } from './bom-rules-picker';

const ENRICH_PHASE_LABELS: Readonly<Record<EnrichmentProgress['phase'], MessageKey>> = {
  reading: 'enrichPhase_reading',
  'looking up': 'enrichPhase_lookingUp',
  searching: 'enrichPhase_searching',
  writing: 'enrichPhase_writing',
};

export interface EnrichSectionProps {
  services: TaskpaneServices;
  preferences: Preferences;
}

/** Enrich BOM: the part-number column, the fields to add, how to write them, and the match summary. */
export function EnrichSection({ services, preferences }: EnrichSectionProps): JSX.Element {
  const section = useSectionStyles();
  const { t, busy, inExcel } = useUi();
  const [inspection, setInspection] = useState<FoundBom>();
  const [column, setColumn] = useState('');
  const [alternateColumns, setAlternateColumns] = useState<string[]>([]);
  // True once the user chose the column (Find, the picker, the list, a second source): Enrich then
  // uses it while the user stays where it was chosen. Switching sheet or moving the selection
  // drops the choice: the pane then names the BOM around the new selection, and Enrich writes there.
  const [pinned, setPinned] = useState(false);
  // Each reading of the BOM gets a number: an answer older than the latest is dropped.
  const readings = useRef(0);
  const [fields, setFields] = useState<ColumnSelection>({ preset: 'custom', keys: keepChosenOrder(preferences.enrichFields), units: preferences.enrichUnits });
  const [mode, setMode] = useState(preferences.enrichMode);
  const [risk, setRisk] = useState(preferences.enrichRisk);
  const [alternatives, setAlternatives] = useState(preferences.enrichAlternatives);
  const [replacements, setReplacements] = useState(preferences.enrichReplacements);
  const [suggest, setSuggest] = useState(preferences.enrichSuggest);
  const [checks, setChecks] = useState(false);
  const [highlight, setHighlight] = useState(true);
  // A replacement just used in one row, offered for every BOM sheet of the workbook.
  const [everywhere, setEverywhere] = useState<ReplaceEverywhereStart>();
  // The core's report of the last run, and the requests it took (the client's totals).
  const [summary, setSummary] = useState<{ report: EnrichmentReport; requests: number }>();
  const [selected, setSelected] = useState<number>();
  const detectTask = useTask();
  const enrichTask = useTask<EnrichmentProgress>();
  const selectTask = useTask();
  // A run that would change most of the last answers waits here for the user's word before it writes.
  const [confirming, setConfirming] = useState<{ change: LargeChange; answer: (write: boolean) => void }>();

  function show(result: FoundBom, pin: boolean): void {
    setInspection(result);
    setColumn(result.detected ?? result.columns[0]?.id ?? '');
    setAlternateColumns([]);
    setPinned(pin);
  }

  /**
   * Reads the BOM around the selection at the user's press (Find, Enrich): when two columns are
   * about as likely, the picker's choice is then pinned, so the next Enrich uses it.
   */
  async function inspect(pin: boolean): Promise<FoundBom | undefined> {
    const reading = ++readings.current;
    const result = await detectTask.run(() => services.inspectBom());
    if (!result || reading !== readings.current) return undefined;
    show(result, pin || result.ambiguous === true);
    return result;
  }

  // The pane names the sheet and column Enrich will write, from the first look and whenever the
  // user switches sheet or moves the selection; never pinned, even when two columns are about as
  // likely: only a press pins a choice.
  useBomAroundSelection(services, (result) => (result ? show(result, false) : setInspection(undefined)), readings);

  function onPickColumn(id: string): void {
    setColumn(id);
    setAlternateColumns((chosen) => chosen.filter((c) => c !== id));
    setPinned(true);
  }

  function onPickAlternates(ids: string[]): void {
    setAlternateColumns(ids);
    setPinned(true);
  }

  async function onEnrich(): Promise<void> {
    if (fields.keys.length === 0) return;
    setSummary(undefined);
    setSelected(undefined);
    // Enrich looks at the BOM around the selection as it is now, on the sheet the user is looking
    // at: a column chosen earlier is kept only while it is still on that BOM. When two columns are
    // about as likely, the picker is shown and nothing is written until the user presses Enrich again.
    const chosen = pinned ? { sheetName: inspection?.sheetName, column, alternateColumns } : undefined;
    const found = await inspect(false);
    if (!found) return;
    const keep = chosen !== undefined && chosen.sheetName === found.sheetName && found.columns.some((c) => c.id === chosen.column);
    if (keep) {
      setColumn(chosen.column);
      setAlternateColumns(chosen.alternateColumns);
      setPinned(true);
    } else if (found.ambiguous || found.refused) return;
    const result = await enrichTask.run(async (signal, onProgress) => {
      // The ribbon's Enrich selection runs with these last-used choices.
      await services.settings.save({ enrichFields: fields.keys, enrichMode: mode, enrichRisk: risk, enrichAlternatives: alternatives, enrichReplacements: replacements, enrichSuggest: suggest, enrichUnits: fields.units ?? {} });
      const request = keep ? { partColumn: chosen.column || undefined, alternateColumns: chosen.alternateColumns.length > 0 ? chosen.alternateColumns : undefined } : {};
      const before = await services.requestCount();
      const confirmLargeChange = (change: LargeChange): Promise<boolean> =>
        new Promise((resolve) =>
          setConfirming({
            change,
            answer: (write) => {
              setConfirming(undefined);
              resolve(write);
            },
          }),
        );
      const report = await services.enrich({ ...request, fields: toFieldChoices(fields.keys, fields.units), mode, risk, alternatives, replacements, suggest, checks, highlight, lang: preferences.lang, onProgress, confirmLargeChange }, signal);
      return { report, requests: (await services.requestCount()) - before };
    });
    if (result) setSummary(result);
  }

  async function onSelectChanged(): Promise<void> {
    const n = await selectTask.run(() => services.selectChangedRows());
    if (n !== undefined) setSelected(n);
  }

  async function onSelectNotFound(): Promise<void> {
    const n = await selectTask.run(() => services.selectRowsWithStatus(['notFound']));
    if (n !== undefined) setSelected(n);
  }

  const detected = inspection?.columns.find((c) => c.id === inspection.detected);
  const candidates = inspection?.ambiguous ? (inspection.candidates ?? []) : [];
  const progress = enrichTask.progress;

  return (
    <div className={section.section}>
      <NeedsExcelNote />
      <fieldset className={section.group} data-testid="enrich-column">
        <legend className={section.legend}>{t('partColumn')}</legend>
        <div className={section.actions}>
          <Button onClick={() => void inspect(true)} disabled={busy || !inExcel} data-testid="enrich-detect">
            {t('detectColumn')}
          </Button>
        </div>
        {inspection && (!inspection.refused || pinned) ? (
          detected ? (
            <InfoMessage testId="enrich-detected" intent="info">
              {t('detectedColumn', { header: detected.header, column: detected.letter, sheet: inspection.sheetName, rows: inspection.rows })}
            </InfoMessage>
          ) : (
            <ErrorMessage testId="enrich-detected" message={t('noPartColumn')} />
          )
        ) : null}
        {inspection?.refused && !pinned ? (
          <InfoMessage testId="enrich-refused" intent="warning">
            {detected ? t('refusedColumn', { column: detected.letter, header: detected.header }) : t('refusedNoColumn')}
          </InfoMessage>
        ) : null}
        {inspection?.refused && detected && !pinned ? (
          <div className={section.actions}>
            <Button onClick={() => onPickColumn(detected.id)} disabled={busy} data-testid="enrich-use-detected">
              {t('useColumn', { column: detected.letter })}
            </Button>
          </div>
        ) : null}
        {inspection?.note ? (
          <InfoMessage testId="enrich-note" intent="info">
            {inspection.note}
          </InfoMessage>
        ) : null}
        {candidates.length > 1 ? <CandidatePicker candidates={candidates} value={column} onChange={onPickColumn} disabled={busy} /> : null}
        {inspection && inspection.columns.length > 0 ? (
          <Field label={t('pickColumn')}>
            <Select value={column} disabled={busy} onChange={(_, d) => onPickColumn(d.value)} data-testid="enrich-column-select">
              {inspection.columns.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.header ? `${c.letter}: ${c.header}` : c.letter}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {inspection ? <AlternatePicker options={alternateOptions(inspection, column)} chosen={alternateColumns} onChange={onPickAlternates} disabled={busy} /> : null}
        <ErrorMessage testId="enrich-detect-error" message={detectTask.error} />
      </fieldset>

      <ColumnPicker category={undefined} selection={fields} onChange={setFields} disabled={busy} testId="enrich-fields" legend={t('fieldsToAdd')} />

      <Field label={t('writeAs')}>
        <RadioGroup value={mode} onChange={(_, d) => setMode(d.value === 'formulas' ? 'formulas' : 'values')} disabled={busy} data-testid="enrich-mode">
          <Radio value="values" label={t('writeValues')} data-testid="enrich-mode-values" />
          <Radio value="formulas" label={t('writeFormulas')} data-testid="enrich-mode-formulas" />
        </RadioGroup>
      </Field>
      <div>
        <Checkbox label={t('addRisk')} checked={risk} disabled={busy} onChange={(_, d) => setRisk(d.checked === true)} data-testid="enrich-risk" />
        <Checkbox
          label={t('addAlternatives')}
          checked={alternatives}
          disabled={busy}
          onChange={(_, d) => setAlternatives(d.checked === true)}
          data-testid="enrich-alternatives"
        />
        <Checkbox
          label={t('addReplacements')}
          checked={replacements}
          disabled={busy}
          onChange={(_, d) => setReplacements(d.checked === true)}
          data-testid="enrich-replacements"
        />
        <Checkbox label={t('addSuggestions')} checked={suggest} disabled={busy} onChange={(_, d) => setSuggest(d.checked === true)} data-testid="enrich-suggest" />
        <BomRulesPicker services={services} checks={checks} onChecks={setChecks} />
        <Checkbox
          label={t('highlight')}
          checked={highlight}
          disabled={busy}
          onChange={(_, d) => setHighlight(d.checked === true)}
          data-testid="enrich-highlight"
        />
      </div>

      {fields.keys.length === 0 ? <ErrorMessage testId="enrich-no-fields" message={t('chooseColumns')} /> : null}
      <div className={section.actions}>
        <Button
          appearance="primary"
          onClick={() => void onEnrich()}
          disabled={busy || !inExcel || fields.keys.length === 0}
          data-testid="enrich-run"
        >
          {t('enrich')}
        </Button>
      </div>

      {confirming ? (
        <div data-testid="enrich-confirm">
          <InfoMessage testId="enrich-large-change" intent="warning">
            {t('largeChange', { changed: confirming.change.changed, answered: confirming.change.answered })}
          </InfoMessage>
          <div className={section.actions}>
            <Button onClick={() => confirming.answer(true)} data-testid="enrich-write-anyway">
              {t('writeAnyway')}
            </Button>
            <Button appearance="primary" onClick={() => confirming.answer(false)} data-testid="enrich-dont-write">
              {t('dontWrite')}
            </Button>
          </div>
        </div>
      ) : null}
      {enrichTask.running ? (
        <TaskProgress
          testId="enrich-progress"
          label={t('enriching')}
          value={progress && progress.totalRows > 0 ? progress.rowsWritten / progress.totalRows : undefined}
          detail={progress ? t('enrichProgress', { phase: t(ENRICH_PHASE_LABELS[progress.phase]), done: progress.rowsWritten, total: progress.totalRows }) : undefined}
          onCancel={enrichTask.cancel}
        />
      ) : null}
      <ErrorMessage testId="enrich-error" message={enrichTask.error ?? selectTask.error} />
      {summary?.report.status === 'cancelled' ? (
        // Said once: which rows were written; the rows not reached kept their values.
        <InfoMessage testId="enrich-cancelled" intent="warning">
          {summary.report.message}
        </InfoMessage>
      ) : null}
      {summary?.report.status === 'done' ? (
        <EnrichSummaryView report={summary.report} requests={summary.requests} onSelectNotFound={() => void onSelectNotFound()} onSelectChanged={() => void onSelectChanged()} disabled={busy} selected={selected} />
      ) : null}
      {summary?.report.status === 'done' && summary.report.suggestions && summary.report.suggestions.rows.length > 0 ? <SuggestionsPanel services={services} rows={rowSuggestions(summary.report.bom.region.sheetName, summary.report.suggestions.rows)} /> : null}
      {summary?.report.status === 'done' ? <ReplacementsPanel services={services} onEverywhere={setEverywhere} /> : null}
      <ReplaceEverywherePanel key={everywhere ? `${everywhere.oldPart}>${everywhere.newPart}` : ''} services={services} lang={preferences.lang} start={everywhere} />
    </div>
  );
}

/**
 * Columns offered as second sources of the chosen one: the detected column's second sources
 * (MPN2 beside MPN) and the other candidates, never the chosen column itself.
 */
function alternateOptions(inspection: FoundBom, chosen: string): BomColumnInfo[] {
  const ids = new Set([...(inspection.alternates ?? []), ...(inspection.candidates ?? []).map((c) => c.id), inspection.detected ?? '']);
  ids.delete(chosen);
  return inspection.columns.filter((c) => ids.has(c.id));
}

type SkippedKind = (typeof SKIPPED_KINDS)[number];

/** Rows of a set per match status (blank part-number cells are not a status), and rows not looked up by why. */
function countsOf(tally: EnrichmentReport['sets'][number]['tally'] | undefined): { counts: Record<LookupStatus, number>; skipped: Record<SkippedKind, number> } {
  return {
    counts: Object.fromEntries(LOOKUP_STATUSES.map((s) => [s, tally?.counts[s] ?? 0])) as Record<LookupStatus, number>,
    skipped: Object.fromEntries(SKIPPED_KINDS.map((k) => [k, tally?.kinds?.[k] ?? 0])) as Record<SkippedKind, number>,
  };
}

/** The core's report of a finished run as the pane shows it: the first set's counts, the second sources', changes and synthetic answers. */
function EnrichSummaryView(props: { report: EnrichmentReport; requests: number; onSelectNotFound: () => void; onSelectChanged: () => void; disabled: boolean; selected?: number }): JSX.Element {
  const section = useSectionStyles();
  const { t, uiLang } = useUi();
  const { report } = props;
  const [first, ...alternates] = report.sets;
  const { counts, skipped } = countsOf(first?.tally);
  const rows = LOOKUP_STATUSES.reduce((n, s) => n + counts[s], 0);
  // Only a re-enrichment compares, so only then does the summary speak of changes.
  const changedRows = first?.changes?.report.changedRows.length;
  const notOurs = first?.tally.notOurs ?? 0;
  return (
    <div className={section.group} data-testid="enrich-summary">
      <Text weight="semibold">{t('enrichDone', { rows, requests: props.requests })}</Text>
      <Table size="extra-small" aria-label={t('matchStatus')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('matchStatus')}</TableHeaderCell>
            <TableHeaderCell>{t('count')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {LOOKUP_STATUSES.map((status) => (
            <TableRow key={status} data-testid={`enrich-count-${status}`}>
              <TableCell>{t(`match_${status}`)}</TableCell>
              <TableCell>{counts[status].toLocaleString(uiLang)}</TableCell>
            </TableRow>
          ))}
          {SKIPPED_KINDS.filter((kind) => skipped[kind] > 0).map((kind) => (
            <TableRow key={kind} data-testid={`enrich-skipped-${kind}`}>
              <TableCell>
                {t('notLookedUp')}: {t(`skipped_${kind}`)}
              </TableCell>
              <TableCell>{skipped[kind].toLocaleString(uiLang)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {report.synthetic > 0 ? (
        <InfoMessage testId="enrich-synthetic" intent="warning">
          {t('enrichSynthetic', { n: report.synthetic })}
        </InfoMessage>
      ) : null}
      {notOurs > 0 ? <Text data-testid="enrich-not-ours">{t('notOurs', { n: notOurs })}</Text> : null}
      {alternates.map((a) => {
        const of = countsOf(a.tally);
        return (
          <Text key={a.source} data-testid="enrich-alternate-summary">
            {t('alternateDone', { source: a.source ?? '', ...of.counts, skipped: SKIPPED_KINDS.reduce((n, kind) => n + of.skipped[kind], 0) })}
          </Text>
        );
      })}
      <div className={section.actions}>
        <Button onClick={props.onSelectNotFound} disabled={props.disabled || !counts.notFound} data-testid="enrich-select-not-found">
          {t('selectNotFound')}
        </Button>
        {changedRows !== undefined ? (
          <Button onClick={props.onSelectChanged} disabled={props.disabled || !changedRows} data-testid="enrich-select-changed">
            {t('selectChanged')}
          </Button>
        ) : null}
      </div>
      {changedRows !== undefined ? <Text data-testid="enrich-changed">{t('changedRows', { n: changedRows })}</Text> : null}
      {props.selected !== undefined ? <Text data-testid="enrich-selected">{t('selectedRows', { n: props.selected })}</Text> : null}
    </div>
  );
}
