import { constants, createWriteStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { FILE_LIMITS, FileLimitError } from '../../core/limits';
import { FileError } from '../errors';
import { writeWaiting } from '../../ooxml/drain';
import { encodeTextTable, type TextLayout } from './text-encoding';

/** What a file that is not a regular file is, in a user's words. */
function kindOf(info: { isDirectory(): boolean; isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean }): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a pipe (FIFO)';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSocket()) return 'a socket';
  return 'a special file';
}

/**
 * Reads a text BOM whole, refusing at once what is not a regular file (a FIFO is opened without
 * waiting for a writer, a device is never read) and stopping at FILE_LIMITS.textBytes, also for a
 * file that grows while it is read.
 */
export async function readTextFile(file: string): Promise<Buffer> {
  const limit = FILE_LIMITS.textBytes.value;
  let handle: FileHandle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FileError(code === 'ENOENT' ? `${file} does not exist.` : `${file} cannot be read (${code ?? 'error'}).`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new FileError(`${file} is ${kindOf(info)}, not a regular file; PartSpec reads a BOM only from a regular file.`);
    if (info.size > limit) throw new FileLimitError('textBytes', file);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, limit + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > limit) throw new FileLimitError('textBytes', file);
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    if (error instanceof FileLimitError) throw new FileError(error.message);
    if (error instanceof FileError) throw error;
    throw new FileError(`${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  } finally {
    await handle.close();
  }
}

/**
 * Writes lines of text to a file, encoded as `layout` says (its byte-order mark first), in pieces
 * of about a million characters, so neither the whole text nor its bytes are held at once.
 */
export async function writeTextLines(file: string, lines: Iterable<string>, layout: TextLayout): Promise<void> {
  const stream = createWriteStream(file);
  const done = new Promise<void>((resolve, reject) => stream.once('error', reject).once('finish', resolve));
  // Awaited below; a failure that comes first is thrown by the write it stops.
  done.catch(() => undefined);
  let piece: string[] = [];
  let size = 0;
  let first = true;
  const flush = async (): Promise<void> => {
    await writeWaiting(stream, encodeTextTable(piece.join(''), { ...layout, bom: layout.bom && first }));
    [piece, size, first] = [[], 0, false];
  };
  try {
    for (const line of lines) {
      piece.push(line);
      size += line.length;
      if (size >= 1 << 20) await flush();
    }
    if (size > 0 || first) await flush();
    stream.end();
    await done;
  } catch (error) {
    stream.destroy();
    throw error;
  }
  if (stream.errored) throw stream.errored;
}
