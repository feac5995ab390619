/*
 * How Excel stores the text a cell shows, for every reader and writer of SpreadsheetML (the
 * patcher in ooxml/, the streamed reader of downloaded workbooks here):
 *   - the text is the `<t>` runs of a `<si>` or `<is>` joined, the phonetic guide (`<rPh>`) left
 *     out;
 *   - characters XML cannot hold are escaped as `_xHHHH_` (the UTF-16 unit HHHH), and a literal
 *     `_xHHHH_` in the text is written `_x005F_xHHHH_` (the underscore escaped) so it reads back
 *     as itself.
 */

/** True for character data a cell shows: directly in a `<t>`, not inside a phonetic run. `path` holds local names, outermost first. */
function isShownText(path: readonly string[]): boolean {
  return path[path.length - 1] === 't' && !path.includes('rPh');
}

/** Adds the character data at `path` to `into` when the cell shows it (see isShownText). */
export function collectText(path: readonly string[], text: string, into: string[]): void {
  if (isShownText(path)) into.push(text);
}

/** Cell text as read from shared strings, inline strings or string results: `_xHHHH_` decoded. */
export function unescapeExcelText(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const hex4 = (code: number): string => code.toString(16).toUpperCase().padStart(4, '0');

/**
 * Cell text as Excel stores it: a literal `_xHHHH_` gets its underscore escaped, and characters
 * XML 1.0 does not allow (control characters, a carriage return that would be read as a line
 * end, U+FFFE/U+FFFF) become `_xHHHH_`; a lone surrogate, which no program can show, is dropped.
 */
export function escapeExcelText(text: string): string {
  return (
    text
      .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000D\u000E-\u001F\uFFFE\uFFFF]/g, (c) => `_x${hex4(c.charCodeAt(0))}_`)
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
  );
}
