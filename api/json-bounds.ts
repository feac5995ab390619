/**
 * An answer from the service is data with bounds: its JSON nests no deeper than a product record
 * needs, and a key it echoes never goes further. Both the API client and the PartSpec server
 * (its relay) apply these before anything else reads the answer.
 */
import { ApiError } from './errors/api-error';
import { REDACTED } from './errors/redact';
import type { FieldValue, ProductRecord } from './product';

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

/**
 * True when a parsed value nests arrays and objects deeper than `max`. Iterative (JSON.parse is
 * too, so a 20,000-level answer parses); it stops at the first branch too deep, and runs before
 * anything recursive (JSON.stringify, a normalizer, a cache) touches the value.
 */
export function valueDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  if (value === null || typeof value !== 'object') return false;
  // Two parallel stacks (containers and their depths): no allocation per value visited.
  const items: object[] = [value];
  const depths: number[] = [1];
  while (items.length > 0) {
    const item = items.pop()!;
    const depth = depths.pop()!;
    if (depth > max) return true;
    if (Array.isArray(item)) {
      for (let k = 0; k < item.length; k += 1) {
        const child: unknown = item[k];
        if (child !== null && typeof child === 'object') {
          items.push(child);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const name in item) {
        const child: unknown = (item as Record<string, unknown>)[name];
        if (child !== null && typeof child === 'object') {
          items.push(child);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}

/** The secrets worth looking for (shorter ones would match ordinary words). */
function usable(secrets: Iterable<string>): string[] {
  return [...secrets].filter((s) => s.length >= 4);
}

/**
 * True when JSON text holds one of `keys`, plainly, JSON-escaped or spelt with \u escapes (a key
 * is ASCII, so such a spelling uses \u0020–\u007f). Answers that do not are passed on untouched.
 */
function echoes(text: string, keys: readonly string[]): boolean {
  if (keys.length === 0) return false;
  if (keys.some((s) => text.includes(s))) return true;
  if (keys.some((s) => JSON.stringify(s) !== `"${s}"` && text.includes(JSON.stringify(s).slice(1, -1)))) return true;
  // Only escapes of printable ASCII can spell a key; control-character escapes alone cannot.
  if (!text.includes('\\u00') || !/\\u00[2-7][0-9a-fA-F]/.test(text)) return false;
  const unescaped = text.replace(/\\u00([2-7][0-9a-fA-F])/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return keys.some((s) => unescaped.includes(s));
}

/** Replaces each secret in every string (names included) of a parsed value whose depth is bounded. */
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
 * Parses an answer from the service within bounds: throws AnswerTooDeepError for one nested deeper
 * than MAX_JSON_DEPTH, SyntaxError for text that is not JSON; any of `secrets` (the key) the
 * text echoes is redacted in every string of the value returned.
 */
export function parseBoundedJson(text: string, secrets: Iterable<string> = []): unknown {
  const value = JSON.parse(text) as unknown;
  if (valueDeeperThan(value)) throw new AnswerTooDeepError();
  const keys = usable(secrets);
  return echoes(text, keys) ? redactStrings(value, keys) : value;
}

/**
 * JSON text with every string that holds one of `secrets` (the API key) redacted, however the
 * service wrote it (plain, or with \u escapes). Text that holds none comes back unchanged; text
 * that is not JSON has the plain occurrences replaced. Throws AnswerTooDeepError as parseBoundedJson.
 */
export function redactJsonText(text: string, secrets: Iterable<string>): string {
  const keys = usable(secrets);
  if (!echoes(text, keys)) return text;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return keys.reduce((out, s) => out.split(s).join(REDACTED), text);
  }
  if (valueDeeperThan(value)) throw new AnswerTooDeepError();
  return JSON.stringify(redactStrings(value, keys));
}

/**
 * Products with every string value that holds one of `secrets` (the key) redacted: a downloaded
 * category file is read as it streams, so its echoes are caught per product, after parsing.
 * Products that echo nothing come back as the same objects.
 */
export function redactProducts(products: ProductRecord[], secrets: Iterable<string>): ProductRecord[] {
  const keys = usable(secrets);
  if (keys.length === 0) return products;
  // Plain loops: this runs for every value of every product of a category file.
  const holds = (v: FieldValue): boolean => {
    if (typeof v === 'string') {
      for (const s of keys) if (v.includes(s)) return true;
      return false;
    }
    return Array.isArray(v) && v.some(holds);
  };
  const echoed = (product: ProductRecord): boolean => {
    if (holds(product.partno)) return true;
    for (const name in product.values) if (holds(product.values[name])) return true;
    return false;
  };
  return products.map((product) => (echoed(product) ? (redactStrings(product, keys) as ProductRecord) : product));
}
