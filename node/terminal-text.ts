/**
 * Text from files and from the service, made safe to show on a terminal. A part number may hold
 * ESC, BEL, NUL or C1 controls that set the terminal's title, clear the screen or hide what
 * follows; a cell may hold 200 MB. Every message the Node programs print, and every cell of a
 * terminal table, goes through `terminalText`: controls are shown escaped (`\x1b`), quoted values
 * and long words are shortened, and no line grows past a bound.
 */
import { eastAsianWidth } from 'get-east-asian-width';
import { escapeCharacter, visibleText } from '../core/visible-text';

/** Bounds of what a message shows. */
export const TERMINAL_LIMITS = {
  /** A value shown in quotes ('…' or "…"): longer ones keep this many characters and end in "…". */
  value: 80,
  /** A run of characters without a space (an unquoted value, a path). */
  word: 200,
  /** One line of a message. */
  line: 1000,
  /** Lines of one message (a usage text has about 60). */
  lines: 500,
} as const;

export const ELLIPSIS = '…';

/**
 * Controls a terminal acts on beside those every view shows (visibleText: the bidirectional
 * controls and zero-width characters): C0 (but tab and newline), DEL, C1, and the line and
 * paragraph separators (U+2028, U+2029).
 */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Shows every control a terminal would act on as an escape (`\x1b`, `\u{202e}`); tabs and newlines stay. */
export function escapeControls(text: string): string {
  return visibleText(text.replace(CONTROLS, escapeCharacter));
}

/** The first `max` characters and "…", without cutting a surrogate pair in two. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\ud800-\udbff]/.test(text[max - 1]) ? max - 1 : max;
  return `${text.slice(0, end)}${ELLIPSIS}`;
}

function isSpace(code: number): boolean {
  return code <= 0x20 || code === 0xa0 || code === 0x3000 || (code >= 0x2000 && code <= 0x200a);
}

/** A quote opens after the start, a space or punctuation (so the apostrophe of "maker's" opens none)... */
const OPENS_AFTER = new Set([...'(=:,[']);
/** ...and closes before the end, a space or punctuation. */
const CLOSES_BEFORE = new Set([...'.,;:)]!?']);

function opensQuote(line: string, at: number): boolean {
  const c = line[at];
  return (c === "'" || c === '"') && (at === 0 || isSpace(line.charCodeAt(at - 1)) || OPENS_AFTER.has(line[at - 1]));
}

/** The index of the quote that closes the one at `open`, or -1 when none does on this line. */
function closingQuote(line: string, open: number): number {
  for (let at = line.indexOf(line[open], open + 1); at >= 0; at = line.indexOf(line[open], at + 1)) {
    if (at + 1 === line.length || isSpace(line.charCodeAt(at + 1)) || CLOSES_BEFORE.has(line[at + 1])) return at;
  }
  return -1;
}

/** Where a run without spaces that goes on at `from` ends: a space, a control or a quote that opens. */
function endOfRun(line: string, from: number): number {
  // eslint-disable-next-line no-control-regex
  const stop = /[\u0000-\u0020\u00a0\u2000-\u200a\u3000'"]/g;
  stop.lastIndex = from;
  for (let match = stop.exec(line); match; match = stop.exec(line)) {
    if (isSpace(line.charCodeAt(match.index)) || opensQuote(line, match.index)) return match.index;
  }
  return line.length;
}

/**
 * One line, bounded: quoted values to 80 characters, runs without a space to 200, the line to
 * 1,000. One pass by hand (a regular expression over a 200 MB line runs out of stack), which stops
 * once the line is full.
 */
function boundLine(line: string): string {
  const parts: string[] = [];
  let size = 0;
  let i = 0;
  while (i < line.length && size <= TERMINAL_LIMITS.line) {
    let piece: string;
    const close = opensQuote(line, i) ? closingQuote(line, i) : -1;
    if (close > i) {
      piece = `${line[i]}${shorten(line.slice(i + 1, Math.min(close, i + TERMINAL_LIMITS.value + 2)), TERMINAL_LIMITS.value)}${line[i]}`;
      i = close + 1;
    } else if (isSpace(line.charCodeAt(i))) {
      piece = line[i];
      i += 1;
    } else {
      const end = endOfRun(line, i + 1);
      piece = shorten(line.slice(i, Math.min(end, i + TERMINAL_LIMITS.word + 1)), TERMINAL_LIMITS.word);
      i = end;
    }
    parts.push(piece);
    size += piece.length;
  }
  const bounded = parts.join('');
  return i < line.length ? `${shorten(bounded, TERMINAL_LIMITS.line)}${bounded.length > TERMINAL_LIMITS.line ? '' : ELLIPSIS}` : shorten(bounded, TERMINAL_LIMITS.line);
}

/** A line break or tab, which a table cell shows escaped so it stays on its row and in its column. */
const CELL_BREAKS = /[\t\n]/g;

/**
 * A message made safe for a terminal: each line bounded (quoted values to 80 characters, words to
 * 200, lines to 1,000, messages to 500 lines, each cut marked "…"), then every control escaped. Works on a message of
 * any size in one pass over its lines, never copying a long line whole.
 *
 * With `cellMax`, the text is one cell of a table: every control is escaped as in a message, tabs
 * and line breaks too, and the cell is cut to `cellMax` characters and "…".
 */
export function terminalText(text: string, cellMax?: number): string {
  if (cellMax !== undefined) {
    // Escaping only lengthens text, so the first cellMax + 1 characters decide what is shown.
    return shorten(escapeControls(text.slice(0, cellMax + 1)).replace(CELL_BREAKS, escapeCharacter), cellMax);
  }
  const out: string[] = [];
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    out.push(boundLine(text.slice(start, stop)));
    if (end < 0) break;
    if (out.length === TERMINAL_LIMITS.lines) {
      out.push(ELLIPSIS);
      break;
    }
    start = end + 1;
  }
  return escapeControls(out.join('\n'));
}

/** Combining marks and joiners take no column of their own. */
const ZERO_WIDTH = /^(?:\p{Mn}|\p{Me}|\u200b|\u200c|\u200d|[\ufe00-\ufe0f])$/u;

/** Ambiguous characters (Greek, Cyrillic, ±) take one column, as on a Western terminal. */
const AMBIGUOUS_NARROW = { ambiguousAsWide: false } as const;

/** Columns a character takes on a terminal: two for CJK and other wide characters, none for a combining mark. */
export function charWidth(char: string): number {
  const code = char.charCodeAt(0);
  // Printable ASCII, most of what a table or a column of a sheet holds: one column, without the lookups.
  if (code >= 0x20 && code < 0x7f) return 1;
  if (ZERO_WIDTH.test(char)) return 0;
  return eastAsianWidth(char.codePointAt(0)!, AMBIGUOUS_NARROW);
}

/** Columns `text` takes on a terminal (村田 takes four, as a terminal draws it). */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}
