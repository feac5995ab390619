import { createHash } from 'node:crypto';
import type { AnswerCache, CachedAnswer } from './types';
import type { RedisLink } from './redis-link';

/** Answers larger than this stay in the instance's own cache: one huge answer must not crowd Redis. @default 4 MiB */
export const DEFAULT_MAX_SHARED_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * One answer as one Redis string: a 4-byte length, the status and headers as JSON, then the body
 * bytes untouched (no base64, no re-encoding of gzip bodies).
 */
export function encodeAnswer(answer: CachedAnswer): Buffer {
  const meta = Buffer.from(JSON.stringify({ status: answer.status, headers: answer.headers }), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(meta.length, 0);
  return Buffer.concat([length, meta, answer.body]);
}

/** The inverse of `encodeAnswer`; undefined for anything that is not one (an old or foreign value). */
export function decodeAnswer(raw: Buffer | null | undefined): CachedAnswer | undefined {
  if (!raw || raw.length < 4) return undefined;
  const metaLength = raw.readUInt32BE(0);
  if (4 + metaLength > raw.length) return undefined;
  try {
    const meta = JSON.parse(raw.subarray(4, 4 + metaLength).toString('utf8')) as { status?: unknown; headers?: unknown };
    if (typeof meta.status !== 'number' || typeof meta.headers !== 'object' || meta.headers === null) return undefined;
    return { status: meta.status, headers: meta.headers as Record<string, string>, body: Buffer.from(raw.subarray(4 + metaLength)) };
  } catch {
    return undefined;
  }
}

/**
 * Redis keys carry a digest of the cache key, not the key itself: cache keys hold query strings
 * (and in pass-through mode a digest of the user's key), which have no business in `KEYS *`.
 */
export function digestKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

export interface RedisAnswerCacheOptions {
  link: RedisLink;
  /** Key prefix shared by every instance of one deployment. */
  prefix: string;
  /** The instance's own cache: read first, written through, and the only one while Redis is down. */
  local: AnswerCache;
  /** @default DEFAULT_MAX_SHARED_ANSWER_BYTES */
  maxAnswerBytes?: number;
}

/**
 * The answer cache every instance shares. Entries expire in Redis by their TTL (so Redis's memory
 * is bounded by what the TTL lets accumulate, and by the operator's `maxmemory` policy); answers
 * are also kept in the instance's own bounded cache, which serves them without a round trip and
 * keeps serving them while Redis is away.
 */
export class RedisAnswerCache implements AnswerCache {
  private readonly maxAnswerBytes: number;

  constructor(private readonly options: RedisAnswerCacheOptions) {
    this.maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_SHARED_ANSWER_BYTES;
  }

  /** The Redis key of a cache key (also used by the coalescer to find a winner's answer). */
  redisKey(key: string): string {
    return `${this.options.prefix}answer:${digestKey(key)}`;
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    const local = await this.options.local.get(key);
    if (local) return local;
    const found = await this.options.link.attempt(
      async (client) => {
        const [raw, ttl] = await Promise.all([client.getBuffer(this.redisKey(key)), client.pttl(this.redisKey(key))]);
        return { answer: decodeAnswer(raw), ttl };
      },
      () => ({ answer: undefined, ttl: -2 }),
    );
    if (found.answer && found.ttl > 0) await this.options.local.set(key, found.answer, found.ttl);
    return found.answer;
  }

  async set(key: string, answer: CachedAnswer, ttlMs: number): Promise<void> {
    await this.options.local.set(key, answer, ttlMs);
    const encoded = encodeAnswer(answer);
    if (encoded.length > this.maxAnswerBytes || ttlMs <= 0) return;
    await this.options.link.attempt(
      async (client) => {
        await client.set(this.redisKey(key), encoded, 'PX', Math.ceil(ttlMs));
      },
      () => undefined,
    );
  }
}
