import { randomBytes, timingSafeEqual } from 'node:crypto';
import { TOKEN_PREFIX, TokenFileError, checkTokenName, hashToken } from '../tokens/token-file';
import { TokenUnconfirmedError } from '../tokens/token-types';
import type { TokenRecord, TokenStore } from './types';
import type { RedisLink } from './redis-link';

/** How often each instance re-reads the token table even without a change notice. @default 2000 */
const DEFAULT_TOKEN_REFRESH_MS = 2000;

/**
 * Adding or revoking a token needs Redis: a revocation that reached only one instance would
 * leave the token working on the others, so it fails loudly instead.
 */
export class TokenStoreUnavailableError extends Error {
  override readonly name = 'TokenStoreUnavailableError';
  constructor(address: string) {
    super(`The token store (Redis at ${address}) cannot be reached, so tokens cannot be added or revoked now. Try again when Redis is back.`);
  }
}

/** How long an instance that cannot read the token table keeps accepting the tokens it knows. @default 15000 */
export const DEFAULT_TOKEN_GRACE_MS = 15_000;

export interface RedisTokenStoreOptions {
  link: RedisLink;
  prefix: string;
  /**
   * Tokens from `--tokens FILE`: imported into Redis when Redis holds no token table yet, and
   * used to verify while Redis has never been reachable (for the grace period).
   */
  seed?: TokenStore;
  /**
   * Whether the seed may fill an empty Redis. A file that already handed its tokens to Redis is
   * an old copy (a revoke in Redis does not touch it), so it must not. @default true
   */
  seedMayRepair?: boolean;
  /** @default DEFAULT_TOKEN_REFRESH_MS */
  refreshMs?: number;
  /**
   * How long after its last successful read of the table this instance still accepts the tokens
   * it knows; past it, every token is refused (503) until the table is read again, and the copy
   * is too old to put back into an emptied Redis. @default DEFAULT_TOKEN_GRACE_MS
   */
  graceMs?: number;
  /**
   * Put the known tokens back into a Redis that lost them. Serving instances do; the token
   * command (which knows no tokens of its own) does not. @default true
   */
  repair?: boolean;
  /** The clock of the grace period (tests move it instead of waiting). @default Date.now */
  now?: () => number;
}

/**
 * One atomic pass over the shared table: known tombstones go back into Redis (a tombstone is never
 * wrong), an emptied table is repaired when this instance's copy is recent (ARGV[1] = '1'), every
 * record whose token hash has a tombstone is deleted, and the table and tombstones are returned.
 */
const SYNC_SCRIPT = `
for _, t in ipairs(cjson.decode(ARGV[2])) do redis.call('HSETNX', KEYS[3], t[1], t[2]) end
if ARGV[1] == '1' and redis.call('EXISTS', KEYS[2]) == 0 then
  for _, r in ipairs(cjson.decode(ARGV[3])) do redis.call('HSETNX', KEYS[1], r[1], r[2]) end
  redis.call('SET', KEYS[2], '1')
end
local tbl = redis.call('HGETALL', KEYS[1])
for i = 1, #tbl, 2 do
  local ok, rec = pcall(cjson.decode, tbl[i + 1])
  if ok and type(rec) == 'table' and type(rec.hash) == 'string' and redis.call('HEXISTS', KEYS[3], rec.hash) == 1 then
    redis.call('HDEL', KEYS[1], tbl[i])
  end
end
return { redis.call('HGETALL', KEYS[1]), redis.call('HGETALL', KEYS[3]), redis.call('EXISTS', KEYS[2]) }`;

/** Stores a record under a name; a different token the name held gets a tombstone (it is replaced, so revoked). */
const PUT_SCRIPT = `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if raw then
  local ok, rec = pcall(cjson.decode, raw)
  if ok and type(rec) == 'table' and type(rec.hash) == 'string' and rec.hash ~= ARGV[2] then
    redis.call('HSET', KEYS[2], rec.hash, cjson.encode({ name = ARGV[1], revoked = ARGV[4] }))
  end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('PUBLISH', ARGV[5], 'add')
return 1`;

/** Deletes a name's record and leaves a tombstone of its token hash; 0 when the name has no record. */
const REVOKE_SCRIPT = `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 0 end
local ok, rec = pcall(cjson.decode, raw)
if ok and type(rec) == 'table' and type(rec.hash) == 'string' then
  redis.call('HSET', KEYS[2], rec.hash, cjson.encode({ name = ARGV[1], revoked = ARGV[2] }))
end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('PUBLISH', ARGV[3], 'revoke')
return 1`;

function pairs(flat: unknown): [string, string][] {
  const list = Array.isArray(flat) ? (flat as unknown[]) : [];
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < list.length; i += 2) out.push([String(list[i]), String(list[i + 1])]);
  return out;
}

function parseRecord(name: string, raw: string): TokenRecord | undefined {
  try {
    const value = JSON.parse(raw) as Partial<TokenRecord>;
    if (typeof value.hash !== 'string' || !/^[0-9a-f]{64}$/.test(value.hash)) return undefined;
    return { name, hash: value.hash, created: typeof value.created === 'string' ? value.created : '' };
  } catch {
    return undefined;
  }
}

/**
 * Personal tokens shared by every instance: a Redis hash of name → SHA-256 of the token (never
 * the token), and a hash of tombstones (SHA-256 of each revoked or replaced token → its name and
 * when). Each instance verifies against its own copy of the table, so a token check costs no round
 * trip; the copy is refreshed when any instance announces a change (pub/sub) and every couple of
 * seconds. An instance that cannot read the table for longer than the grace period refuses every
 * token (it could not see a revocation). A Redis that comes back empty is refilled from a copy
 * read within the grace period, and tombstones are written back by every instance that knows
 * them, so no repair brings a revoked token back.
 */
export class RedisTokenStore implements TokenStore {
  private byHash = new Map<string, TokenRecord>();
  /** Token hash → tombstone (JSON), every one this instance has seen. */
  private tombstones = new Map<string, string>();
  /** True once the table was read from Redis: until then the seed store answers. */
  private loaded = false;
  /** Epoch ms of the last successful read of the table (the start, before the first). */
  private confirmedAt: number;
  private readonly graceMs: number;
  private readonly now: () => number;
  private readonly tableKey: string;
  private readonly markerKey: string;
  private readonly revokedKey: string;
  private readonly channel: string;
  private readonly timer: NodeJS.Timeout;
  private refreshing: Promise<void> | undefined;
  private nextRefresh: Promise<void> | undefined;

  constructor(private readonly options: RedisTokenStoreOptions) {
    this.now = options.now ?? Date.now;
    this.confirmedAt = this.now();
    this.graceMs = options.graceMs ?? DEFAULT_TOKEN_GRACE_MS;
    this.tableKey = `${options.prefix}tokens`;
    this.markerKey = `${options.prefix}tokens-present`;
    this.revokedKey = `${options.prefix}tokens-revoked`;
    this.channel = `${options.prefix}tokens-changed`;
    this.timer = setInterval(() => void this.refresh(), options.refreshMs ?? DEFAULT_TOKEN_REFRESH_MS);
    this.timer.unref();
    options.link.onChange((state) => {
      if (state === 'ok') void this.refresh();
    });
  }

  /**
   * Subscribes to change notices and reads the table once; call before serving. Waits (up to
   * `waitMs`) for the subscription, so a change another instance makes just after start-up is
   * not missed until the next periodic read.
   */
  async start(waitMs = 0): Promise<void> {
    await this.options.link.listen(this.channel, () => void this.refresh(), waitMs);
    await this.refresh();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** True while this instance's copy of the table is recent enough to answer from (and to repair with). */
  private get current(): boolean {
    return this.now() - this.confirmedAt <= this.graceMs;
  }

  async verify(token: string): Promise<string | undefined> {
    if (typeof token !== 'string' || !token.startsWith(TOKEN_PREFIX) || token.length > 200) return undefined;
    if (!this.current) throw new TokenUnconfirmedError(Math.max(1, Math.ceil((this.options.refreshMs ?? DEFAULT_TOKEN_REFRESH_MS) / 1000)));
    if (!this.loaded) return this.options.seed?.verify(token);
    const hash = hashToken(token);
    if (this.tombstones.has(hash)) return undefined;
    const record = this.byHash.get(hash);
    if (!record) return undefined;
    return timingSafeEqual(Buffer.from(record.hash, 'hex'), Buffer.from(hash, 'hex')) ? record.name : undefined;
  }

  async add(name: string): Promise<string> {
    const problem = checkTokenName(name);
    if (problem) throw new TokenFileError(problem);
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const record: TokenRecord = { name, hash: hashToken(token), created: new Date().toISOString() };
    const value = JSON.stringify({ hash: record.hash, created: record.created });
    await this.write((client) => client.eval(PUT_SCRIPT, 2, this.tableKey, this.revokedKey, name, record.hash, value, record.created, this.channel));
    return token;
  }

  async list(): Promise<TokenRecord[]> {
    if (!this.loaded && this.options.seed) return this.options.seed.list();
    return [...this.byHash.values()].map((r) => ({ ...r })).sort((a, b) => a.name.localeCompare(b.name));
  }

  async revoke(name: string): Promise<boolean> {
    const removed = await this.write((client) => client.eval(REVOKE_SCRIPT, 2, this.tableKey, this.revokedKey, name, new Date().toISOString(), this.channel));
    return Number(removed) > 0;
  }

  /**
   * Re-reads the table, one read at a time. A read already under way may have begun before the
   * change a caller was told of, so a caller during it gets the next read, which starts when it
   * ends and is shared by every caller meanwhile.
   */
  refresh(): Promise<void> {
    if (!this.refreshing) {
      this.refreshing = this.readTable().finally(() => {
        this.refreshing = undefined;
      });
      return this.refreshing;
    }
    this.nextRefresh ??= this.refreshing
      .catch(() => undefined)
      .then(() => {
        this.nextRefresh = undefined;
        return this.refresh();
      });
    return this.nextRefresh;
  }

  private async write<T>(operation: (client: RedisLink['client']) => Promise<T>): Promise<T> {
    if (!this.options.link.up) throw new TokenStoreUnavailableError(this.options.link.address);
    let result: T;
    try {
      result = await operation(this.options.link.client);
    } catch (error) {
      this.options.link.reportFailure(error);
      throw new TokenStoreUnavailableError(this.options.link.address);
    }
    await this.refresh();
    return result;
  }

  private async readTable(): Promise<void> {
    // Only a copy read within the grace period (or a seed that never went to Redis) may fill an
    // emptied Redis: an older copy may hold tokens revoked since, so it is dropped for what Redis says.
    const mayRepair = this.options.repair !== false && (this.loaded ? this.current : this.options.seedMayRepair !== false);
    const known = !mayRepair ? [] : this.loaded ? [...this.byHash.values()] : await this.seedRecords();
    const records = known.map((r) => [r.name, JSON.stringify({ hash: r.hash, created: r.created })]);
    await this.options.link.attempt(
      async (client) => {
        const result = (await client.eval(
          SYNC_SCRIPT,
          3,
          this.tableKey,
          this.markerKey,
          this.revokedKey,
          mayRepair ? '1' : '0',
          JSON.stringify([...this.tombstones]),
          JSON.stringify(records),
        )) as unknown[];
        for (const [hash, value] of pairs(result[1])) this.tombstones.set(hash, value);
        const next = new Map<string, TokenRecord>();
        for (const [name, raw] of pairs(result[0])) {
          const record = parseRecord(name, raw);
          if (record && !this.tombstones.has(record.hash)) next.set(record.hash, record);
        }
        this.byHash = next;
        this.loaded = true;
        this.confirmedAt = this.now();
        // An emptied table this instance may not refill: look again soon for an instance that may.
        if (Number(result[2]) === 0 && !mayRepair && this.options.repair !== false) setTimeout(() => void this.refresh(), 250).unref();
      },
      () => undefined,
    );
  }
  private async seedRecords(): Promise<TokenRecord[]> {
    try {
      return (await this.options.seed?.list()) ?? [];
    } catch {
      return [];
    }
  }
}
