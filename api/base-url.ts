/** The API's base address as people type it: checked the same way by the add-in, the command line and the server. */

/**
 * Meta element a PartSpec server (`partspec serve`) puts into the pages it hosts, naming its own
 * origin as the API address: the same build then works on any server without a rebuild.
 */
export const SERVED_API_BASE_META = 'partspec-api-base-url';

/** Why a base URL cannot be used, or undefined when it can. */
export function checkBaseUrl(text: string): string | undefined {
  if (!text.trim()) return 'Enter the API base URL (for example https://api.example.com).';
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return `'${text}' is not a web address: it must start with https:// (or http:// for a local emulator).`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `'${text}' must start with https://.`;
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:' && !local) return `Use https:// for ${url.hostname}: only a local emulator may use http://.`;
  if (url.search || url.hash) return 'The base URL must not contain a query (?…) or a fragment (#…).';
  if (url.username || url.password) return 'The base URL must not contain a user name or password: the key goes in Settings.';
  return undefined;
}

/**
 * The refusal when a key (not the emulator's public demo key) is set but no base URL: the key
 * would go to the local emulator's default address, where any local user may be listening.
 */
export function keyToDefaultAddressRefusal(defaultAddress: string): string {
  return `An API key is set but no base URL, and PartSpec does not send a key to the local emulator's default address (${defaultAddress}), where any local user could listen: set PARTSPEC_BASE_URL (or --base-url) to the service's address.`;
}
