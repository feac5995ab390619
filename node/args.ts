/**
 * The one flag parser of the Node programs (`partspec`, `partspec serve`, the emulator), on Node's
 * own `util.parseArgs`. Each shell declares its flags as data; whatever is unknown or malformed is
 * a UsageError (exit 2), and a flag declared `multiple` comes back as a list, one value per use.
 */
import { parseArgs } from 'node:util';
import { suggestName } from '../api/vocabulary/lookup';
import type { FieldChoice } from '../core/cells/columns';
import { UsageError } from './errors';

/** One flag: a value (`string`) or a switch (`boolean`); `multiple` when it may be given again. */
export interface FlagSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
}

/** A program's flags by name (without the leading `--`). */
export type FlagSpecs = Readonly<Record<string, FlagSpec>>;

/**
 * A program's flags as data, by kind: `values` take one value each, `lists` take a value and may be
 * given again, `switches` take none.
 */
export function declareFlags(kinds: { values?: readonly string[]; lists?: readonly string[]; switches?: readonly string[] }): FlagSpecs {
  const specs: Record<string, FlagSpec> = {};
  for (const name of kinds.values ?? []) specs[name] = { type: 'string' };
  for (const name of kinds.lists ?? []) specs[name] = { type: 'string', multiple: true };
  for (const name of kinds.switches ?? []) specs[name] = { type: 'boolean' };
  return specs;
}

/** How many arguments that are not flags a program takes; `name` words the "Missing …" sentence. */
export interface PositionalSpec {
  min: number;
  max: number;
  name?: string;
}

/** Parsed flags with typed getters. */
export interface Flags {
  positionals: string[];
  /** `--help` or `-h` was given (positionals are then not checked). */
  help: boolean;
  has(name: string): boolean;
  /** The value of a flag given once; a flag declared `multiple` is read with `list`. */
  string(name: string): string | undefined;
  /** Every value of a flag, in the order given (empty when absent). */
  list(name: string): string[];
  /** A flag that must be present and non-empty (trimmed). */
  required(name: string): string;
  /** The flag's value, which may be absent but not blank. */
  nonEmpty(name: string, message?: string): string | undefined;
  bool(name: string): boolean;
  /** A whole number within bounds, or undefined when the flag is absent. */
  integer(name: string, min: number, max: number): number | undefined;
}

const HELP: FlagSpecs = { help: { type: 'boolean', short: 'h' } };

/**
 * Node's sentence, without its hint about `--` that does not help a user who mistyped a flag, and
 * with the flag meant when an unknown one is a typo of a declared one (`--ouput` → `--output`).
 */
function usageSentence(error: unknown, specs: FlagSpecs): string {
  const message = (error as { message?: unknown } | undefined)?.message;
  const text = (typeof message === 'string' ? message : String(error)).replace(/\. To specify a positional argument.*$/s, '.');
  const unknown = /^Unknown option '--([^'=]+)'/.exec(text)?.[1];
  const meant = unknown === undefined ? undefined : suggestFlag(unknown, Object.keys(specs));
  return meant ? `${text.replace(/\.?$/, '.')} Did you mean '--${meant}'?` : text;
}

/** The declared flag an unknown one is a likely typo of (one or two letters off), if any. */
function suggestFlag(unknown: string, names: readonly string[]): string | undefined {
  return suggestName(unknown, names.filter((n) => n !== 'help'));
}

/** A whole number from `min` to `max`, or a UsageError naming the flag. */
export function wholeNumber(flag: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${flag} needs a whole number from ${min} to ${max}, not '${text}'.`);
  }
  return Number(text);
}

/** Environment variables that choose a port when its flag is not given. */
export const PORT_ENV = {
  emulator: 'PARTSPEC_EMULATOR_PORT',
  serve: 'PARTSPEC_SERVE_PORT',
  devServer: 'PARTSPEC_DEV_PORT',
} as const;

/**
 * A port from its flag, else from the environment variable, else the default; 0 picks a free one.
 * A value that is not a port is a UsageError naming where it came from.
 */
export function portFrom(flagValue: string | undefined, env: NodeJS.ProcessEnv, variable: string, fallback: number): number {
  if (flagValue !== undefined) return wholeNumber('port', flagValue, 0, 65535);
  const text = env[variable]?.trim();
  if (!text) return fallback;
  if (!/^\d+$/.test(text) || Number(text) > 65535) throw new UsageError(`${variable} needs a port from 0 to 65535, not '${text}'.`);
  return Number(text);
}

/**
 * `--debug`, which every command takes (before a `--`): a failure that is PartSpec's own then
 * shows its stack trace. Returns the arguments without it.
 */
export function takeDebugFlag(argv: readonly string[]): { argv: string[]; debug: boolean } {
  const end = argv.indexOf('--');
  const head = end < 0 ? [...argv] : argv.slice(0, end);
  const kept = head.filter((a) => a !== '--debug');
  return { argv: [...kept, ...(end < 0 ? [] : argv.slice(end))], debug: kept.length !== head.length };
}

/** Parses `argv` against `specs` (plus `--help`/`-h`); anything unknown or malformed is a UsageError. */
export function parseFlags(argv: readonly string[], specs: FlagSpecs, positionals: PositionalSpec = { min: 0, max: 0 }): Flags {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { ...specs, ...HELP }, strict: true, allowPositionals: positionals.max > 0 });
  } catch (error) {
    throw new UsageError(usageSentence(error, specs));
  }
  const values = parsed.values as Record<string, string | boolean | (string | boolean)[] | undefined>;
  const list = parsed.positionals;
  const help = values.help === true;
  if (!help) {
    if (list.length < positionals.min) throw new UsageError(`Missing ${positionals.name ?? 'argument'}.`);
    if (list.length > positionals.max) throw new UsageError(`Unexpected argument '${list[positionals.max]}'.`);
  }
  const text = (name: string): string | undefined => {
    // A programming slip, not a user's: a list read as one value would lose all but one.
    if (specs[name]?.multiple) throw new Error(`--${name} may be given several times: read it with list().`);
    const v = values[name];
    return typeof v === 'string' ? v : undefined;
  };
  const flags: Flags = {
    positionals: list,
    help,
    has: (name) => values[name] !== undefined,
    string: text,
    list(name) {
      const v = values[name];
      if (v === undefined) return [];
      return (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
    },
    required(name) {
      const v = text(name);
      if (v === undefined || v.trim() === '') throw new UsageError(`--${name} is required.`);
      return v.trim();
    },
    nonEmpty(name, message) {
      const v = text(name);
      if (v !== undefined && v.trim() === '') throw new UsageError(message ?? `--${name} needs a value.`);
      return v;
    },
    bool: (name) => values[name] === true,
    integer(name, min, max) {
      const v = text(name);
      return v === undefined ? undefined : wholeNumber(name, v, min, max);
    },
  };
  return flags;
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
