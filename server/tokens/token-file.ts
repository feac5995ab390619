import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { promises as fs, statSync } from 'node:fs';
import path from 'node:path';
import type { TokenRecord, TokenStore } from './token-types';

/** Prefix of every token this server issues, so a leaked one is recognisable in a scan. */
export const TOKEN_PREFIX = 'pst_';

/** How often `verify` looks at the file's modification time: a revoke applies within this. */
const TOKEN_RECHECK_MS = 1000;

/** A token name: what an administrator types and sees in `token list`. */
const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@+-]{0,99}$/;

/** A problem with the tokens file or a token name; the CLI prints its message and exits 2. */
export class TokenFileError extends Error {
  override readonly name = 'TokenFileError';
}

/** Hex SHA-256 of a token: the only form in which a token is ever stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Why a token name cannot be used, or undefined. */
export function checkTokenName(name: string): string | undefined {
  if (NAME_PATTERN.test(name)) return undefined;
  return `'${name.slice(0, 40)}' cannot name a token: use 1 to 100 letters, digits and . _ @ + - (starting with a letter or digit).`;
}

/**
 * Written into the file by a server that runs with `--redis` and `--tokens FILE`: from then on the
 * team's tokens live in Redis and the file only seeded it, so a token command given just this file
 * must refuse rather than edit a copy no server reads.
 */
export interface TokensInRedis {
  /** The Redis address without credentials (`redis://10.0.0.5:6379/0`). */
  address: string;
  /** When a server first took the tokens to Redis (ISO 8601). */
  since: string;
}

interface TokenFileContent {
  version: 1;
  /** Present once servers keep these tokens in Redis. */
  redis?: TokensInRedis;
  tokens: TokenRecord[];
}

function parseMarker(parsed: unknown): TokensInRedis | undefined {
  const redis = (parsed as Partial<TokenFileContent> | null)?.redis;
  if (!redis || typeof redis !== 'object' || typeof redis.address !== 'string') return undefined;
  return { address: redis.address, since: typeof redis.since === 'string' ? redis.since : '' };
}

/** Where the servers keep the file's tokens, when they moved them to Redis; undefined for a plain (or missing) file. */
export async function readTokensInRedis(file: string): Promise<TokensInRedis | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new TokenFileError(`The tokens file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
  try {
    return parseMarker(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/**
 * Records in the tokens file that servers now keep its tokens in Redis at `address` (credentials
 * removed), keeping the tokens as they are. Written through a temporary file and a rename, like
 * every other write of the file; a file already marked for that address is left alone.
 */
export async function markTokensInRedis(file: string, address: string, now: () => number = Date.now): Promise<void> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') text = '{"version":1,"tokens":[]}';
    else throw new TokenFileError(`The tokens file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
  const tokens = parseContent(text, file);
  const previous = parseMarker(JSON.parse(text));
  if (previous?.address === address) return;
  await writeContent(file, { version: 1, redis: { address, since: previous?.since || new Date(now()).toISOString() }, tokens });
}

async function writeContent(file: string, content: TokenFileContent): Promise<void> {
  await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(temp, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  // A rename replaces the file in one step, so a running server never reads half of it.
  await fs.rename(temp, file);
}

function parseContent(text: string, file: string): TokenRecord[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new TokenFileError(`The tokens file ${file} is not valid JSON.`);
  }
  const tokens = (parsed as Partial<TokenFileContent> | null)?.tokens;
  if (!Array.isArray(tokens)) throw new TokenFileError(`The tokens file ${file} has no "tokens" list.`);
  return tokens.filter(
    (t): t is TokenRecord =>
      !!t && typeof t.name === 'string' && typeof t.hash === 'string' && /^[0-9a-f]{64}$/.test(t.hash) && typeof t.created === 'string',
  );
}

/**
 * Personal tokens kept in a JSON file that holds only their SHA-256 hashes (mode 0600). The file is
 * the source of truth: `partspec serve token add|revoke` edits it while a server runs, and the
 * server notices the change (it re-reads the file when its modification time moves, checked at
 * most once a second), so a revoke takes effect within seconds without a restart.
 */
export function createTokenFileStore(file: string, options: { now?: () => number } = {}): TokenStore & { reload(): Promise<void> } {
  const now = options.now ?? Date.now;
  let byHash = new Map<string, TokenRecord>();
  let loadedStamp = '';
  let checkedAt = 0;

  const stampOf = (): string => {
    try {
      const s = statSync(file);
      return `${s.mtimeMs}:${s.size}:${s.ino}`;
    } catch {
      return 'missing';
    }
  };

  async function readRecords(): Promise<TokenRecord[]> {
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new TokenFileError(`The tokens file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
    }
    return parseContent(text, file);
  }

  async function reload(): Promise<void> {
    const stamp = stampOf();
    const records = await readRecords();
    byHash = new Map(records.map((r) => [r.hash, r]));
    loadedStamp = stamp;
    checkedAt = now();
  }

  async function refreshIfChanged(force: boolean): Promise<void> {
    if (!force && now() - checkedAt < TOKEN_RECHECK_MS) return;
    checkedAt = now();
    if (stampOf() === loadedStamp) return;
    try {
      await reload();
    } catch {
      // A half-written or unreadable file keeps the last good list until the next good read.
    }
  }

  async function write(records: TokenRecord[]): Promise<void> {
    const redis = await readTokensInRedis(file);
    await writeContent(file, redis ? { version: 1, redis, tokens: records } : { version: 1, tokens: records });
    await reload();
  }

  return {
    reload,
    async verify(token) {
      if (typeof token !== 'string' || !token.startsWith(TOKEN_PREFIX) || token.length > 200) return undefined;
      if (loadedStamp === '') await reload().catch(() => undefined);
      else await refreshIfChanged(false);
      const hash = hashToken(token);
      let record = byHash.get(hash);
      if (!record) {
        // A token added a moment ago works at once: an unknown token costs one stat of the file.
        await refreshIfChanged(true);
        record = byHash.get(hash);
      }
      if (!record) return undefined;
      // The map lookup found it; the constant-time compare keeps the answer time independent of where hashes differ.
      return timingSafeEqual(Buffer.from(record.hash, 'hex'), Buffer.from(hash, 'hex')) ? record.name : undefined;
    },
    async add(name) {
      const problem = checkTokenName(name);
      if (problem) throw new TokenFileError(problem);
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const records = (await readRecords()).filter((r) => r.name !== name);
      records.push({ name, hash: hashToken(token), created: new Date(now()).toISOString() });
      await write(records);
      return token;
    },
    async list() {
      return (await readRecords()).map((r) => ({ ...r }));
    },
    async revoke(name) {
      const records = await readRecords();
      const kept = records.filter((r) => r.name !== name);
      if (kept.length === records.length) return false;
      await write(kept);
      return true;
    },
  };
}
