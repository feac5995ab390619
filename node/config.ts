import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_LANG, LANGS, isLang, type Lang } from '../api/vocabulary/constants';
import { checkBaseUrl, findBaseUrlProblem, keyToDefaultAddressRefusal } from '../api/base-url';
import { configWordsIn, type ConfigWords, type SettingOrigin } from './config-words';
import { DEMO_KEY, DEFAULT_HOST, DEFAULT_PORT } from './emulator-defaults';
import { FileError, UsageError } from './errors';
import { checkInputFile } from './safe-write';

/** The local emulator (`partspec emulator`): the address used when nothing else is configured. */
export const DEFAULT_BASE_URL = `http://${DEFAULT_HOST}:${DEFAULT_PORT}`;

/** Environment variables the command line reads. */
export const ENV = {
  baseUrl: 'PARTSPEC_BASE_URL',
  apiKey: 'PARTSPEC_API_KEY',
  lang: 'PARTSPEC_LANG',
  redisUrl: 'PARTSPEC_REDIS_URL',
} as const;

/** Where a setting came from, for `partspec config` and for messages. */
export type SettingSource = 'flag' | 'env' | 'file' | 'default';

export interface CliConfig {
  baseUrl: string;
  /** Never printed; `apiKeySource` says where it came from. */
  apiKey?: string;
  lang: Lang;
  /**
   * The servers' Redis (`partspec serve --redis`, `partspec serve token …`), never printed with
   * its credentials; from PARTSPEC_REDIS_URL or the config file's `redisUrl` (flags are the
   * commands' own).
   */
  redisUrl?: string;
  sources: { baseUrl: SettingSource; apiKey?: SettingSource; lang: SettingSource; redisUrl?: SettingSource };
  /** The config file that was read, if one was. */
  file?: string;
}

/** The settings a command's flags carry. */
export interface ConfigFlags {
  'base-url'?: string;
  'api-key'?: string;
  lang?: string;
  config?: string;
}

/** The config file's shape. */
interface ConfigFile {
  baseUrl?: string;
  apiKey?: string;
  lang?: string;
  redisUrl?: string;
}

/** The home folder of a run: its `HOME`, else the user's (a run's folders come from its own environment). */
export function homeOf(env: NodeJS.ProcessEnv): string {
  return env.HOME && env.HOME.trim() !== '' ? env.HOME : homedir();
}

/** `$XDG_CONFIG_HOME/partspec/config.json`, else `$HOME/.config/partspec/config.json`. */
export function defaultConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.trim() !== '' ? env.XDG_CONFIG_HOME : join(homeOf(env), '.config');
  return join(base, 'partspec', 'config.json');
}

const FILE_KEYS = new Set(['baseUrl', 'apiKey', 'lang', 'redisUrl']);

/** Reads a config file; a missing default file is no file, a missing `--config` file is an error (said in `words`' language when given). */
function readConfigFile(path: string, explicit: boolean, warn: (message: string) => void, words?: ConfigWords): ConfigFile | undefined {
  let text: string;
  // A FIFO or a device (--config /dev/zero) would block or never end: only a regular file is read.
  checkInputFile(path);
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (!explicit && (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new FileError(words ? words.file.unreadable(path, code) : `The config file ${path} cannot be read (${code}).`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new FileError(words ? words.file.notJson(path) : `The config file ${path} is not valid JSON: ${(error as Error).message}.`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new FileError(words ? words.file.notObject(path) : `The config file ${path} must hold a JSON object such as {"baseUrl": "…", "apiKey": "…", "lang": "en"}.`);
  }
  const record = parsed as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!FILE_KEYS.has(key)) warn(`The config file ${path} has an unknown setting '${key}' (known: ${[...FILE_KEYS].join(', ')}); it is ignored.`);
  }
  for (const key of FILE_KEYS) {
    if (record[key] !== undefined && typeof record[key] !== 'string') throw new FileError(words ? words.file.notText(path, key) : `In the config file ${path}, '${key}' must be text.`);
  }
  if (typeof record.apiKey === 'string' && process.platform !== 'win32') {
    try {
      // A key in a file others can read is a key others can use.
      if ((statSync(path).mode & 0o077) !== 0) warn(`The config file ${path} holds an API key and others can read it: run chmod 600 ${path}.`);
    } catch {
      // It was just read; a failing stat changes nothing about the settings.
    }
  }
  return record as ConfigFile;
}

function pick<T>(candidates: readonly [T | undefined, SettingSource][]): [T, SettingSource] | undefined {
  for (const [value, source] of candidates) {
    if (value !== undefined && (typeof value !== 'string' || value.trim() !== '')) return [value, source];
  }
  return undefined;
}

/**
 * The effective settings: each one from the flag, else the environment (`PARTSPEC_BASE_URL`,
 * `PARTSPEC_API_KEY`, `PARTSPEC_LANG`), else the config file (`--config FILE` or the default
 * path), else the default (the local emulator, `en`). With no key anywhere and the emulator's
 * default address, the emulator's public demo key is used. A relative `--config` is read in `cwd`.
 */
export function resolveConfig(flags: ConfigFlags, env: NodeJS.ProcessEnv = process.env, warn: (message: string) => void = () => undefined, cwd: string = process.cwd()): CliConfig {
  const explicit = flags.config !== undefined;
  if (explicit && flags.config!.trim() === '') throw new UsageError('--config needs a file path.');
  const path = explicit ? resolve(cwd, flags.config!) : defaultConfigPath(env);
  // A language given by flag or environment says the config file's refusals; the file's own cannot be trusted before it is read.
  const given = pick<string>([[flags.lang, 'flag'], [env[ENV.lang], 'env']]);
  const file = readConfigFile(path, explicit, warn, given && configWordsIn(given[0]));

  const baseUrl = pick<string>([[flags['base-url'], 'flag'], [env[ENV.baseUrl], 'env'], [file?.baseUrl, 'file'], [DEFAULT_BASE_URL, 'default']])!;
  const lang = pick<string>([[flags.lang, 'flag'], [env[ENV.lang], 'env'], [file?.lang, 'file'], [DEFAULT_LANG, 'default']])!;
  let apiKey = pick<string>([[flags['api-key'], 'flag'], [env[ENV.apiKey], 'env'], [file?.apiKey, 'file']]);
  const redisUrl = pick<string>([[env[ENV.redisUrl], 'env'], [file?.redisUrl, 'file']]);
  const trimmedBase = baseUrl[0].trim().replace(/\/+$/, '');
  if (!apiKey && trimmedBase === DEFAULT_BASE_URL) apiKey = [DEMO_KEY, 'default'];
  // A real key goes only where the user sent it: never to the default address by default.
  // The run's language, when it is one, says the refusals of the address (a wrong language is refused below, in English).
  const words = configWordsIn(lang[0]);
  if (baseUrl[1] === 'default' && apiKey && apiKey[0].trim() !== DEMO_KEY) throw new UsageError(words ? words.keyToDefault(DEFAULT_BASE_URL) : keyToDefaultAddressRefusal(DEFAULT_BASE_URL), { showUsage: false });

  const where = (source: SettingSource, flag: string, variable: string): string =>
    source === 'flag' ? flag : source === 'env' ? variable : source === 'file' ? `the config file ${path}` : 'the default';
  const badUrl = checkBaseUrl(trimmedBase);
  const problem = findBaseUrlProblem(trimmedBase);
  if (problem && words) {
    const origin: SettingOrigin = baseUrl[1] === 'flag' ? { kind: 'named', name: '--base-url' } : baseUrl[1] === 'env' ? { kind: 'named', name: ENV.baseUrl } : baseUrl[1] === 'file' ? { kind: 'file', path } : { kind: 'default' };
    throw new UsageError(words.baseUrl(problem, origin), { showUsage: false });
  }
  if (badUrl) throw new UsageError(`${badUrl.replace(/ the key goes in Settings\.$/, ' the key goes in PARTSPEC_API_KEY.')} (base URL from ${where(baseUrl[1], '--base-url', ENV.baseUrl)})`, { showUsage: false });
  if (!isLang(lang[0])) {
    throw new UsageError(`'${lang[0]}' is not a language of the API (from ${where(lang[1], '--lang', ENV.lang)}); use ${LANGS.join(', ')}.`, { showUsage: false });
  }
  return {
    baseUrl: trimmedBase,
    apiKey: apiKey?.[0].trim(),
    lang: lang[0],
    redisUrl: redisUrl?.[0].trim(),
    sources: { baseUrl: baseUrl[1], apiKey: apiKey?.[1], lang: lang[1], redisUrl: redisUrl?.[1] },
    file: file ? path : undefined,
  };
}

/**
 * The run's language alone (flag, environment, config file, default), for a command that says
 * things before it connects, or never does (`partspec replace --undo`); a language the API does
 * not have is refused as resolveConfig refuses it.
 */
export function resolveLang(flags: ConfigFlags, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Lang {
  const given = pick<string>([[flags.lang, 'flag'], [env[ENV.lang], 'env']]);
  const explicit = flags.config !== undefined && flags.config.trim() !== '';
  const file = given ? undefined : readConfigFile(explicit ? resolve(cwd, flags.config!) : defaultConfigPath(env), explicit, () => undefined);
  const lang = given ?? pick<string>([[file?.lang, 'file'], [DEFAULT_LANG, 'default']])!;
  if (!isLang(lang[0])) {
    const where = lang[1] === 'flag' ? '--lang' : lang[1] === 'env' ? ENV.lang : `the config file ${explicit ? resolve(cwd, flags.config!) : defaultConfigPath(env)}`;
    throw new UsageError(`'${lang[0]}' is not a language of the API (from ${where}); use ${LANGS.join(', ')}.`, { showUsage: false });
  }
  return lang[0];
}
