/*
 * The log of a replacement: every cell changed, with what it held before and holds after, and each
 * file's hash before and after, so the replacement can be put back (`partspec replace --undo`) and
 * a file that changed since is recognised. Pure: the shell hashes, reads and writes the files.
 */
import type { CellReplacement } from './replace-plan';
import { REPLACE_WORDS, type LogProblem } from './replace-words';

/** What the log's first field says, so another JSON file is never taken for one. */
export const REPLACE_LOG_KIND = 'partspec-replace-log';
export const REPLACE_LOG_VERSION = 1;

/** One cell changed in a file. */
export interface LoggedCell {
  sheet: string;
  /** The cell's address (`C4`): its row is the sheet's 1-based row. */
  cell: string;
  before: string | number;
  after: string;
  /** A text BOM's field that stood in quotes before (`"GRM…"`): put back in quotes. */
  quoted?: boolean;
}

/** One file changed. */
export interface LoggedFile {
  /** The file's absolute path. */
  file: string;
  format: 'xlsx' | 'csv';
  /** SHA-256 of the file's bytes before and after the replacement, in hexadecimal. */
  sha256Before: string;
  sha256After: string;
  changes: LoggedCell[];
}

/** A replacement's log. */
export interface ReplaceLog {
  kind: typeof REPLACE_LOG_KIND;
  version: typeof REPLACE_LOG_VERSION;
  /** When the files were written, ISO 8601. */
  written: string;
  old: string;
  new: string;
  /** What differs between the two parts when the replacement was not a drop-in (`--accept-differences`); empty for a drop-in. */
  acceptedDifferences: string[];
  files: LoggedFile[];
}

/** A cell of the plan as the log records it. */
export function logCell(change: CellReplacement, quoted?: boolean): LoggedCell {
  return { sheet: change.sheet, cell: change.cell, before: change.before, after: change.after, ...(quoted ? { quoted } : {}) };
}

const isHash = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readCell(value: unknown): LoggedCell | undefined {
  if (!isObject(value)) return undefined;
  const { sheet, cell, before, after, quoted } = value;
  if (typeof sheet !== 'string' || typeof cell !== 'string' || !/^[A-Z]{1,3}[1-9]\d{0,6}$/.test(cell)) return undefined;
  if ((typeof before !== 'string' && typeof before !== 'number') || typeof after !== 'string') return undefined;
  if (quoted !== undefined && typeof quoted !== 'boolean') return undefined;
  return { sheet, cell, before, after, ...(quoted ? { quoted } : {}) };
}

function readFile(value: unknown): LoggedFile | undefined {
  if (!isObject(value)) return undefined;
  const { file, format, sha256Before, sha256After, changes } = value;
  if (typeof file !== 'string' || file === '' || (format !== 'xlsx' && format !== 'csv') || !isHash(sha256Before) || !isHash(sha256After) || !Array.isArray(changes)) return undefined;
  const cells = changes.map(readCell);
  if (cells.some((c) => c === undefined)) return undefined;
  return { file, format, sha256Before, sha256After, changes: cells as LoggedCell[] };
}

/** A log read back from its JSON text, or why it is not one (`problem`, and its English sentence `reason`). */
export function parseReplaceLog(text: string): { ok: true; log: ReplaceLog } | { ok: false; problem: LogProblem; reason: string } {
  const refuse = (problem: LogProblem): { ok: false; problem: LogProblem; reason: string } => ({ ok: false, problem, reason: REPLACE_WORDS.en.logProblem(problem) });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse({ kind: 'notJson' });
  }
  if (!isObject(json) || json.kind !== REPLACE_LOG_KIND) return refuse({ kind: 'notLog', expected: REPLACE_LOG_KIND });
  if (json.version !== REPLACE_LOG_VERSION) return refuse({ kind: 'version', found: String(json.version), read: REPLACE_LOG_VERSION });
  const { written, old, new: next, acceptedDifferences, files } = json;
  if (typeof written !== 'string' || typeof old !== 'string' || typeof next !== 'string' || !Array.isArray(acceptedDifferences) || !acceptedDifferences.every((d) => typeof d === 'string') || !Array.isArray(files)) {
    return refuse({ kind: 'fields' });
  }
  const read = files.map(readFile);
  if (read.some((f) => f === undefined)) return refuse({ kind: 'file' });
  return { ok: true, log: { kind: REPLACE_LOG_KIND, version: REPLACE_LOG_VERSION, written, old, new: next, acceptedDifferences: acceptedDifferences as string[], files: read as LoggedFile[] } };
}
