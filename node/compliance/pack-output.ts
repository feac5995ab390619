/*
 * Where a compliance pack goes: a new folder, or a ZIP archive. The pack is built in a temporary
 * folder beside the target and only then renamed into place (a folder) or archived through a
 * temporary file (a ZIP), so an interrupted run leaves no half pack under the name asked for.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, lstatSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Zip, ZipPassThrough } from 'fflate';
import { FileError, UsageError } from '../errors';
import { removeOnExit, writeFileSafely } from '../safe-write';

export type PackTarget = { kind: 'folder' | 'zip'; path: string };

/** The target of `--out`: a .zip is an archive, anything else a folder that must not exist or be empty. */
export function packTarget(out: string): PackTarget {
  const kind = /\.zip$/i.test(out) ? 'zip' : 'folder';
  const there = lstatSync(out, { throwIfNoEntry: false });
  if (there?.isSymbolicLink()) throw new UsageError(`--out ${out} is a link; name a new folder or a .zip file.`, { showUsage: false });
  if (kind === 'folder' && there) {
    if (!there.isDirectory()) throw new UsageError(`--out ${out} is a file; name a new (or empty) folder, or a .zip file.`, { showUsage: false });
    if (readdirSync(out).length > 0) throw new UsageError(`--out ${out} is a folder that is not empty; name a new (or empty) folder so nothing in it is overwritten.`, { showUsage: false });
  }
  if (kind === 'zip' && there && !there.isFile()) throw new UsageError(`--out ${out} is not a file.`, { showUsage: false });
  return { kind, path: out };
}

/** The workspaces of this process, removed if it exits before they are finished. */
const exitGuards = new Map<string, { done: () => void }>();

/** A temporary folder beside the target to build the pack in. */
export async function packWorkspace(target: PackTarget): Promise<string> {
  const folder = dirname(resolve(target.path));
  try {
    const workspace = await mkdtemp(join(folder, `.${basename(target.path)}.partspec-`));
    exitGuards.set(workspace, removeOnExit(workspace));
    return workspace;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? 'is not writable' : code === 'ENOENT' ? 'does not exist' : `cannot be written (${code ?? (error as Error).message})`;
    throw new FileError(`The pack cannot be written to ${target.path}: the folder ${folder} ${why}.`);
  }
}

/** Every file under `folder`, as relative paths with `/`, sorted. */
async function filesUnder(folder: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(folder, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(folder, path)));
    else if (entry.isFile()) out.push(path);
  }
  return out.sort();
}

/** Size and SHA-256 of each file under `folder` but `skip`. */
export async function hashFiles(folder: string, skip: readonly string[]): Promise<{ file: string; bytes: number; sha256: string }[]> {
  const out = [];
  for (const file of await filesUnder(folder)) {
    if (skip.includes(file)) continue;
    const data = await readFile(join(folder, file));
    out.push({ file, bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') });
  }
  return out;
}

async function zipFolder(folder: string, temp: string): Promise<void> {
  const output = createWriteStream(temp);
  const done = new Promise<void>((resolvePromise, reject) => {
    output.once('error', reject);
    output.once('finish', resolvePromise);
  });
  const zip = new Zip((error, data, final) => {
    if (error) output.destroy(error);
    else output.write(data);
    if (final) output.end();
  });
  for (const file of await filesUnder(folder)) {
    const entry = new ZipPassThrough(file);
    zip.add(entry);
    for await (const chunk of createReadStream(join(folder, file))) entry.push(chunk as Uint8Array);
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  await done;
}

/** Moves the built pack to its target; the workspace is gone afterwards either way. */
export async function finishPack(workspace: string, target: PackTarget): Promise<void> {
  try {
    if (target.kind === 'zip') {
      await writeFileSafely(target.path, (temp) => zipFolder(workspace, temp));
      return;
    }
    const there = await stat(target.path).catch(() => undefined);
    if (there) await rmdir(target.path).catch(() => {
      throw new FileError(`${target.path} is no longer empty (something was written into it during the run); no pack was written.`);
    });
    await rename(workspace, target.path);
  } finally {
    await discardPack(workspace);
  }
}

/** Removes a pack that will not be finished. */
export async function discardPack(workspace: string): Promise<void> {
  await rm(workspace, { recursive: true, force: true });
  exitGuards.get(workspace)?.done();
  exitGuards.delete(workspace);
}
