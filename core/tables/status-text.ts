import type { ImportRecord } from './metadata';

/** Texts of the status line above an imported table; they say what happened in words. */

function count(n: number): string {
  return n.toLocaleString('en-US');
}

function describeQuery(record: Pick<ImportRecord, 'query' | 'lang'>): string {
  const q = record.query;
  return [q.category ?? 'all categories', q.filter ? `filter ${q.filter}` : '', q.orderby ? `order ${q.orderby}` : '', `lang ${record.lang}`].filter(Boolean).join(' · ');
}

export function inProgressStatus(): string {
  return 'PartSpec: import in progress… If this text stays, the import did not finish and the rows below are incomplete.';
}

export function doneStatus(record: ImportRecord): string {
  const more = record.truncated ? ' (more products match; raise the maximum to get them)' : '';
  return `PartSpec: ${count(record.productCount)} products${more} · ${describeQuery(record)} · ${record.requestCount === 1 ? '1 request' : `${record.requestCount} requests`} · ${record.time.slice(0, 16).replace('T', ' ')} UTC`;
}

/** `total` is every product there was, when known (a streamed download stopped early does not know it). */
export function cancelledStatus(written: number, total?: number): string {
  const of = total === undefined ? '' : ` of ${count(total)}`;
  return `PartSpec: import cancelled after ${count(written)}${of} products were written; the table holds only those rows. Run the import again or use Refresh.`;
}

/** `total` as for cancelledStatus; 0 means nothing was fetched, so nothing is said of rows. */
export function failedStatus(written: number, total: number | undefined, message: string): string {
  const of = total === undefined ? '' : ` of ${count(total)}`;
  const rows = total === undefined || total > 0 ? ` after ${count(written)}${of} products were written; the table holds only those rows` : '';
  return `PartSpec: import failed${rows}. ${message}`;
}

export function refreshFailedStatus(message: string): string {
  return `PartSpec: refresh failed; the rows below are from the previous import. ${message}`;
}
