import { DOWNLOAD_URL_VALIDITY_DAYS } from '../../../api/vocabulary';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a download link issued at `issuedAt` stops working: the spec's 7 days after issue. */
export function expiryOf(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + DOWNLOAD_URL_VALIDITY_DAYS * DAY_MS);
}

/** Whole days a link has left at `now` (0 once expired). */
export function daysLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
}

/** The link as an http(s) address safe to put in an href, or undefined (a `javascript:` link is never made clickable). */
export function safeHttpUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
