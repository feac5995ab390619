import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { FileError } from '../errors';
import { isSameFile, readFileBytes, writeFileSafely } from './files';
import { findDroppedFeatures, type WrittenCells } from './package-compare';
import { findUnkeptParts, type PackageLoss } from './package-losses';
import { isCompoundFile, isZip, readPackage, type OoxmlPackage } from './package-reader';

/*
 * A user's workbook opened for a rewrite, with an account of what the rewrite cannot keep. An
 * in-place write that would lose anything is refused (exit 2, the file untouched, each loss
 * named); a write to a new file names each loss on stderr. See README "What enrich keeps".
 */

/** A workbook read from a file, with its package and what a rewrite would not keep. */
export interface WorkbookFile {
  file: string;
  workbook: ExcelJS.Workbook;
  /** The package as read, to compare the written copy with. */
  source: OoxmlPackage;
  /** Parts ExcelJS does not model (charts, pivot tables, macros, …), known before anything is written. */
  unkept: readonly PackageLoss[];
}

/** Opens an xlsx-family workbook, or throws one FileError sentence naming the file. */
export async function openWorkbookFile(file: string): Promise<WorkbookFile> {
  const bytes = await readFileBytes(file);
  if (isCompoundFile(bytes)) {
    throw new FileError(`${file} is password-protected or an Excel 97-2003 or binary workbook, which partspec cannot read; save it without a password as .xlsx (Excel Workbook) and enrich that.`);
  }
  if (!isZip(bytes)) throw new FileError(`${file} is not a readable .xlsx workbook (it is not a zip package).`);
  let source: OoxmlPackage;
  const workbook = new ExcelJS.Workbook();
  try {
    source = readPackage(bytes);
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  } catch (error) {
    throw new FileError(`${file} is not a readable .xlsx workbook (${(error as Error).message}).`);
  }
  return { file, workbook, source, unkept: findUnkeptParts(source) };
}

/** "a, b and c". */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The refusal sentence for an in-place write that would lose `losses`. */
export function describeInPlaceLoss(file: string, losses: readonly PackageLoss[]): string {
  return `${file} holds ${listOf(losses.map((l) => l.what))} that would be lost; write to a new file with --out.`;
}

/**
 * Refuses, before any request is sent, an in-place write of a workbook that holds parts a rewrite
 * cannot keep. Returns whether `out` is the input file itself.
 */
export async function checkWorkbookTarget(source: WorkbookFile, out: string): Promise<boolean> {
  const inPlace = await isSameFile(source.file, out);
  if (inPlace && source.unkept.length > 0) throw new FileError(describeInPlaceLoss(source.file, source.unkept));
  return inPlace;
}

/**
 * Saves the workbook to `out` through a temporary file, then compares the copy with the input.
 * In place, any loss found leaves the input byte-identical and throws the refusal; to a new file,
 * the losses are returned for the caller to name on stderr.
 */
export async function saveWorkbookFile(source: WorkbookFile, out: string, written?: WrittenCells): Promise<PackageLoss[]> {
  const inPlace = await isSameFile(source.file, out);
  let losses: PackageLoss[] = [...source.unkept];
  await writeFileSafely(out, async (temp) => {
    await source.workbook.xlsx.writeFile(temp);
    const copy = readPackage(await readFile(temp));
    losses = [...source.unkept, ...findDroppedFeatures(source.source, copy, written)];
    if (inPlace && losses.length > 0) throw new FileError(describeInPlaceLoss(source.file, losses));
  });
  return losses;
}
