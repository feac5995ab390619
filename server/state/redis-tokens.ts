import { randomBytes, timingSafeEqual } from 'node:crypto';
import { TOKEN_PREFIX, TokenFileError, checkTokenName, hashToken } from '../tokens/token-file';
import type { TokenRecord, TokenStore } from './types';
import type { RedisLink } from './redis-link';

/** How often each instance re-reads the token table even without a change notice. @default 2000 */
export const DEFAULT_TOKEN_REFRESH_MS = 2000;

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

export interface RedisTokenStoreOptions {
  link: RedisLink;
  prefix: string;
  /**
   * Tokens from `--tokens FILE`: imported into Redis when Redis holds no token table yet, and
   * used to verify while Redis has never been reachable.
   */
  seed?: TokenStore;
  /** @default DEFAULT_TOKEN_REFRESH_MS */
  refreshMs?: number;
  /**
   * Put the known tokens back into a Redis that lost them. Serving instances do; the token
   * command (which knows no tokens of its own) does not. @default true
   */
  repair?: boolean;
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
 * the token). Each instance verifies against its own copy of that small table, so a token check
 * costs no round trip and keeps working while Redis is away; the copy is refreshed when any
 * instance announces a change (pub/sub) and every couple of seconds in case a notice was missed,
 * so an add or a revoke applies everywhere within seconds. A Redis that comes back empty (a
 * restart without persistence) is refilled from that copy, so users are not locked out by it.
 */
export class RedisTokenStore implements TokenStore {
  private byHash = new Map<string, TokenRecord>();
  /** True once the table was read from Redis: until then the seed store answers. */
  private loaded = false;
  private readonly tableKey: string;
  private readonly markerKey: string;
  private readonly channel: string;
  private readonly timer: NodeJS.Timeout;
  private refreshing: Promise<void> | undefined;

  constructor(private readonly options: RedisTokenStoreOptions) {
    this.tableKey = `${options.prefix}tokens`;
    this.markerKey = `${options.prefix}tokens-present`;
    this.channel = `${options.prefix}tokens-changed`;
    this.timer = setInterval(() => void this.refresh(), options.refreshMs ?? DEFAULT_TOKEN_REFRESH_MS);
    this.timer.unref();
    options.link.onChange((state) => {
      if (state === 'ok') void this.refresh();
    });
  }

  /** Subscribes to change notices and reads the table once; call before serving. */
  async start(): Promise<void> {
    this.options.link.listen(this.channel, () => void this.refresh());
    await this.refresh();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async verify(token: string): Promise<string | undefined> {
    if (typeof token !== 'string' || !token.startsWith(TOKEN_PREFIX) || token.length > 200) return undefined;
    if (!this.loaded) return this.options.seed?.verify(token);
    const hash = hashToken(token);
    const record = this.byHash.get(hash);
    if (!record) return undefined;
    return timingSafeEqual(Buffer.from(record.hash, 'hex'), Buffer.from(hash, 'hex')) ? record.name : undefined;
  }

  async add(name: string): Promise<string> {
    const problem = checkTokenName(name);
    if (problem) throw new TokenFileError(problem);
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const record: TokenRecord = { name, hash: hashToken(token), created: new Date().toISOString() };
    await this.write(async (client) => {
      await client.multi().hset(this.tableKey, name, JSON.stringify({ hash: record.hash, created: record.created })).publish(this.channel, 'add').exec();
    });
    return token;
  }

  async list(): Promise<TokenRecord[]> {
    if (!this.loaded && this.options.seed) return this.options.seed.list();
    return [...this.byHash.values()].map((r) => ({ ...r })).sort((a, b) => a.name.localeCompare(b.name));
  }

  async revoke(name: string): Promise<boolean> {
    let removed = 0;
    await this.write(async (client) => {
      const results = await client.multi().hdel(this.tableKey, name).publish(this.channel, 'revoke').exec();
      removed = Number(results?.[0]?.[1] ?? 0);
    });
    return removed > 0;
  }

  /** Re-reads the table (one refresh at a time; callers during one share it). */
  refresh(): Promise<void> {
    this.refreshing ??= this.readTable().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async write(operation: (client: RedisLink['client']) => Promise<void>): Promise<void> {
    if (!this.options.link.up) throw new TokenStoreUnavailableError(this.options.link.address);
    try {
      await operation(this.options.link.client);
    } catch (error) {
      this.options.link.reportFailure(error);
      throw new TokenStoreUnavailableError(this.options.link.address);
    }
    await this.refresh();
  }

  private async readTable(): Promise<void> {
    const known = this.loaded ? [...this.byHash.values()] : await this.seedRecords();
    await this.options.link.attempt(
      async (client) => {
        const [table, marker] = await Promise.all([client.hgetall(this.tableKey), client.exists(this.markerKey)]);
        if (marker === 0 && this.options.repair !== false) {
          // A Redis without our table: a first start, or a restart that lost its data. Put back what we know.
          const pipeline = client.multi();
          for (const record of known) pipeline.hsetnx(this.tableKey, record.name, JSON.stringify({ hash: record.hash, created: record.created }));
          pipeline.set(this.markerKey, '1');
          await pipeline.exec();
          for (const record of known) if (!(record.name in table)) table[record.name] = JSON.stringify({ hash: record.hash, created: record.created });
        }
        const next = new Map<string, TokenRecord>();
        for (const [name, raw] of Object.entries(table)) {
          const record = parseRecord(name, raw);
          if (record) next.set(record.hash, record);
        }
        this.byHash = next;
        this.loaded = true;
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
