import { readValue, type ProductRecord } from './product';
import { ALLOWED_VALUES, type AllowedValue, type ListFieldName } from './vocabulary';

/**
 * The one reading of a list value the service sent, for every decision made on it (risk, the
 * summary's buckets, a replacement's status): a value of the vocabulary in any of its languages,
 * a near spelling of one (another case, spacing or punctuation: `nrnd`, `in production`,
 * `To-be-discontinued`) matched to it and noted, and anything else (`Obsolete`, `EOL`, a value
 * the service adds later) kept as written and marked outside the vocabulary, so no caller can
 * read it as a known value.
 */
export type ListValueReading =
  | { kind: 'known'; value: AllowedValue; written: string; near: boolean }
  | { kind: 'outside'; written: string }
  | { kind: 'none' };

/** Lower case, no white space, hyphens, underscores, dots or slashes: how near spellings are compared. */
const foldSpelling = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/[\s\-_./]+/g, '');

/** How `text` reads as a value of the list-valued `field`. */
export function readListValue(field: ListFieldName, text: unknown): ListValueReading {
  if (typeof text !== 'string' || text.trim() === '') return { kind: 'none' };
  const written = text.trim();
  const values = ALLOWED_VALUES[field] as readonly AllowedValue[];
  const exact = values.find((v) => v.en === written || v.ja === written || v.zh === written);
  if (exact) return { kind: 'known', value: exact, written, near: false };
  const folded = foldSpelling(written);
  const near = values.find((v) => [v.en, v.ja, v.zh].some((w) => foldSpelling(w) === folded));
  return near ? { kind: 'known', value: near, written, near: true } : { kind: 'outside', written };
}

/** A product's Status as the decisions read it. */
export interface StatusReading {
  /**
   * The vocabulary's English value (`In Production`, `NRND`…), or `Unknown` when the answer holds
   * no Status or one outside the vocabulary.
   */
  status: string;
  /** What the answer holds, trimmed, when it holds something. */
  written?: string;
  /** The written value is a near spelling of `status`, or it is outside the vocabulary: say so. */
  note?: string;
}

/** The word a Status outside the vocabulary (or none) is counted under. */
export const UNKNOWN_STATUS = 'Unknown';

/** The product's Status through the vocabulary: a known value, a near spelling of one (noted), or Unknown. */
export function readStatus(product: ProductRecord): StatusReading {
  const reading = readListValue('Status', readValue(product, 'Status'));
  if (reading.kind === 'none') return { status: UNKNOWN_STATUS, note: 'No Status in the answer' };
  if (reading.kind === 'outside') return { status: UNKNOWN_STATUS, written: reading.written, note: `Status '${reading.written}' is not one of the API's values` };
  return { status: reading.value.en, written: reading.written, ...(reading.near ? { note: `Status '${reading.written}' read as ${reading.value.en}` } : {}) };
}
