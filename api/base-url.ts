/** The API's base address as people type it: checked the same way by the add-in, the command line and the server. */

/**
 * Meta element a PartSpec server (`partspec serve`) puts into the pages it hosts, naming its own
 * origin as the API address: the same build then works on any server without a rebuild.
 */
export const SERVED_API_BASE_META = 'partspec-api-base-url';

/** Why a base URL cannot be used: each shell says it in its own words. */
export type BaseUrlProblem =
  | { kind: 'empty' }
  | { kind: 'notUrl'; text: string }
  | { kind: 'scheme'; text: string }
  | { kind: 'plainHttp'; host: string }
  | { kind: 'queryOrFragment' }
  | { kind: 'credentials' };

/** What is wrong with a base URL, or undefined when it can be used. */
export function findBaseUrlProblem(text: string): BaseUrlProblem | undefined {
  if (!text.trim()) return { kind: 'empty' };
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { kind: 'notUrl', text };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'scheme', text };
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:' && !local) return { kind: 'plainHttp', host: url.hostname };
  if (url.search || url.hash) return { kind: 'queryOrFragment' };
  if (url.username || url.password) return { kind: 'credentials' };
  return undefined;
}

/** Why a base URL cannot be used (in English), or undefined when it can. */
export function checkBaseUrl(text: string): string | undefined {
  const problem = findBaseUrlProblem(text);
  if (!problem) return undefined;
  switch (problem.kind) {
    case 'empty':
      return 'Enter the API base URL (for example https://api.example.com).';
    case 'notUrl':
      return `'${problem.text}' is not a web address: it must start with https:// (or http:// for a local emulator).`;
    case 'scheme':
      return `'${problem.text}' must start with https://.`;
    case 'plainHttp':
      return `Use https:// for ${problem.host}: only a local emulator may use http://.`;
    case 'queryOrFragment':
      return 'The base URL must not contain a query (?…) or a fragment (#…).';
    case 'credentials':
      return 'The base URL must not contain a user name or password: the key goes in Settings.';
  }
}

/**
 * The refusal when a key (not the emulator's public demo key) is set but no base URL: the key
 * would go to the local emulator's default address, where any local user may be listening.
 */
export function keyToDefaultAddressRefusal(defaultAddress: string): string {
  return `An API key is set but no base URL, and PartSpec does not send a key to the local emulator's default address (${defaultAddress}), where any local user could listen: set PARTSPEC_BASE_URL (or --base-url) to the service's address.`;
}
