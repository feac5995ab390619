import { lstatSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../errors';

/*
 * The BOM files a portfolio reads, from what the user typed: files as named, folders walked for
 * BOM files (hidden entries and Office's `~$` lock files left out), and globs (`boards/**\/*.xlsx`,
 * `*.csv`) matched against the files under their fixed part. Bounded, so a root folder typed by
 * mistake is refused in a sentence rather than walked.
 */

/** Most BOM files one portfolio reads. */
const MAX_PORTFOLIO_FILES = 2000;

/** Most entries a folder walk looks at. */
const MAX_WALK_ENTRIES = 100_000;

/** Extensions of the BOMs a folder or glob picks up. */
const BOM_EXTENSIONS = /\.(xlsx|xlsm|xltx|xltm|csv|tsv|txt)$/i;

const GLOB_CHARS = /[*?[]/;

/** A glob as a regular expression over `/`-separated relative paths: `**` any folders, `*` and `?` within one name, `[abc]` a class. */
function globRegex(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      out += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) out += '\\[';
      else {
        out += `[${pattern.slice(i + 1, end).replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else out += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, process.platform === 'win32' ? 'i' : '');
}

/** Every file under `folder` (relative to `cwd`), as paths joined to `folder`; a link inside it is not followed (it may lead anywhere, and a run that writes must not write there). */
function walk(folder: string, cwd: string, seen: { entries: number }): string[] {
  const out: string[] = [];
  const stack = [folder];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let names: string[];
    try {
      names = readdirSync(resolve(cwd, dir)).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      if (name.startsWith('.') || name.startsWith('~$')) continue;
      if (++seen.entries > MAX_WALK_ENTRIES) throw new UsageError(`${folder} holds more than ${MAX_WALK_ENTRIES.toLocaleString('en-US')} entries: name the BOMs' own folder.`, { showUsage: false });
      const path = join(dir, name);
      let stats;
      try {
        stats = lstatSync(resolve(cwd, path));
      } catch {
        continue;
      }
      if (stats.isDirectory()) stack.push(path);
      else if (stats.isFile()) out.push(path);
    }
  }
  return out.sort();
}

/**
 * The BOM files of `paths` (files, folders and globs), each once, in the order given (a folder's
 * and a glob's in name order); `leaveOut` are files the run writes. A glob or folder with no BOM,
 * or a path that does not exist, is refused. Relative paths are relative to `cwd` and stay
 * relative in the answer, as the user wrote them.
 */
export function expandBomPaths(cwd: string, paths: readonly string[], leaveOut: readonly string[] = []): string[] {
  const out: string[] = [];
  const taken = new Set(leaveOut.map((p) => resolve(cwd, p)));
  const seen = { entries: 0 };
  const add = (file: string): void => {
    const key = resolve(cwd, file);
    if (taken.has(key)) return;
    taken.add(key);
    out.push(file);
    if (out.length > MAX_PORTFOLIO_FILES) throw new UsageError(`More than ${MAX_PORTFOLIO_FILES} BOM files: one run reads at most ${MAX_PORTFOLIO_FILES}.`, { showUsage: false });
  };
  for (const path of paths) {
    if (GLOB_CHARS.test(path)) {
      const parts = path.split(/[/\\]/);
      const fixed = parts.findIndex((p) => GLOB_CHARS.test(p));
      const base = fixed === 0 ? '.' : parts.slice(0, fixed).join('/') || '/';
      const pattern = globRegex(parts.slice(fixed).join('/'));
      const found = walk(base, cwd, seen).filter((file) => BOM_EXTENSIONS.test(file) && pattern.test(relative(base, file).split(sep).join('/')));
      if (found.length === 0) throw new UsageError(`${path} matches no BOM file (.xlsx, .xlsm, .csv, .tsv or .txt).`, { showUsage: false });
      found.forEach(add);
      continue;
    }
    let stats;
    try {
      stats = statSync(resolve(cwd, path));
    } catch {
      throw new UsageError(`${path} does not exist.`, { showUsage: false });
    }
    if (stats.isDirectory()) {
      const found = walk(path, cwd, seen).filter((file) => BOM_EXTENSIONS.test(file));
      if (found.length === 0) throw new UsageError(`The folder ${path} holds no BOM file (.xlsx, .xlsm, .csv, .tsv or .txt).`, { showUsage: false });
      found.forEach(add);
    } else add(path);
  }
  return out;
}
