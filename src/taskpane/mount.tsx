/** Mounting the taskpane, apart from office.js start-up so the workbench can mount it with its own services. */
import { createRoot } from 'react-dom/client';
import { App } from './app';
import type { TaskpaneEnvironment, TaskpaneServices } from './adapter/services';
import { isDarkColor } from './theme';

/** Renders the taskpane into an element; the workbench calls this with its own services and environment. */
export function mountTaskpane(container: Element, services: TaskpaneServices, environment: TaskpaneEnvironment): () => void {
  const root = createRoot(container);
  root.render(<App services={services} environment={environment} />);
  return () => root.unmount();
}

/** What office.js says about the host; outside Office every field is empty and `inExcel` false. */
export function readEnvironment(info: { host: Office.HostType | null } | undefined, search: string): TaskpaneEnvironment {
  const inExcel = !!info && typeof Office !== 'undefined' && info.host === Office.HostType.Excel && typeof Excel !== 'undefined';
  let displayLanguage: string | undefined;
  let officeDark: boolean | undefined;
  try {
    displayLanguage = Office.context?.displayLanguage || undefined;
    officeDark = isDarkColor(Office.context?.officeTheme?.bodyBackgroundColor);
  } catch {
    // Outside Office, Office.context has no document behind it and its getters may throw.
  }
  return {
    inExcel,
    displayLanguage: displayLanguage ?? (typeof navigator === 'undefined' ? undefined : navigator.language),
    officeDark,
    initialSection: new URLSearchParams(search).get('section') ?? undefined,
  };
}

