import { parseArgs } from 'node:util';
import { ServeUsageError, checkRedisUrl } from '../cli-args';
import { openRedisTokenStore } from '../state/redis-token-admin';
import { TokenStoreUnavailableError } from '../state/redis-tokens';
import type { TokenStore } from '../state/types';
import { createTokenFileStore } from './token-file';

export interface TokenCommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

const write = (stream: NodeJS.WritableStream, text: string): Promise<void> =>
  new Promise((resolve, reject) => stream.write(text, (error) => (error ? reject(error) : resolve())));

/**
 * `partspec serve token add|list|revoke`: edits the tokens file a running server reads. `add`
 * prints the new token once, alone on the last line of stdout (so a script can take it with
 * `tail -n 1`); only its hash is stored, so it can never be shown again.
 */
export async function runTokenCommand(argv: readonly string[], io: TokenCommandIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], strict: true, allowPositionals: true, options: { tokens: { type: 'string' }, redis: { type: 'string' }, json: { type: 'boolean' } } });
  } catch (error) {
    throw new ServeUsageError(error instanceof Error ? error.message : String(error));
  }
  const [action, name, ...extra] = parsed.positionals;
  const file = parsed.values.tokens;
  if (!action || !['add', 'list', 'revoke'].includes(action)) throw new ServeUsageError(`'partspec serve token' needs add, list or revoke${action ? `, not '${action}'` : ''}.`);
  const redis = parsed.values.redis === undefined ? undefined : checkRedisUrl('redis', parsed.values.redis);
  if (redis && file !== undefined) throw new ServeUsageError(`'partspec serve token ${action}' takes --tokens FILE or --redis URL, not both.`);
  if (!redis && (!file || file.trim() === '')) throw new ServeUsageError(`'partspec serve token ${action}' needs --tokens FILE (the file the server reads) or --redis URL (the servers' Redis).`);
  if (extra.length > 0) throw new ServeUsageError(`Unexpected argument '${extra[0]}'.`);
  if (!redis) return runOnStore(createTokenFileStore(file as string), file as string, action, name, parsed.values.json ?? false, io);
  let opened;
  try {
    opened = await openRedisTokenStore(redis);
    return await runOnStore(opened.store, 'Redis', action, name, parsed.values.json ?? false, io);
  } catch (error) {
    if (!(error instanceof TokenStoreUnavailableError)) throw error;
    await write(io.stderr, `${error.message}\n`);
    return 1;
  } finally {
    await opened?.close();
  }
}

/** `file` names where the tokens are, in messages: the tokens file, or Redis. */
async function runOnStore(store: TokenStore, file: string, action: string, name: string | undefined, json: boolean, io: TokenCommandIo): Promise<number> {
  if (action === 'list') {
    if (name) throw new ServeUsageError(`'token list' takes no name (got '${name}').`);
    const records = await store.list();
    if (json) {
      await write(io.stdout, `${JSON.stringify(records.map(({ name: n, created }) => ({ name: n, created })), null, 2)}\n`);
    } else if (records.length === 0) {
      await write(io.stderr, `No tokens in ${file}.\n`);
    } else {
      const width = Math.max(4, ...records.map((r) => r.name.length));
      const lines = [`${'NAME'.padEnd(width)}  CREATED`, ...records.map((r) => `${r.name.padEnd(width)}  ${r.created}`)];
      await write(io.stdout, `${lines.join('\n')}\n`);
    }
    return 0;
  }
  if (!name) throw new ServeUsageError(`'partspec serve token ${action}' needs a NAME (e.g. the user's e-mail address).`);
  if (action === 'add') {
    const token = await store.add(name);
    await write(io.stderr, `New token for ${name}, shown only now: give it to ${name}, who enters it in PartSpec ▸ Settings as the API key.\n`);
    await write(io.stdout, `${token}\n`);
    return 0;
  }
  if (await store.revoke(name)) {
    await write(io.stderr, `Revoked the token of ${name}; running servers refuse it within seconds.\n`);
    return 0;
  }
  await write(io.stderr, `No token named '${name}' in ${file}.\n`);
  return 1;
}
