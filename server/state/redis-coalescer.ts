import { randomBytes } from 'node:crypto';
import type { CachedAnswer, Coalescer } from './types';
import { decodeAnswer, digestKey, encodeAnswer, DEFAULT_MAX_SHARED_ANSWER_BYTES } from './redis-cache';
import type { RedisLink } from './redis-link';

export interface RedisCoalescerOptions {
  link: RedisLink;
  prefix: string;
  /** Joins concurrent callers within this instance before any of them talks to Redis. */
  local: Coalescer;
  /** Tells the lock's owner apart from other instances. */
  instanceId: string;
  /**
   * How long the lock lives: the longest a request may take upstream (budget wait included). A
   * winner that dies leaves waiters waiting at most this long before they go upstream themselves.
   * @default 30000
   */
  lockMs?: number;
  /** How long a winner's answer stays readable by waiters. @default 10000 */
  resultTtlMs?: number;
  /** Waiters look for the answer at least this often (a published notice wakes them sooner). @default 200 */
  pollMs?: number;
  /** @default DEFAULT_MAX_SHARED_ANSWER_BYTES */
  maxAnswerBytes?: number;
}

/** Deletes the lock only while it is still ours (a late winner must not free a successor's lock). */
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

type Attempt = { kind: 'answer'; answer: CachedAnswer } | { kind: 'produce' } | { kind: 'wait' };

/**
 * Identical requests in flight on several instances go upstream once. Within an instance the local
 * coalescer joins them; across instances a short lock (`SET NX PX`) elects one producer, which
 * publishes its answer under a short-lived key and announces it; the others read that answer.
 * Whenever Redis cannot settle the question (down, slow, the winner vanished), a caller produces
 * its own answer: a duplicate upstream request is the price, never a failed user request.
 */
export class RedisCoalescer implements Coalescer {
  private readonly lockMs: number;
  private readonly resultTtlMs: number;
  private readonly pollMs: number;
  private readonly maxAnswerBytes: number;
  private readonly wakers = new Map<string, Set<() => void>>();
  private readonly channel: string;
  /**
   * Locks whose `SET NX` got no answer: Redis may still run it once it answers again, leaving a
   * lock nobody would release. Each (`key\nvalue` → key) is deleted, only while it still holds
   * our value, once Redis answers again.
   */
  private readonly uncertain = new Map<string, string>();
  private sequence = 0;

  constructor(private readonly options: RedisCoalescerOptions) {
    this.lockMs = options.lockMs ?? 30_000;
    this.resultTtlMs = options.resultTtlMs ?? 10_000;
    this.pollMs = options.pollMs ?? 200;
    this.maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_SHARED_ANSWER_BYTES;
    this.channel = `${options.prefix}coalesced`;
  }

  /**
   * Subscribes to the announcements of finished answers; call once before serving. Waits (up to
   * `waitMs`) for the subscription, so a waiter is not left to its polling for an answer another
   * instance announces just after start-up.
   */
  start(waitMs = 0): Promise<void> {
    this.options.link.onChange((state) => {
      if (state === 'ok') void this.releaseUncertain();
    });
    return this.options.link.listen(
      this.channel,
      (digest) => {
        const wakers = this.wakers.get(digest);
        if (wakers) for (const wake of [...wakers]) wake();
      },
      waitMs,
    );
  }

  run(key: string, produce: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    return this.options.local.run(key, () => this.runShared(key, produce));
  }

  private async runShared(key: string, produce: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const digest = digestKey(key);
    const lockKey = `${this.options.prefix}lock:${digest}`;
    const resultKey = `${this.options.prefix}result:${digest}`;
    const giveUpAt = Date.now() + this.lockMs;
    for (;;) {
      const lockValue = `${this.options.instanceId}:${(this.sequence += 1)}:${randomBytes(4).toString('hex')}`;
      const attempt = await this.tryLock(lockKey, lockValue, resultKey);
      if (attempt.kind === 'answer') return attempt.answer;
      if (attempt.kind === 'produce') return this.produceAndPublish(digest, lockKey, lockValue, resultKey, produce);
      if (Date.now() >= giveUpAt) return produce();
      await this.waitForNotice(digest);
    }
  }

  /** Takes the lock, or finds the winner's answer, or learns that someone else is still working. */
  private tryLock(lockKey: string, lockValue: string, resultKey: string): Promise<Attempt> {
    return this.options.link.attempt<Attempt>(
      async (client) => {
        let taken: string | null;
        try {
          taken = await client.set(lockKey, lockValue, 'PX', this.lockMs, 'NX');
        } catch (error) {
          // No answer: Redis may still run it later. Only such locks are released blind (by value).
          this.uncertain.set(`${lockKey}\n${lockValue}`, lockKey);
          throw error;
        }
        if (this.uncertain.size > 0) void this.releaseUncertain();
        if (taken === 'OK') {
          // A winner may have finished between our last look and the lock: use its answer.
          const answer = decodeAnswer(await client.getBuffer(resultKey));
          if (answer) {
            await client.eval(RELEASE_SCRIPT, 1, lockKey, lockValue);
            return { kind: 'answer', answer };
          }
          return { kind: 'produce' };
        }
        const answer = decodeAnswer(await client.getBuffer(resultKey));
        return answer ? { kind: 'answer', answer } : { kind: 'wait' };
      },
      () => ({ kind: 'produce' }),
    );
  }

  private async produceAndPublish(digest: string, lockKey: string, lockValue: string, resultKey: string, produce: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    let answer: CachedAnswer | undefined;
    try {
      answer = await produce();
      return answer;
    } finally {
      const encoded = answer ? encodeAnswer(answer) : undefined;
      await this.options.link.attempt(
        async (client) => {
          const pipeline = client.multi();
          if (encoded && encoded.length <= this.maxAnswerBytes) pipeline.set(resultKey, encoded, 'PX', this.resultTtlMs);
          pipeline.eval(RELEASE_SCRIPT, 1, lockKey, lockValue);
          pipeline.publish(this.channel, digest);
          await pipeline.exec();
        },
        () => undefined,
      );
    }
  }

  private async releaseUncertain(): Promise<void> {
    const locks = [...this.uncertain];
    this.uncertain.clear();
    if (locks.length === 0) return;
    await this.options.link.attempt(
      async (client) => {
        const pipeline = client.multi();
        for (const [entry, key] of locks) pipeline.eval(RELEASE_SCRIPT, 1, key, entry.slice(key.length + 1));
        await pipeline.exec();
      },
      () => {
        for (const [entry, key] of locks) this.uncertain.set(entry, key);
      },
    );
  }

  private waitForNotice(digest: string): Promise<void> {
    return new Promise((resolve) => {
      let wakers = this.wakers.get(digest);
      if (!wakers) {
        wakers = new Set();
        this.wakers.set(digest, wakers);
      }
      const own = wakers;
      const wake = (): void => {
        clearTimeout(timer);
        own.delete(wake);
        if (own.size === 0 && this.wakers.get(digest) === own) this.wakers.delete(digest);
        resolve();
      };
      const timer = setTimeout(wake, this.pollMs);
      own.add(wake);
    });
  }
}
