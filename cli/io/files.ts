import { rename, rm, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { FileError, UsageError } from '../errors';

export type TableFormat = 'xlsx' | 'csv';

/** The format a file name asks for, by its extension. */
export function formatOfFile(file: string, flag: string): TableFormat {
  const ext = extname(file).toLowerCase();
  if (ext === '.xlsx') return 'xlsx';
  if (ext === '.csv') return 'csv';
  throw new UsageError(`${flag} ${file}: the file must end in .xlsx or .csv.`);
}

/**
 * Writes a file through a temporary name and a rename, so a failure never leaves half a file
 * where the user expects a whole one (and writing over the input is safe).
 */
export async function writeFileSafely(file: string, data: string | Uint8Array | ((temp: string) => Promise<void>)): Promise<void> {
  const temp = `${file}.${process.pid}.partspec-tmp`;
  try {
    if (typeof data === 'function') await data(temp);
    else await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new FileError(`${file} cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
}
