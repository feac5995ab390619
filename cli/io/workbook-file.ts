import { FileError } from '../errors';
import { readFileBytes } from './files';
import { isCompoundFile, isZip } from './package-reader';
import { WorkbookPatch } from './patch/workbook-patch';

/*
 * A user's workbook opened for enrichment. It is patched, never rewritten: see
 * cli/io/patch/workbook-patch.ts and README "What enrich keeps".
 */

/** A workbook read from a file, ready to be patched. */
export interface WorkbookFile {
  file: string;
  /** The file's bytes as read (what a CSV save names the unkept parts of). */
  bytes: Uint8Array;
  book: WorkbookPatch;
}

/** Opens an xlsx-family workbook, or throws one FileError sentence naming the file. */
export async function openWorkbookFile(file: string): Promise<WorkbookFile> {
  const bytes = await readFileBytes(file);
  if (isCompoundFile(bytes)) {
    throw new FileError(`${file} is password-protected or an Excel 97-2003 or binary workbook, which partspec cannot read; save it without a password as .xlsx (Excel Workbook) and enrich that.`);
  }
  if (!isZip(bytes)) throw new FileError(`${file} is not a readable .xlsx workbook (it is not a zip package).`);
  try {
    return { file, bytes, book: new WorkbookPatch(bytes) };
  } catch (error) {
    throw new FileError(`${file} is not a readable .xlsx workbook (${(error as Error).message}).`);
  }
}
