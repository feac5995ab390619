import { CATEGORY_IDS, isCategoryId, type CategoryId } from '../api/vocabulary';
import type { FieldChoice } from '../core/cells/columns';
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

/**
 * Field choices from `--fields` (each use a list of names separated by commas), each optionally
 * with a display unit after a colon (`Status,Capacitance:nF,Inductance:uH`); undefined when the
 * flag is absent. Names and units are checked by the core.
 */
export function parseFieldList(values: readonly string[]): FieldChoice[] | undefined {
  if (values.length === 0) return undefined;
  const items = values.flatMap((text) => text.split(',')).map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) throw new UsageError('--fields needs at least one field name, e.g. --fields Status,Capacitance:nF.');
  return items.map((item) => {
    const colon = item.indexOf(':');
    if (colon < 0) return item;
    const field = item.slice(0, colon).trim();
    const unit = item.slice(colon + 1).trim();
    if (field === '' || unit === '') throw new UsageError(`'${item}' in --fields must be FIELD or FIELD:UNIT, e.g. Capacitance:nF.`);
    return { field, unit };
  });
}

/** The category flag, checked (the core's validator would also refuse it, later). */
export function categoryFlag(value: string, allowed: readonly CategoryId[] = CATEGORY_IDS): CategoryId {
  if (!isCategoryId(value) || !allowed.includes(value)) throw new UsageError(`'${value}' is not a category here; use ${allowed.join(', ')}.`);
  return value;
}
