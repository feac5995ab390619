import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultConfigPath } from '../../node/config';

/** The file, next to PartSpec's config file, that keeps the download links' signing secret. */
const LINK_SECRET_FILE_NAME = 'server-link-secret';

/** Where `partspec serve` keeps its link secret for this user (`~/.config/partspec/server-link-secret`). */
export function linkSecretPath(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(path.dirname(defaultConfigPath(env)), LINK_SECRET_FILE_NAME);
}

function parseSecret(text: string): Buffer | undefined {
  const secret = Buffer.from(text.trim(), 'base64');
  return secret.length >= 32 ? secret : undefined;
}

/**
 * The secret that signs the server's download links: random, its own (not derived from the maker's
 * key, so a key rotation keeps links working), read from `file`, or created there (mode 0600) on
 * first use, so links survive a restart. Throws the file system's error when it cannot be kept.
 */
export function readOrCreateLinkSecret(file: string): Buffer {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const found = parseSecret(readFileSync(file, 'utf8'));
      if (found) return found;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const secret = randomBytes(32);
    try {
      // `wx`: two servers starting at once agree on the first one written.
      writeFileSync(file, `${secret.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return saveLinkSecret(file, secret);
        throw error;
      }
    }
  }
}

/** Replaces the kept secret (with the deployment's, from Redis), through a temporary file and a rename. */
export function saveLinkSecret(file: string, secret: Buffer): Buffer {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${secret.toString('base64')}\n`, { mode: 0o600 });
  renameSync(temporary, file);
  return secret;
}
