/*
 * The BOM files several commands take at once: files, folders (their BOM files, subfolders
 * included) and simple globs (`*` and `?` in the last part of the path, for shells that do not
 * expand them). Hidden files and folders, Office lock files (`~$…`) and node_modules are skipped.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { UsageError } from '../errors';

/** The extensions of files a folder or glob contributes. */
const BOM_EXTENSIONS = new Set(['.xlsx', '.xlsm', '.xltx', '.xltm', '.csv', '.tsv', '.txt']);
/** Most files one run reads, so a folder named by mistake (a home folder) is refused, not walked. */
const MAX_BOM_FILES = 2000;

const skipped = (name: string): boolean => name.startsWith('.') || name.startsWith('~$') || name === 'node_modules';
const isBomName = (name: string): boolean => !skipped(name) && BOM_EXTENSIONS.has(extname(name).toLowerCase());

function walk(folder: string, out: string[]): void {
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (skipped(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile() && isBomName(entry.name)) out.push(path);
    if (out.length > MAX_BOM_FILES) throw new UsageError(`${folder} holds more than ${MAX_BOM_FILES} BOM files; name the folders of the BOMs you mean.`, { showUsage: false });
  }
}

function globPattern(glob: string): RegExp {
  const source = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${source}$`, 'i');
}

/** Every BOM file `paths` name, each once, in the order named (a folder's files sorted). */
export function expandBomPaths(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const path of paths) {
    const name = basename(path);
    if (/[*?]/.test(name) && !lstatSync(path, { throwIfNoEntry: false })) {
      const folder = dirname(path);
      if (/[*?]/.test(folder)) throw new UsageError(`${path}: only the last part of a path may hold * or ?.`, { showUsage: false });
      const pattern = globPattern(name);
      const found = (lstatSync(folder, { throwIfNoEntry: false })?.isDirectory() ? readdirSync(folder) : []).filter((n) => pattern.test(n) && isBomName(n)).sort();
      if (found.length === 0) throw new UsageError(`${path} matches no BOM file (.xlsx, .xlsm, .csv, .tsv or .txt).`, { showUsage: false });
      out.push(...found.map((n) => join(folder, n)));
      continue;
    }
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat) throw new UsageError(`${path} does not exist.`, { showUsage: false });
    if (stat.isDirectory()) {
      const before = out.length;
      walk(path, out);
      if (out.length === before) throw new UsageError(`The folder ${path} holds no BOM file (.xlsx, .xlsm, .csv, .tsv or .txt).`, { showUsage: false });
    } else out.push(path);
    if (out.length > MAX_BOM_FILES) throw new UsageError(`More than ${MAX_BOM_FILES} BOM files were named; name fewer at a time.`, { showUsage: false });
  }
  return [...new Set(out)];
}
