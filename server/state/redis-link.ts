import { Redis, type RedisOptions } from 'ioredis';

/** Where state changes are told: Fastify's (pino) logger fits, and so does `console`. */
export interface StateLogger {
  info(message: string): void;
  warn(message: string): void;
}

export interface RedisLinkOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…` for TLS. */
  url: string;
  /**
   * A command slower than this fails over to local state for that call; two failures in a row (or
   * a lost connection) send the whole instance to local state. Generous, because a busy event loop
   * looks like a slow Redis. @default 2000
   */
  commandTimeoutMs?: number;
  /** How often a degraded link checks whether Redis answers again. @default 1000 */
  probeIntervalMs?: number;
  /** @default silent */
  log?: StateLogger;
}

export type LinkState = 'ok' | 'degraded';

const SILENT: StateLogger = { info: () => undefined, warn: () => undefined };

/** The address without its credentials, for log lines and health details. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}:${parsed.port || '6379'}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'redis (unparsable address)';
  }
}

/**
 * The connection to Redis and its health, in one place, so the cache, the coalescer, the budget and
 * the tokens agree on whether Redis is usable right now. A lost connection, a refused command or
 * one slower than `commandTimeoutMs` turns the link `degraded`: every caller then uses its
 * in-process fallback without waiting on Redis at all, and a probe brings the link back when Redis
 * answers again. Each change is logged once, never per request.
 */
export class RedisLink {
  /** Commands: fail fast (no offline queue, short timeout) so no user request waits on a sick Redis. */
  readonly client: Redis;
  /** Pub/sub needs a connection of its own; it resubscribes by itself after a reconnect. */
  readonly subscriber: Redis;
  readonly address: string;
  private current: LinkState = 'degraded';
  private changedAt = new Date();
  private detail = 'connecting';
  /** Set after a failed command on a connection that still looks ready: only a probe clears it. */
  private suspect = false;
  /** Failed commands since the last success: one is a hiccup, two in a row mean Redis is sick. */
  private failuresInRow = 0;
  private everConnected = false;
  private probeTimer: NodeJS.Timeout | undefined;
  private probing = false;
  private closed = false;
  private readonly log: StateLogger;
  private readonly listeners: ((state: LinkState) => void)[] = [];
  private readonly messageHandlers = new Map<string, (message: string) => void>();

  constructor(options: RedisLinkOptions) {
    this.log = options.log ?? SILENT;
    this.address = describeRedisUrl(options.url);
    const common: RedisOptions = {
      connectTimeout: 1000,
      // Reconnect for as long as the process lives, at most once a second.
      retryStrategy: (times) => Math.min(100 * times, 1000),
      maxRetriesPerRequest: 0,
      lazyConnect: false,
    };
    this.client = new Redis(options.url, {
      ...common,
      enableOfflineQueue: false,
      commandTimeout: options.commandTimeoutMs ?? 2000,
    });
    this.subscriber = new Redis(options.url, { ...common, enableOfflineQueue: true, maxRetriesPerRequest: null });
    this.client.on('ready', () => {
      this.everConnected = true;
      void this.probe();
    });
    this.client.on('close', () => this.setState('degraded', 'connection lost'));
    // ioredis reports connection errors here too; without a listener it would print each one.
    this.client.on('error', (error: Error) => this.setState('degraded', summarize(error)));
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (channel: string, message: string) => this.messageHandlers.get(channel)?.(message));
    this.probeTimer = setInterval(() => void this.probe(), options.probeIntervalMs ?? 1000);
    this.probeTimer.unref();
  }

  /** True when callers should use Redis; false sends them to their in-process fallback. */
  get up(): boolean {
    return this.current === 'ok';
  }

  get state(): LinkState {
    return this.current;
  }

  /** When the current state began, and why the link is degraded. */
  status(): { state: LinkState; since: string; detail?: string } {
    return this.current === 'ok'
      ? { state: 'ok', since: this.changedAt.toISOString() }
      : { state: 'degraded', since: this.changedAt.toISOString(), detail: this.detail };
  }

  /** Called on every change of state (after the log line), e.g. to re-seed a restarted Redis. */
  onChange(listener: (state: LinkState) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Subscribes to a channel; messages published by any instance (this one included) reach
   * `handler`. The subscription is made (and remade after a reconnect) whenever the connection is
   * there; the promise resolves once it is made, or after `waitMs` if it is not by then, so an
   * instance starts serving while Redis is down.
   */
  listen(channel: string, handler: (message: string) => void, waitMs = 0): Promise<void> {
    this.messageHandlers.set(channel, handler);
    const subscribed = this.subscriber.subscribe(channel).then(
      () => undefined,
      () => undefined,
    );
    return settledWithin(subscribed, waitMs);
  }

  /**
   * Runs `operation` on Redis when the link is up and returns its result; when the link is down or
   * the command fails, marks the link degraded and returns `fallback()` instead. Never throws
   * because of Redis.
   */
  async attempt<T>(operation: (client: Redis) => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    if (!this.up) return fallback();
    try {
      const result = await operation(this.client);
      this.failuresInRow = 0;
      return result;
    } catch (error) {
      this.reportFailure(error);
      return fallback();
    }
  }

  /** A command failed: after the second in a row (or with the connection gone), go local until a probe sees Redis answer again. */
  reportFailure(error: unknown): void {
    this.failuresInRow += 1;
    if (this.failuresInRow < 2 && this.client.status === 'ready') return;
    this.suspect = true;
    this.setState('degraded', summarize(error));
  }

  /**
   * Resolves true once the link is up, or false after `timeoutMs` (logging one line then, since an
   * instance that starts without Redis has no change of state to report).
   */
  async whenUp(timeoutMs: number): Promise<boolean> {
    if (this.up) return true;
    await settledWithin(new Promise<void>((resolve) => this.listeners.push((state) => state === 'ok' && resolve())), timeoutMs);
    if (!this.up) this.log.warn(`Shared state: Redis at ${this.address} is unavailable (${this.detail}); using this instance's own state until it returns.`);
    return this.up;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.probeTimer) clearInterval(this.probeTimer);
    this.client.disconnect();
    this.subscriber.disconnect();
  }

  private async probe(): Promise<void> {
    if (this.closed || this.probing || (this.current === 'ok' && !this.suspect)) return;
    if (this.client.status !== 'ready') return;
    this.probing = true;
    try {
      await this.client.ping();
      this.suspect = false;
      this.failuresInRow = 0;
      this.setState('ok');
    } catch (error) {
      this.setState('degraded', summarize(error));
    } finally {
      this.probing = false;
    }
  }

  private setState(state: LinkState, detail = ''): void {
    if (this.closed) return;
    if (state === this.current) {
      if (state === 'degraded' && detail !== '') this.detail = detail;
      return;
    }
    this.current = state;
    this.changedAt = new Date();
    this.detail = detail;
    if (state === 'ok') {
      this.log.info(`Shared state: Redis at ${this.address} is reachable; using shared state.`);
    } else {
      this.log.warn(`Shared state: Redis at ${this.address} is unavailable (${detail}); using this instance's own state until it returns.`);
    }
    for (const listener of this.listeners) listener(state);
  }
}

/** One short phrase for a Redis error, free of addresses with credentials. */
function summarize(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/timed? ?out/i.test(message)) return 'command timed out';
  if (/ECONNREFUSED/.test(message)) return 'connection refused';
  if (/writeable|closed|ECONNRESET|EPIPE/i.test(message)) return 'connection lost';
  if (/NOAUTH|WRONGPASS|NOPERM/.test(message)) return 'authentication failed';
  return message.replace(/redis(s)?:\/\/\S+/gi, 'redis://…').slice(0, 120);
}

/** Resolves when `event` does, or after `waitMs` (at once for 0) if it has not by then; never rejects. */
export function settledWithin(event: Promise<unknown>, waitMs: number): Promise<void> {
  if (waitMs <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    timer.unref();
    void event.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => resolve(),
    );
  });
}
