import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Path prefix of the download links the server issues. */
export const SERVER_DOWNLOAD_PATH = '/download';

interface LinkPayload {
  /** The upstream's own download address. */
  u: string;
  /** Epoch ms after which the link is refused. */
  x: number;
}

/**
 * Download links on the server: the upstream address and an expiry, signed with an HMAC. A link
 * carries no key and no token, works for whoever holds it until it expires (as the maker's own
 * link does), and any change to it breaks the signature.
 */
export interface LinkSigner {
  /** The path (under the public URL) of a link to `upstreamUrl` valid until `expires`. */
  sign(upstreamUrl: string, expires: number): string;
  /** The upstream address of a valid link, or the sentence that says why it is refused. */
  open(link: string, now: number): { url: string } | { problem: string };
}

export function createLinkSigner(secret: Buffer = randomBytes(32)): LinkSigner {
  const mac = (payload: string): Buffer => createHmac('sha256', secret).update(payload).digest();
  return {
    sign(upstreamUrl, expires) {
      const payload = Buffer.from(JSON.stringify({ u: upstreamUrl, x: expires } satisfies LinkPayload)).toString('base64url');
      return `${SERVER_DOWNLOAD_PATH}/${payload}.${mac(payload).toString('base64url')}`;
    },
    open(link, now) {
      const match = /^([A-Za-z0-9_-]{1,8000})\.([A-Za-z0-9_-]{43})$/.exec(link);
      if (!match) return { problem: 'This download link is incomplete: request a new one.' };
      const [, payload, sig] = match;
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { problem: 'This download link is not valid (its signature does not match): request a new one.' };
      }
      let parsed: LinkPayload;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LinkPayload;
      } catch {
        return { problem: 'This download link is not valid: request a new one.' };
      }
      if (typeof parsed.u !== 'string' || typeof parsed.x !== 'number') return { problem: 'This download link is not valid: request a new one.' };
      if (now > parsed.x) return { problem: 'This download link has expired (links are valid for 7 days): request a new one.' };
      return { url: parsed.u };
    },
  };
}
