/**
 * The scope of cached answers for an API key: a short SHA-256 of the key, so answers are kept
 * per key without the key itself being written anywhere (the store keeps the scope in its keys).
 */

let last: { key: string; scope: Promise<string> } | undefined;

/** The scope of `apiKey` (16 hex digits); empty when there is no key or no Web Crypto to hash it with. */
export function hashKey(apiKey: string): Promise<string> {
  if (last?.key === apiKey) return last.scope;
  const scope = digest(apiKey);
  last = { key: apiKey, scope };
  return scope;
}

async function digest(apiKey: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!apiKey || !subtle) return '';
  const bytes = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(`partspec-cache|${apiKey}`)));
  return `k${[...bytes.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}
