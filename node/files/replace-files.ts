/*
 * Replacing a part in BOM files, and putting it back: a workbook is patched (only the changed
 * cells, their strings and nothing else; every other part stays byte for byte), a text BOM keeps
 * every byte but the changed fields (its encoding, byte-order mark, delimiter, quoting and line
 * ends). The cells come from the core's plan (core/replace/); this module reads, hashes and builds
 * the new bytes, and the command writes them through writeFileSafely.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { parseAddress } from '../../core/address';
import { isFileLimitError } from '../../core/limits';
import { isSummarySheetName } from '../../core/names';
import type { Lang } from '../../api/vocabulary';
import { findBom, type SayIn } from '../../core/report/look-up-bom';
import type { ColumnWrite } from '../../core/enrich/document';
import { partNumberKey, planSheet, type CellReplacement } from '../../core/replace/replace-plan';
import { logCell, type LoggedCell, type LoggedFile } from '../../core/replace/replace-log';
import { REPLACE_WORDS, type RestoreRefusal } from '../../core/replace/replace-words';
import { neutralizeCsvText } from '../../ooxml/cells';
import { SharedFormulaError } from '../../ooxml/sheet-patch';
import { UnsafeWriteError, type WorkbookPatch } from '../../ooxml/workbook-patch';
import { FileError, UsageError } from '../errors';
import { BomFile } from './bom-document';
import { quoteField, readCsv, type CsvTable } from './csv';
import { CsvBom } from './csv-bom';
import { formatOfBom } from './files';
import { encodeTextTable, ENCODING_NAMES, unencodable } from './text-encoding';
import { fieldStarts } from './text-records';
import { openWorkbookFile } from './workbook-file';

/** SHA-256 of bytes, in hexadecimal. */
function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** SHA-256 of a file's bytes now; undefined when it cannot be read. */
export function sha256OfFile(file: string): string | undefined {
  try {
    return sha256Of(readFileSync(file));
  } catch {
    return undefined;
  }
}

/** A workbook as the core's BOM document, read-only: the BOM is found on it as enrich finds it. */
class WorkbookReader extends BomFile {
  constructor(
    private readonly name: string,
    readonly book: WorkbookPatch,
  ) {
    super();
  }

  get file(): string {
    return this.name;
  }

  get sheetNames(): string[] {
    return this.book.sheetNames;
  }

  values(sheet: string): unknown[][] {
    return this.book.values(sheet);
  }

  override occupiedWidth(sheet: string): number {
    return this.book.occupiedWidth(sheet);
  }

  writeColumn(_sheet: string, _write: ColumnWrite): void {
    throw new Error('a workbook read for a replacement takes no columns');
  }

  save(): Promise<readonly string[]> {
    throw new Error('a workbook read for a replacement is patched, not saved');
  }
}

/** One BOM file's part of a replacement: the cells that change, and the bytes it then holds. */
export interface FileReplacement {
  /** The file as it was named. */
  file: string;
  format: 'xlsx' | 'csv';
  /** Its sheets that hold a BOM. */
  boms: string[];
  /** When none does: why, for its first sheet, in Japanese or Chinese (the locator's fact). */
  notFound?: string;
  changes: CellReplacement[];
  /** Cells that hold the old part through a formula (`'BOM'!C5`): left as they are. */
  formulas: string[];
  /** The file's entry in the log, its hashes filled (only when there are changes). */
  logged?: LoggedFile;
  /** The file's new bytes (only when there are changes). */
  bytes?: Uint8Array;
}

/** Runs a read or patch of a workbook, its failures as one sentence naming the file. */
function guard<T>(file: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if (isFileLimitError(error)) throw new FileError(`${file}: ${error.message}`);
    if (error instanceof UnsafeWriteError || error instanceof SharedFormulaError) throw new FileError(`${file} is left as it was: ${error.message}.`);
    throw new FileError(`${file} is not a readable .xlsx workbook (${(error as Error).message}).`);
  }
}

/** The chunks of a patched package as one buffer (a BOM is small; its hash is taken before it is written). */
function joinChunks(chunks: Iterable<Uint8Array>): Buffer {
  return Buffer.concat([...chunks].map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength)));
}

/** The replacement in a workbook: every sheet that holds a BOM, its part-number columns, patched. */
async function replaceInWorkbook(file: string, oldPart: string, newPart: string, say: SayIn): Promise<FileReplacement> {
  const before = readFileSync(file);
  const { book } = await openWorkbookFile(file);
  try {
    const reader = new WorkbookReader(file, book);
    const result: FileReplacement = { file, format: 'xlsx', boms: [], changes: [], formulas: [] };
    for (const sheet of book.sheetNames.filter((name) => !isSummarySheetName(name))) {
      const found = await findBom(reader.searchIn(sheet), undefined, say);
      if (!found.ok) {
        result.notFound ??= found.said;
        continue;
      }
      result.boms.push(sheet);
      const values = guard(file, () => book.values(sheet));
      const plan = planSheet({ sheet, values, layout: found.layout, isFormula: (row, column) => book.hasFormula(sheet, row, column) }, oldPart, newPart);
      result.formulas.push(...plan.formulas.map((cell) => `'${sheet}'!${cell}`));
      if (plan.changes.length > 0) guard(file, () => book.replaceCells(sheet, plan.changes.map((c) => ({ row: c.row, column: c.column, value: c.after }))));
      result.changes.push(...plan.changes);
    }
    if (result.boms.length > 0) delete result.notFound;
    if (result.changes.length === 0) return result;
    const bytes = guard(file, () => joinChunks(book.patch().chunks));
    result.bytes = bytes;
    result.logged = { file: resolve(file), format: 'xlsx', sha256Before: sha256Of(before), sha256After: sha256Of(bytes), changes: result.changes.map((c) => logCell(c)) };
    return result;
  } finally {
    book.close();
  }
}

/** Where a record's field stands in the text: its first character (the opening quote when quoted) and the one after it. */
function fieldSpan(table: CsvTable, row: number, column: number): { start: number; end: number } | undefined {
  const record = table.records[row];
  if (!record) return undefined;
  const starts = fieldStarts(table.text, record, table.delimiter);
  if (column >= starts.length) return undefined;
  return { start: starts[column], end: column + 1 < starts.length ? starts[column + 1] - 1 : record.end };
}

/** A field's text: in quotes when the field stood in quotes, else quoted only where RFC 4180 needs it. */
const fieldText = (value: string, quoted: boolean): string => (quoted ? `"${value.replace(/"/g, '""')}"` : quoteField(value, false));

/** The text with each field replaced, from the last so the offsets of the others hold. */
function spliceFields(text: string, edits: { start: number; end: number; text: string }[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** A text BOM's characters the file's encoding cannot hold, as a refusal; undefined when it can. */
function checkEncodable(file: string, table: CsvTable, value: string): void {
  const { encoding } = table.layout;
  if (encoding !== 'windows-1252' && encoding !== 'shift_jis') return;
  const foreign = unencodable(value, encoding);
  if (foreign !== undefined) throw new FileError(`${file} is left as it was: ${value} holds ${foreign}, which ${ENCODING_NAMES[encoding]} cannot.`);
}

/** The replacement in a text BOM: its one table, the changed fields rewritten, every other byte kept. */
async function replaceInText(file: string, oldPart: string, newPart: string, say: SayIn): Promise<FileReplacement> {
  const before = readFileSync(file);
  const table = await readCsv(file);
  const document = new CsvBom(table, basename(file, extname(file)));
  const result: FileReplacement = { file, format: 'csv', boms: [], changes: [], formulas: [] };
  const found = await findBom(document, undefined, say);
  if (!found.ok) return found.said === undefined ? result : { ...result, notFound: found.said };
  const sheet = document.sheetNames[0];
  result.boms.push(sheet);
  // Text PartSpec writes that a spreadsheet program would run as a formula gets its apostrophe, as every CSV PartSpec writes.
  const after = neutralizeCsvText(newPart);
  checkEncodable(file, table, after);
  const plan = planSheet({ sheet, values: document.values(), layout: found.layout }, oldPart, after);
  if (plan.changes.length === 0) return result;
  const cells: LoggedCell[] = [];
  const edits = plan.changes.map((change) => {
    const span = fieldSpan(table, change.row, change.column)!;
    const quoted = table.text[span.start] === '"';
    cells.push(logCell(change, quoted));
    return { ...span, text: fieldText(change.after, quoted) };
  });
  const bytes = encodeTextTable(spliceFields(table.text, edits), table.layout);
  result.changes = plan.changes;
  result.bytes = bytes;
  result.logged = { file: resolve(file), format: 'csv', sha256Before: sha256Of(before), sha256After: sha256Of(bytes), changes: cells };
  return result;
}

/** The replacement of `oldPart` by `newPart` in one BOM file, by its kind; nothing is written. A file without a BOM says why in `lang`. */
export function replaceInFile(file: string, oldPart: string, newPart: string, lang?: Lang): Promise<FileReplacement> {
  const say: SayIn = { lang, shell: 'cli' };
  return formatOfBom(file) === 'xlsx' ? replaceInWorkbook(file, oldPart, newPart, say) : replaceInText(file, oldPart, newPart, say);
}

/** What putting a logged file back comes to: its bytes, or that it is as it was already, or why not. */
export type FileRestore = { kind: 'restore'; bytes: Uint8Array } | { kind: 'already' } | { kind: 'refused'; sentence: string };

/** Whether a cell holds what the log says was written there. */
const holds = (value: unknown, after: string): boolean => value === after || (partNumberKey(value) !== undefined && partNumberKey(value) === partNumberKey(after));

/** Whether every logged cell of a workbook holds what `value` gives for it (false when it cannot be read). */
async function holdsEverywhere(entry: LoggedFile, value: (change: LoggedCell) => string | number): Promise<boolean> {
  try {
    const { book } = await openWorkbookFile(entry.file);
    try {
      return entry.changes.every((change) => {
        if (!book.sheetNames.includes(change.sheet)) return false;
        const { row, column } = parseAddress(change.cell);
        const held = book.values(change.sheet)[row]?.[column];
        return held === value(change) || holds(held, String(value(change)));
      });
    } finally {
      book.close();
    }
  } catch {
    return false;
  }
}

/** A logged file's bytes with every logged cell put back; refused (said in `lang`) when the file is not what the log wrote. */
export async function restoreFile(entry: LoggedFile, lang: Lang = 'en'): Promise<FileRestore> {
  const refuse = (why: RestoreRefusal): FileRestore => ({ kind: 'refused', sentence: REPLACE_WORDS[lang].refusal(entry.file, why) });
  const now = sha256OfFile(entry.file);
  if (now === undefined) return refuse({ kind: 'unreadable' });
  if (now === entry.sha256Before && now !== entry.sha256After) return { kind: 'already' };
  if (now !== entry.sha256After) {
    // A workbook put back keeps the new part's shared string, so its bytes are not those it had: its cells say whether it is back.
    if (entry.format === 'xlsx' && (await holdsEverywhere(entry, (change) => change.before))) return { kind: 'already' };
    return refuse({ kind: 'changed' });
  }
  if (entry.format === 'xlsx') {
    const { book } = await openWorkbookFile(entry.file);
    try {
      for (const change of entry.changes) {
        if (!book.sheetNames.includes(change.sheet)) return refuse({ kind: 'noSheet', sheet: change.sheet });
        const { row, column } = parseAddress(change.cell);
        if (!holds(guard(entry.file, () => book.values(change.sheet))[row]?.[column], change.after)) {
          return refuse({ kind: 'notHeld', sheet: change.sheet, cell: change.cell, after: change.after });
        }
        guard(entry.file, () => book.replaceCells(change.sheet, [{ row, column, value: change.before }]));
      }
      return { kind: 'restore', bytes: guard(entry.file, () => joinChunks(book.patch().chunks)) };
    } finally {
      book.close();
    }
  }
  const table = await readCsv(entry.file);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const change of entry.changes) {
    const { row, column } = parseAddress(change.cell);
    const span = fieldSpan(table, row, column);
    if (!span || table.records[row].fields[column] !== change.after) return refuse({ kind: 'notHeld', cell: change.cell, after: change.after });
    edits.push({ ...span, text: fieldText(String(change.before), change.quoted ?? false) });
  }
  const bytes = encodeTextTable(spliceFields(table.text, edits), table.layout);
  // A text BOM comes back byte for byte, or not at all: anything else means the log was edited.
  if (sha256Of(bytes) !== entry.sha256Before) return refuse({ kind: 'notBack' });
  return { kind: 'restore', bytes };
}
