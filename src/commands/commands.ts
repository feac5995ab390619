/**
 * Ribbon commands. The ids passed to `Office.actions.associate` are the `<FunctionName>` values of
 * the ExecuteFunction buttons in manifest.xml; the manifest test checks that they match.
 *
 * Excel has no notification API for commands, so they report in the sheet: Enrich selection
 * writes each row's outcome in the `PartSpec: Match` column (a failed lookup writes nothing, and
 * its notice says why); BOM summary writes the PartSpec Summary sheet; Refresh rewrites the status line above each imported table. When a
 * command cannot find where to report (no BOM around the selection, no key), it keeps the notice
 * for the taskpane (notices.ts: `lastCommandNotice`, `subscribeCommandNotices`) and opens it.
 */
import { publishNotice, requestSection, type CommandNotice } from './notices';


/** The ribbon actions' module, fetched on the first click (see ribbon-actions.ts). */
const loadActions = (): Promise<typeof import('./ribbon-actions')> => import(/* webpackChunkName: "ribbon-actions" */ './ribbon-actions');

function complete(event: Office.AddinCommands.Event, command: CommandNotice['command'], work: Promise<unknown>): void {
  work
    .catch((error: unknown) => publishNotice({ command, ok: false, message: error instanceof Error ? error.message : String(error) }, true))
    .finally(() => event.completed());
}

export function enrichSelection(event: Office.AddinCommands.Event): void {
  complete(event, 'enrichSelection', loadActions().then((actions) => actions.runEnrichSelection(actions.officeDeps(), Office.context?.displayLanguage)));
}

export function refresh(event: Office.AddinCommands.Event): void {
  complete(event, 'refresh', loadActions().then((actions) => actions.runRefresh(actions.officeDeps(), Office.context?.displayLanguage)));
}

export function bomSummary(event: Office.AddinCommands.Event): void {
  complete(event, 'bomSummary', loadActions().then((actions) => actions.runBomSummary(actions.officeDeps(), Office.context?.displayLanguage)));
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
    Office.actions.associate('bomSummary', bomSummary);
    Office.actions.associate('openSettings', openSettings);
  });
}
