/**
 * An answer from the service is data with bounds: its JSON nests no deeper than a product record
 * needs, and a key it echoes never goes further. Both the API client and the PartSpec server
 * (its relay) apply these before anything else reads the answer.
 */
import { ApiError } from '../errors/api-error';
import { REDACTED } from '../errors/redact';

/** Deepest nesting of arrays and objects read from the service (a product answer needs about 6). */
export const MAX_JSON_DEPTH = 64;

/** The one sentence for an answer nested too deeply. */
export const TOO_DEEP_SENTENCE = `The product service sent an answer nested deeper than ${MAX_JSON_DEPTH} levels; PartSpec does not read it. Try again later, or tell the service's provider.`;

/** An answer nested deeper than MAX_JSON_DEPTH: refused before it is parsed, never retried. */
export class AnswerTooDeepError extends ApiError {
  static override readonly kind: string = 'AnswerTooDeepError';
  override readonly name: string = 'AnswerTooDeepError';
  constructor() {
    super(`the answer nests deeper than ${MAX_JSON_DEPTH} levels`, TOO_DEEP_SENTENCE);
  }
}

/** True when JSON text nests arrays and objects deeper than `max`; one pass, no recursion, strings skipped. */
export function jsonDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

/** Replaces each secret in every string of a parsed value (depth already bounded). */
function redactStrings(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return secrets.reduce((out, s) => out.split(s).join(REDACTED), value);
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, secrets));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) out[redactStrings(name, secrets) as string] = redactStrings(item, secrets);
    return out;
  }
  return value;
}

/**
 * JSON text with every string that holds one of `secrets` (the API key) redacted, however the
 * service wrote it (plain, or with \u escapes). Text that holds none comes back unchanged; text
 * that is not JSON has the plain occurrences replaced.
 */
export function redactJsonText(text: string, secrets: Iterable<string>): string {
  const keys = [...secrets].filter((s) => s.length >= 4);
  if (keys.length === 0) return text;
  // A key is ASCII: spelt with \u escapes, it is spelt with \u0020–\u007f. Only text that holds the
  // key, one way or the other, is parsed and written again (most answers are passed on untouched).
  const unescaped = text.includes('\\u') ? text.replace(/\\u00([2-7][0-9a-fA-F])/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
  const echoed = keys.some((s) => text.includes(s) || unescaped.includes(s) || text.includes(JSON.stringify(s).slice(1, -1)));
  if (!echoed) return text;
  try {
    return JSON.stringify(redactStrings(JSON.parse(text), keys));
  } catch {
    return keys.reduce((out, s) => out.split(s).join(REDACTED), text);
  }
}
