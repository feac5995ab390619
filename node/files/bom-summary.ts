import type { Client } from '../../api/node';
import type { BomDocument } from '../../core/enrich/document';
import { summarizeDocument, type DocumentSummary, type DocumentSummaryOptions } from '../../core/report/summarize-document';
import { FileError, UsageError } from '../errors';

/*
 * The summary of a BOM file: the core reads and looks it up exactly as `partspec enrich` and the
 * add-in's summary do; this module only turns a BOM not found into the command line's errors.
 */

export interface FileSummaryOptions extends Omit<DocumentSummaryOptions, 'column' | 'fetchedAt' | 'shell'> {
  /** The part-number column by its header or letters. */
  column?: string;
}

/** What the summary was computed from, for the caller's messages and `--fail-on`. */
export type FileSummary = DocumentSummary;

/**
 * The core's summary of a BOM file (see core/report/summarize-document.ts); a BOM or column not
 * found becomes the command line's usage or file error.
 */
export async function summarizeBomDocument(document: BomDocument, client: Client, options: FileSummaryOptions): Promise<FileSummary> {
  const { column, ...rest } = options;
  const result = await summarizeDocument(document, client, { ...rest, ...(column === undefined ? {} : { column: { name: column } }), fetchedAt: new Date().toISOString(), shell: 'cli' });
  if (result.ok) return result;
  // In Japanese or Chinese the sentence names the sheet itself; English keeps the locator's, after the sheet.
  const message = result.said ?? (result.kind === 'column' || !result.sheetName ? result.message : `Sheet '${result.sheetName}': ${result.message}`);
  throw result.kind === 'column' ? new UsageError(message, { showUsage: false }) : new FileError(message);
}
