import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DOWNLOAD_URL_VALIDITY_DAYS, type Lang } from '../api';

/** Path prefix of the download links the emulator issues and serves. */
export const DOWNLOAD_PATH = '/download';

const DOWNLOAD_VALIDITY_MS = DOWNLOAD_URL_VALIDITY_DAYS * 24 * 60 * 60 * 1000;

/**
 * Signs and checks download links with an HMAC over category, language and expiry. The secret is
 * made per emulator instance, so a link from another run (or an edited one) is refused; the API
 * key is never part of a link.
 */
export interface LinkSigner {
  /** The path and query of a link valid until `issuedAt + 7 days`. */
  sign(category: string, lang: Lang, issuedAt: number): string;
  /** Why a link is refused, or undefined when it is valid at `now`. */
  check(category: string, lang: string, expires: string | undefined, sig: string | undefined, now: number): string | undefined;
}

export function createLinkSigner(secret: Buffer = randomBytes(32)): LinkSigner {
  const mac = (category: string, lang: string, expires: string): Buffer =>
    createHmac('sha256', secret).update(`${category}\n${lang}\n${expires}`).digest();
  return {
    sign(category, lang, issuedAt) {
      const expires = String(issuedAt + DOWNLOAD_VALIDITY_MS);
      const sig = mac(category, lang, expires).toString('base64url');
      return `${DOWNLOAD_PATH}/${category}/${lang}?expires=${expires}&sig=${sig}`;
    },
    check(category, lang, expires, sig, now) {
      if (!expires || !sig || !/^\d{1,16}$/.test(expires)) return 'This download link is incomplete: request a new one.';
      const expected = mac(category, lang, expires);
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return 'This download link is not valid (its signature does not match): request a new one.';
      }
      if (now > Number(expires)) return 'This download link has expired (links are valid for 7 days): request a new one.';
      return undefined;
    },
  };
}
