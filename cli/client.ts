import { homedir } from 'node:os';
import { join } from 'node:path';
import { ApiError, createClient, createFileStore, type Client, type ServiceStateListener } from '../src/api/node';
import { ENV, type CliConfig } from './config';

/** `$XDG_CACHE_HOME/partspec`, else `~/.cache/partspec`: answers kept between runs. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.trim() !== '' ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return join(base, 'partspec');
}

/** No key anywhere: an auth problem (exit 3), said in command-line words. */
export class MissingKeyError extends ApiError {
  override readonly name = 'MissingKeyError';
  constructor() {
    super('no API key configured', `No API key is set: pass --api-key, set ${ENV.apiKey}, or put "apiKey" in the config file.`);
  }
}

/**
 * The same client the add-in uses, with answers cached in files (24 h, as in the add-in) unless
 * `cache` is false.
 */
export function createCliClient(config: CliConfig, options: { cache: boolean; onServiceState?: ServiceStateListener }): Client {
  if (!config.apiKey) throw new MissingKeyError();
  return createClient({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    lang: config.lang,
    cache: options.cache ? { store: createFileStore(defaultCacheDir()) } : false,
    onServiceState: options.onServiceState,
  });
}
