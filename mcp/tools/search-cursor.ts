import { createHash } from 'node:crypto';
import { UsageError } from '../../node/errors';

/*
 * The `search` tool's cursor: the position after which the next answer starts, so a deep page
 * costs the calls of one page, not a walk from the first product. The service has no paging
 * parameter and no `gt` on Partno; the harvest resumes in part-number order from the last part
 * number shown (its `startAfter`), asking at once for the part numbers after it.
 *
 * The cursor is opaque text holding that part number, how many products came before (for the
 * answer's sentence), the part-number characters the walk has seen (so the resumed walk covers
 * what the whole walk would), and a digest of the search it belongs to and of all of that. A
 * cursor of another search, or one altered by hand, is refused with a sentence before anything is
 * sent. The digest is no secret: whoever recomputes it gets a position in the same search, which
 * the search's own conditions already allow, and every part of it is bounded and checked.
 */

const PREFIX = 'p1.';
/** Longest cursor accepted; one this server writes is far shorter. */
export const MAX_CURSOR_CHARS = 2048;
const MAX_PARTNO_CHARS = 200;
const MAX_ALPHABET_CHARS = 512;
const MAX_POSITION = 1e12;
export const CURSOR_REFUSED = 'cursor is not the next.cursor of an earlier answer to this search; send it with the same category and conditions, or start again without a cursor.';

/** What a cursor stands for. */
export interface SearchPosition {
  /** The last part number shown; the next answer starts after it. */
  after: string;
  /** Products shown before the next answer. */
  shown: number;
  /** Characters beyond the base alphabet that the walk saw in part numbers. */
  alphabet: string;
}

/** The search a cursor belongs to: what selects and orders the products, not the columns or the page size. */
export interface SearchIdentity {
  category: string;
  filter: string;
  lang: string;
}

function digest(identity: SearchIdentity, position: SearchPosition): string {
  const text = JSON.stringify([identity.category, identity.filter, identity.lang, position.after, position.shown, position.alphabet]);
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

/** A value that may stand in a filter's quoted text: no control characters, no lone surrogate halves. */
const PLAIN_TEXT = /^(?:[^\p{Cc}\p{Cs}])*$/u;

export function encodeCursor(identity: SearchIdentity, position: SearchPosition): string {
  const body = JSON.stringify({ a: position.after, n: position.shown, x: position.alphabet, d: digest(identity, position) });
  return PREFIX + Buffer.from(body, 'utf8').toString('base64url');
}

/** The position a cursor names, checked against the search it is sent with; a UsageError otherwise. */
export function decodeCursor(cursor: string, identity: SearchIdentity): SearchPosition {
  if (cursor.length > MAX_CURSOR_CHARS || !cursor.startsWith(PREFIX) || !/^[A-Za-z0-9_-]+$/.test(cursor.slice(PREFIX.length))) throw new UsageError(CURSOR_REFUSED);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor.slice(PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    throw new UsageError(CURSOR_REFUSED);
  }
  if (typeof parsed !== 'object' || parsed === null) throw new UsageError(CURSOR_REFUSED);
  const { a, n, x, d } = parsed as Record<string, unknown>;
  if (typeof a !== 'string' || a === '' || a.length > MAX_PARTNO_CHARS || !PLAIN_TEXT.test(a)) throw new UsageError(CURSOR_REFUSED);
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > MAX_POSITION) throw new UsageError(CURSOR_REFUSED);
  if (typeof x !== 'string' || x.length > MAX_ALPHABET_CHARS || !PLAIN_TEXT.test(x)) throw new UsageError(CURSOR_REFUSED);
  const position: SearchPosition = { after: a, shown: n, alphabet: x };
  // Written again, it must be the very text sent: the digest matches and nothing was added or left out.
  if (d !== digest(identity, position) || encodeCursor(identity, position) !== cursor) throw new UsageError(CURSOR_REFUSED);
  return position;
}
