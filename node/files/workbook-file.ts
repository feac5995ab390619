import { FileError } from '../errors';
import { isFileLimitError } from '../../core/limits';
import { isCompoundFile, isZip } from '../../ooxml/package-reader';
import { WorkbookPatch } from '../../ooxml/workbook-patch';
import { fileSource, type RandomAccess } from '../../ooxml/zip-package';

/*
 * A user's workbook opened for enrichment. It is patched, never rewritten: see
 * ooxml/workbook-patch.ts and README "What enrich keeps".
 */

/** A workbook read from a file, ready to be patched. */
export interface WorkbookFile {
  file: string;
  book: WorkbookPatch;
}

/**
 * Opens an xlsx-family workbook, or throws one FileError sentence naming the file. The file stays
 * open (read where it lies, never whole) until the workbook is closed.
 */
export async function openWorkbookFile(file: string): Promise<WorkbookFile> {
  let source: RandomAccess;
  try {
    source = fileSource(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FileError(code === 'ENOENT' ? `${file} does not exist.` : `${file} cannot be read (${code ?? (error as Error).message}).`);
  }
  const start = source.read(0, 8);
  try {
    if (isCompoundFile(start)) {
      throw new FileError(`${file} is password-protected or an Excel 97-2003 or binary workbook, which partspec cannot read; save it without a password as .xlsx (Excel Workbook) and enrich that.`);
    }
    if (!isZip(start)) throw new FileError(`${file} is not a readable .xlsx workbook (it is not a zip package).`);
    const book = new WorkbookPatch(source);
    if (book.sheetNames.length === 0) throw new FileError(`${file} holds no worksheet (only chart sheets, or no sheet at all), so partspec has nothing to read in it.`);
    return { file, book };
  } catch (error) {
    source.close();
    if (error instanceof FileError) throw error;
    if (isFileLimitError(error)) throw new FileError(`${file}: ${error.message}`);
    throw new FileError(`${file} is not a readable .xlsx workbook (${(error as Error).message}).`);
  }
}
