import type { IncomingHttpHeaders } from 'node:http';

/*
 * DNS rebinding protection for `/mcp`, as the MCP transport requires: a web page at another
 * origin, whose host name an attacker made resolve to this server, must not reach it. The SDK's
 * own transport options for this (allowedHosts, allowedOrigins) are deprecated in favour of a
 * check in front of the transport, and compare Host with its port as one string; this one compares
 * host names (a proxy drops a default port) against the server's public URL and this machine.
 */

/** Host names every server answers to: this machine itself, as a local proxy or client names it. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host name of a Host header value (`name:port`, `[v6]:port`), lower case, or undefined when it is not one. */
function hostnameOf(host: string): string | undefined {
  // Only a name or an address and a port: no user part, path or anything a URL parser would reinterpret.
  if (!/^[A-Za-z0-9.\-_]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/.test(host)) return undefined;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * The sentence refusing a request whose Host is neither the public URL's host name nor this
 * machine's, or whose Origin (when a browser sent one) is not the public URL's origin; undefined
 * for a request from the right place.
 */
export function refusedPlace(headers: IncomingHttpHeaders, publicUrl: string): string | undefined {
  // Before the server listens without a configured public URL, only this machine's names are known.
  const own = publicUrl ? new URL(publicUrl) : undefined;
  const host = typeof headers.host === 'string' ? hostnameOf(headers.host) : undefined;
  if (!host || (host !== own?.hostname && !LOOPBACK_NAMES.has(host))) {
    return `This PartSpec server answers /mcp only at ${own?.host ?? 'its public address'}: the request named another host.`;
  }
  const origin = headers.origin;
  if (origin !== undefined && origin !== own?.origin) {
    return `This PartSpec server answers /mcp only for pages of ${own?.origin ?? 'its public address'}, not for the page that sent this request.`;
  }
  return undefined;
}
