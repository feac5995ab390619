/**
 * How the ribbon commands talk to the taskpane. They are separate bundles on one page (the shared
 * runtime), so notices travel through the page's global object and DOM events, not module state.
 * This module has no side effects, so the taskpane can import it without registering commands.
 */
export interface CommandNotice {
  command: 'enrichSelection' | 'refresh' | 'bomSummary';
  ok: boolean;
  message: string;
  time: string;
}

export const COMMAND_NOTICE_EVENT = 'partspec:command-notice';
/** Asks the taskpane to show one of its sections (`detail` is the section id). */
export const SHOW_SECTION_EVENT = 'partspec:show-section';
const LAST_NOTICE = Symbol.for('partspec.lastCommandNotice');
type NoticeHolder = { [LAST_NOTICE]?: CommandNotice };

const canDispatch = (): boolean => typeof dispatchEvent === 'function' && typeof CustomEvent === 'function';

/** The last notice a command left on this page. */
export function lastCommandNotice(): CommandNotice | undefined {
  return (globalThis as NoticeHolder)[LAST_NOTICE];
}

/** Calls the listener with each new notice from any bundle on the page; returns the unsubscribe function. */
export function subscribeCommandNotices(listener: (notice: CommandNotice) => void): () => void {
  if (typeof addEventListener !== 'function') return () => undefined;
  const handler = (event: Event) => listener((event as CustomEvent<CommandNotice>).detail);
  addEventListener(COMMAND_NOTICE_EVENT, handler);
  return () => removeEventListener(COMMAND_NOTICE_EVENT, handler);
}

/** Calls the listener when a command asks the taskpane to show a section. */
export function subscribeSectionRequests(listener: (section: string) => void): () => void {
  if (typeof addEventListener !== 'function') return () => undefined;
  const handler = (event: Event) => listener(String((event as CustomEvent<string>).detail));
  addEventListener(SHOW_SECTION_EVENT, handler);
  return () => removeEventListener(SHOW_SECTION_EVENT, handler);
}

/** Opens the taskpane (where the host can) and, when given, asks it to show a section. */
export async function requestSection(section?: string): Promise<void> {
  try {
    await Office.addin?.showAsTaskpane?.();
  } catch {
    // Older hosts cannot open the pane from a command; the notice stays for when the user opens it.
  }
  if (section && canDispatch()) dispatchEvent(new CustomEvent(SHOW_SECTION_EVENT, { detail: section }));
}

/** Records a command's outcome for the taskpane; opens the pane when the sheet had no place to show it. */
export function publishNotice(notice: Omit<CommandNotice, 'time'>, showPane: boolean): void {
  const full = { ...notice, time: new Date().toISOString() };
  (globalThis as NoticeHolder)[LAST_NOTICE] = full;
  if (canDispatch()) dispatchEvent(new CustomEvent(COMMAND_NOTICE_EVENT, { detail: full }));
  if (showPane) void requestSection();
}
