/*
 * The BOM files named on a command line that works across BOMs: files as given, folders walked
 * (every BOM file below them), and globs (`boms/*.xlsx`, `boms/**\/*.csv`) expanded here, so they
 * work the same where the shell does not expand them (Windows' cmd, a quoted pattern).
 */
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../errors';

/** Files a folder or a glob yields: the kinds a BOM comes in. */
const BOM_EXTENSIONS = new Set(['.xlsx', '.xlsm', '.xltx', '.xltm', '.csv', '.tsv', '.txt']);
/** Most files one command line reaches through its folders and globs. */
const MAX_FILES = 10_000;

/** Whether a name is one a folder walk leaves out: hidden files (and PartSpec's temporary files), and the lock files of Excel and LibreOffice. */
const isSkipped = (name: string): boolean => name.startsWith('.') || name.startsWith('~$');

const hasGlob = (path: string): boolean => /[*?[]/.test(path);

/** A glob's pattern as a regular expression over `/`-separated paths: `**` any folders, `*` and `?` within one name, `[…]` one of. */
function globPattern(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      out += slash ? '(?:[^/]*/)*' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = pattern.indexOf(']', i + 1);
      if (close < 0) out += '\\[';
      else {
        out += `[${pattern.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else out += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/** What a walk found: the BOM files, and the links it did not follow. */
interface Walked {
  files: string[];
  links: string[];
}

/** Every BOM file below a folder, in name order; links are named, never followed (a link may lead anywhere). */
function walk(folder: string, found: Walked): void {
  let names: string[];
  try {
    names = readdirSync(folder).sort();
  } catch (error) {
    throw new UsageError(`${folder} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`, { showUsage: false });
  }
  for (const name of names) {
    if (isSkipped(name)) continue;
    const path = join(folder, name);
    const info = lstatSync(path, { throwIfNoEntry: false });
    if (!info) continue;
    if (info.isSymbolicLink()) {
      if (BOM_EXTENSIONS.has(extname(name).toLowerCase()) || statSync(path, { throwIfNoEntry: false })?.isDirectory()) found.links.push(path);
    } else if (info.isDirectory()) walk(path, found);
    else if (info.isFile() && BOM_EXTENSIONS.has(extname(name).toLowerCase())) found.files.push(path);
    if (found.files.length > MAX_FILES) throw new UsageError(`More than ${MAX_FILES.toLocaleString('en-US')} BOM files were found; name fewer folders.`, { showUsage: false });
  }
}

/** The files a glob matches, below its first folder without a wildcard. */
function expandGlob(pattern: string, found: Walked): void {
  const parts = pattern.split(/[\\/]/);
  const fixed = parts.findIndex(hasGlob);
  const base = parts.slice(0, fixed).join(sep) || (pattern.startsWith('/') ? sep : '.');
  const info = statSync(base, { throwIfNoEntry: false });
  if (!info?.isDirectory()) return;
  const matcher = globPattern(parts.slice(fixed).join('/'));
  const below: Walked = { files: [], links: [] };
  walk(base, below);
  const matches = (path: string): boolean => matcher.test(relative(base, path).split(sep).join('/'));
  found.files.push(...below.files.filter(matches));
  found.links.push(...below.links.filter(matches));
}

/**
 * The BOM files of the paths given, each once (one file under two names is read once), in the
 * order given: a file as it is (its kind checked by the reader), a folder's BOM files below it,
 * a glob's matches. A path that names nothing is refused; so is a list that finds no BOM at all.
 * `note` hears the links a folder or glob did not follow.
 */
export function expandBomPaths(paths: readonly string[], note: (message: string) => void = () => undefined): string[] {
  const found: Walked = { files: [], links: [] };
  for (const path of paths) {
    const info = statSync(path, { throwIfNoEntry: false });
    if (info?.isDirectory()) walk(path, found);
    else if (info) found.files.push(path);
    else if (hasGlob(path)) {
      const before = found.files.length;
      expandGlob(path, found);
      if (found.files.length === before) throw new UsageError(`${path} matches no BOM file (.xlsx, .xlsm, .xltx, .xltm, .csv, .tsv or .txt).`, { showUsage: false });
    } else throw new UsageError(`${path} does not exist.`, { showUsage: false });
  }
  for (const link of found.links) note(`${link} is a link: not followed (name the file it leads to).`);
  if (found.files.length === 0) throw new UsageError(`No BOM file (.xlsx, .xlsm, .xltx, .xltm, .csv, .tsv or .txt) was found in ${paths.join(', ')}.`, { showUsage: false });
  const seen = new Set<string>();
  return found.files.filter((file) => {
    let key: string;
    try {
      key = realpathSync(file);
    } catch {
      key = resolve(file);
    }
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
