import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CATEGORY_IDS, isCategoryId, type CategoryId } from '../api/vocabulary';
import type { FieldChoice } from '../core/cells/columns';
import type { ConfigFlags } from '../node/config';
import { UsageError } from '../node/errors';

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** Flags every command that talks to the service accepts. */
export const CONNECTION_OPTIONS: OptionSpec = {
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

/** Parsed flags with typed getters. */
export interface Flags {
  positionals: string[];
  has(name: string): boolean;
  string(name: string): string | undefined;
  /** A flag that must be present and non-empty. */
  required(name: string): string;
  bool(name: string): boolean;
  /** A whole number within bounds, or undefined when the flag is absent. */
  integer(name: string, min: number, max: number): number | undefined;
  connection(): ConfigFlags;
}

/** Parses a command's arguments; anything unknown or malformed is a UsageError (exit 2). */
export function parseFlags(argv: readonly string[], options: OptionSpec, positionals: { min: number; max: number; name?: string }): Flags {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: positionals.max > 0 });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.replace(/\. To specify a positional argument.*$/s, '.')}`);
  }
  const values = parsed.values as Record<string, string | boolean | (string | boolean)[] | undefined>;
  const list = parsed.positionals;
  if (!values.help) {
    if (list.length < positionals.min) throw new UsageError(`Missing ${positionals.name ?? 'argument'}.`);
    if (list.length > positionals.max) throw new UsageError(`Unexpected argument '${list[positionals.max]}'.`);
  }
  const text = (name: string): string | undefined => {
    const v = values[name];
    if (Array.isArray(v)) return v.map(String).join(',');
    return typeof v === 'string' ? v : undefined;
  };
  return {
    positionals: list,
    has: (name) => values[name] !== undefined,
    string: text,
    required(name) {
      const v = text(name);
      if (v === undefined || v.trim() === '') throw new UsageError(`--${name} is required.`);
      return v.trim();
    },
    bool: (name) => values[name] === true,
    integer(name, min, max) {
      const v = text(name);
      if (v === undefined) return undefined;
      if (!/^\d+$/.test(v.trim()) || Number(v) < min || Number(v) > max) throw new UsageError(`--${name} needs a whole number from ${min} to ${max}, not '${v}'.`);
      return Number(v);
    },
    connection: () => ({ 'base-url': text('base-url'), 'api-key': text('api-key'), lang: text('lang'), config: text('config') }),
  };
}

/**
 * Field choices from `--fields`: names separated by commas, each optionally with a display unit
 * after a colon (`Status,Capacitance:nF,Inductance:uH`). Names and units are checked by the core.
 */
export function parseFieldList(text: string | undefined): FieldChoice[] | undefined {
  if (text === undefined) return undefined;
  const items = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
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
