import { PORT_ENV, declareFlags, parseFlags, portFrom, type FlagSpecs } from '../node/args';
import { UsageError } from '../node/errors';
import { isIP } from 'node:net';
import { DEFAULT_SERVER_HOST, DEFAULT_SERVER_PORT, type Rate, type TrustProxy } from './options';

export const SERVE_USAGE = `usage: partspec serve [options]
       partspec serve token add NAME --tokens FILE
       partspec serve token list --tokens FILE [--json]
       partspec serve token revoke NAME --tokens FILE
       partspec serve token add|list|revoke … --redis URL   (tokens shared through Redis;
                     or PARTSPEC_REDIS_URL, or redisUrl in the config file, with no --tokens)

Runs the PartSpec server: hosts the add-in at its public address and relays the product API
same-origin, so Excel reaches a service that does not allow CORS. The maker's key comes from
PARTSPEC_API_KEY or the config file (never a flag); users get personal tokens (team mode), or
send their own keys (--pass-through).

Options:
  --port N                 port to listen on; 0 picks a free one (default ${PORT_ENV.serve}, else ${DEFAULT_SERVER_PORT})
  --host H                 address to listen on (default ${DEFAULT_SERVER_HOST})
  --public-url URL         the address users reach (default http://<host>:<port>/)
  --upstream URL           the maker's API (default PARTSPEC_BASE_URL, the config file, or the local emulator)
  --tokens FILE            personal tokens (team mode); edit with 'partspec serve token'
  --pass-through           forward users' own maker keys instead of tokens
  --upstream-rate N/SECONDS  at most N upstream requests per SECONDS; the rest wait in a queue
  --user-rate N/SECONDS    at most N requests per user per SECONDS (default 600/60)
  --cache-ttl-hours H      how long answers are reused (default 24, as the add-in)
  --no-cache               no answer cache (for debugging)
  --request-timeout S      longest wait for one request, queueing included (default 25)
  --site DIR               the add-in build to host (default dist/)
  --tls-cert FILE          serve HTTPS with this certificate (PEM), with --tls-key
  --tls-key FILE           the certificate's private key (PEM)
  --trust-proxy N|ADDRESSES  believe X-Forwarded-For from the reverse proxies in front: N hops
                           (1 for one nginx on this host), or their addresses and CIDR ranges,
                           comma-separated (e.g. 127.0.0.1 or 10.0.0.0/8,192.168.1.5)
  --log-level L            fatal, error, warn, info, debug, trace or silent (default info)
  --redis URL              share the cache, the upstream budget and the tokens with other instances
                           through Redis (redis://[user:password@]host:port[/db], rediss:// for TLS;
                           or PARTSPEC_REDIS_URL, which keeps a password out of the process list,
                           or redisUrl in the config file). With --tokens FILE, the file seeds an
                           empty Redis and is marked: token commands given only that file then
                           refuse and name the Redis way, since the servers no longer read it
  --metrics-token-file FILE  /metrics answers only 'Authorization: Bearer <the token in FILE>'
                           (or PARTSPEC_METRICS_TOKEN); without either, /metrics is open
  --no-metrics             no /metrics endpoint (/healthz and /readyz stay)
  --config FILE            the config file that holds the key and redisUrl (default ~/.config/partspec/config.json)
  --help                   show this text`;

export interface ServeArgs {
  port: number;
  host: string;
  publicUrl?: string;
  upstream?: string;
  tokensFile?: string;
  passThrough: boolean;
  upstreamRate?: Rate;
  userRate?: Rate;
  cacheTtlHours: number;
  noCache: boolean;
  requestTimeoutMs?: number;
  siteDir?: string;
  tlsCert?: string;
  tlsKey?: string;
  /** Hops, or proxy addresses and CIDR ranges; undefined when no proxy is trusted. */
  trustProxy?: TrustProxy;
  logLevel: string;
  config?: string;
  /** `--redis URL`: shared state in Redis (else in-process). */
  redis?: string;
  metricsTokenFile?: string;
  noMetrics: boolean;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function positive(flag: string, text: string, max: number): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || value > max) {
    throw new UsageError(`--${flag} needs a number above 0 and at most ${max}, not '${text}'.`);
  }
  return value;
}

/** `N/SECONDS`, e.g. `10/1` or `100/60`. */
function parseRate(flag: string, text: string): Rate {
  const m = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(text);
  if (!m || Number(m[1]) < 1 || Number(m[2]) <= 0) throw new UsageError(`--${flag} needs N/SECONDS with N ≥ 1 (e.g. 10/1 or 100/60), not '${text}'.`);
  return { max: Number(m[1]), windowMs: Math.round(Number(m[2]) * 1000) };
}

/** Most hops a chain of proxies may have: more is a mistake, not a deployment. */
const MAX_PROXY_HOPS = 10;

/**
 * `--trust-proxy`: a number of hops (`1`), or proxy addresses and CIDR ranges, comma-separated.
 * "Trust everything" is not offered: it takes the left-most X-Forwarded-For address, which any
 * client writes itself.
 */
function parseTrustProxy(text: string): TrustProxy {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops < 1 || hops > MAX_PROXY_HOPS) throw new UsageError(`--trust-proxy takes 1 to ${MAX_PROXY_HOPS} hops, not ${trimmed}.`);
    return hops;
  }
  const addresses = trimmed.split(',').map((part) => part.trim());
  for (const address of addresses) {
    const [ip, prefix, extra] = address.split('/');
    const family = isIP(ip ?? '');
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (family === 0 || !prefixOk || extra !== undefined) {
      throw new UsageError(`--trust-proxy needs the number of proxies in front (e.g. 1) or their addresses and CIDR ranges, comma-separated (e.g. 127.0.0.1 or 10.0.0.0/8), not '${address}'.`);
    }
  }
  return addresses;
}

/** A Redis address: redis:// or rediss://, with a host. Never echoes a password back. */
export function checkRedisUrl(flag: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--${flag} needs an address such as redis://127.0.0.1:6379.`);
  }
  if ((url.protocol !== 'redis:' && url.protocol !== 'rediss:') || url.hostname === '') {
    throw new UsageError(`--${flag} needs a redis:// or rediss:// address with a host, such as redis://127.0.0.1:6379.`);
  }
  return text;
}

/** The flags of `partspec serve`, as data for the one parser. */
export const SERVE_OPTIONS: FlagSpecs = declareFlags({
  values: ['port', 'host', 'public-url', 'upstream', 'tokens', 'upstream-rate', 'user-rate', 'cache-ttl-hours', 'request-timeout', 'site', 'tls-cert', 'tls-key', 'trust-proxy', 'log-level', 'config', 'redis', 'metrics-token-file'],
  switches: ['pass-through', 'no-cache', 'no-metrics'],
});

/** Reads `partspec serve` flags (the port from `--port`, else PARTSPEC_SERVE_PORT in `env`); throws UsageError on anything it does not understand. */
export function parseServeArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): { help: true } | { help: false; args: ServeArgs } {
  const flags = parseFlags(argv, SERVE_OPTIONS);
  if (flags.help) return { help: true };
  const v = (name: string): string | undefined => flags.string(name);
  const logLevel = v('log-level') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}, not '${logLevel}'.`);
  if (flags.has('tls-cert') !== flags.has('tls-key')) throw new UsageError('--tls-cert and --tls-key go together: give both files.');
  if (flags.bool('pass-through') && flags.has('tokens')) throw new UsageError('--tokens is for team mode; --pass-through forwards users’ own keys and takes no tokens.');
  const optional = <T>(name: string, read: (text: string) => T): T | undefined => {
    const text = v(name);
    return text === undefined ? undefined : read(text);
  };
  const requestTimeout = optional('request-timeout', (t) => positive('request-timeout', t, 600));
  return {
    help: false,
    args: {
      port: portFrom(flags.string('port'), env, PORT_ENV.serve, DEFAULT_SERVER_PORT),
      host: flags.nonEmpty('host') ?? DEFAULT_SERVER_HOST,
      publicUrl: flags.nonEmpty('public-url'),
      upstream: flags.nonEmpty('upstream'),
      tokensFile: flags.nonEmpty('tokens'),
      passThrough: flags.bool('pass-through'),
      upstreamRate: optional('upstream-rate', (t) => parseRate('upstream-rate', t)),
      userRate: optional('user-rate', (t) => parseRate('user-rate', t)),
      cacheTtlHours: optional('cache-ttl-hours', (t) => positive('cache-ttl-hours', t, 24 * 30)) ?? 24,
      noCache: flags.bool('no-cache'),
      requestTimeoutMs: requestTimeout === undefined ? undefined : Math.round(requestTimeout * 1000),
      siteDir: flags.nonEmpty('site'),
      tlsCert: flags.nonEmpty('tls-cert'),
      tlsKey: flags.nonEmpty('tls-key'),
      trustProxy: optional('trust-proxy', parseTrustProxy),
      logLevel,
      config: flags.nonEmpty('config'),
      redis: optional('redis', (t) => checkRedisUrl('redis', t)),
      metricsTokenFile: flags.nonEmpty('metrics-token-file'),
      noMetrics: flags.bool('no-metrics'),
    },
  };
}
