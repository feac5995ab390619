import { closeSync, constants, existsSync, fstatSync, lstatSync, mkdtempSync, openSync, readdirSync, readlinkSync, realpathSync, rmSync, symlinkSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { FileError } from '../node/errors';
import { checkInputFile } from '../node/safe-write';

/*
 * Which files an assistant may have read: only under the folders the user named with --root,
 * judged on the real path, so a link that leads out of them is refused like a path outside. The
 * file is opened first and then checked for what was opened (its device and inode are the checked
 * path's, each of its names (hard links) is found inside a root, and on Linux the kernel's own
 * path of the descriptor is inside a root), and the readers read that descriptor: a folder swapped
 * for a link between the check and the read changes nothing.
 */

/**
 * Entries the search for a file's other names looks at, over all the roots: a root bigger than
 * this cannot vouch for a hard-linked file, which is then refused.
 */
export const MAX_LINK_SEARCH_ENTRIES = 20_000;

/**
 * How many names of the file `dev`:`ino` are under the roots, or undefined when the roots hold
 * more than MAX_LINK_SEARCH_ENTRIES entries before all `nlink` names were found. Links are not
 * followed (a hard link is a name, never a symbolic link); folders that cannot be read are skipped.
 */
function namesInsideRoots(roots: readonly string[], dev: number, ino: number, nlink: number): number | undefined {
  let seen = 0;
  let found = 0;
  const folders = [...new Set(roots)];
  while (folders.length > 0) {
    const folder = folders.pop()!;
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const name of names) {
      if (++seen > MAX_LINK_SEARCH_ENTRIES) return undefined;
      let stats: Stats;
      try {
        stats = lstatSync(join(folder, name));
      } catch {
        continue;
      }
      if (stats.isDirectory()) folders.push(join(folder, name));
      else if (stats.dev === dev && stats.ino === ino && ++found >= nlink) return found;
    }
  }
  return found;
}

/** The real paths of the roots (relative ones in `cwd`); a root that does not exist is refused when the server starts. */
export function realRoots(roots: readonly string[], cwd: string): string[] {
  return roots.map((root) => {
    try {
      return realpathSync(resolve(cwd, root));
    } catch {
      throw new FileError(`--root ${root} is not a folder that can be read.`);
    }
  });
}

/** Whether `path` is `root` or under it (a name that merely starts with `..`, such as `..bom.csv`, is inside). */
const inside = (path: string, root: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
};

/** A BOM opened for reading: `readPath` leads to the checked descriptor; close it when done. */
export interface OpenedBom {
  /** The file's real path, for its name and format. */
  real: string;
  /** The name the readers open: a link to the open descriptor where the system has one. */
  readPath: string;
  /** The sentence's own words for a reader's message that names `readPath`. */
  describe(message: string): string;
  close(): void;
}

/** Where this system shows a descriptor as a file (Linux's /proc, or /dev/fd), if it does. */
function descriptorPath(fd: number): string | undefined {
  for (const path of [`/proc/self/fd/${fd}`, `/dev/fd/${fd}`]) if (existsSync(path)) return path;
  return undefined;
}

/**
 * The real path of the BOM `path` names (relative paths are taken from the first root), checked,
 * or a FileError sentence when it lies outside every root, leads out of them through a link, does
 * not exist, is not a regular file, or has another name (a hard link could be an outside file's).
 */
export function openBomPath(path: string, roots: readonly string[]): OpenedBom {
  if (roots.length === 0) throw new FileError('This PartSpec server reads no files: start it with --root FOLDER to let it check BOMs under that folder.');
  if (path.includes('\0')) throw new FileError('A file name cannot hold a NUL character.');
  const named = resolve(roots[0], path);
  const where = roots.length === 1 ? roots[0] : `${roots.slice(0, -1).join(', ')} or ${roots[roots.length - 1]}`;
  const outside = `${path} is outside the folders this server may read (${where}); name a BOM under them.`;
  const linkOut = `${path} is a link that leads outside the folders this server may read (${where}); PartSpec does not follow it.`;
  if (!roots.some((root) => inside(named, root))) throw new FileError(outside);
  let real: string;
  let checked: Stats;
  try {
    real = realpathSync(named);
    if (!roots.some((root) => inside(real, root))) throw new FileError(linkOut);
    checkInputFile(real);
    checked = lstatSync(real);
  } catch (error) {
    if (error instanceof FileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new FileError(code === 'ENOENT' ? `${path} does not exist under ${where}.` : `${path} cannot be read (${code ?? 'error'}).`);
  }
  let fd: number;
  try {
    // No-follow: the real path has no link in its last part; if one appeared since, it is refused.
    fd = openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FileError(code === 'ELOOP' ? linkOut : `${path} cannot be read (${code ?? 'error'}).`);
  }
  let link: { dir: string; path: string } | undefined;
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile() || opened.dev !== checked.dev || opened.ino !== checked.ino) {
      throw new FileError(`${path} changed while PartSpec opened it (a folder or file was replaced); nothing was read. Try again once it stays put.`);
    }
    if (opened.nlink > 1) {
      // Another name may be outside every root: the file is read only when each of its names is found inside them.
      const found = namesInsideRoots(roots, opened.dev, opened.ino, opened.nlink);
      if (found === undefined) {
        throw new FileError(`${path} has other names (hard links), and the folders this server may read hold more than ${MAX_LINK_SEARCH_ENTRIES.toLocaleString('en-US')} entries, too many to find them all; PartSpec does not read it. Copy the BOM instead.`);
      }
      if (found < opened.nlink) {
        throw new FileError(`${path} has other names (hard links), which could be a file outside the folders this server may read; PartSpec does not read it. Copy the BOM instead.`);
      }
    }
    const own = descriptorPath(fd);
    // Linux names the file a descriptor holds: what was opened, whatever the path did meanwhile.
    const kernelPath = own?.startsWith('/proc/') ? readlinkSync(own) : undefined;
    if (kernelPath !== undefined && !roots.some((root) => inside(kernelPath, root))) throw new FileError(linkOut);
    if (own) {
      // The readers open files by name: a private folder holds a link to the descriptor under the BOM's own name.
      const dir = mkdtempSync(join(tmpdir(), 'partspec-bom-'));
      link = { dir, path: join(dir, basename(real)) };
      symlinkSync(own, link.path);
    }
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  const readPath = link?.path ?? real;
  return {
    real,
    readPath,
    describe: (message) => message.split(readPath).join(path),
    close() {
      if (link) rmSync(link.dir, { recursive: true, force: true });
      closeSync(fd);
    },
  };
}
