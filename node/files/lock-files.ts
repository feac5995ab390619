/*
 * A workbook another program holds open: Excel keeps an owner file `~$Name.xlsx` beside it (for
 * a name of eight characters or more, `~$` replaces its first two: `~$dget2024.xlsx`), LibreOffice
 * `.~lock.Name.xlsx#`. Writing under either program loses our changes or theirs on its next save,
 * so a write to such a file is refused in a sentence that names the lock, before anything is looked up.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../errors';

/** The lock files that say `file` is open elsewhere, with the program that leaves each. */
function lockFilesOf(file: string): { path: string; program: string }[] {
  const folder = dirname(file);
  const name = basename(file);
  const excel = [`~$${name}`, ...(name.length > 2 ? [`~$${name.slice(2)}`] : [])];
  return [...new Set(excel)].map((n) => ({ path: join(folder, n), program: 'Excel' })).concat({ path: join(folder, `.~lock.${name}#`), program: 'LibreOffice' });
}

/** Refuses to write `file` while a lock file beside it says another program has it open. */
export function refuseLockedTarget(file: string): void {
  if (!existsSync(file)) return;
  const lock = lockFilesOf(file).find((l) => existsSync(l.path));
  if (!lock) return;
  throw new UsageError(`${file} is open in ${lock.program} (its lock file ${basename(lock.path)} is beside it): close it there and run again; nothing was written.`, { showUsage: false });
}
