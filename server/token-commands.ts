import { resolve } from 'node:path';
import { declareFlags, parseFlags } from '../node/args';
import { ENV, resolveConfig } from '../node/config';
import { UsageError } from '../node/errors';
import { checkRedisUrl } from './cli-args';
import { describeRedisUrl } from './state/redis-link';
import { openRedisTokenStore } from './state/redis-token-admin';
import { TokenStoreUnavailableError } from './state/redis-tokens';
import type { TokenStore } from './state/types';
import { createTokenFileStore, readTokensInRedis } from './tokens/token-file';

export interface TokenCommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Where PARTSPEC_REDIS_URL and the config file's path are read. @default process.env */
  env?: NodeJS.ProcessEnv;
  /** The folder a relative --tokens or --config is in. @default process.cwd() */
  cwd?: string;
}

const write = (stream: NodeJS.WritableStream, text: string): Promise<void> =>
  new Promise((resolve, reject) => stream.write(text, (error) => (error ? reject(error) : resolve())));

/** What an action did not do when its store could not be reached. */
const NOTHING_DONE: Readonly<Record<string, string>> = {
  add: 'No token was added.',
  revoke: 'Nothing was revoked: the token still works on every server.',
  list: 'Nothing was listed.',
};

/** The servers' Redis for a token command, and the words that say where its address came from. */
interface RedisTarget {
  url: string;
  from: string;
}

/**
 * Where the servers' Redis is, for a token command: `--redis URL`, else PARTSPEC_REDIS_URL, else
 * the config file's `redisUrl` — the order `partspec serve` itself follows.
 */
function findRedis(flag: string | undefined, configFile: string | undefined, env: NodeJS.ProcessEnv, cwd: string): RedisTarget | undefined {
  if (flag !== undefined) return { url: checkRedisUrl('redis', flag), from: '--redis' };
  let config;
  try {
    config = resolveConfig({ config: configFile }, env, undefined, cwd);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (!config.redisUrl) return undefined;
  const from = config.sources.redisUrl === 'env' ? ENV.redisUrl : `the config file ${config.file}`;
  return { url: checkRedisUrl('redis', config.redisUrl), from };
}

/**
 * `partspec serve token add|list|revoke`: acts where the team's tokens live. With a Redis address
 * (flag, environment or config file) on the servers' Redis; else on the tokens file a server
 * reads. A tokens file that servers moved to Redis (they record it in the file) is refused with
 * the Redis way, and so is a file given while a Redis address is known, since editing it would
 * change nothing the servers read. `add` prints the new token once, alone on the last line of
 * stdout (so a script can take it with `tail -n 1`); only its hash is stored.
 */
export async function runTokenCommand(argv: readonly string[], io: TokenCommandIo): Promise<number> {
  const flags = parseFlags(argv, declareFlags({ values: ['tokens', 'redis', 'config'], switches: ['json'] }), { min: 0, max: Infinity });
  const [action, name, ...extra] = flags.positionals;
  const file = flags.string('tokens');
  if (!action || !['add', 'list', 'revoke'].includes(action)) throw new UsageError(`'partspec serve token' needs add, list or revoke${action ? `, not '${action}'` : ''}.`);
  if (extra.length > 0) throw new UsageError(`Unexpected argument '${extra[0]}'.`);
  if (flags.has('redis') && file !== undefined) throw new UsageError(`'partspec serve token ${action}' takes --tokens FILE or --redis URL, not both.`);
  if (file !== undefined && file.trim() === '') throw new UsageError('--tokens needs a file path.');
  const cwd = io.cwd ?? process.cwd();
  const redis = findRedis(flags.string('redis'), flags.string('config'), io.env ?? process.env, cwd);
  const json = flags.bool('json');
  const what = `'partspec serve token ${action}${name ? ` ${name}` : ''}'`;
  if (file !== undefined) {
    if (redis) {
      throw new UsageError(
        `${redis.from} names the servers' Redis (${describeRedisUrl(redis.url)}), where the team's tokens live, so ${file} is not what they read: run ${what} without --tokens to act on Redis.`,
      );
    }
    const moved = await readTokensInRedis(resolve(cwd, file));
    if (moved) {
      throw new UsageError(
        `The servers keep the tokens of ${file} in Redis at ${moved.address}${moved.since ? ` (since ${moved.since})` : ''}; the file only seeded it, so changing it would change nothing. Run ${what} --redis URL (or set ${ENV.redisUrl}, or redisUrl in the config file) instead.`,
      );
    }
    return runOnStore(createTokenFileStore(resolve(cwd, file)), `the tokens file ${file}`, action, name, json, io);
  }
  if (!redis) throw new UsageError(`${what} needs --tokens FILE (the file the server reads) or the servers' Redis: --redis URL, ${ENV.redisUrl} or redisUrl in the config file.`);
  const where = `Redis at ${describeRedisUrl(redis.url)} (from ${redis.from})`;
  let opened;
  try {
    opened = await openRedisTokenStore(redis.url);
    return await runOnStore(opened.store, where, action, name, json, io);
  } catch (error) {
    if (!(error instanceof TokenStoreUnavailableError)) throw error;
    await write(io.stderr, `${error.message} ${NOTHING_DONE[action]}\n`);
    return 1;
  } finally {
    await opened?.close();
  }
}

/** `where` names where the tokens are, in messages: the tokens file, or Redis and where its address came from. */
async function runOnStore(store: TokenStore, where: string, action: string, name: string | undefined, json: boolean, io: TokenCommandIo): Promise<number> {
  if (action === 'list') {
    if (name) throw new UsageError(`'token list' takes no name (got '${name}').`);
    const records = await store.list();
    await write(io.stderr, `Tokens in ${where}:\n`);
    if (json) {
      await write(io.stdout, `${JSON.stringify(records.map(({ name: n, created }) => ({ name: n, created })), null, 2)}\n`);
    } else if (records.length === 0) {
      await write(io.stderr, 'None.\n');
    } else {
      const width = Math.max(4, ...records.map((r) => r.name.length));
      const lines = [`${'NAME'.padEnd(width)}  CREATED`, ...records.map((r) => `${r.name.padEnd(width)}  ${r.created}`)];
      await write(io.stdout, `${lines.join('\n')}\n`);
    }
    return 0;
  }
  if (!name) throw new UsageError(`'partspec serve token ${action}' needs a NAME (e.g. the user's e-mail address).`);
  if (action === 'add') {
    const token = await store.add(name);
    await write(io.stderr, `New token for ${name}, shown only now: give it to ${name}, who enters it in PartSpec ▸ Settings as the API key.\n`);
    await write(io.stdout, `${token}\n`);
    return 0;
  }
  if (await store.revoke(name)) {
    await write(io.stderr, `Revoked the token of ${name} in ${where}; running servers refuse it within seconds.\n`);
    return 0;
  }
  await write(io.stderr, `No token named '${name}' in ${where}; nothing was revoked.\n`);
  return 1;
}
