import type { CategoryId, Lang } from '../../api/vocabulary';
import type { FieldChoice } from '../cells/columns';

/** The query of an import, as recorded with its table. */
export interface ImportQuery {
  category?: CategoryId;
  /** `$filter` text. */
  filter?: string;
  /** `$orderby` text. */
  orderby?: string;
  lang?: Lang;
  /** Stop after this many products. */
  max?: number;
}

/**
 * What an import records with its table in the workbook's document settings (which travel with
 * the file): enough to re-run it in place. Never the API key, never the base URL.
 */
export interface ImportRecord {
  version: 1;
  tableName: string;
  sheetName: string;
  query: ImportQuery;
  fields: FieldChoice[];
  lang: Lang;
  /** ISO time the data was fetched. */
  time: string;
  productCount: number;
  requestCount: number;
  /** True when `max` or a cancel stopped before every match was written. */
  truncated: boolean;
}

/** Name of the document setting that holds every import record, keyed by table name. */
export const IMPORTS_SETTING = 'partspec.imports';

/** Words that must never be stored: a record holding one of them is refused. */
const SECRET_NAMES = /api.?key|x-api-key|password|secret|token/i;

/** The record as stored: plain JSON; throws if anything looks like a credential. */
export function serializeImportRecord(record: ImportRecord): string {
  const text = JSON.stringify(record);
  const keys: string[] = [];
  JSON.parse(text, (k, v) => {
    keys.push(k);
    return v;
  });
  if (keys.some((k) => SECRET_NAMES.test(k))) throw new Error('An import record must not hold credentials.');
  return text;
}

/** A stored record, or undefined when it is missing or not one of ours. */
function parseImportRecord(value: unknown): ImportRecord | undefined {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  if (!v || typeof v !== 'object') return undefined;
  const r = v as Partial<ImportRecord>;
  if (r.version !== 1 || typeof r.tableName !== 'string' || typeof r.sheetName !== 'string' || !r.query || !Array.isArray(r.fields)) return undefined;
  return r as ImportRecord;
}

/** The records of a document-settings value, keyed by table name; anything malformed is skipped. */
export function parseImportRecords(value: unknown): Record<string, ImportRecord> {
  const out: Record<string, ImportRecord> = {};
  if (!value || typeof value !== 'object') return out;
  for (const [name, raw] of Object.entries(value as Record<string, unknown>)) {
    const record = parseImportRecord(raw);
    if (record) out[name] = record;
  }
  return out;
}
