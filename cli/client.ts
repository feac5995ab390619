import { join } from 'node:path';
import { ApiError, createClient, createFileStore, type Client, type ServiceStateListener } from '../api/node';
import { ENV, homeOf, type CliConfig } from '../node/config';

/** `$XDG_CACHE_HOME/partspec`, else `$HOME/.cache/partspec`: answers kept between runs (both from the run's `env`). */
export function defaultCacheDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.trim() !== '' ? env.XDG_CACHE_HOME : join(homeOf(env), '.cache');
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
/** Environment variable: seconds a failing request keeps retrying (default 120, the client's). */
export const RETRY_BUDGET_ENV = 'PARTSPEC_RETRY_BUDGET';

/**
 * The retry budget `PARTSPEC_RETRY_BUDGET` asks for, in ms: a script that would rather fail fast
 * than wait out a struggling service sets it. Undefined (the default) when unset; a value that is
 * not a number of seconds ≥ 0 is reported through `warn` and ignored.
 */
export function retryBudgetFrom(env: NodeJS.ProcessEnv, warn: (message: string) => void): number | undefined {
  const text = env[RETRY_BUDGET_ENV]?.trim();
  if (!text) return undefined;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds < 0) {
    warn(`${RETRY_BUDGET_ENV} must be a number of seconds, not '${text}'; using the default of 120.`);
    return undefined;
  }
  return Math.round(seconds * 1000);
}

export function createCliClient(config: CliConfig, options: { cache: boolean; env: NodeJS.ProcessEnv; onServiceState?: ServiceStateListener; retryBudgetMs?: number }): Client {
  if (!config.apiKey) throw new MissingKeyError();
  return createClient({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    lang: config.lang,
    cache: options.cache ? { store: createFileStore(defaultCacheDir(options.env)) } : false,
    onServiceState: options.onServiceState,
    retry: options.retryBudgetMs === undefined ? undefined : { budgetMs: options.retryBudgetMs },
  });
}
