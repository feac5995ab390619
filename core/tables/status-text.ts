import type { Lang } from '../../api/vocabulary';
import type { ImportRecord } from './metadata';
import { countText, doneStatusParts, STATUS_SEPARATOR, STATUS_WORDS } from './status-words';

/** Texts of the status line above an imported table, in the pane's language; they say what happened in words. */

export function inProgressStatus(lang: Lang = 'en'): string {
  return STATUS_WORDS[lang].inProgress;
}

export function doneStatus(record: ImportRecord, lang: Lang = 'en'): string {
  const q = record.query;
  const time = record.time.slice(0, 16).replace('T', ' ');
  return doneStatusParts(
    { productCount: record.productCount, truncated: record.truncated, category: q.category, filter: q.filter, orderby: q.orderby, lang: record.lang, requestCount: record.requestCount, time },
    lang,
  ).join(STATUS_SEPARATOR);
}

/** `total` is every product there was, when known (a streamed download stopped early does not know it). */
export function cancelledStatus(written: number, total?: number, lang: Lang = 'en'): string {
  const w = STATUS_WORDS[lang];
  return w.cancelled(w.afterRows(countText(written), total === undefined ? undefined : countText(total)));
}

/** `total` as for cancelledStatus; 0 means nothing was fetched, so nothing is said of rows. */
export function failedStatus(written: number, total: number | undefined, message: string, lang: Lang = 'en'): string {
  const w = STATUS_WORDS[lang];
  const rows = total === undefined || total > 0 ? w.afterRows(countText(written), total === undefined ? undefined : countText(total)) : undefined;
  return w.failed(rows, message);
}

export function refreshFailedStatus(message: string, lang: Lang = 'en'): string {
  return STATUS_WORDS[lang].refreshFailed(message);
}
