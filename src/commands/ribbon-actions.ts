/**
 * What the ribbon's buttons do, apart from their registration (commands.ts): this module brings
 * the sheets code, so the page Excel loads for =PART.* fetches it only when a button is clicked.
 */
import { getSharedSession, type SessionProvider } from '../settings/session';
import { resolveUiLanguage } from '../settings/settings';
import { summarizeBomInExcel, type BomSummaryResult } from '../sheets/bom-summary';
import { publishNotice } from './notices';
import { toFieldChoices } from '../settings/field-units';
import { describeAmbiguity, describeLayoutNotice } from '../../core/bom/layout-notes';
import { describeRowSummary } from '../../core/bom/bom-rows';
import type { Lang } from '../../api/vocabulary';
import { NOTICE_WORDS } from './notice-words';
import { enrichSelection as enrichSheetSelection } from '../sheets/enrich';
import { locateMessage } from '../sheets/read-bom';
import type { BomLayout } from '../../core/bom/bom';
import { userMessageOf } from '../../core/enrich/failures';
import { describePaneServiceError } from '../../core/pane-service-error-words';
import { describeRareServiceError } from '../../core/service-error-words';
import { describeSyntheticAnswers } from '../../core/cells/synthetic';
import type { EnrichmentReport, EnrichmentRun } from '../../core/enrich/run-enrichment';
import { officeDocumentSettings, type RunExcel } from '../sheets/deps';
import { sayingOfficeErrors } from '../sheets/office-errors';
import { refreshWorkbook, type RefreshResult } from '../sheets/refresh';

/** What the commands need; tests and the workbench pass their own. */
export interface CommandDeps {
  run: RunExcel;
  /** The runtime's shared client and Settings (the functions read the same cache). */
  session: SessionProvider;
  settings: ReturnType<typeof officeDocumentSettings>;
}

/** The deps of the running add-in: Excel itself, the shared session, the workbook's settings. */
export function officeDeps(): CommandDeps {
  const session = getSharedSession();
  // A notice says Excel's errors in the pane's language, never in Office's own words.
  const lang = async () => resolveUiLanguage((await session.current()).preferences.uiLanguage, Office.context.displayLanguage);
  return { run: sayingOfficeErrors((batch) => Excel.run(batch), lang), session, settings: officeDocumentSettings() };
}

/**
 * Enrich selection with the saved preferences; the outcome is a notice, and the pane opens when
 * nothing was enriched. Resolves to the core's report (undefined when the saved fields could not
 * be used). How the column was chosen and what changed are said in the pane's language.
 */
export async function runEnrichSelection(deps: CommandDeps, displayLanguage?: string): Promise<EnrichmentRun | undefined> {
  const { preferences, client } = await deps.session.current();
  const words = resolveUiLanguage(preferences.uiLanguage, displayLanguage);
  let run: EnrichmentRun;
  try {
    run = await enrichSheetSelection(
      { run: deps.run, client },
      { fields: toFieldChoices(preferences.enrichFields, preferences.enrichUnits), mode: preferences.enrichMode, risk: preferences.enrichRisk, alternatives: preferences.enrichAlternatives, replacements: preferences.enrichReplacements, suggest: preferences.enrichSuggest, lang: preferences.lang },
    );
  } catch (error) {
    publishNotice({ command: 'enrichSelection', ok: false, message: failureIn(error, words) }, true);
    return undefined;
  }
  const done = run.ok && run.status === 'done';
  const set = run.ok ? run.sets[0] : undefined;
  const tally = set ? describeRowSummary(set.tally.line, undefined, words) : '';
  const outcome = !run.ok ? locateMessage(run, words) : run.status === 'done' ? `${NOTICE_WORDS[words].enriched(tally)}${layoutText(run.bom.layout, words)}${changedText(run, words)}` : ((run.error === undefined ? undefined : serviceFailureIn(run.error, words)) ?? run.message ?? NOTICE_WORDS[words].unfinished);
  // Synthetic answers are said once, as partspec enrich says them, wherever they were written.
  const message = run.ok && run.written > 0 && run.synthetic > 0 ? `${outcome} ${describeSyntheticAnswers(run.synthetic, words)}` : outcome;
  // When no row was written (no BOM, a failed lookup) the notice is the only word: the pane opens to show it.
  publishNotice({ command: 'enrichSelection', ok: done, message }, !run.ok || run.written === 0);
  return run;
}

/**
 * BOM summary: creates or updates the PartSpec Summary sheet of the BOM around the selection, in
 * the pane's language, with the Enrich choices of Settings (data language); the outcome is a
 * notice, and the pane opens when the summary could not be written.
 */
export async function runBomSummary(deps: CommandDeps, displayLanguage?: string): Promise<BomSummaryResult> {
  const { preferences, client } = await deps.session.current();
  const labels = resolveUiLanguage(preferences.uiLanguage, displayLanguage);
  const result = await summarizeBomInExcel({ run: deps.run, client }, { lang: preferences.lang, labels, locale: displayLanguage, writeSheet: true });
  const message =
    result.status === 'done'
      ? NOTICE_WORDS[labels].summaryWritten(result.summary.rows, result.summarySheet ?? '', result.summary.atRisk.length, result.summary.ending.length)
      : (result.status === 'failed' && result.error !== undefined ? serviceFailureIn(result.error, labels) : undefined) ?? result.message;
  publishNotice({ command: 'bomSummary', ok: result.status === 'done', message }, result.status !== 'done');
  return result;
}

/** Refresh: clear the cache, recalculate PART cells, re-run recorded imports in place; the notice is in the pane's language. */
export async function runRefresh(deps: CommandDeps, displayLanguage?: string): Promise<RefreshResult> {
  const { client, preferences } = await deps.session.current();
  const words = resolveUiLanguage(preferences.uiLanguage, displayLanguage);
  const result = await refreshWorkbook({ run: deps.run, client, settings: deps.settings }, { labels: words });
  const failed = Object.entries(result.imports).filter(([, r]) => r.status !== 'done');
  const message = failed.length === 0 && result.recalculated
    ? `${NOTICE_WORDS[words].refreshed(Object.keys(result.imports).length)}${importChangesText(result, words)}`
    : [result.message, ...failed.map(([name, r]) => `${name}: ${r.message ?? r.status}`)].filter(Boolean).join(' ');
  publishNotice({ command: 'refresh', ok: failed.length === 0 && result.recalculated, message }, false);
  return result;
}

/** The service's failures in the pane's language (Japanese, Chinese); undefined in English and for other failures. */
function serviceFailureIn(error: unknown, lang: Lang): string | undefined {
  return describePaneServiceError(error, lang) ?? describeRareServiceError(error, lang, { ja: '設定', zh: '设置' });
}

/** A failure as a notice says it: the service's failures in the pane's language, anything else in its own words. */
function failureIn(error: unknown, lang: Lang): string {
  return serviceFailureIn(error, lang) ?? userMessageOf(error);
}

/**
 * How the part-number column was chosen when that was not plain, for the notice: the note of a
 * column found by its cells, and both columns when two were about as likely (the ribbon cannot
 * ask; the taskpane's Enrich BOM shows a picker).
 */
function layoutText(layout: BomLayout, lang: Lang): string {
  const said = layout.notice ? describeLayoutNotice(layout.notice, lang) : layout.note;
  const note = said ? ` ${said}` : '';
  const ambiguity = describeAmbiguity(layout, () => NOTICE_WORDS[lang].pickOther, 0, lang);
  return ambiguity ? `${note} ${ambiguity}` : note;
}

/** What a re-enrichment changed, for the notice: the Changes column holds the details. */
function changedText(run: EnrichmentReport, lang: Lang): string {
  const changes = run.sets[0]?.changes;
  if (!changes) return '';
  const n = changes.report.changedRows.length;
  return ` ${n === 0 ? NOTICE_WORDS[lang].unchanged : NOTICE_WORDS[lang].changed(n)}`;
}

/** Rows added, removed and changed per refreshed import, for the notice. */
function importChangesText(result: RefreshResult, lang: Lang): string {
  const words = NOTICE_WORDS[lang];
  const parts = Object.entries(result.imports).flatMap(([name, r]) => (r.changes ? [words.importChanges(name, r.changes.added, r.changes.removed, r.changes.changed)] : []));
  return parts.length > 0 ? words.importChangesList(parts) : '';
}

