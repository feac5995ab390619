/** Key of the problem found while decoding a query string, if any. */
export const QUERY_ERROR = Symbol('queryError');

export type ParsedQuery = Record<string, string | string[]> & { [QUERY_ERROR]?: string };

/**
 * Decodes a query string strictly: `+` is a space (form encoding, as common servers do),
 * percent escapes must be valid UTF-8, and a problem is reported instead of thrown so the route
 * can answer 400 with a message.
 */
export function parseQueryString(text: string): ParsedQuery {
  const out: ParsedQuery = Object.create(null);
  if (text === '') return out;
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? '' : part.slice(eq + 1);
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    } catch {
      out[QUERY_ERROR] = `The query parameter '${rawKey.slice(0, 40)}' is not valid percent-encoded UTF-8 (write % as %25).`;
      continue;
    }
    const existing = out[key];
    if (existing === undefined) out[key] = value;
    else out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

/** One parameter's value; several of the same name are a problem. */
export function singleParam(query: ParsedQuery, name: string): { value?: string; error?: string } {
  const v = query[name];
  if (Array.isArray(v)) return { error: `The query parameter ${name} is given ${v.length} times; give it once.` };
  return { value: v };
}
