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

export function cancelledStatus(written: number, total: number): string {
  return `PartSpec: import cancelled after ${count(written)} of ${count(total)} products were written; the table holds only those rows. Run the import again or use Refresh.`;
}

export function failedStatus(written: number, total: number, message: string): string {
  const rows = total > 0 ? ` after ${count(written)} of ${count(total)} products were written; the table holds only those rows` : '';
  return `PartSpec: import failed${rows}. ${message}`;
}

export function refreshFailedStatus(message: string): string {
  return `PartSpec: refresh failed; the rows below are from the previous import. ${message}`;
}
