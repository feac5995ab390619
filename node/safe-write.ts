/**
 * Writing a user's file so that it cannot be torn and cannot be redirected: the new content goes
 * to a temporary file created exclusively (never through a link, under a name nobody can predict)
 * in the target's folder, is flushed, given the target's permissions through its descriptor and
 * renamed over the target. What is not a regular file, or is read-only, is refused before
 * anything is written; so is an input that is not a regular file, before anything is read.
 */
// fs.promises and node:crypto load on the first write, not at every start: every command imports this
// module, and the two add about 5 ms and 2 MB to `partspec --help`.
import { accessSync, closeSync, constants, createWriteStream, existsSync, fchmodSync, fstatSync, fsyncSync, lstatSync, openSync, promises, readlinkSync, realpathSync, rmSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { FileError, UsageError } from './errors';

/** Temporary files end so; the rest of the name is the target's and 24 random hexadecimal digits. */
const TEMP_SUFFIX = '.partspec-tmp';

/** What a path that is not a regular file is, in a user's words. */
function describeFileKind(info: Stats): string {
  const kinds: [boolean, string][] = [
    [info.isDirectory(), 'a folder'],
    [info.isFIFO(), 'a pipe (FIFO)'],
    [info.isCharacterDevice() || info.isBlockDevice(), 'a device'],
    [info.isSocket(), 'a socket'],
  ];
  return kinds.find(([is]) => is)?.[1] ?? 'a special file';
}

function canWrite(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The path's status through links, or undefined when nothing (or a dangling link) is there. */
function statOf(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/** Where a link leads, for a sentence: " (a link to X)" or nothing. */
function viaLink(file: string): string {
  try {
    return lstatSync(file).isSymbolicLink() ? ` (a link to ${resolve(dirname(file), readlinkSync(file))})` : '';
  } catch {
    return '';
  }
}

/**
 * Refuses (FileError, one sentence) an input that exists but is not a regular file: a FIFO, a
 * device such as /dev/zero, a folder, also through a link. It is checked without opening it, so
 * a FIFO never blocks. A missing file is left to the reader's own sentence.
 */
export function checkInputFile(file: string): void {
  const info = statOf(file);
  if (info && !info.isFile()) throw new FileError(`${file}${viaLink(file)} is ${describeFileKind(info)}, not a regular file; PartSpec reads only regular files.`);
}

/**
 * Refuses (FileError) an output that exists but cannot be replaced as a file: not a regular file
 * (a device, a FIFO, a folder, also through a link), or read-only. Returns the existing file's
 * status, or undefined for a new file.
 */
export function checkOutputFile(file: string): Stats | undefined {
  const info = statOf(file);
  if (!info) return undefined;
  if (!info.isFile()) throw new FileError(`${file}${viaLink(file)} is ${describeFileKind(info)}, not a regular file; write to a file name instead (nothing was written).`);
  // The folder first: a file is replaced by a rename there, which a read-only folder refuses.
  const folder = dirname(realpathSync(file));
  if (!canWrite(folder)) throw new FileError(describeWriteError(file, Object.assign(new Error('EACCES'), { code: 'EACCES' })));
  if ((info.mode & 0o222) === 0 || !canWrite(file)) {
    throw new FileError(`${file}${viaLink(file)} is read-only; PartSpec does not replace it: make it writable or write to another file (nothing was written).`);
  }
  return info;
}

/** Temporary files (and folders) being written now; removed if the process exits before they are renamed. */
const pending = new Set<string>();
let exitHookInstalled = false;

function trackTemp(temp: string): void {
  pending.add(temp);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const file of pending) rmSync(file, { force: true, recursive: true });
  });
}

/** Removes a temporary folder if the process exits before `done` is called (after it was moved or removed). */
export function removeOnExit(folder: string): { done: () => void } {
  trackTemp(folder);
  return { done: () => pending.delete(folder) };
}

/** The sentence for a write that failed, by the system's error code; `existed` says whether the target was there. */
function describeWriteError(file: string, error: unknown, existed = true): string {
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

/** Flags of the temporary file: created here and now, never an existing name, never through a link. */
const CREATE_EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** A temporary name nobody can guess, in `folder`, beside `target` (hidden, and short enough for any file system). */
export function temporaryName(folder: string, target: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see the imports
  const { randomBytes } = require('node:crypto') as typeof import('node:crypto');
  return join(folder, `.${bytePrefix(basename(target), 100)}.${randomBytes(12).toString('hex')}${TEMP_SUFFIX}`);
}

/** The longest start of `text` whose UTF-8 takes at most `max` bytes (file systems count a name in bytes: 80 CJK characters are 240), never cutting a character. */
function bytePrefix(text: string, max: number): string {
  let bytes = 0;
  let end = 0;
  for (const character of text) {
    bytes += Buffer.byteLength(character, 'utf8');
    if (bytes > max) break;
    end += character.length;
  }
  return text.slice(0, end);
}

/**
 * Refuses an `--out` that is a link, owned by someone else, in a folder anyone may write to but
 * only owners may rename in (sticky, like /tmp): another user planted it there to send our write
 * to a file of their choosing. The kernel's own rule for such links (protected_symlinks), kept
 * whether or not the system enforces it.
 */
function checkPlantedLink(file: string): void {
  const link = lstatSync(file, { throwIfNoEntry: false });
  if (!link?.isSymbolicLink() || typeof process.getuid !== 'function') return;
  const folder = statSync(dirname(resolve(file)));
  const sticky = (folder.mode & 0o1000) !== 0 && (folder.mode & 0o002) !== 0;
  if (!sticky || link.uid === process.getuid() || link.uid === folder.uid) return;
  throw new FileError(`${file} is a link another user (uid ${link.uid}) left in the shared folder ${dirname(resolve(file))}, pointing to ${resolve(dirname(file), readlinkSync(file))}; partspec does not write through it (nothing was written).`);
}

/** Creates a fresh temporary file exclusively; a name that is taken (planted or not) is never used. */
function createTemporary(folder: string, target: string, mode: number): { fd: number; temp: string } {
  for (let attempt = 0; ; attempt++) {
    const temp = temporaryName(folder, target);
    try {
      return { fd: openSync(temp, CREATE_EXCLUSIVE, mode), temp };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 8) throw error;
    }
  }
}

/**
 * The path a writer opens to fill the temporary file. Where the system offers it, the path of our
 * own descriptor, which reaches the file we created whatever is done to its name meanwhile.
 */
function pathOfDescriptor(fd: number, temp: string): string {
  const own = `/proc/self/fd/${fd}`;
  return process.platform === 'linux' && existsSync(own) ? own : temp;
}

/** Writes text or bytes to a file through a stream (the same path the xlsx writers take). */
function writeStreamed(file: string, data: string | Uint8Array): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const stream = createWriteStream(file);
    stream.on('error', reject);
    stream.on('finish', resolvePromise);
    stream.end(data);
  });
}

/** Flushes a folder's entry list to the disk; folders that refuse are skipped. */
function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems cannot flush a folder; the rename itself is done.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Refuses to rename when the temporary name no longer holds the file we created and wrote. */
function checkStillOurs(file: string, temp: string, fd: number): void {
  const ours = fstatSync(fd);
  const there = lstatSync(temp, { throwIfNoEntry: false });
  if (!there || there.ino !== ours.ino || there.dev !== ours.dev || !there.isFile()) {
    throw new FileError(`${file} cannot be written: its temporary file was replaced while it was written (someone else writes in ${dirname(resolve(file))}); the file is unchanged.`);
  }
}

/**
 * Writes a file through a temporary file in the same folder, flushed to disk and renamed over
 * the target, so an interrupted run (Ctrl-C, a crash, a full disk) leaves either the old file or
 * the complete new one, never a torn file. A file being replaced keeps its permissions; through a
 * link, the file it points to is replaced and the link stays. `data` may be a writer given the
 * path to fill; a UsageError it throws (e.g. a refusal) passes through unchanged after the
 * temporary file is removed; any other failure becomes one FileError sentence.
 */
export async function writeFileSafely(file: string, data: string | Uint8Array | ((temp: string) => Promise<void>)): Promise<void> {
  checkPlantedLink(file);
  const existing = checkOutputFile(file);
  const target = existing ? await promises.realpath(file) : file;
  let created: { fd: number; temp: string } | undefined;
  try {
    created = createTemporary(dirname(target), target, existing ? 0o600 : 0o666);
    const { fd, temp } = created;
    trackTemp(temp);
    const path = pathOfDescriptor(fd, temp);
    if (typeof data === 'function') await data(path);
    else await writeStreamed(path, data);
    fsyncSync(fd);
    if (existing) fchmodSync(fd, existing.mode & 0o777);
    checkStillOurs(file, temp, fd);
    closeSync(fd);
    created = { fd: -1, temp };
    await promises.rename(temp, target);
    pending.delete(temp);
    syncFolder(dirname(target));
  } catch (error) {
    if (created) {
      if (created.fd >= 0) closeSync(created.fd);
      rmSync(created.temp, { force: true });
      pending.delete(created.temp);
    }
    if (error instanceof UsageError) throw error;
    throw new FileError(describeWriteError(file, error, existing !== undefined));
  }
}
