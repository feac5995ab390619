import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { PersistentStore } from './persistent-store';

/**
 * A PersistentStore in a directory (Node only): one JSON file per key, named by the key's hash,
 * written to a temporary name and renamed so a crash never leaves half a file.
 * @param directory Where the files go (created on first write), e.g. `.partspec-cache`.
 */
export function createFileStore(directory: string): PersistentStore {
  const fileOf = (key: string): string => join(directory, `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`);
  let sequence = 0;
  return {
    async get(key) {
      try {
        const parsed = JSON.parse(await readFile(fileOf(key), 'utf8')) as { key?: string; value?: unknown };
        return parsed.key === key ? parsed.value : undefined;
      } catch {
        return undefined;
      }
    },
    async set(key, value) {
      await mkdir(directory, { recursive: true });
      const file = fileOf(key);
      const temp = `${file}.${process.pid}.${sequence++}.tmp`;
      await writeFile(temp, JSON.stringify({ key, value }));
      await rename(temp, file);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async clear() {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch {
        return;
      }
      await Promise.all(names.filter((n) => n.endsWith('.json') || n.endsWith('.tmp')).map((n) => rm(join(directory, n), { force: true })));
    },
  };
}
