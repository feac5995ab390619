/*
 * Text that cannot lie about itself. A bidirectional control (U+202E RIGHT-TO-LEFT OVERRIDE and
 * its kin) turns `GRM188…ABC` into what reads as another part number; a zero-width character
 * makes two different part numbers look the same. Text from the service or from a BOM is shown
 * with each such character written out (`\u{202e}`), the way the terminal has always shown it, in
 * every view: the terminal, the HTML report, the summary sheet, the taskpane, `partspec lookup`'s
 * table. Right-to-left letters themselves are text and stay.
 */

/**
 * Bidirectional embeddings, overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E,
 * U+200F, U+061C) and zero-width characters (U+200B–U+200D, U+2060, U+FEFF).
 */
const HIDDEN = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

/** A character written out as an escape: `\x1b` below U+0100, `\u{202e}` above. */
export function escapeCharacter(c: string): string {
  const code = c.codePointAt(0)!;
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/** `text` with every bidirectional control and zero-width character written out (`\u{202e}`). */
export function visibleText(text: string): string {
  return text.replace(HIDDEN, escapeCharacter);
}

/** A cell's value for a view: text through visibleText, anything else as it is. */
export function visibleValue<T>(value: T): T | string {
  return typeof value === 'string' ? visibleText(value) : value;
}
