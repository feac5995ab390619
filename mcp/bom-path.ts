import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { FileError } from '../node/errors';
import { checkInputFile } from '../node/safe-write';

/*
 * Which files an assistant may have read: only under the folders the user named with --root,
 * judged on the real path, so a link that leads out of them is refused like a path outside.
 */

/** The real paths of the roots; a root that does not exist is refused when the server starts. */
export function realRoots(roots: readonly string[]): string[] {
  return roots.map((root) => {
    try {
      return realpathSync(resolve(root));
    } catch {
      throw new FileError(`--root ${root} is not a folder that can be read.`);
    }
  });
}

const inside = (path: string, root: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * The real path of the BOM `path` names (relative paths are taken from the first root), or a
 * FileError sentence when it lies outside every root, leads out of them through a link, does not
 * exist, or is not a regular file.
 */
export function resolveBomPath(path: string, roots: readonly string[]): string {
  if (roots.length === 0) throw new FileError('This PartSpec server reads no files: start it with --root FOLDER to let it check BOMs under that folder.');
  if (path.includes('\0')) throw new FileError('A file name cannot hold a NUL character.');
  const named = resolve(roots[0], path);
  const where = roots.length === 1 ? roots[0] : `${roots.slice(0, -1).join(', ')} or ${roots[roots.length - 1]}`;
  if (!roots.some((root) => inside(named, root))) throw new FileError(`${path} is outside the folders this server may read (${where}); name a BOM under them.`);
  let real: string;
  try {
    real = realpathSync(named);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FileError(code === 'ENOENT' ? `${path} does not exist under ${where}.` : `${path} cannot be read (${code ?? 'error'}).`);
  }
  if (!roots.some((root) => inside(real, root))) throw new FileError(`${path} is a link that leads outside the folders this server may read (${where}); PartSpec does not follow it.`);
  checkInputFile(real);
  return real;
}
