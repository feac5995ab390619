import { closeSync, createWriteStream, fsyncSync, openSync, rmSync } from 'node:fs';
import { chmod, open, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { FileError, UsageError } from '../../node/errors';

export type TableFormat = 'xlsx' | 'csv';

/** Workbook kinds partspec writes only back from a BOM of the same kind, which they then stay. */
const OWN_KINDS: Record<string, string> = {
  '.xlsm': 'a macro-enabled workbook (.xlsm)',
  '.xltx': 'a template (.xltx)',
  '.xltm': 'a macro-enabled template (.xltm)',
};

/** Spreadsheet formats partspec neither reads nor writes. */
const FOREIGN_KINDS: Record<string, string> = {
  '.xlsb': 'a binary workbook (.xlsb)',
  '.xls': 'an Excel 97-2003 workbook (.xls)',
  '.ods': 'an OpenDocument spreadsheet (.ods)',
};

/** Text tables a BOM may come in besides .csv (tab- or otherwise delimited). */
const TEXT_BOM_KINDS = new Set(['.csv', '.tsv', '.txt']);

/**
 * The format a file name asks for when partspec writes it, by its extension; `bom` allows a BOM's
 * own kinds (.tsv, .txt, and .xlsm, .xltx, .xltm, which checkOutputKind then ties to the BOM's).
 */
export function formatOfFile(file: string, flag: string, options: { bom?: boolean } = {}): TableFormat {
  const ext = extname(file).toLowerCase();
  if (ext === '.xlsx' || (options.bom && OWN_KINDS[ext])) return 'xlsx';
  if (ext === '.csv' || (options.bom && TEXT_BOM_KINDS.has(ext))) return 'csv';
  if (OWN_KINDS[ext]) throw new UsageError(`${flag} ${file}: partspec writes ${OWN_KINDS[ext]} only back from a BOM of that kind; write to a .xlsx or .csv file.`, { showUsage: false });
  if (FOREIGN_KINDS[ext]) throw new UsageError(`${flag} ${file}: partspec cannot write ${FOREIGN_KINDS[ext]}; write to a .xlsx or .csv file.`, { showUsage: false });
  throw new UsageError(`${flag} ${file}: the file must end in .xlsx or .csv${options.bom ? ' (or .tsv or .txt, like the BOM)' : ''}.`);
}

/**
 * Refuses (UsageError) an `--out` workbook kind a BOM cannot become: .xlsm, .xltx and .xltm are
 * written only from a BOM of the same kind (keeping its macros or its being a template); any
 * workbook may be written as .xlsx or a text table.
 */
export function checkOutputKind(input: string, out: string): void {
  const ext = extname(out).toLowerCase();
  if (OWN_KINDS[ext] && extname(input).toLowerCase() !== ext) {
    throw new UsageError(`--out ${out}: partspec writes ${OWN_KINDS[ext]} only back from a BOM of that kind; write to a .xlsx or .csv file.`, { showUsage: false });
  }
}

/**
 * The format of a BOM partspec reads: `.xlsx`, `.xlsm`, `.xltx` and `.xltm` are xlsx packages
 * (patched in place, keeping their kind), `.csv`, `.tsv` and `.txt` are text tables (the
 * delimiter and encoding are found from the content).
 */
export function formatOfBom(file: string): TableFormat {
  const ext = extname(file).toLowerCase();
  if (ext === '.xlsx' || OWN_KINDS[ext]) return 'xlsx';
  if (TEXT_BOM_KINDS.has(ext)) return 'csv';
  if (FOREIGN_KINDS[ext]) throw new UsageError(`${file} is ${FOREIGN_KINDS[ext]}, which partspec cannot read; save it as .xlsx (Excel Workbook) and enrich that.`, { showUsage: false });
  throw new UsageError(`The BOM ${file}: the file must end in .xlsx, .xlsm, .xltx, .xltm, .csv, .tsv or .txt.`);
}

/** Temporary files being written now; removed if the process exits before they are renamed. */
const pending = new Set<string>();
let exitHookInstalled = false;

function trackTemp(temp: string): void {
  pending.add(temp);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const file of pending) rmSync(file, { force: true });
  });
}

/** The sentence for a write that failed, by the system's error code; `existed` says whether the target was there. */
export function describeWriteError(file: string, error: unknown, existed = true): string {
  const code = (error as NodeJS.ErrnoException).code;
  const folder = dirname(resolve(file));
  const kept = existed ? 'the file is unchanged' : 'nothing was written';
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `${file} cannot be written: the disk is full (${code}); ${kept}.`;
    case 'EROFS':
      return `${file} cannot be written: ${folder} is on a read-only file system; ${kept}.`;
    case 'EACCES':
    case 'EPERM':
      return `${file} cannot be written: the folder ${folder} is read-only for this user (${code}); ${kept}.`;
    case 'ENOENT':
      return `${file} cannot be written: the folder ${folder} does not exist.`;
    case 'EISDIR':
      return `${file} cannot be written: it is a folder.`;
    default:
      return `${file} cannot be written (${code ?? (error as Error).message}); ${kept}.`;
  }
}

/** Flushes a written file (or a folder's entry list) to the disk; folders that refuse are skipped. */
function syncPath(path: string, folder = false): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    fsyncSync(fd);
  } catch (error) {
    if (!folder) throw error;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes text or bytes to a file through a stream (the same path the xlsx writers take). */
function writeStreamed(file: string, data: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const stream = createWriteStream(file);
    stream.on('error', reject);
    stream.on('finish', resolve);
    stream.end(data);
  });
}

/**
 * Writes a file through a temporary file in the same folder, flushed to disk and renamed over
 * the target, so an interrupted run (Ctrl-C, a crash, a full disk) leaves either the old file or
 * the complete new one, never a torn file. A file being replaced keeps its permissions. `data` may
 * be a writer given the temporary path; a UsageError it throws (e.g. a refusal) passes through
 * unchanged after the temporary file is removed; any other failure becomes one FileError sentence.
 */
export async function writeFileSafely(file: string, data: string | Uint8Array | ((temp: string) => Promise<void>)): Promise<void> {
  // Through a symbolic link, the file it points to is replaced and the link stays.
  const target = await realpath(file).catch(() => file);
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now().toString(36)}.partspec-tmp`);
  trackTemp(temp);
  const existing = await stat(target).catch(() => undefined);
  try {
    if (typeof data === 'function') await data(temp);
    else await writeStreamed(temp, data);
    syncPath(temp);
    if (existing) await chmod(temp, existing.mode & 0o777);
    await rename(temp, target);
    pending.delete(temp);
    syncPath(dirname(target), true);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    pending.delete(temp);
    if (error instanceof UsageError) throw error;
    throw new FileError(describeWriteError(file, error, existing !== undefined));
  }
}

/** Reads a whole file, or throws one FileError sentence naming it. */
export async function readFileBytes(file: string): Promise<Uint8Array> {
  try {
    const handle = await open(file, 'r');
    try {
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FileError(code === 'ENOENT' ? `${file} does not exist.` : `${file} cannot be read (${code ?? (error as Error).message}).`);
  }
}
