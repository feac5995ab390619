import { CATEGORY_IDS, isCategoryId, type CategoryId } from '../api/vocabulary';
import type { ConfigFlags } from '../node/config';
import { parseFlags as parseNodeFlags, type FlagSpecs, type Flags as BaseFlags, type PositionalSpec } from '../node/args';
import { UsageError } from '../node/errors';

/** Flags every command that talks to the service accepts. */
export const CONNECTION_OPTIONS: FlagSpecs = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  lang: { type: 'string' },
  config: { type: 'string' },
  'no-cache': { type: 'boolean' },
};

export const CONNECTION_HELP = `Connection (each: flag, else environment, else config file):
  --base-url URL        service address (PARTSPEC_BASE_URL; default http://127.0.0.1:4010, the local emulator)
  --api-key KEY         API key (PARTSPEC_API_KEY; prefer the variable or the file: flags show in process lists)
  --lang en|ja|zh       language of values (PARTSPEC_LANG; default en)
  --config FILE         config file (default ~/.config/partspec/config.json)
  --no-cache            do not use or fill the answer cache (~/.cache/partspec)`;

/** A command's parsed flags, with its connection settings. */
export interface Flags extends BaseFlags {
  connection(): ConfigFlags;
}

/** Parses a command's arguments with the one flag parser; anything unknown or malformed is a UsageError (exit 2). */
export function parseFlags(argv: readonly string[], options: FlagSpecs, positionals: PositionalSpec): Flags {
  const flags = parseNodeFlags(argv, options, positionals);
  return {
    ...flags,
    connection: () => ({ 'base-url': flags.string('base-url'), 'api-key': flags.string('api-key'), lang: flags.string('lang'), config: flags.string('config') }),
  };
}

/** The category flag, checked (the core's validator would also refuse it, later). */
export function categoryFlag(value: string, allowed: readonly CategoryId[] = CATEGORY_IDS): CategoryId {
  if (!isCategoryId(value) || !allowed.includes(value)) throw new UsageError(`'${value}' is not a category here; use ${allowed.join(', ')}.`);
  return value;
}
