import { readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveConfig } from '../node/config';
import { packageRoot } from '../node/package-root';
import { buildServer, checkPublicUrl, type PartSpecServer } from './app';
import { UsageError, isUsageError } from '../node/errors';
import { checkInputFile } from '../node/safe-write';
import { checkRedisUrl, type ServeArgs } from './cli-args';
import { SiteError } from './hosting/site';
import { linkSecretPath, readOrCreateLinkSecret, saveLinkSecret } from './relay/link-secret';
import { createServerMetrics } from './ops/metrics';
import { opsPlugin } from './ops/plugin';
import { mcpPlugin } from './mcp/plugin';
import { DEFAULT_CACHE_TTL_MS } from './options';
import { createMemoryState } from './state/memory';
import { createRedisState, type RedisSharedState, type StateLogger } from './state/redis';
import { describeRedisUrl } from './state/redis-link';
import { markTokensInRedis, readTokensInRedis } from './tokens/token-file';
import type { SharedState } from './state/types';

/** The add-in build served when `--site` is not given. */
export const DEFAULT_SITE_DIR = path.join(packageRoot(), 'dist');

export interface ServeIo {
  env: NodeJS.ProcessEnv;
  /** Warnings about the configuration (a readable key file and the like). */
  warn(message: string): void;
}

/** Something the administrator must fix: one sentence, exit 2, no usage text below it. */
function refusal(message: string): UsageError {
  return new UsageError(message, { showUsage: false });
}

/** The shared state for these flags: Redis with `--redis URL`, else in-process (the embedded default). */
export async function createStateFor(args: ServeArgs, log?: StateLogger, seedMayRepair = true): Promise<SharedState> {
  const tokensFile = args.passThrough ? undefined : args.tokensFile;
  if (args.redis) {
    return createRedisState({ url: args.redis, upstreamRate: args.upstreamRate, teamMode: !args.passThrough, local: { tokensFile }, log, tokens: { seedMayRepair } });
  }
  return createMemoryState({ upstreamRate: args.upstreamRate, tokensFile });
}

/** A file a flag names (a certificate, a token), read whole; only a regular file is read. */
function readFlagFile(flag: string, file: string): Buffer {
  try {
    checkInputFile(file);
    return readFileSync(file);
  } catch (error) {
    if (isUsageError(error)) throw refusal(`--${flag} ${error.message}`);
    throw refusal(`--${flag} ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
}

/** The /metrics token: from the file of `--metrics-token-file`, else PARTSPEC_METRICS_TOKEN; never from a flag's value. */
function readMetricsToken(args: ServeArgs, env: NodeJS.ProcessEnv): string | undefined {
  if (args.metricsTokenFile) {
    const token = readFlagFile('metrics-token-file', args.metricsTokenFile).toString('utf8').trim();
    if (token.length < 16) throw refusal(`--metrics-token-file ${args.metricsTokenFile} must hold a token of at least 16 characters.`);
    return token;
  }
  const fromEnv = env.PARTSPEC_METRICS_TOKEN?.trim();
  return fromEnv ? fromEnv : undefined;
}

/**
 * Resolves the flags, the key and the upstream, builds the server and starts it listening.
 * Throws UsageError (exit 2, without the usage text) for anything the administrator must fix.
 */
export async function startServe(args: ServeArgs, io: ServeIo): Promise<{ server: PartSpecServer; url: string; mode: 'team' | 'pass-through' }> {
  let config;
  try {
    config = resolveConfig({ 'base-url': args.upstream, config: args.config }, io.env, io.warn);
  } catch (error) {
    throw refusal(error instanceof Error ? error.message : String(error));
  }
  // --redis, else PARTSPEC_REDIS_URL, else the config file's redisUrl: the same order the token commands follow.
  if (!args.redis && config.redisUrl) args = { ...args, redis: checkRedisUrl('redis', config.redisUrl) };
  let publicUrl: string | undefined;
  if (args.publicUrl) {
    try {
      publicUrl = checkPublicUrl(args.publicUrl);
    } catch (error) {
      throw refusal(`--public-url: ${(error as Error).message}`);
    }
  }
  if (!args.passThrough) {
    if (!config.apiKey) {
      throw refusal('Team mode needs the maker API key on the server: set PARTSPEC_API_KEY or put apiKey in the config file (or run with --pass-through).');
    }
    if (!args.tokensFile && !args.redis) {
      throw refusal("Team mode needs --tokens FILE (or --redis URL, where the team's tokens live): create one with 'partspec serve token add NAME --tokens FILE' (or run with --pass-through).");
    }
  }
  const tls = args.tlsCert && args.tlsKey ? { cert: readFlagFile('tls-cert', args.tlsCert), key: readFlagFile('tls-key', args.tlsKey) } : undefined;
  const metricsToken = readMetricsToken(args, io.env);
  // State changes are logged by the server's logger once it exists; until then as warnings.
  let stateLog: StateLogger = { info: () => undefined, warn: io.warn };
  // A file that handed its tokens to Redis before is an old copy: it must not refill an emptied Redis.
  let seedMayRepair = true;
  if (args.redis && args.tokensFile && !args.passThrough) {
    seedMayRepair = !(await readTokensInRedis(args.tokensFile).catch(() => undefined));
    // From now on the team's tokens live in Redis; the file says so, so that a token command given
    // only the file refuses instead of editing a copy no server reads.
    try {
      await markTokensInRedis(args.tokensFile, describeRedisUrl(args.redis));
    } catch (error) {
      throw refusal(error instanceof Error ? error.message : String(error));
    }
  }
  const state = await createStateFor(args, { info: (line) => stateLog.info(line), warn: (line) => stateLog.warn(line) }, seedMayRepair);
  const metrics = args.noMetrics ? undefined : createServerMetrics({ state });
  // Download links are signed with a secret of their own, kept on disk so links survive a restart
  // and a key rotation; with Redis, every instance uses the deployment's, so any of them opens a link.
  const secretFile = linkSecretPath(io.env);
  let ownSecret: Buffer | undefined;
  try {
    ownSecret = readOrCreateLinkSecret(secretFile);
  } catch (error) {
    io.warn(`The download links' secret cannot be kept in ${secretFile} (${(error as NodeJS.ErrnoException).code ?? 'error'}): links this server issues stop working when it restarts.`);
  }
  const shared = state as Partial<RedisSharedState>;
  const linkSecret = shared.linkSecret ? await shared.linkSecret(ownSecret) : ownSecret;
  if (ownSecret && linkSecret && !linkSecret.equals(ownSecret)) {
    try {
      saveLinkSecret(secretFile, linkSecret);
    } catch {
      // The deployment's secret stays in Redis; this copy only helps after Redis lost it.
    }
  }
  let server: PartSpecServer;
  try {
    server = await buildServer({
      upstream: config.baseUrl,
      apiKey: args.passThrough ? undefined : config.apiKey,
      passThrough: args.passThrough,
      state,
      publicUrl,
      siteDir: args.siteDir ?? DEFAULT_SITE_DIR,
      cacheTtlMs: args.noCache ? 0 : Math.round(args.cacheTtlHours * 3600_000) || DEFAULT_CACHE_TTL_MS,
      requestTimeoutMs: args.requestTimeoutMs,
      userRate: args.userRate,
      trustProxy: args.trustProxy,
      tls,
      logger: args.logLevel === 'silent' ? false : { level: args.logLevel, stream: process.stderr },
      observer: metrics?.observer,
      linkSecret,
    });
    stateLog = server.app.log;
    const health = state.health();
    if (health.kind === 'redis') server.app.log.info(`Shared state: Redis, ${health.state}${health.detail ? ` (${health.detail})` : ''}.`);
    await server.app.register(opsPlugin, { state, upstream: config.baseUrl, metrics, metricsToken });
    await server.app.register(mcpPlugin, { upstream: config.baseUrl, access: server.access, publicUrl: server.publicUrl });
  } catch (error) {
    await state.close();
    if (error instanceof SiteError) throw refusal(error.message);
    throw error;
  }
  const url = await server.listen(args.port, args.host).catch(async (error: NodeJS.ErrnoException) => {
    await server.close().catch(() => undefined);
    if (error.code === 'EADDRINUSE') throw refusal(`Port ${args.port} on ${args.host} is already in use: choose another with --port.`);
    if (error.code === 'EACCES') throw refusal(`Port ${args.port} needs privileges this user does not have: choose a port above 1023, or run behind a reverse proxy.`);
    throw error;
  });
  return { server, url, mode: args.passThrough ? 'pass-through' : 'team' };
}
