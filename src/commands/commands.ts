/**
 * Ribbon commands. The ids passed to `Office.actions.associate` are the `<FunctionName>` values of
 * the ExecuteFunction buttons in manifest.xml; the manifest test checks that they match.
 *
 * Excel has no notification API for commands, so they report in the sheet: Enrich selection
 * writes each row's outcome in the `PartSpec: Match` column (or, when the lookup fails, the reason
 * in every row's Match cell); Refresh rewrites the status line above each imported table. When a
 * command cannot find where to report (no BOM around the selection, no key), it keeps the notice
 * for the taskpane (`lastCommandNotice`, `subscribeCommandNotices`) and opens it.
 */
import { getSharedSession, type SessionProvider } from '../settings';
import { publishNotice, requestSection } from './notices';
import { toFieldChoices } from '../taskpane/builder/units';
import { enrichSelection as enrichSheetSelection, officeDocumentSettings, refreshWorkbook, type EnrichResult, type RefreshResult, type RunExcel } from '../sheets';

export { lastCommandNotice, subscribeCommandNotices, type CommandNotice } from './notices';

/** What the commands need; tests and the workbench pass their own. */
export interface CommandDeps {
  run: RunExcel;
  /** The runtime's shared client and Settings (the functions read the same cache). */
  session: SessionProvider;
  settings: ReturnType<typeof officeDocumentSettings>;
}

function officeDeps(): CommandDeps {
  return { run: (batch) => Excel.run(batch), session: getSharedSession(), settings: officeDocumentSettings() };
}

/** Enrich selection with the saved preferences; the outcome is written in the Match column. */
export async function runEnrichSelection(deps: CommandDeps): Promise<EnrichResult> {
  const { preferences, client } = await deps.session.current();
  const result = await enrichSheetSelection(
    { run: deps.run, client },
    { fields: toFieldChoices(preferences.enrichFields, preferences.enrichUnits), mode: preferences.enrichMode, risk: preferences.enrichRisk, alternatives: preferences.enrichAlternatives, replacements: preferences.enrichReplacements, lang: preferences.lang },
  );
  const wroteInSheet = result.columns.length > 0;
  const c = result.counts;
  const message =
    result.status === 'done'
      ? `Enriched ${c.exact + c.variant + c.ambiguous + c.notFound + c.invalid} part numbers: ${c.exact} exact, ${c.variant} variant, ${c.ambiguous} ambiguous, ${c.notFound} not found, ${c.invalid} invalid.${changedText(result)}`
      : (result.message ?? 'Enrich selection did not finish.');
  publishNotice({ command: 'enrichSelection', ok: result.status === 'done', message }, !wroteInSheet);
  return result;
}

/** Refresh: clear the cache, recalculate PART cells, re-run recorded imports in place. */
export async function runRefresh(deps: CommandDeps): Promise<RefreshResult> {
  const { client } = await deps.session.current();
  const result = await refreshWorkbook({ run: deps.run, client, settings: deps.settings });
  const failed = Object.entries(result.imports).filter(([, r]) => r.status !== 'done');
  const message = failed.length === 0 && result.recalculated
    ? `Refreshed: formulas recalculated, ${Object.keys(result.imports).length} import(s) re-run.${importChangesText(result)}`
    : [result.message, ...failed.map(([name, r]) => `${name}: ${r.message ?? r.status}`)].filter(Boolean).join(' ');
  publishNotice({ command: 'refresh', ok: failed.length === 0 && result.recalculated, message }, false);
  return result;
}

/** What a re-enrichment changed, for the notice: the Changes column holds the details. */
function changedText(result: EnrichResult): string {
  const hasChangesColumn = result.columns.some((col) => col.header === 'PartSpec: Changes');
  if (!hasChangesColumn) return '';
  const n = result.changedRows.length;
  return n === 0 ? ' Nothing changed since the last enrichment.' : ` ${n} ${n === 1 ? 'row' : 'rows'} changed since the last enrichment (see PartSpec: Changes).`;
}

/** Rows added, removed and changed per refreshed import, for the notice. */
function importChangesText(result: RefreshResult): string {
  const parts = Object.entries(result.imports).flatMap(([name, r]) => (r.changes ? [`${name}: ${r.changes.added} added, ${r.changes.removed} removed, ${r.changes.changed} changed`] : []));
  return parts.length > 0 ? ` ${parts.join('; ')}.` : '';
}

function complete(event: Office.AddinCommands.Event, work: Promise<unknown>): void {
  work
    .catch((error: unknown) => publishNotice({ command: 'refresh', ok: false, message: error instanceof Error ? error.message : String(error) }, true))
    .finally(() => event.completed());
}

export function enrichSelection(event: Office.AddinCommands.Event): void {
  complete(event, runEnrichSelection(officeDeps()));
}

export function refresh(event: Office.AddinCommands.Event): void {
  complete(event, runRefresh(officeDeps()));
}

/**
 * Settings: opens the taskpane at its Settings section. A shared runtime has one taskpane, so the
 * button runs this function rather than opening a second pane at another address.
 */
export function openSettings(event: Office.AddinCommands.Event): void {
  requestSection('settings').finally(() => event.completed());
}

if (typeof Office !== 'undefined') {
  Office.onReady(() => {
    Office.actions.associate('enrichSelection', enrichSelection);
    Office.actions.associate('refresh', refresh);
    Office.actions.associate('openSettings', openSettings);
  });
}
